/**
 * testing.unit: characterization tests for a module's exported functions, feedback-directed, no
 * language model. Argument candidates come from the function's own code (unit/candidates.ts); the
 * module is loaded in the sandbox and each call made three times (core/test-runs/probe-exports.ts);
 * calls whose result is plain data (or whose error is an Error) and the same every time are kept, one
 * per distinct outcome; the test file is written in the project's runner and module system, staged,
 * and run three times in the project's own runner (testing.run's invocation) — tests that do not pass
 * every time are dropped; the file is staged only when what is left passes three runs. Needs the
 * project-code permission (loading the module runs it); without it nothing is generated (notRun).
 */
import path from 'node:path';
import {
  AgentdError,
  TEST_RUNNER_NAMES,
  PROBE_EXPORTS,
  type CapabilityContext,
  type CapabilityMeta,
  type JSONSchema,
  type StepResult,
  type TestRunnerName,
} from '../../core/index.js';
import { exportedFunctionNodes } from './gaps/exported-functions.js';
import { runRepeatedly } from './run/repeat-runs.js';
import { testScriptOf } from './run/execute-tests.js';
import { candidatesOf } from './unit/candidates.js';
import { renderTestFile, titleOf, type ObservedCase } from './unit/render-tests.js';
import { PLANNING } from './unit/planning.js';

const DEFAULT_CASES = 6;
const RUNS = 3;
const TEST_FILE = /(^|\/)(test|tests|__tests__|spec)\/|\.(test|spec)\.[cm]?[jt]sx?$/;
const MARKER = '@@agentd-probe@@';
const MAX_MODULES = 20;
const NOT_SOURCE = /(^|\/)(coverage|dist|build|fixtures|node_modules)\/|(^|\/)\.|\.config\.[cm]?js$/;

/** The modules whose source exports `symbol` (a cheap text check before parsing). */
async function declaring(ctx: CapabilityContext, files: string[], symbol: string): Promise<string[]> {
  const name = symbol.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const pattern = new RegExp(
    `export\\s+(?:default\\s+)?(?:async\\s+)?(?:function\\*?|const|let|var)\\s+${name}\\b|export\\s*\\{[^}]*\\b${name}\\b`,
  );
  return (await ctx.workspace.readMany(files)).files
    .filter((f) => pattern.test(f.content))
    .map((f) => f.path)
    .slice(0, MAX_MODULES);
}

interface UnitInput {
  include?: string[];
  symbol?: string;
  runner?: TestRunnerName | 'playwright';
  maxCasesPerFunction?: number;
  timeoutMs?: number;
}

export const meta: CapabilityMeta = {
  id: 'testing.unit',
  group: 'testing',
  title: 'Unit tests',
  description:
    "Generates characterization unit tests for a JavaScript module's exported functions in the project's runner: argument candidates from the function's code, calls observed in the sandbox three times, deterministic plain-data results and errors asserted, and the file kept only when its tests pass three runs of the project's runner.",
  version: '1.0.0',
  inputSchema: {
    type: 'object',
    properties: {
      include: { type: 'array', items: { type: 'string', minLength: 1 }, minItems: 1, maxItems: 20 },
      symbol: { type: 'string', minLength: 1, maxLength: 200 },
      runner: { enum: [...TEST_RUNNER_NAMES, 'playwright'] },
      maxCasesPerFunction: { type: 'integer', minimum: 1, maximum: 20 },
      timeoutMs: { type: 'integer', minimum: 1000, maximum: 3_600_000 },
    },
    additionalProperties: false,
  } satisfies JSONSchema,
  writes: true,
  projectCode: {
    runs: "the module's exported functions (to observe them) and the generated tests in the project's runner",
    without: 'generates nothing; the generation is reported as not run',
  },
  planning: PLANNING,
};

type Probed = ObservedCase['outcome'] | { kind: 'skip'; reason: string };

export async function run(input: UnitInput, ctx: CapabilityContext): Promise<StepResult> {
  const options = input ?? {};
  if (!options.include && !options.symbol) {
    // A plan's "create tests" step for code another step has not written yet names no module: nothing to observe.
    return {
      summary: 'No tests were generated: name the module (include) or the exported function (symbol) to write tests for.',
      data: { generated: false },
      notRun: [{ part: 'generation', reason: 'no module or function named (include, symbol)' }],
    };
  }
  // Without `include`, the modules that export `symbol`.
  const listed = (await ctx.workspace.list({ include: options.include, extensions: ['.js', '.mjs', '.cjs'] })).filter(
    (f) => !TEST_FILE.test(f) && !NOT_SOURCE.test(f),
  );
  const files = options.include ? listed.slice(0, MAX_MODULES) : await declaring(ctx, listed, options.symbol!);
  // The input names nothing this capability can observe: the input's problem, not a missing test runner.
  if (files.length === 0) {
    const field = options.include ? 'include' : 'symbol';
    throw new AgentdError(
      'invalid_input',
      `${field}: No JavaScript module matches ${JSON.stringify(options.include ?? options.symbol)} (TypeScript modules are not probed yet: docs/testing.md).`,
    );
  }
  if (!ctx.permissions.projectCode) {
    return {
      summary: `No tests were generated: testing.unit observes ${files.join(', ')} by running its exports, which is the project's code; allow project code for this workspace to generate them.`,
      data: { files, generated: false, projectCode: false },
      notRun: [{ part: 'generation', reason: "project code not allowed (the module's exports are called to observe them)" }],
    };
  }
  const runner = pickRunner(options.runner, ctx);
  const script = await testScriptOf(ctx);
  // A project without a runner gets node:test and a "test" script (staged first: the verification runs it).
  const usesNodeTestWithoutScript = runner === 'node:test' && !script;
  if (usesNodeTestWithoutScript) await addTestScript(ctx);
  const parsed = await ctx.tools.parseMany(files);
  const existingTests = (await ctx.workspace.list({ extensions: ['.js', '.mjs', '.cjs', '.ts'] })).filter((f) => TEST_FILE.test(f));
  const testDir = existingTests.length > 0 ? path.posix.dirname(existingTests[0]!) : 'test';
  const generated: {
    file: string;
    testFile: string;
    tests: number;
    functions: Record<string, { kept: number; skipped: Record<string, number> }>;
  }[] = [];
  let runsSummary: { passed: number; failed: number }[] = [];
  for (const file of parsed.files) {
    const functions = exportedFunctionNodes(file.tree).filter((f) => !options.symbol || f.info.name === options.symbol);
    const calls: { fn: string; name?: string; args: unknown[] }[] = [];
    for (const { info, node } of functions)
      for (const args of candidatesOf(node)?.calls ?? [])
        calls.push(info.isDefault ? { fn: 'default', name: info.name, args } : { fn: info.name, args });
    if (calls.length === 0) continue;
    ctx.progress(10, `observing ${file.path}`);
    const probed = await probe(ctx, file.path, calls, options.timeoutMs);
    const report: Record<string, { kept: number; skipped: Record<string, number> }> = {};
    let cases = selectCases(calls, probed, options.maxCasesPerFunction ?? DEFAULT_CASES, report);
    if (cases.length === 0) continue;
    const esm = ctx.project.moduleSystem === 'esm' || file.path.endsWith('.mjs');
    const testFile = `${testDir}/${path.posix.basename(file.path).replace(/\.[cm]?js$/, '')}.generated.test.${esm && ctx.project.moduleSystem !== 'esm' ? 'mjs' : 'js'}`;
    const render = (): string => renderTestFile({ runner, esm, testPath: testFile, modulePath: file.path, sourcePath: file.path, cases });
    await ctx.workspace.write(testFile, render());
    // Runs in the project's runner; a test that fails in any run is dropped and the rest run three times again.
    for (let round = 0; round < 2; round += 1) {
      const repeated = await runRepeatedly(ctx, testFile, { times: RUNS, timeoutMs: options.timeoutMs ?? 300_000 });
      runsSummary = repeated.runs;
      const failing = repeated.failing;
      if (failing.size === 0) break;
      cases = cases.filter((c) => !failing.has(titleOf(c)));
      if (cases.length === 0 || round === 1) {
        await ctx.workspace.delete(testFile);
        cases = [];
        break;
      }
      await ctx.workspace.write(testFile, render());
    }
    if (cases.length === 0) continue;
    generated.push({ file: file.path, testFile, tests: cases.length, functions: report });
  }
  if (generated.length === 0)
    throw new AgentdError(
      'test_run_failed',
      `No test could be generated for ${files.join(', ')}: no exported function gave a deterministic, plain-data result for the candidates derived from its code (or the generated tests did not pass three runs).`,
    );
  const total = generated.reduce((n, g) => n + g.tests, 0);
  return {
    summary: `Generated ${total} characterization test(s) in ${generated.map((g) => `${g.testFile} (${g.tests})`).join(', ')} for ${runner}; every one passed ${RUNS} runs of the project's runner.${usesNodeTestWithoutScript ? ' Added a "test" script (node --test), as the project had no runner.' : ''}`,
    data: { runner, generated, runs: runsSummary },
  };
}

function pickRunner(asked: UnitInput['runner'], ctx: CapabilityContext): TestRunnerName {
  if (asked && asked !== 'playwright') return asked;
  return ctx.project.testRunner === 'none' ? 'node:test' : ctx.project.testRunner;
}

async function probe(
  ctx: CapabilityContext,
  file: string,
  calls: { fn: string; args: unknown[] }[],
  timeoutMs: number | undefined,
): Promise<Probed[]> {
  const result = await ctx.tools.runCommand(process.execPath, [PROBE_EXPORTS, path.join(ctx.workspace.root, file)], {
    stdin: JSON.stringify(calls),
    readOnlyWorkspace: true,
    timeoutMs: timeoutMs ?? 60_000,
  });
  const at = result.stdout.lastIndexOf(MARKER);
  if (at < 0)
    throw new AgentdError(
      'test_run_failed',
      `Loading ${file} to observe its exports failed (exit code ${result.exitCode}): ${result.stderr.split('\n').filter(Boolean).slice(0, 4).join(' | ').slice(0, 800)}`,
    );
  return JSON.parse(result.stdout.slice(at + MARKER.length).trim()) as Probed[];
}

/** One call per distinct outcome per function, returns first; an error a wrong argument type causes (TypeError) is not a behaviour worth pinning. */
function selectCases(
  calls: { fn: string; name?: string; args: unknown[] }[],
  probed: Probed[],
  max: number,
  report: Record<string, { kept: number; skipped: Record<string, number> }>,
): ObservedCase[] {
  const chosen: ObservedCase[] = [];
  const seen = new Set<string>();
  const order = calls.map((call, i) => ({ call, outcome: probed[i]! })).sort((a, b) => rank(a.outcome) - rank(b.outcome));
  for (const { call, outcome } of order) {
    const entry = (report[call.fn] ??= { kept: 0, skipped: {} });
    if (outcome.kind === 'skip' || (outcome.kind === 'throws' && outcome.name === 'TypeError')) {
      const reason = outcome.kind === 'skip' ? outcome.reason : 'TypeError (argument of the wrong type)';
      entry.skipped[reason] = (entry.skipped[reason] ?? 0) + 1;
      continue;
    }
    const key = `${call.fn}\0${JSON.stringify(outcome)}`;
    // The last place of each function is kept for an error it throws on purpose (a RangeError on a negative quantity).
    const throwsLater =
      outcome.kind === 'returns' &&
      entry.kept === max - 1 &&
      order.some((o) => o.call.fn === call.fn && o.outcome.kind === 'throws' && o.outcome.name !== 'TypeError');
    if (seen.has(key) || entry.kept >= max || throwsLater) continue;
    seen.add(key);
    entry.kept += 1;
    chosen.push({ fn: call.fn, ...(call.name ? { name: call.name } : {}), args: call.args, outcome });
  }
  // Back in the order the calls were derived (the function's own literals first).
  return chosen.sort(
    (a, b) => calls.findIndex((c) => c.fn === a.fn && c.args === a.args) - calls.findIndex((c) => c.fn === b.fn && c.args === b.args),
  );
}

function rank(outcome: Probed): number {
  return outcome.kind === 'returns' ? 0 : outcome.kind === 'throws' ? 1 : 2;
}

async function addTestScript(ctx: CapabilityContext): Promise<void> {
  if (!(await ctx.workspace.exists('package.json'))) {
    await ctx.workspace.write('package.json', `${JSON.stringify({ private: true, scripts: { test: 'node --test' } }, null, 2)}\n`);
    return;
  }
  const pkg = JSON.parse(await ctx.workspace.read('package.json')) as { scripts?: Record<string, string> };
  pkg.scripts = { ...(pkg.scripts ?? {}), test: 'node --test' };
  await ctx.workspace.write('package.json', `${JSON.stringify(pkg, null, 2)}\n`);
}
