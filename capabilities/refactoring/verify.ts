/**
 * refactoring.verify: runs the project's type-check and tests on the disk state (a temp copy without
 * the staged overlay) and again on a temp copy with the overlay applied. When a check that passed
 * before fails after, the step fails with `verification_failed`; the engine drops a failed step's
 * overlay, so the staged changes never reach the disk. The tests and the project's own scripts need the
 * project-code permission; without it the type-check runs on agentd's TypeScript and the tests are
 * reported as not run (verify/plan-checks.ts).
 */
import type { Change, CapabilityContext, CapabilityMeta, StepResult } from '../../core/index.js';
import { AgentdError } from '../../core/index.js';
import { CHECKS, DEFAULT_TIMEOUT_MS, INPUT_SCHEMA, type VerifyInput } from './verify/options.js';
import { planChecks, type NotRun, type PlannedCheck } from './verify/plan-checks.js';
import { runApiCheck, runCheck, type CheckRun } from './verify/run-check.js';
import { applyToCopy, copyTree, removeTree } from './verify/temp-tree.js';

export const meta: CapabilityMeta = {
  id: 'refactoring.verify',
  group: 'refactoring',
  title: 'Verify',
  description:
    "Runs the project's type-check and tests before and after the staged changes (in temp copies) and fails the step with verification_failed, discarding the changes, when anything that passed before fails after. Without the project-code permission it type-checks with agentd's own TypeScript and does not run the tests (reported as not run).",
  version: '1.1.0',
  inputSchema: INPUT_SCHEMA,
  writes: false,
  projectCode: { runs: "the project's tests (npm test) and its typecheck script", without: "type-checks with agentd's own TypeScript API; the tests are reported as not run" },
};

type Side = Record<string, CheckRun | null>;

export async function run(input: VerifyInput, ctx: CapabilityContext): Promise<StepResult> {
  const options = input ?? {};
  const wanted = options.checks ?? [...CHECKS];
  // Only the checks that were asked for are mentioned: a type-check-only run says nothing about tests.
  const { checks, notRun } = await planChecks(ctx, wanted);
  if (checks.length === 0) throw nothingToVerify(ctx, wanted, notRun);
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
  // A check the job was not allowed to run is work left undone (the job ends incomplete); a check the project lacks is not.
  const refused = notRun.filter((n) => n.needsProjectCode).map((n) => ({ part: n.check, reason: n.reason }));
  return { summary: summarise(checks, before, after, changes.length, notRun), data, ...(refused.length > 0 ? { notRun: refused } : {}) };
}

/** Nothing can be checked: the project has no checks, or only checks this job may not run. */
function nothingToVerify(ctx: CapabilityContext, wanted: string[], notRun: NotRun[]): AgentdError {
  const reasons = notRun.map((n) => `${n.check}: ${n.reason}`).join('; ');
  if (notRun.some((n) => n.needsProjectCode)) {
    return new AgentdError('project_code_not_allowed', `Nothing could be verified without running the project's own code (${reasons}); allow project code for this workspace (security.trustedWorkspaces) or add a tsconfig.json agentd can type-check.`);
  }
  const add = wanted.length === 1 ? (wanted[0] === 'typecheck' ? 'add a tsconfig.json or a "typecheck" script' : 'add a "test" script') : 'add one of them';
  return new AgentdError('refactoring_refused', `Nothing to verify in "${ctx.workspace.root}": ${notRun.map((n) => n.reason).join(', and ')}; ${add}.`);
}

/** One side (before or after the changes); a temp copy only when a command needs one. */
async function runSide(ctx: CapabilityContext, checks: PlannedCheck[], changes: Change[], label: string, timeoutMs: number): Promise<Side> {
  const tree = checks.some((c) => c.kind === 'command') ? await copyTree(ctx.workspace.root, label) : null;
  try {
    if (tree) await applyToCopy(tree, changes);
    const side: Side = { typecheck: null, tests: null };
    for (const check of checks) side[check.name] = check.kind === 'api' ? runApiCheck(ctx, check, changes) : await runCheck(ctx, check, tree!, timeoutMs);
    return side;
  } finally {
    if (tree) await removeTree(tree);
  }
}

function failureMessage(check: PlannedCheck, after: CheckRun, count: number): string {
  const more = count > 1 ? ` (and ${count - 1} more check)` : '';
  const lines = after.failureLines.join(' | ');
  return `Check "${check.name}" (${check.label}) passed before the staged changes and fails after them with exit code ${after.exitCode}${more}: ${lines}; the staged changes were discarded — fix the refactoring or drop that step.`;
}

function summarise(checks: PlannedCheck[], before: Side, after: Side, changed: number, notRun: NotRun[]): string {
  const parts = checks.map((c) => {
    const b = before[c.name]!;
    const a = after[c.name]!;
    const state = a.passed ? 'passes' : b.passed ? 'FAILS' : 'still fails (failed before too)';
    return `${c.name} (${c.label}) ${state}`;
  });
  const skipped = notRun.map((n) => ` Not run: ${n.check} (${n.reason}).`).join('');
  return `Verified ${changed} staged change(s): ${parts.join('; ')}.${skipped}`;
}
