/**
 * Running one planned check: a command in one tree through `tools.runCommand` (needs the project-code
 * permission; counted, abortable, sandboxed), or agentd's own type-check over an overlay.
 */
import type { CapabilityContext, Change } from '../../../core/index.js';
import type { PlannedCheck } from './plan-checks.js';
import { typecheckWithApi } from './typecheck-api.js';
import { readReport, reportFile, type TestResults } from './test-reporters.js';

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
  /** Per-test results from the runner's JSON reporter; null when the run wrote no report; absent without a reporter. */
  tests?: TestResults | null;
}

const TAIL_LINES = 40;
const FAILURE = /(error|fail|failing|✗|✖|AssertionError|not ok|\d+\) )/i;

export async function runCheck(
  ctx: CapabilityContext,
  check: Extract<PlannedCheck, { kind: 'command' }>,
  tree: string,
  timeoutMs: number,
): Promise<CheckRun> {
  await check.prepare?.(tree);
  for (const build of check.builds ?? []) {
    const step = build.command(tree);
    const ran = await ctx.tools.runCommand(step.command, step.args, { timeoutMs });
    if (ran.exitCode === 0) continue;
    // The tests cannot run without their build: the check fails with the build's own output.
    const lines = [`${build.label} (run before the tests) failed:`, ...outputLines(`${ran.stdout}\n${ran.stderr}`)];
    const run = checkRun(check.label, ran.exitCode, ran.durationMs, ran.timedOut === true, lines, tree);
    if (check.reporter) run.tests = null;
    return run;
  }
  const { command, args } = check.command(tree);
  const result = await ctx.tools.runCommand(command, args, { timeoutMs });
  const lines = outputLines(`${result.stdout}\n${result.stderr}`);
  const run = checkRun(check.label, result.exitCode, result.durationMs, result.timedOut === true, lines, tree);
  if (check.reporter) run.tests = await readReport(check.reporter, reportFile(tree), tree);
  return run;
}

function outputLines(output: string): string[] {
  return output
    .split('\n')
    .map((l) => l.trimEnd())
    .filter((l) => l.trim() !== '' && !/^npm warn/i.test(l));
}

/** The type-check without project code: `changes` over the disk state (none: the disk as it is). */
export function runApiCheck(ctx: CapabilityContext, check: Extract<PlannedCheck, { kind: 'api' }>, changes: Change[]): CheckRun {
  const result = typecheckWithApi(ctx.workspace.root, check.tsconfig, changes);
  return checkRun(check.label, result.exitCode, result.durationMs, false, result.lines, ctx.workspace.root);
}

function checkRun(label: string, exitCode: number, durationMs: number, timedOut: boolean, lines: string[], tree: string): CheckRun {
  return {
    command: label,
    exitCode,
    passed: exitCode === 0,
    durationMs,
    timedOut,
    outputTail: lines.slice(-TAIL_LINES).join('\n'),
    failureLines: firstFailureLines(lines, tree),
  };
}

/** The first lines that name the failure, with the temp tree's path made relative again. */
function firstFailureLines(lines: string[], tree: string): string[] {
  const picked = lines.filter((l) => FAILURE.test(l) && !/^\s*\d+ passing/.test(l));
  return (picked.length > 0 ? picked : lines.slice(-5)).slice(0, 5).map((l) => l.split(`${tree}/`).join('').split(tree).join('.').trim());
}
