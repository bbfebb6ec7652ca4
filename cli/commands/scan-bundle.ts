/**
 * The scan's modules bundled into one CommonJS script (scripts/bundle-scan.mjs, run by `npm run build`
 * after tsc) and V8's code cache for it: a scan imports ~500 ES modules, and Node's loader reads,
 * resolves and compiles each on its own (four file calls apiece), which made up most of a scan's
 * start-up. The bundle is used when it is current: built after the last compile (a `tsc` run after it
 * rewrites dist/.tsbuildinfo, and the compiled modules are used until the bundle is built again).
 * AGENTD_SCAN_BUNDLE=0 uses the compiled modules always.
 */
import { statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { runCachedScript, type CodeCacheState } from './code-cache.js';

type ScanRuntime = typeof import('./scan-runtime.js');

/** dist/cli/commands → dist/bundle/scan (the entry keeps scan-runtime's name). */
export const BUNDLE_ENTRY = fileURLToPath(new URL('../../bundle/scan/scan-runtime.cjs', import.meta.url));
/** V8's code cache for the bundle, written at build time by a scan of fixtures/ (scripts/bundle-scan.mjs). */
export const BUNDLE_CODE_CACHE = fileURLToPath(new URL('../../bundle/scan/scan-runtime.cache', import.meta.url));
const BUILD_INFO = fileURLToPath(new URL('../../.tsbuildinfo', import.meta.url));

const modifiedAt = (file: string): number | undefined => statSync(file, { throwIfNoEntry: false })?.mtimeMs;

/**
 * Whether `bundle` can stand for the compiled modules: it exists and no compile came after it. A
 * published package has no build info, and its bundle was built with its modules.
 */
export function bundleIsCurrent(bundle: string, buildInfo: string): boolean {
  const built = modifiedAt(bundle);
  if (built === undefined) return false;
  const compiled = modifiedAt(buildInfo);
  return compiled === undefined || compiled <= built;
}

export interface LoadedScanRuntime {
  runtime: ScanRuntime;
  /** Where the scan's code came from, for --verbose: the bundle and its code cache, or the compiled modules. */
  origin: string;
  /** Writes the bundle's code cache as it is after this run (the build does, scripts/bundle-scan.mjs). */
  saveCodeCache?: (file: string) => void;
}

const CACHE_STATES: Record<CodeCacheState, string> = {
  used: 'its V8 code cache used',
  rejected: 'its V8 code cache rejected by this Node (compiled instead)',
  stale: 'its V8 code cache made for another build or Node (compiled instead)',
  absent: 'no V8 code cache (compiled)',
};

export async function loadScanRuntime(env: NodeJS.ProcessEnv = process.env): Promise<LoadedScanRuntime> {
  if (env.AGENTD_SCAN_BUNDLE !== '0' && bundleIsCurrent(BUNDLE_ENTRY, BUILD_INFO)) {
    const script = runCachedScript<ScanRuntime>(BUNDLE_ENTRY, BUNDLE_CODE_CACHE);
    return {
      runtime: script.exports,
      origin: `the scan bundle (${BUNDLE_ENTRY}), ${CACHE_STATES[script.cache]}`,
      saveCodeCache: script.saveCache,
    };
  }
  const reason = env.AGENTD_SCAN_BUNDLE === '0' ? 'AGENTD_SCAN_BUNDLE=0' : 'no current scan bundle';
  return { runtime: await import('./scan-runtime.js'), origin: `the compiled modules (${reason})` };
}
