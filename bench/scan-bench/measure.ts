/**
 * Runs one tool in a child process and measures it from outside: wall time and peak resident memory
 * (GNU time's %M, which covers a native binary like jscpd's as well as Node), plus whatever JSON the
 * child printed last on stdout (the Node children report their in-process figures that way).
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

export interface Measured {
  wallMs: number;
  peakMB: number | undefined;
  exitCode: number | null;
  stdout: string;
  report?: Record<string, unknown>;
}

const GNU_TIME = '/usr/bin/time';

export function measure(command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv = process.env): Measured {
  const timed = existsSync(GNU_TIME);
  const started = performance.now();
  const result = timed
    ? spawnSync(GNU_TIME, ['-f', 'PEAK_KB %M', command, ...args], { cwd, env, encoding: 'utf8', maxBuffer: 512 * 1024 * 1024 })
    : spawnSync(command, args, { cwd, env, encoding: 'utf8', maxBuffer: 512 * 1024 * 1024 });
  const wallMs = performance.now() - started;
  const peak = /PEAK_KB (\d+)/.exec(result.stderr ?? '');
  const lastLine = (result.stdout ?? '').trim().split('\n').pop() ?? '';
  let report: Record<string, unknown> | undefined;
  try {
    report = lastLine.startsWith('{') ? (JSON.parse(lastLine) as Record<string, unknown>) : undefined;
  } catch {
    report = undefined;
  }
  const peakMB = peak ? Number(peak[1]) / 1024 : typeof report?.maxRssKB === 'number' ? report.maxRssKB / 1024 : undefined;
  if (result.status !== 0 && !report)
    process.stderr.write(`${command} ${args.join(' ')} exited ${result.status}: ${(result.stderr ?? '').slice(0, 800)}\n`);
  return { wallMs, peakMB, exitCode: result.status, stdout: result.stdout ?? '', ...(report ? { report } : {}) };
}
