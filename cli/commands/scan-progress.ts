/**
 * What `agentd scan` shows on stderr besides errors: a progress bar on an interactive stderr, nothing
 * while it runs when stderr is not a terminal, one line per check and log message with --verbose, and
 * closing notes (where the report was written) outside CI. In CI (CI set, and not "false" or "0")
 * without --verbose stderr stays empty unless the scan fails to run (exit 2): the report on stdout or
 * in --output is the whole output, so a gate's log holds nothing but what it asked for.
 */
import { ProgressBar } from '../progress-bar.js';
import type { ScanProgress } from '../../core/scan/index.js';

export interface ScanFeedback {
  onProgress?: (progress: ScanProgress) => void;
  onLog?: (capability: string, level: string, message: string) => void;
  finish(): void;
  /** A line for the person at the terminal after the scan (not in quiet CI). */
  note(line: string): void;
}

export const isCi = (env: NodeJS.ProcessEnv): boolean => Boolean(env.CI) && env.CI !== 'false' && env.CI !== '0';

export function scanFeedback(
  verbose: boolean,
  stderr: NodeJS.WriteStream = process.stderr,
  env: NodeJS.ProcessEnv = process.env,
): ScanFeedback {
  const interactive = stderr.isTTY === true && !isCi(env);
  const note = verbose || !isCi(env) ? (line: string) => void stderr.write(`agentd scan: ${line}\n`) : () => undefined;
  if (interactive) {
    const bar = new ProgressBar(stderr);
    return {
      onProgress: (p) => bar.update(p.percent, p.message),
      ...(verbose ? { onLog: (capability, level, message) => bar.print(`${capability} ${level}: ${message}`) } : {}),
      finish: () => bar.finish(),
      note,
    };
  }
  if (!verbose) return { finish: () => undefined, note };
  let last = '';
  return {
    onProgress: (p) => {
      // One line when a check starts and when it ends, not one per percent.
      if (p.message !== last && /: (starting|done)$/.test(p.message))
        stderr.write(`agentd scan: ${p.message} (${Math.round(p.percent)}%)\n`);
      last = p.message;
    },
    onLog: (capability, level, message) => stderr.write(`agentd scan: ${capability} ${level}: ${message}\n`),
    finish: () => undefined,
    note,
  };
}
