/**
 * testing.run: runs the project's tests in the sandbox (a temp copy of the workspace with the staged
 * changes) through the runner's machine-readable reporter and returns each test — id, title path,
 * file:line, status, duration, failure message, expected/actual — as data, and each failed test as a
 * finding. Without the project-code permission it lists the test files and the command it would run,
 * and reports the run as not run (the job ends incomplete).
 */
import {
  AgentdError,
  planInvocation,
  totalsOf,
  TEST_FILE_PATTERN,
  type CapabilityContext,
  type CapabilityMeta,
  type Finding,
  type StepResult,
  type TestCase,
  type TestFilters,
} from '../../core/index.js';
import { DEFAULT_TIMEOUT_MS, INPUT_SCHEMA, type RunInput } from './run/options.js';
import { executeTests, runnableScriptOf, type ExecutedRun } from './run/execute-tests.js';
import { PLANNING } from './run/planning.js';

/** Tests listed in the step's data (the totals count all of them). */
const MAX_LISTED = 2000;
const TEST_FILE = TEST_FILE_PATTERN;

export const meta: CapabilityMeta = {
  id: 'testing.run',
  group: 'testing',
  title: 'Run tests',
  description:
    "Runs the project's tests (mocha, vitest, jest or node:test, as its test script invokes them) in the sandbox through the runner's machine-readable reporter and returns every test with its title path, file and line, status, duration and failure message; failed tests are findings. Filters by test file and title.",
  version: '1.0.0',
  inputSchema: INPUT_SCHEMA,
  writes: false,
  projectCode: {
    runs: "the project's tests (its test script's runner, with agentd's reporter)",
    without: 'lists the test files and the command it would run; the tests are reported as not run',
  },
  planning: PLANNING,
};

export async function run(input: RunInput, ctx: CapabilityContext): Promise<StepResult> {
  const options = input ?? {};
  const filters: TestFilters = { files: options.files, title: options.title };
  if (!ctx.permissions.projectCode) return withoutProjectCode(ctx, filters);
  const { run: ran } = await executeTests(
    ctx,
    filters,
    options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    (inv) => inv,
    async () => undefined,
  );
  return resultOf(ran, filters);
}

async function withoutProjectCode(ctx: CapabilityContext, filters: TestFilters): Promise<StepResult> {
  const { script, partsLeftOut } = await runnableScriptOf(ctx);
  const invocation = planInvocation(script, ctx.project.testRunner, ctx.workspace.root, '<report>', filters);
  if (!invocation)
    throw new AgentdError(
      'no_test_runner',
      `No tests to run in "${ctx.workspace.root}": package.json has no "test" script and no mocha, vitest, jest or node:test use was found; add a "test" script.`,
    );
  const testFiles = filters.files ?? (await ctx.workspace.list()).filter((file) => TEST_FILE.test(file) && /\.[cm]?[jt]sx?$/.test(file));
  const reason = `project code not allowed ("${invocation.label}" runs the project's code; allow project code for this workspace to run it)`;
  return {
    summary: `The tests were NOT run: testing.run would run "${invocation.label}" (${testFiles.length} test file(s)); allow project code for this workspace (security.trustedWorkspaces or the job's allowProjectCode) to run them.`,
    data: { runner: invocation.runner, command: invocation.label, partsLeftOut, projectCode: false, ran: false, testFiles },
    notRun: [{ part: 'tests', reason }],
  };
}

function findingOf(test: TestCase): Finding {
  const atLine = test.failureAt ? Number(test.failureAt.split(':').pop()) : undefined;
  const line = atLine ?? test.line ?? 1;
  const diff =
    test.expected !== undefined || test.actual !== undefined ? ` (expected ${test.expected ?? '?'}, actual ${test.actual ?? '?'})` : '';
  return {
    ruleId: 'testing/failed-test',
    severity: 'high',
    message: `Test "${test.titlePath.join(' › ')}" failed: ${test.message ?? 'no message'}${diff}`.slice(0, 1000),
    file: test.file === '?' ? 'package.json' : test.file,
    range: { startLine: line, startColumn: 1, endLine: line, endColumn: 1 },
    data: { testId: test.id, ...(test.line !== undefined ? { declaredAt: test.line } : {}) },
  };
}

function resultOf(ran: ExecutedRun, filters: TestFilters): StepResult {
  const { invocation, command } = ran;
  const common = {
    runner: invocation.runner,
    command: invocation.label,
    leftOut: invocation.leftOut,
    partsLeftOut: invocation.partsLeftOut,
    compileSteps: invocation.compileSteps,
    filters,
    exitCode: command.exitCode,
    timedOut: command.timedOut === true,
    commandMs: command.durationMs,
    totalMs: ran.totalMs,
    projectCode: true,
    ran: true,
  };
  const timeout = command.timedOut ? ' The run was stopped at its time limit.' : '';
  if (!invocation.perTest) {
    const state = command.exitCode === 0 ? 'passed' : `FAILED (exit code ${command.exitCode})`;
    return {
      summary: `"${invocation.label}" ${state} in ${seconds(command.durationMs)}. No per-test results: the test script is not one plain runner invocation agentd can give a reporter to.${timeout}`,
      data: { ...common, perTest: false, outputTail: ran.outputTail },
    };
  }
  if (ran.tests === null) {
    throw new AgentdError(
      'test_run_failed',
      `"${invocation.label}" exited with code ${command.exitCode} and wrote no test report (it did not start, or crashed before reporting).${timeout} Last output: ${ran.outputTail.split('\n').slice(-8).join(' | ').slice(0, 1500)}`,
    );
  }
  const totals = totalsOf(ran.tests);
  const failed = ran.tests.filter((t) => t.status === 'failed');
  const disagree =
    command.exitCode !== 0 && failed.length === 0
      ? ` The runner exited with code ${command.exitCode} although no test failed: ${ran.outputTail.split('\n').slice(-3).join(' | ').slice(0, 500)}`
      : '';
  const wrapped =
    (invocation.leftOut.length > 0 ? ` Ran without "${invocation.leftOut.join(' ')}" from the test script.` : '') +
    (invocation.compileSteps.length > 0
      ? ` Built first with ${invocation.compileSteps.map((p) => `"${p}"`).join(', ')} from the test script.`
      : '') +
    (invocation.partsLeftOut.length > 0
      ? ` Ran the runner part of the test script; not run: ${invocation.partsLeftOut.map((p) => `"${p}"`).join(', ')}.`
      : '');
  const counts = `${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}${totals.todo ? `, ${totals.todo} todo` : ''}`;
  return {
    summary: `${invocation.runner} (${invocation.label}): ${ran.tests.length} test(s), ${counts} in ${seconds(command.durationMs)}.${failed.length > 0 ? ` First failure: "${failed[0]!.titlePath.join(' › ')}" — ${failed[0]!.message ?? 'no message'}.` : ''}${disagree}${wrapped}${timeout}`,
    findings: failed.map(findingOf),
    data: {
      ...common,
      perTest: true,
      totals,
      tests: ran.tests.slice(0, MAX_LISTED),
      listed: Math.min(ran.tests.length, MAX_LISTED),
      outputTail: failed.length > 0 || disagree ? ran.outputTail : undefined,
    },
  };
}

const seconds = (ms: number): string => `${(ms / 1000).toFixed(1)} s`;
