/**
 * What the `agentd scan` command runs, as one module: the prefetch that starts the parses, the walk it
 * shares, and the scan itself (loaded once the parses are under way). The command loads it from the
 * scan bundle when there is a current one (scan-bundle.ts), else as it is compiled.
 */
export { prefetchSources } from '../../core/scan/prefetch-sources.js';
export { walkOnce } from '../../core/workspace/list-files.js';
export { GENERATED_CODE_GLOBS } from '../../core/project-config/scan-defaults.js';

export const loadScanRun = (): Promise<typeof import('./scan-run.js')> => import('./scan-run.js');
