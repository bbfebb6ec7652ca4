/**
 * refactoring.verify: runs the project's type-check and tests on the disk state (a temp copy without
 * the staged overlay) and again on a temp copy with the overlay applied. When a check that passed
 * before fails after, the step fails with `verification_failed`; the engine drops a failed step's
 * overlay, so the staged changes never reach the disk. The tests and the project's own scripts need the
 * project-code permission; without it the type-check runs on agentd's TypeScript and the tests are
 * reported as not run (verify/plan-checks.ts).
 */
import type { Change, CapabilityContext, CapabilityMeta, StepResult } from '../../core/index.js';
import { AgentdError, applyChangesToCopy, copyWorkspaceTree, removeWorkspaceTree } from '../../core/index.js';
import { CHECKS, DEFAULT_TIMEOUT_MS, INPUT_SCHEMA, type VerifyInput } from './verify/options.js';
import { planChecks, type NotRun, type PlannedCheck } from './verify/plan-checks.js';
import { runApiCheck, runCheck, type CheckRun } from './verify/run-check.js';

import { compareTests, type TestComparison } from './verify/test-reporters.js';
import { narrowTests, type TestSelection } from './verify/narrow-tests.js';
import { PLANNING } from './verify/planning.js';

/** Regressions listed in the step's data (the message names the first, the count says how many). */
const MAX_LISTED = 50;

export const meta: CapabilityMeta = {
  id: 'refactoring.verify',
  group: 'refactoring',
  title: 'Verify',
  description:
    "Runs the project's type-check and tests before and after the staged changes (in temp copies) and fails the step with verification_failed, discarding the changes, when anything that passed before fails after. Without the project-code permission it type-checks with agentd's own TypeScript and does not run the tests (reported as not run).",
  version: '1.1.0',
  inputSchema: INPUT_SCHEMA,
  writes: false,
  projectCode: {
    runs: "the project's tests (npm test) and its typecheck script",
    without: "type-checks with agentd's own TypeScript API; the tests are reported as not run",
  },
  planning: PLANNING,
  execution: { parses: 'none', composes: ['analysis.dependencies'] },
};

type Side = Record<string, CheckRun | null>;

export async function run(input: VerifyInput, ctx: CapabilityContext): Promise<StepResult> {
  const options = input ?? {};
  const wanted = options.checks ?? [...CHECKS];
  // Only the checks that were asked for are mentioned: a type-check-only run says nothing about tests.
  const planned = await planChecks(ctx, wanted);
  const notRun = planned.notRun;
  if (planned.checks.length === 0) throw nothingToVerify(ctx, wanted, notRun);
  const changes = ctx.workspace.changes();
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  let { checks, selection } = await scopeTests(ctx, planned.checks, changes, options.tests ?? 'affected');
  ctx.progress(5, 'checking the disk state');
  let before = await runSide(ctx, checks, [], 'before', timeoutMs);
  if (selection?.files && Object.keys(before.tests?.tests ?? {}).length === 0) {
    // The runner found none of the files (its own include patterns differ): the whole suite, as if not narrowed.
    checks = planned.checks;
    selection = { reason: 'the narrowed run reported no test' };
    before = await runSide(ctx, checks, [], 'before', timeoutMs);
  }
  ctx.progress(50, 'checking with the staged changes');
  const after = await runSide(ctx, checks, changes, 'after', timeoutMs);
  const perTest = comparePerTest(checks, before, after);
  const data = {
    changedFiles: changes.map((c) => c.path),
    checks: checks.map((c) => c.name),
    ...(selection ? { testSelection: selection } : {}),
    ...leftOutOf(checks),
    notRun,
    before: withoutTests(before),
    after: withoutTests(after),
    perTest: capped(perTest),
  };
  // Per test where the runner reported each test: a test that failed before does not disable the gate.
  const regressions = checks.filter((c) =>
    perTest[c.name] ? perTest[c.name]!.regressions.length > 0 : before[c.name]?.passed && !after[c.name]?.passed,
  );
  // A test the changes add (a generator's tests) that fails is a failure of the changes, not an old one.
  const newFailing = checks.filter((c) => (perTest[c.name]?.added.failing.length ?? 0) > 0);
  if (regressions.length === 0 && newFailing.length > 0) {
    ctx.log('error', `refactoring.verify: ${JSON.stringify(data)}`);
    throw new AgentdError('verification_failed', newTestFailureMessage(newFailing[0]!, perTest[newFailing[0]!.name]!));
  }
  if (regressions.length > 0) {
    ctx.log('error', `refactoring.verify: ${JSON.stringify(data)}`);
    const first = regressions[0]!;
    const tests = perTest[first.name];
    throw new AgentdError(
      'verification_failed',
      tests ? testFailureMessage(first, tests) : failureMessage(first, after[first.name]!, regressions.length),
    );
  }
  // A check the job was not allowed to run is work left undone (the job ends incomplete); a check the project lacks is not.
  const refused = notRun.filter((n) => n.needsProjectCode).map((n) => ({ part: n.check, reason: n.reason }));
  return {
    summary: summarise(checks, before, after, changes.length, notRun, perTest) + selectionNote(selection, perTest),
    data,
    ...(refused.length > 0 ? { notRun: refused } : {}),
  };
}

/**
 * The checks with the test check narrowed to the affected files (verify/narrow-tests.ts); the selection
 * is said only for a per-test run (an exit-code-only `npm test` always runs everything).
 */
async function scopeTests(
  ctx: CapabilityContext,
  checks: PlannedCheck[],
  changes: Change[],
  scope: 'affected' | 'all',
): Promise<{ checks: PlannedCheck[]; selection?: TestSelection }> {
  const tests = checks.find((c) => c.name === 'tests');
  if (!tests || tests.kind !== 'command' || !tests.reporter || !tests.script) return { checks };
  if (scope === 'all') return { checks, selection: { reason: 'every test was asked for (tests: "all")' } };
  ctx.progress(3, 'finding the tests that import the staged modules');
  const { check, selection } = await narrowTests(ctx, tests, changes, tests.script);
  return { checks: checks.map((c) => (c === tests ? check : c)), selection };
}

/** The parts of a compound test script that were not run, in the data (the label names them too). */
function leftOutOf(checks: PlannedCheck[]): { testScriptLeftOut?: string[] } {
  const tests = checks.find((c) => c.name === 'tests');
  return tests?.kind === 'command' && tests.leftOut && tests.leftOut.length > 0 ? { testScriptLeftOut: tests.leftOut } : {};
}

function selectionNote(selection: TestSelection | undefined, perTest: Record<string, TestComparison>): string {
  if (!selection || !perTest.tests) return '';
  if (selection.files) return ` Only the affected tests ran: ${selection.files.length} of ${selection.of} test file(s).`;
  return ` Every test ran: ${selection.reason}.`;
}

/** Nothing can be checked: the project has no checks, or only checks this job may not run. */
function nothingToVerify(ctx: CapabilityContext, wanted: string[], notRun: NotRun[]): AgentdError {
  const reasons = notRun.map((n) => `${n.check}: ${n.reason}`).join('; ');
  if (notRun.some((n) => n.needsProjectCode)) {
    return new AgentdError(
      'project_code_not_allowed',
      `Nothing could be verified without running the project's own code (${reasons}); allow project code for this workspace (security.trustedWorkspaces) or add a tsconfig.json agentd can type-check.`,
    );
  }
  const add =
    wanted.length === 1
      ? wanted[0] === 'typecheck'
        ? 'add a tsconfig.json or a "typecheck" script'
        : 'add a "test" script'
      : 'add one of them';
  return new AgentdError(
    'refactoring_refused',
    `Nothing to verify in "${ctx.workspace.root}": ${notRun.map((n) => n.reason).join(', and ')}; ${add}.`,
  );
}

/** One side (before or after the changes); a temp copy only when a command needs one. */
async function runSide(ctx: CapabilityContext, checks: PlannedCheck[], changes: Change[], label: string, timeoutMs: number): Promise<Side> {
  const tree = checks.some((c) => c.kind === 'command') ? await copyWorkspaceTree(ctx.workspace.root, label) : null;
  try {
    if (tree) await applyChangesToCopy(tree, changes);
    const side: Side = { typecheck: null, tests: null };
    for (const check of checks)
      side[check.name] = check.kind === 'api' ? runApiCheck(ctx, check, changes) : await runCheck(ctx, check, tree!, timeoutMs);
    return side;
  } finally {
    if (tree) await removeWorkspaceTree(tree);
  }
}

function failureMessage(check: PlannedCheck, after: CheckRun, count: number): string {
  const more = count > 1 ? ` (and ${count - 1} more check)` : '';
  const lines = after.failureLines.join(' | ');
  return `Check "${check.name}" (${check.label}) passed before the staged changes and fails after them with exit code ${after.exitCode}${more}: ${lines}; the staged changes were discarded — fix the refactoring or drop that step.`;
}

/** The checks whose runs reported each test on the before side (the comparison needs the tests that passed). */
function comparePerTest(checks: PlannedCheck[], before: Side, after: Side): Record<string, TestComparison> {
  const out: Record<string, TestComparison> = {};
  for (const check of checks) {
    const b = before[check.name];
    const a = after[check.name];
    if (check.kind !== 'command' || !check.reporter || !b?.tests || !a) continue;
    out[check.name] = compareTests(check.reporter.runner, b.tests, a.tests ?? null, !a.passed);
  }
  return out;
}

/** The record keeps counts and the first regressions, never every test of a large suite. */
function capped(perTest: Record<string, TestComparison>): Record<string, TestComparison> {
  return Object.fromEntries(Object.entries(perTest).map(([name, c]) => [name, { ...c, regressions: c.regressions.slice(0, MAX_LISTED) }]));
}

function withoutTests(side: Side): Side {
  return Object.fromEntries(Object.entries(side).map(([name, run]) => [name, run ? { ...run, tests: undefined } : run]));
}

function testFailureMessage(check: PlannedCheck, tests: TestComparison): string {
  const [first, ...rest] = tests.regressions;
  const more =
    rest.length > 0
      ? ` (and ${rest.length} more test(s): ${rest
          .slice(0, 5)
          .map((r) => `"${r.id}"`)
          .join(', ')}${rest.length > 5 ? ', …' : ''})`
      : '';
  const old = tests.stillFailing > 0 ? ` ${tests.stillFailing} test(s) that failed before still fail and did not count.` : '';
  return `Test "${first!.id}" passed before the staged changes and fails after them: ${first!.message ?? 'no message'}${more} (${check.label}).${old} The staged changes were discarded — fix the refactoring or drop that step.`;
}

function newTestFailureMessage(check: PlannedCheck, tests: TestComparison): string {
  const [first, ...rest] = tests.added.failing;
  const more =
    rest.length > 0
      ? ` (and ${rest.length} more new test(s): ${rest
          .slice(0, 5)
          .map((r) => `"${r.id}"`)
          .join(', ')}${rest.length > 5 ? ', …' : ''})`
      : '';
  return `Test "${first!.id}", which the staged changes add, fails: ${first!.message ?? 'no message'}${more} (${check.label}). The staged changes were discarded — fix what the step generated or drop that step.`;
}

function perTestState(tests: TestComparison): string {
  const after = tests.after ?? tests.before;
  const old = tests.stillFailing > 0 ? `; ${tests.stillFailing} failed before and still fail (not caused by the change)` : '';
  const fixed = tests.fixed > 0 ? `; ${tests.fixed} fixed` : '';
  const added = tests.added.passed > 0 ? `; ${tests.added.passed} new with the changes, all passing` : '';
  return `${after.passed} of ${after.passed + after.failed} test(s) pass, none that passed before fails${added}${old}${fixed}`;
}

function summarise(
  checks: PlannedCheck[],
  before: Side,
  after: Side,
  changed: number,
  notRun: NotRun[],
  perTest: Record<string, TestComparison> = {},
): string {
  const parts = checks.map((c) => {
    const tests = perTest[c.name];
    if (tests) return `${c.name} (${c.label}): ${perTestState(tests)}`;
    const b = before[c.name]!;
    const a = after[c.name]!;
    const state = a.passed ? 'passes' : b.passed ? 'FAILS' : 'still fails (failed before too)';
    return `${c.name} (${c.label}) ${state}`;
  });
  const skipped = notRun.map((n) => ` Not run: ${n.check} (${n.reason}).`).join('');
  return `Verified ${changed} staged change(s): ${parts.join('; ')}.${skipped}`;
}
