/** The rules analysis.dependencies reports. */
import type { RuleDoc } from '../../../core/index.js';

export const RULE_IDS = [
  'dependencies/circular-dependency',
  'dependencies/unused-dependency',
  'dependencies/missing-dependency',
  'dependencies/duplicate-dependency',
  'dependencies/multiple-versions',
  'dependencies/heavy-dependency',
] as const;
export type DependencyRuleId = (typeof RULE_IDS)[number];

export const RULES: RuleDoc[] = [
  {
    id: 'dependencies/circular-dependency',
    title: 'Circular module dependency',
    defaultSeverity: 'medium',
    description:
      'Modules depend on each other in a cycle of runtime imports (Tarjan strongly connected components of the module graph; type-only imports do not count). One finding per cycle, with the cycle as a path. analysis.structure reports the same cycles as structure/circular-import.',
    why: 'Cyclic modules load in an order that depends on who is imported first; one side sees the other half-initialised, and neither can be reused alone.',
    example: {
      bad: "// orders.ts\nimport { notify } from './users';\n// users.ts\nimport { lastOrder } from './orders';",
      good: '// orders.ts and users.ts both import from events.ts, which imports neither',
    },
    fix: 'Extract the shared part into a module both import, or invert one dependency through a parameter or an event.',
    category: 'architecture',
  },
  {
    id: 'dependencies/unused-dependency',
    title: 'Unused package dependency',
    defaultSeverity: 'low',
    description:
      'A package declared in dependencies or devDependencies that no source file imports or requires and that is not used implicitly: @types/* packages, tool plugins and presets (ESLint, Prettier, Babel, PostCSS, Vite, Rollup, Stylelint, commitlint, webpack loaders, Storybook), packages or their binaries named in package.json scripts, packages named in root configuration files or CI workflows, typescript in a TypeScript project, tslib with importHelpers. Checked only when the whole workspace is analysed (no include globs).',
    why: 'Every unused dependency is installed, audited and updated for nothing, enlarges the attack surface and slows installs.',
    example: { bad: '"dependencies": { "left-pad": "^1.3.0" }  // imported nowhere', good: '// remove it: npm uninstall left-pad' },
    fix: 'Remove it with your package manager (npm uninstall <name>); if it is used in a way the analysis cannot see, keep it and disable this rule for the job.',
    category: 'dependencies',
  },
  {
    id: 'dependencies/missing-dependency',
    title: 'Missing package dependency',
    defaultSeverity: 'medium',
    description:
      'A source file imports a package that package.json does not declare (in dependencies, devDependencies, peerDependencies or optionalDependencies, directly or through its @types package). Node built-ins (node:*, fs, path, ...), the package itself, tsconfig path aliases, @/ and ~/ aliases, #imports and packages of the same workspace are not packages to declare.',
    why: 'The import works only while something else happens to install the package (hoisting); a clean install, a different package manager or a dependency update breaks it.',
    example: { bad: "import chalk from 'chalk';  // chalk is not in package.json", good: '"dependencies": { "chalk": "^5.3.0" }' },
    fix: 'Add the package to dependencies (or devDependencies for tests and tooling) with npm install <name>.',
    category: 'dependencies',
  },
  {
    id: 'dependencies/duplicate-dependency',
    title: 'Package declared twice',
    defaultSeverity: 'low',
    description: 'The same package is declared in both dependencies and devDependencies.',
    why: 'The two ranges drift apart and which one wins depends on the install; it also hides whether the package ships with the product.',
    example: {
      bad: '"dependencies": { "zod": "^3.22.0" },\n"devDependencies": { "zod": "^3.20.0" }',
      good: '"dependencies": { "zod": "^3.22.0" }',
    },
    fix: 'Keep the package in one section: dependencies if the shipped code imports it, devDependencies otherwise.',
    category: 'dependencies',
  },
  {
    id: 'dependencies/multiple-versions',
    title: 'Several versions of one package installed',
    defaultSeverity: 'info',
    description: 'package-lock.json installs more than one version of the same package (direct or transitive).',
    why: 'Each copy is shipped, loaded and patched separately; singletons (React, a logger, a schema registry) break when two copies meet.',
    example: {
      bad: 'node_modules/semver@7.6.0 and node_modules/foo/node_modules/semver@5.7.2',
      good: 'one semver@7.x shared by every dependent',
    },
    fix: 'Run npm dedupe; update the dependents that pin an old range, or add an overrides entry.',
    category: 'dependencies',
  },
  {
    id: 'dependencies/heavy-dependency',
    title: 'Heavy or deprecated dependency',
    defaultSeverity: 'low',
    description:
      "A runtime dependency from agentd's table of known-heavy or deprecated packages (moment, lodash imported whole, request, node-sass, tslint, aws-sdk v2, crypto-js, ...), with its approximate size and lighter alternatives. Deprecated packages are medium severity.",
    why: 'Heavy packages slow page loads and cold starts; deprecated ones stop getting security fixes.',
    example: {
      bad: "import moment from 'moment';\nmoment(date).format('YYYY-MM-DD');",
      good: "import dayjs from 'dayjs';\ndayjs(date).format('YYYY-MM-DD');",
    },
    fix: 'Replace it with the listed alternative, or import only the parts you use.',
    category: 'dependencies',
  },
];
