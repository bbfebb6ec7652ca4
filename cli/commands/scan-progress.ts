/**
 * What `agentd scan` shows while it runs: a progress bar on an interactive stderr, nothing in CI
 * (CI=true) or when stderr is not a terminal, and one line per check and log message with --verbose.
 */
import { ProgressBar } from '../progress-bar.js';
import type { ScanProgress } from '../../core/scan/index.js';

export interface ScanFeedback {
  onProgress?: (progress: ScanProgress) => void;
  onLog?: (capability: string, level: string, message: string) => void;
  finish(): void;
}

const isCi = (env: NodeJS.ProcessEnv): boolean => Boolean(env.CI) && env.CI !== 'false' && env.CI !== '0';

export function scanFeedback(verbose: boolean, stderr: NodeJS.WriteStream = process.stderr, env: NodeJS.ProcessEnv = process.env): ScanFeedback {
  const interactive = stderr.isTTY === true && !isCi(env);
  if (interactive) {
    const bar = new ProgressBar(stderr);
    return {
      onProgress: (p) => bar.update(p.percent, p.message),
      ...(verbose ? { onLog: (capability, level, message) => bar.print(`${capability} ${level}: ${message}`) } : {}),
      finish: () => bar.finish(),
    };
  }
  if (!verbose) return { finish: () => undefined };
  let last = '';
  return {
    onProgress: (p) => {
      // One line when a check starts and when it ends, not one per percent.
      if (p.message !== last && /: (starting|done)$/.test(p.message)) stderr.write(`agentd scan: ${p.message} (${Math.round(p.percent)}%)\n`);
      last = p.message;
    },
    onLog: (capability, level, message) => stderr.write(`agentd scan: ${capability} ${level}: ${message}\n`),
    finish: () => undefined,
  };
}
