/** Scanning a folder in-process with a set of analysis checks (what `agentd scan` runs), and baselines. */
export { runScan, DEFAULT_SCAN_TOOL_CALLS } from './run-scan.js';
export { prefetchSources } from './prefetch-sources.js';
export type { ScanOptions, ScanProgress, ScanResult } from './scan-types.js';
export {
  configCatalogOf,
  loadAnalysisCatalog,
  sharedAnalysisCatalog,
  sharedConfigCatalog,
  type AnalysisCatalog,
} from './analysis-catalog.js';
export { selectChecks, availableChecks } from './select-checks.js';
export { changedFiles, exactPattern } from './changed-files.js';
export { readBaseline, applyBaseline } from './baseline.js';
export { agentdToolInfo } from './tool-info.js';
export { SOURCE_EXTENSIONS } from './scanned-files.js';
export { applyFixPlan, planFixes, withoutFixed, type FixPlan } from './scan-fixes.js';
