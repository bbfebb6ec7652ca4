/**
 * agentd's offline npm advisory list: the list shipped with agentd (advisories.json here) or a newer one
 * installed with `agentd advisories update --from <file>` (agentd's JSON or OSV records), its loader,
 * validator and installer, and semver range matching. Capabilities read it (analysis.security's
 * vulnerable-dependency rule, capabilities/analysis/advisories/); the CLI administers it. Format:
 * docs/advisories.md.
 */
export type { Advisory, AdvisoryFile, AdvisorySeverity } from './advisory-types.js';
export { installAdvisories, type InstalledAdvisories } from './install-advisories.js';
export {
  loadAdvisories,
  readAdvisoryFile,
  shippedAdvisories,
  userAdvisoriesPath,
  SHIPPED_ADVISORIES,
  type LoadedAdvisories,
} from './load-advisories.js';
export { osvToAdvisories, eventsToRange } from './osv-import.js';
export { validateAdvisoryFile } from './validate-advisories.js';
export { fixedVersionFor, isAffected, versionOfSpec } from './version-match.js';
