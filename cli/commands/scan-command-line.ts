/**
 * `agentd scan` as a whole command line, run from inside the scan bundle (scan-launch.ts): yargs with
 * the scan command alone — the same options, help, version and usage errors as the full CLI
 * (cli-frame.ts) — whose handler takes the scan's code from the bundle it runs in rather than loading
 * it again. yargs and the scan command are then compiled from the bundle's code cache too, instead of
 * ~60 ES modules compiled on every run.
 */
import type { CommandModule } from 'yargs';
import { NAME_A_COMMAND, cliFrame, runCli } from '../cli-frame.js';
import { scanCommandWith } from './scan.js';
import type { LoadedScanRuntime } from './scan-bundle.js';

export function runScanCommandLine(args: string[], loaded: LoadedScanRuntime): Promise<never> {
  const scan = scanCommandWith(() => Promise.resolve(loaded)) as unknown as CommandModule<object, never>;
  return runCli(cliFrame(args, [scan], NAME_A_COMMAND));
}
