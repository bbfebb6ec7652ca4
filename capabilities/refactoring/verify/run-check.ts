/** Running one planned check in one tree through `tools.runCommand` (gated by allowCommands, counted, abortable). */
import type { CapabilityContext } from '../../../core/index.js';
import type { PlannedCheck } from './plan-checks.js';

export interface CheckRun {
  command: string;
  exitCode: number;
  passed: boolean;
  durationMs: number;
  timedOut: boolean;
  /** The last lines of stdout + stderr. */
  outputTail: string;
  /** Lines that look like the failure (errors, failing tests), for the error message. */
  failureLines: string[];
}

const TAIL_LINES = 40;
const FAILURE = /(error|fail|failing|✗|✖|AssertionError|not ok|\d+\) )/i;

export async function runCheck(ctx: CapabilityContext, check: PlannedCheck, tree: string, timeoutMs: number): Promise<CheckRun> {
  const { command, args } = check.command(tree);
  const result = await ctx.tools.runCommand(command, args, { timeoutMs });
  const lines = `${result.stdout}\n${result.stderr}`.split('\n').map((l) => l.trimEnd()).filter((l) => l.trim() !== '' && !/^npm warn/i.test(l));
  return {
    command: check.label,
    exitCode: result.exitCode,
    passed: result.exitCode === 0,
    durationMs: result.durationMs,
    timedOut: result.timedOut === true,
    outputTail: lines.slice(-TAIL_LINES).join('\n'),
    failureLines: firstFailureLines(lines, tree),
  };
}

/** The first lines that name the failure, with the temp tree's path made relative again. */
function firstFailureLines(lines: string[], tree: string): string[] {
  const picked = lines.filter((l) => FAILURE.test(l) && !/^\s*\d+ passing/.test(l));
  return (picked.length > 0 ? picked : lines.slice(-5)).slice(0, 5).map((l) => l.split(`${tree}/`).join('').split(tree).join('.').trim());
}
