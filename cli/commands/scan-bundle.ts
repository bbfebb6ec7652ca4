/**
 * The scan's modules bundled into one CommonJS script (scripts/bundle-scan.mjs, run by `npm run build`
 * after tsc) and V8's code cache for it: a scan imports ~500 ES modules, and Node's loader reads,
 * resolves and compiles each on its own (four file calls apiece), which made up most of a scan's
 * start-up. The bundle is used when it is current: built after the last compile (a `tsc` run after it
 * rewrites dist/.tsbuildinfo, and the compiled modules are used until the bundle is built again).
 * AGENTD_SCAN_BUNDLE=0 uses the compiled modules always.
 *
 * The cache shipped with the bundle serves only the Node it was built with. With any other, the first
 * scan compiles and then keeps its own cache in ~/.agentd/code-cache/ for the scans after it (one file,
 * ~1.6 MB, replacing the one an earlier agentd or Node kept) — not in CI (CI set: a pipeline's home
 * rarely outlives the job, and writing the cache costs every run). AGENTD_SCAN_CODE_CACHE=0 neither
 * keeps nor reads one.
 */
import { readdirSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { runCachedScript, type CachedScript, type CodeCacheState } from './code-cache.js';

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

/** The cache a user's scans keep for the bundle with key `key` (code-cache.ts) when the shipped one does not serve. */
export function userCodeCache(key: string, home: string): string {
  return path.join(home, '.agentd', 'code-cache', `scan-runtime-${key.slice(0, 16)}.cache`);
}

export interface LoadedScanRuntime {
  runtime: ScanRuntime;
  /** Where the scan's code came from, for --verbose: the bundle and its code cache, or the compiled modules. */
  origin: string;
  /** Writes the bundle's code cache as it is after this run to a given file (the build does, scripts/bundle-scan.mjs). */
  saveCodeCache?: (file: string) => void;
  /** After a scan that had no cache: keeps one for the next scans (see the header); never fails the scan. */
  keepCodeCache?: () => void;
}

/** Writes the user's cache for `script` and removes those of earlier versions; a home it cannot write to only means the next scan compiles too. */
function keepUserCache(script: CachedScript<unknown>, home: string): void {
  const kept = userCodeCache(script.key, home);
  try {
    script.saveCache(kept);
    // One cache at a time: those of earlier versions of agentd or Node serve no scan any more.
    for (const name of readdirSync(path.dirname(kept)))
      if (/^scan-runtime-[0-9a-f]{16}\.cache$/.test(name) && name !== path.basename(kept)) rmSync(path.join(path.dirname(kept), name));
  } catch {
    // Nothing else depends on the cache.
  }
}

const CACHE_STATES: Record<CodeCacheState, string> = {
  used: 'its V8 code cache used',
  rejected: 'its V8 code cache rejected by this Node (compiled instead)',
  stale: 'its V8 code cache made for another build or Node (compiled instead)',
  absent: 'no V8 code cache (compiled)',
};

export async function loadScanRuntime(env: NodeJS.ProcessEnv = process.env): Promise<LoadedScanRuntime> {
  const bundled = loadScanBundle(env);
  if (bundled) return bundled;
  const reason = env.AGENTD_SCAN_BUNDLE === '0' ? 'AGENTD_SCAN_BUNDLE=0' : 'no current scan bundle';
  return { runtime: await import('./scan-runtime.js'), origin: `the compiled modules (${reason})` };
}

/** The scan bundle when there is a current one and AGENTD_SCAN_BUNDLE is not 0, run from its code cache; else undefined. */
export function loadScanBundle(env: NodeJS.ProcessEnv = process.env): LoadedScanRuntime | undefined {
  if (env.AGENTD_SCAN_BUNDLE !== '0' && bundleIsCurrent(BUNDLE_ENTRY, BUILD_INFO)) {
    const home = env.HOME || os.homedir();
    const ownCache = env.AGENTD_SCAN_CODE_CACHE !== '0';
    const script = runCachedScript<ScanRuntime>(BUNDLE_ENTRY, (key) =>
      ownCache ? [BUNDLE_CODE_CACHE, userCodeCache(key, home)] : [BUNDLE_CODE_CACHE],
    );
    // Not after a rejection: the key matched, so V8's flags differ and a cache of ours would be rejected too.
    const keeps = (script.cache === 'stale' || script.cache === 'absent') && !env.CI && ownCache;
    return {
      runtime: script.exports,
      origin: `the scan bundle (${BUNDLE_ENTRY}), ${CACHE_STATES[script.cache]}${script.cacheFile ? ` (${script.cacheFile})` : ''}`,
      saveCodeCache: script.saveCache,
      ...(keeps ? { keepCodeCache: () => keepUserCache(script, home) } : {}),
    };
  }
  return undefined;
}
