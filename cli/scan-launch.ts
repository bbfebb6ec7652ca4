/**
 * Where bin/agentd.js starts `agentd scan` when there is a current scan bundle: the bundle (with V8's
 * code cache) holds the whole command line — yargs, the scan command and the scan — so a scan compiles
 * none of the CLI's ES modules (the other commands, yargs and its ~40 modules: ~0.05 s of every scan's
 * start on a quiet 2-core machine). Without a current bundle, or with AGENTD_SCAN_BUNDLE=0, the full
 * CLI runs the scan as before (cli/main.ts).
 */
import { tierForOneShot } from './one-shot-tiering.js';
import { loadScanBundle } from './commands/scan-bundle.js';

type CommandLine = { runScanCommandLine(args: string[], loaded: unknown): Promise<never> };

/** Runs `agentd <args>` (args[0] is "scan") from the scan bundle, which exits the process; false when there is no current bundle. */
export async function scanFromBundle(args: string[]): Promise<boolean> {
  // Before the bundle loads: V8's flags are part of what its code cache was made with (scan.ts sets them too).
  tierForOneShot();
  const loaded = loadScanBundle();
  if (!loaded) return false;
  await (loaded.runtime as unknown as CommandLine).runScanCommandLine(args, loaded);
  return true;
}
