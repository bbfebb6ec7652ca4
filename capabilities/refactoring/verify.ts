/**
 * refactoring.verify: runs the project's type-check and tests on the disk state (a temp copy without
 * the staged overlay) and again on a temp copy with the overlay applied. When a check that passed
 * before fails after, the step fails with `verification_failed`; the engine drops a failed step's
 * overlay, so the staged changes never reach the disk. Needs a job that allows commands.
 */
import type { CapabilityContext, CapabilityMeta, StepResult } from '../../core/index.js';
import { AgentdError, isAgentdError } from '../../core/index.js';
import { CHECKS, DEFAULT_TIMEOUT_MS, INPUT_SCHEMA, type VerifyInput } from './verify/options.js';
import { missingCheckReason, planChecks, type PlannedCheck } from './verify/plan-checks.js';
import { runCheck, type CheckRun } from './verify/run-check.js';
import { applyToCopy, copyTree, removeTree } from './verify/temp-tree.js';

export const meta: CapabilityMeta = {
  id: 'refactoring.verify',
  group: 'refactoring',
  title: 'Verify',
  description:
    "Runs the project's type-check and tests before and after the staged changes (in temp copies) and fails the step with verification_failed, discarding the changes, when anything that passed before fails after. Needs allowCommands.",
  version: '1.0.0',
  inputSchema: INPUT_SCHEMA,
  writes: false,
};

type Side = Record<string, CheckRun | null>;

export async function run(input: VerifyInput, ctx: CapabilityContext): Promise<StepResult> {
  const options = input ?? {};
  await assertCommandsAllowed(ctx);
  const wanted = options.checks ?? [...CHECKS];
  const checks = await planChecks(ctx, wanted);
  // Only the checks that were asked for are mentioned: a type-check-only run says nothing about tests.
  const notRun = wanted.filter((name) => !checks.some((c) => c.name === name)).map((name) => ({ check: name, reason: missingCheckReason(name) }));
  if (checks.length === 0) {
    const add = wanted.length === 1 ? (wanted[0] === 'typecheck' ? 'add a tsconfig.json or a "typecheck" script' : 'add a "test" script') : 'add one of them';
    throw new AgentdError('refactoring_refused', `Nothing to verify in "${ctx.workspace.root}": ${notRun.map((n) => n.reason).join(', and ')}; ${add}.`);
  }
  const changes = ctx.workspace.changes();
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  ctx.progress(5, 'checking the disk state');
  const before = await runSide(ctx, checks, [], 'before', timeoutMs);
  ctx.progress(50, 'checking with the staged changes');
  const after = await runSide(ctx, checks, changes, 'after', timeoutMs);
  const data = { changedFiles: changes.map((c) => c.path), checks: checks.map((c) => c.name), notRun, before, after };
  const regressions = checks.filter((c) => before[c.name]?.passed && !after[c.name]?.passed);
  if (regressions.length > 0) {
    ctx.log('error', `refactoring.verify: ${JSON.stringify(data)}`);
    throw new AgentdError('verification_failed', failureMessage(regressions[0]!, after[regressions[0]!.name]!, regressions.length));
  }
  return { summary: summarise(checks, before, after, changes.length, notRun), data };
}

/** Refuses before copying anything when the job does not allow commands. */
async function assertCommandsAllowed(ctx: CapabilityContext): Promise<void> {
  try {
    await ctx.tools.runCommand(process.execPath, ['-e', '']);
  } catch (error) {
    if (!isAgentdError(error) || error.code !== 'command_not_allowed') throw error;
    throw new AgentdError('command_not_allowed', 'refactoring.verify runs the project\'s type-check and tests, which this job does not allow; run the job with commands allowed (allowCommands: true).', { cause: error });
  }
}

async function runSide(ctx: CapabilityContext, checks: PlannedCheck[], changes: ReturnType<CapabilityContext['workspace']['changes']>, label: string, timeoutMs: number): Promise<Side> {
  const tree = await copyTree(ctx.workspace.root, label);
  try {
    await applyToCopy(tree, changes);
    const side: Side = { typecheck: null, tests: null };
    for (const check of checks) side[check.name] = await runCheck(ctx, check, tree, timeoutMs);
    return side;
  } finally {
    await removeTree(tree);
  }
}

function failureMessage(check: PlannedCheck, after: CheckRun, count: number): string {
  const more = count > 1 ? ` (and ${count - 1} more check)` : '';
  const lines = after.failureLines.join(' | ');
  return `Check "${check.name}" (${check.label}) passed before the staged changes and fails after them with exit code ${after.exitCode}${more}: ${lines}; the staged changes were discarded — fix the refactoring or drop that step.`;
}

function summarise(checks: PlannedCheck[], before: Side, after: Side, changed: number, notRun: { check: string; reason: string }[]): string {
  const parts = checks.map((c) => {
    const b = before[c.name]!;
    const a = after[c.name]!;
    const state = a.passed ? 'passes' : b.passed ? 'FAILS' : 'still fails (failed before too)';
    return `${c.name} (${c.label}) ${state}`;
  });
  const skipped = notRun.map((n) => ` Not run: ${n.check} (${n.reason}).`).join('');
  return `Verified ${changed} staged change(s): ${parts.join('; ')}.${skipped}`;
}
