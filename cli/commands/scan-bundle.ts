/**
 * The scan's modules bundled into a few files (scripts/bundle-scan.mjs, run by `npm run build` after
 * tsc): a scan imports ~500 ES modules, and Node's loader reads, resolves and compiles each on its
 * own (four file calls apiece), which made up most of a scan's start-up. The bundle is used when it is
 * current: built after the last compile (a `tsc` run after it rewrites dist/.tsbuildinfo, and the
 * compiled modules are used until the bundle is built again). AGENTD_SCAN_BUNDLE=0 uses the compiled
 * modules always.
 */
import { statSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';

type ScanRuntime = typeof import('./scan-runtime.js');

/** dist/cli/commands → dist/bundle/scan (the entry keeps scan-runtime's name). */
export const BUNDLE_ENTRY = fileURLToPath(new URL('../../bundle/scan/scan-runtime.js', import.meta.url));
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

export function loadScanRuntime(env: NodeJS.ProcessEnv = process.env): Promise<ScanRuntime> {
  if (env.AGENTD_SCAN_BUNDLE !== '0' && bundleIsCurrent(BUNDLE_ENTRY, BUILD_INFO)) {
    return import(pathToFileURL(BUNDLE_ENTRY).href) as Promise<ScanRuntime>;
  }
  return import('./scan-runtime.js');
}
