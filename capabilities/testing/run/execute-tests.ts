/**
 * One run of the project's tests in a temp copy of the workspace (the staged changes applied): the
 * invocation from core/test-runs, started through `tools.runCommand` (the sandbox), its report read
 * back as test cases. Shared by testing.run and testing.coverage (which wraps the command in c8).
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import {
  AgentdError,
  RUN_IN,
  applyChangesToCopy,
  copyWorkspaceTree,
  lineOfTest,
  mapThroughSourceMaps,
  parseReport,
  compileStepArgs,
  findRunnerScript,
  isCompileStep,
  planInvocation,
  removeWorkspaceTree,
  splitScript,
  type CapabilityContext,
  type CommandResult,
  type TestCase,
  type TestFilters,
  type TestInvocation,
} from '../../../core/index.js';

export const REPORT_NAME = '.agentd-test-report.json';
const TAIL_LINES = 30;

/** package.json's test script, without npm's "no test specified" placeholder. */
export async function testScriptOf(ctx: CapabilityContext): Promise<string | null> {
  if (!(await ctx.workspace.exists('package.json'))) return null;
  const text = await ctx.workspace.read('package.json');
  let scripts: Record<string, unknown> | undefined;
  try {
    scripts = (JSON.parse(text) as { scripts?: Record<string, unknown> }).scripts;
  } catch {
    return null;
  }
  const test = scripts?.test;
  return typeof test === 'string' && test.trim() !== '' && !/no test specified/.test(test) ? test : null;
}

/**
 * The script to run: the test script, or — when it chains other work (`yarn lint && vitest run`,
 * `pnpm run "/^test:.*\/"`) — its plain runner part (core/test-runs/runner-script.ts), so the tests
 * still report one by one; `partsLeftOut` names what was not run.
 */
export async function runnableScriptOf(
  ctx: CapabilityContext,
): Promise<{ script: string | null; partsLeftOut: string[]; compileSteps: string[] }> {
  const script = await testScriptOf(ctx);
  if (script === null || splitScript(script)) return { script, partsLeftOut: [], compileSteps: [] };
  const scripts = (JSON.parse(await ctx.workspace.read('package.json')) as { scripts?: Record<string, unknown> }).scripts ?? {};
  const found = findRunnerScript(scripts);
  if (!found) return { script, partsLeftOut: [], compileSteps: [] };
  // A compile step (`tsc -p tsconfig.json && mocha dist/…`) runs before the runner: never left out.
  const compileSteps = found.leftOut.filter(isCompileStep);
  return { script: found.script, partsLeftOut: found.leftOut.filter((p) => !compileSteps.includes(p)), compileSteps };
}

/** The invocation for this workspace (tree = where it will run), or a no_test_runner error. */
export async function invocationFor(
  ctx: CapabilityContext,
  tree: string,
  reportFile: string,
  filters: TestFilters,
): Promise<TestInvocation & { partsLeftOut: string[]; compileSteps: string[] }> {
  const { script, partsLeftOut, compileSteps } = await runnableScriptOf(ctx);
  const planned = planInvocation(script, ctx.project.testRunner, tree, reportFile, filters);
  const invocation = planned && { ...planned, partsLeftOut, compileSteps };
  if (!invocation)
    throw new AgentdError(
      'no_test_runner',
      `No tests to run in "${ctx.workspace.root}": package.json has no "test" script and no mocha, vitest, jest or node:test use was found; add a "test" script.`,
    );
  if ((filters.files?.length || filters.title) && !invocation.perTest) {
    throw new AgentdError(
      'no_test_runner',
      `The "test" script (${JSON.stringify(script)}) is not one plain runner invocation, so agentd cannot pass it a file or title filter; run without "files"/"title", or make the script e.g. "mocha" or "node --test".`,
    );
  }
  return invocation;
}

export interface ExecutedRun {
  /** `partsLeftOut`: the parts of a compound test script that were not run (runnableScriptOf). */
  invocation: TestInvocation & { partsLeftOut: string[]; compileSteps: string[] };
  command: CommandResult;
  /** Null when the invocation gives no per-test report, or the run wrote none. */
  tests: TestCase[] | null;
  outputTail: string;
  /** Wall clock of the whole step part (copy, run, read), to compare with the command's own time. */
  totalMs: number;
}

/**
 * Copies the workspace, runs `wrap(invocation)` (the program and args started in the tree), reads the
 * report. `inspect(tree)` runs before the copy is removed (coverage reads c8's files there).
 */
export async function executeTests<T>(
  ctx: CapabilityContext,
  filters: TestFilters,
  timeoutMs: number,
  wrap: (invocation: TestInvocation, tree: string) => { program: string; args: string[] },
  inspect: (tree: string, run: ExecutedRun) => Promise<T>,
): Promise<{ run: ExecutedRun; extra: T }> {
  const started = Date.now();
  const tree = await copyWorkspaceTree(ctx.workspace.root, 'tests');
  try {
    await applyChangesToCopy(tree, ctx.workspace.changes());
    const reportFile = path.join(tree, REPORT_NAME);
    const invocation = await invocationFor(ctx, tree, reportFile, filters);
    if (invocation.runner && invocation.runner !== 'node:test' && !existsSync(invocation.program)) {
      throw new AgentdError(
        'no_test_runner',
        `The project uses ${invocation.runner} but it is not installed in the workspace (${path.relative(tree, invocation.program)} is missing); run "npm install" in the workspace first.`,
      );
    }
    for (const step of invocation.compileSteps) {
      ctx.progress(5, `building first: ${step}`);
      const built = await ctx.tools.runCommand(process.execPath, compileStepArgs(step, tree), { timeoutMs });
      if (built.exitCode !== 0)
        throw new AgentdError(
          'test_run_failed',
          `The test script's build step "${step}" failed with exit code ${built.exitCode}, so its tests could not run: ${`${built.stdout}\n${built.stderr}`
            .split('\n')
            .filter((l) => l.trim() !== '')
            .slice(-8)
            .join(' | ')
            .slice(0, 1500)}`,
        );
    }
    const { program, args } = wrap(invocation, tree);
    ctx.progress(10, `running ${invocation.label}`);
    const command = await ctx.tools.runCommand(process.execPath, [RUN_IN, tree, program, ...args], { timeoutMs });
    const tests = invocation.perTest ? await readCases(invocation, reportFile, tree) : null;
    const lines = `${command.stdout}\n${command.stderr}`
      .split('\n')
      .map((l) => l.trimEnd())
      .filter((l) => l.trim() !== '');
    const outputTail = lines.slice(-TAIL_LINES).join('\n').split(`${tree}/`).join('').split(tree).join('.');
    const run: ExecutedRun = {
      invocation: {
        ...invocation,
        program:
          path.isAbsolute(invocation.program) && invocation.program.startsWith(tree)
            ? path.relative(tree, invocation.program)
            : invocation.program,
        args: invocation.args.map((a) => a.split(tree).join('.')),
      },
      command,
      tests,
      outputTail,
      totalMs: 0,
    };
    const extra = await inspect(tree, run);
    run.totalMs = Date.now() - started;
    return { run, extra };
  } finally {
    await removeWorkspaceTree(tree);
  }
}

async function readCases(invocation: TestInvocation, reportFile: string, tree: string): Promise<TestCase[] | null> {
  let text: string;
  try {
    text = await readFile(reportFile, 'utf8');
  } catch {
    return null;
  }
  let cases: TestCase[];
  try {
    cases = parseReport(invocation.runner!, text, tree);
  } catch {
    return null;
  }
  if (invocation.runner === 'mocha') await addLines(cases, tree);
  await mapThroughSourceMaps(cases, tree);
  return cases;
}

/** mocha reports no line: the test's declaration is found by its title in its file. */
async function addLines(cases: TestCase[], tree: string): Promise<void> {
  const sources = new Map<string, string | null>();
  for (const test of cases) {
    if (test.line !== undefined || test.file === '?') continue;
    if (!sources.has(test.file)) sources.set(test.file, await readFile(path.join(tree, test.file), 'utf8').catch(() => null));
    const source = sources.get(test.file);
    const line = source ? lineOfTest(source, test.titlePath[test.titlePath.length - 1]!) : undefined;
    if (line !== undefined) test.line = line;
  }
}
