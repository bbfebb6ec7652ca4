/**
 * The insecure-dependency check over agentd's offline advisory list (core/advisories): the project's
 * lock file and manifest matched against it, for analysis.security (which reports
 * `security/vulnerable-dependency`, documented by VULNERABLE_DEPENDENCY_RULE); the lock-file and
 * manifest readers are shared with analysis.dependencies.
 */
import type { RuleDoc } from '../../../core/index.js';

export { checkInsecureDependencies, scanDependencies, type DependencyScan } from './check-insecure-dependencies.js';
export { matchDependencies, RULE_ID as VULNERABLE_DEPENDENCY_RULE_ID } from './match-dependencies.js';
export { parseLockFile, type LockedPackage } from './lock-file.js';
export { parseManifest, type PackageManifest, type DeclaredDependency } from './package-manifest.js';

export const VULNERABLE_DEPENDENCY_RULE: RuleDoc = {
  id: 'security/vulnerable-dependency',
  title: 'Dependency with a known vulnerability',
  defaultSeverity: 'high',
  description:
    "An installed package version (package-lock.json, direct or transitive) or, without a lock file, the lowest version a package.json range admits, falls in the affected range of an advisory in agentd's offline list (shipped, or installed with `agentd advisories update --from <file>`). The finding's severity and CWE are the advisory's.",
  why: 'Known vulnerabilities are what attackers scan for first; a published advisory comes with a working exploit more often than not.',
  example: { bad: '"dependencies": { "lodash": "4.17.15" }', good: '"dependencies": { "lodash": "^4.17.21" }' },
  fix: 'Upgrade to the fixed version named in the finding (npm install <package>@<version>, or an overrides entry for a transitive dependency); when none exists, replace or remove the package.',
  // CWE-1395 "Dependency on Vulnerable Third-Party Component": the rule's own weakness, and a finding's CWE when its advisory names none.
  cwe: 'CWE-1395',
  category: 'dependencies',
};
