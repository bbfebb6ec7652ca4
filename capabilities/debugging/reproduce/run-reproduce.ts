/**
 * debugging.reproduce's work, loaded on first use (see ../reproduce.ts): the call the report is about
 * (structured `call`, else read from the report; a stack trace is located by debugging.diagnose), one
 * test in the project's runner asserting the behaviour the report expects, run through testing.run in
 * the sandbox, and staged only when it fails now and its failure is the one reported.
 */
import path from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import {
  AgentdError,
  CapabilityError,
  dataOf,
  type CapabilityContext,
  type StepResult,
  type TestCase,
  type TestRunnerName,
} from '../../../core/index.js';
import { renderTestFile, titleOf, type ExpectedCase } from '../../testing/unit/render-tests.js';
import { errorTextOf, type ErrorInput } from '../explain/error-input.js';
import { readLiteral, shownValue, type Literal } from './literals.js';
import { readReport, type ReadReport } from './read-report.js';

export interface ReproduceInput extends ErrorInput {
  report?: string;
  call?: { module: string; export: string; args: unknown[]; expected?: unknown; actual?: unknown; throws?: string };
  timeoutMs?: number;
}

const JS_MODULE = /\.[cm]?js$/;
const TEST_FILE = /(^|\/)(test|tests|__tests__|spec)\/|\.(test|spec)\.[cm]?[jt]sx?$/;
const STACK = /^\s*at\s.+:\d+:\d+\)?\s*$|@\S+:\d+:\d+\s*$/m;

interface Frame {
  file: string;
  fn?: string;
  inWorkspace: boolean;
  generated?: { file: string };
}

/** A project frame and the JavaScript module that ran it (null when none is found). */
type RanFrame = Frame & { ran: string | null };

interface Target {
  module: string;
  fn: string;
  args: unknown[];
  expected: Literal | null;
  actual: Literal | null;
  thrown: { name: string | null; message: string | null } | null;
  /** Where the module and function came from, for the summary. */
  located: string;
}

const escape = (name: string): string => name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const exports = (source: string, fn: string): boolean =>
  new RegExp(
    `export\\s+(?:default\\s+)?(?:async\\s+)?(?:function\\*?|const|let|var)\\s+${escape(fn)}\\b|export\\s*\\{[^}]*\\b${escape(fn)}\\b|(?:module\\.)?exports\\.${escape(fn)}\\s*=|module\\.exports\\s*=\\s*\\{[^}]*\\b${escape(fn)}\\b`,
  ).test(source);
const squash = (text: string): string => text.replace(/\s+/g, ' ').trim();

/** Plain JSON data (and a top-level undefined argument): what the generated test can write as a literal. */
function writable(value: unknown, top = true): boolean {
  if (value === undefined) return top;
  if (typeof value === 'number') return Number.isFinite(value) && !Object.is(value, -0);
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return true;
  if (Array.isArray(value)) return value.every((v) => writable(v, false));
  return typeof value === 'object' && Object.values(value as object).every((v) => writable(v, false));
}

function reportOf(input: ReproduceInput, ctx: CapabilityContext): string | null {
  if (input.report?.trim()) return input.report;
  return errorTextOf(input, ctx);
}

/** debugging.diagnose's project frames for a stack trace (the function names and the files they ran in). */
async function diagnosedFrames(ctx: CapabilityContext, report: string, input: ReproduceInput): Promise<RanFrame[]> {
  const diagnosis = await ctx.invoke('debugging.diagnose', {
    error: report,
    ...(input.include ? { include: input.include } : {}),
    ...(input.exclude ? { exclude: input.exclude } : {}),
  });
  const data = dataOf(diagnosis.data) as { frames?: Frame[] } | undefined;
  const frames = (data?.frames ?? []).filter((f) => f.inWorkspace);
  const compiled = frames.some((f) => !f.generated && !JS_MODULE.test(f.file)) ? await compiledSources(ctx) : new Map<string, string>();
  return frames.map((f) => ({ ...f, ran: f.generated?.file ?? (JS_MODULE.test(f.file) ? f.file : (compiled.get(f.file) ?? null)) }));
}

/**
 * A stack Node already mapped to the TypeScript source (--enable-source-maps) names no .js file: the
 * project's source maps say which compiled module each source became (source -> the map's .js).
 */
async function compiledSources(ctx: CapabilityContext): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  const maps = (await ctx.workspace.list({ extensions: ['.map'] })).filter(
    (f) => /\.[cm]?js\.map$/.test(f) && !f.includes('node_modules/'),
  );
  for (const { path: mapPath, content } of (await ctx.workspace.readMany(maps)).files) {
    let map: { sources?: unknown; sourceRoot?: unknown };
    try {
      map = JSON.parse(content) as typeof map;
    } catch {
      continue;
    }
    const root = typeof map.sourceRoot === 'string' ? map.sourceRoot : '';
    for (const source of Array.isArray(map.sources) ? map.sources : []) {
      if (typeof source !== 'string') continue;
      const file = path.posix.normalize(path.posix.join(path.posix.dirname(mapPath), root, source));
      if (!out.has(file)) out.set(file, mapPath.replace(/\.map$/, ''));
    }
  }
  return out;
}

/** The JavaScript module that exports `fn`: the one given, else the frames', else those debugging.diagnose finds declaring it. */
async function moduleOf(ctx: CapabilityContext, fn: string, given: string | undefined, frames: RanFrame[]): Promise<string> {
  if (given) {
    if (!(await ctx.workspace.exists(given))) throw new AgentdError('invalid_input', `file: ${given} does not exist in the workspace.`);
    if (!JS_MODULE.test(given))
      throw new AgentdError(
        'invalid_input',
        `file: ${given} is not a JavaScript module; the reproducing test imports the module that runs (TypeScript modules are not run yet: docs/debugging.md). Name the compiled .js file.`,
      );
    if (!exports(await ctx.workspace.read(given), fn)) throw new AgentdError('invalid_input', `file: ${given} does not export ${fn}.`);
    return given;
  }
  const ran = [...new Set(frames.map((f) => f.ran).filter((f): f is string => f !== null))];
  const candidates = ran.length > 0 ? ran : await declaringModules(ctx, fn);
  const exporting: string[] = [];
  for (const file of candidates) if (exports(await ctx.workspace.read(file), fn)) exporting.push(file);
  if (exporting.length === 1) return exporting[0]!;
  if (exporting.length === 0)
    throw new AgentdError(
      'invalid_input',
      `symbol: no JavaScript module of the project exports ${fn}${candidates.length ? ` (looked in ${candidates.slice(0, 5).join(', ')})` : ''}; pass \`file\` or \`call.module\`.`,
    );
  throw new AgentdError('invalid_input', `file: ${exporting.join(', ')} all export ${fn}; say which one with \`file\` or \`call.module\`.`);
}

async function declaringModules(ctx: CapabilityContext, fn: string): Promise<string[]> {
  let declarations: { file: string }[] = [];
  try {
    const read = await ctx.invoke('debugging.diagnose', { symbol: fn });
    declarations = (dataOf(read.data) as { declarations?: { file: string }[] } | undefined)?.declarations ?? [];
  } catch (error) {
    if (!(error instanceof AgentdError && error.code === 'invalid_input')) throw error;
  }
  return [...new Set(declarations.map((d) => d.file))].filter((f) => JS_MODULE.test(f) && !TEST_FILE.test(f));
}

async function targetOf(input: ReproduceInput, ctx: CapabilityContext): Promise<Target> {
  if (input.call) {
    const { call } = input;
    const thrownText = call.throws ? (/^([A-Z][\w$]*(?:Error|Exception)):\s*(.*)$/.exec(call.throws) ?? null) : null;
    return {
      module: await moduleOf(ctx, call.export, call.module, []),
      fn: call.export,
      args: call.args,
      expected: 'expected' in call ? { value: call.expected } : null,
      actual: 'actual' in call ? { value: call.actual } : null,
      thrown: call.throws
        ? thrownText
          ? { name: thrownText[1]!, message: thrownText[2] || null }
          : { name: null, message: call.throws }
        : null,
      located: 'the call given',
    };
  }
  const report = reportOf(input, ctx);
  if (!report)
    throw new AgentdError(
      'invalid_input',
      'debugging.reproduce needs a bug report: pass `report` (a stack trace and/or "f(x) returns A but should return B" / "f(x) throws TypeError: …") or a structured `call`.',
    );
  const read: ReadReport = readReport(report, input.symbol);
  const frames: RanFrame[] = STACK.test(report) ? await diagnosedFrames(ctx, report, input) : [];
  const framed = frames.map((f) => ({ ...f, name: f.fn?.split('.').pop() })).filter((f) => f.name && f.name !== '<anonymous>');
  let fn = input.symbol ?? read.call?.fn ?? null;
  let located = read.call ? 'the call in the report' : 'the symbol given';
  let fnFrames = frames;
  if (!fn) {
    // The innermost project frame whose module exports its function: the failing function the report's input goes to.
    for (const frame of framed) {
      const file = frame.ran;
      if (file && (await ctx.workspace.exists(file)) && exports(await ctx.workspace.read(file), frame.name!)) {
        fn = frame.name!;
        fnFrames = [frame];
        located = `the stack trace (debugging.diagnose: ${frame.file})`;
        break;
      }
    }
  } else if (frames.length > 0) {
    fnFrames = framed.filter((f) => f.name === fn);
  }
  if (!fn)
    throw new AgentdError(
      'invalid_input',
      'report: it names no function to call — write the call ("invoiceTotal({ lines: [] }) throws …"), pass `symbol`, or a stack trace through an exported function.',
    );
  const callArgs = read.call && read.call.fn === fn ? read.call.args : read.args;
  if (!callArgs)
    throw new AgentdError(
      'invalid_input',
      `report: it gives no input for ${fn}; write the call with its arguments as literals ("${fn}({ lines: [] }) returns …") or pass \`call.args\`.`,
    );
  return {
    module: await moduleOf(ctx, fn, input.file, fnFrames),
    fn,
    args: callArgs,
    expected: read.expected,
    actual: read.actual,
    thrown: read.thrown,
    located,
  };
}

function testPathOf(target: Target, existingTests: string[], esm: boolean, moduleSystem: string, taken: (p: string) => boolean): string {
  const dir = existingTests.length > 0 ? path.posix.dirname(existingTests[0]!) : 'test';
  const ext = esm && moduleSystem !== 'esm' ? 'mjs' : 'js';
  // The project's own suffix (`.spec.js` when its tests are specs), so its test script's glob finds the file.
  const suffix = existingTests.length > 0 && /\.spec\.[cm]?[jt]sx?$/.test(existingTests[0]!) ? 'spec' : 'test';
  const base = `${dir}/${target.fn}.reproduce.${suffix}`;
  for (let n = 1; ; n += 1) {
    const candidate = n === 1 ? `${base}.${ext}` : `${base}-${n}.${ext}`;
    if (!taken(candidate)) return candidate;
  }
}

/** What the report said happened, in words (for the summaries). */
function reportedBehaviour(t: Target): string {
  if (t.thrown) return `throws ${[t.thrown.name, t.thrown.message].filter(Boolean).join(': ')}`;
  if (t.actual) return `returns ${shownValue(t.actual.value)}`;
  return `does not return ${shownValue(t.expected!.value)}`;
}

/** Whether the failure is the reported one: the thrown error's message, else the reported actual value. */
function matches(t: Target, failed: TestCase): boolean {
  const message = squash(failed.message ?? '');
  if (t.thrown) {
    if (t.thrown.message) {
      const reported = squash(t.thrown.message);
      // The runner's message is its first lines, cut at 300 characters (core/test-runs): a long one is compared by its start.
      return message.includes(reported) || (message.length >= 280 && reported.length > 80 && message.includes(reported.slice(0, 80)));
    }
    // Only the error's name was reported: a value assertion is not it; the error itself is (doesNotThrow says "Got unwanted exception").
    return failed.actual === undefined || /unwanted exception/i.test(message);
  }
  const isValue = failed.actual !== undefined || /to be strictly (?:deep-)?equal/i.test(message);
  if (!isValue) return false;
  if (!t.actual) return true;
  const reported = t.actual.value;
  if (failed.actual !== undefined) {
    if (failed.actual === shownValue(reported)) return true;
    try {
      if (writable(reported) && isDeepStrictEqual(JSON.parse(failed.actual), reported)) return true;
    } catch {
      // not JSON: the runner's own rendering, compared as text below
    }
    const parsedActual = readLiteral(failed.actual);
    if (parsedActual && isDeepStrictEqual(parsedActual.value, reported)) return true;
  }
  return message.includes(`${shownValue(reported)} !==`);
}

function whatHappened(failed: TestCase): string {
  // doesNotThrow's "actual" is the error object ({} as JSON): its message already says what was thrown; node's
  // "NaN !== 0" already says both values (and a reporter's JSON would show NaN as null).
  const values =
    failed.actual !== undefined && !/unwanted exception| !== /i.test(failed.message ?? '')
      ? ` (actual ${failed.actual}, expected ${failed.expected ?? '?'})`
      : '';
  return `${failed.message ?? 'no message'}${values}`;
}

/** The call, its module and the behaviour to assert, or invalid_input saying what the report lacks. */
async function understood(options: ReproduceInput, ctx: CapabilityContext): Promise<Target> {
  const target = await targetOf(options, ctx);
  if (!target.expected && !target.thrown)
    throw new AgentdError(
      'invalid_input',
      `report: it says neither what ${target.fn} should return ("should return 6", "expected 6") nor what it throws ("throws TypeError: …"), so there is no behaviour to assert.`,
    );
  if (!target.args.every((a) => writable(a)) || (target.expected && !writable(target.expected.value, false)))
    throw new AgentdError(
      'invalid_input',
      'call: the arguments and the expected value must be plain JSON data (numbers, strings, booleans, null, arrays, objects) to be written into the test.',
    );
  return target;
}

export async function runReproduce(input: ReproduceInput, ctx: CapabilityContext): Promise<StepResult> {
  const options = input ?? {};
  let target: Target;
  try {
    target = await understood(options, ctx);
  } catch (error) {
    // A plan's step carries only the task's text (`error`/`description`): what it lacks is said and the step
    // reported not run (the job ends incomplete, later steps still run); a `report` or `call` given is refused.
    if (!(error instanceof AgentdError && error.code === 'invalid_input') || options.report || options.call) throw error;
    return {
      summary: `No failing test was written: ${error.message} Paste the report with the call, e.g. "reproduce: invoiceTotal({ lines: [] }) returns 0 but should return 5".`,
      data: { reproduced: false },
      notRun: [{ part: 'reproduction', reason: 'the task does not say which call to make and what it should do' }],
    };
  }
  const runner: TestRunnerName = ctx.project.testRunner === 'none' ? 'node:test' : ctx.project.testRunner;
  const esm = ctx.project.moduleSystem === 'esm' || target.module.endsWith('.mjs');
  const existing = (await ctx.workspace.list({ extensions: ['.js', '.mjs', '.cjs', '.ts'] })).filter((f) => TEST_FILE.test(f));
  const all = new Set(await ctx.workspace.list());
  const testFile = testPathOf(target, existing, esm, ctx.project.moduleSystem, (p) => all.has(p));
  const expectedCase: ExpectedCase = {
    fn: target.fn,
    args: target.args,
    outcome: target.expected ? { kind: 'returns', value: target.expected.value } : { kind: 'does-not-throw' },
  };
  const callText = `${target.fn}(${target.args.map(shownValue).join(', ')})`;
  const content = await ctx.tools.format(
    testFile,
    renderTestFile({
      runner,
      esm,
      testPath: testFile,
      modulePath: target.module,
      sourcePath: target.module,
      cases: [expectedCase],
      header: `Generated by agentd debugging.reproduce: reproduces the reported bug (${callText} ${reportedBehaviour(target)}); it fails until the bug is fixed.`,
    }),
  );
  const base = {
    module: target.module,
    function: target.fn,
    args: target.args,
    testFile,
    test: titleOf(expectedCase),
    runner,
    located: target.located,
  };
  const reported = {
    ...(target.expected ? { expected: target.expected.value } : {}),
    ...(target.actual ? { actual: target.actual.value } : {}),
    ...(target.thrown ? { thrown: target.thrown } : {}),
  };
  if (!ctx.permissions.projectCode) {
    return {
      summary: `Not reproduced: the test for ${callText} in ${testFile} was written but not run (running it runs the project's code); allow project code for this workspace to run it. Nothing was staged.`,
      data: { ...base, reported, reproduced: false, projectCode: false, content },
      notRun: [{ part: 'reproduction', reason: "project code not allowed (the test calls the project's function)" }],
    };
  }
  await ctx.workspace.write(testFile, content);
  const result = await ctx.invoke('testing.run', { files: [testFile], ...(options.timeoutMs ? { timeoutMs: options.timeoutMs } : {}) });
  const tests = ((dataOf(result.data) as { tests?: TestCase[] } | undefined)?.tests ?? []).filter((t) => t.file === testFile);
  const mine = tests[0];
  if (!mine) {
    await ctx.workspace.delete(testFile);
    throw new AgentdError('test_run_failed', `The reproducing test ${testFile} did not run: ${result.summary}`);
  }
  if (mine.status === 'passed') {
    await ctx.workspace.delete(testFile);
    const did = target.expected ? `returned ${shownValue(target.expected.value)} as expected` : 'did not throw';
    throw new CapabilityError(
      'reproduce_not_reproduced',
      `The reported behaviour did not occur: ${callText} ${did} (${runner} ran ${testFile}; the report says it ${reportedBehaviour(target)}). Nothing was staged.`,
    );
  }
  if (!matches(target, mine)) {
    await ctx.workspace.delete(testFile);
    throw new CapabilityError(
      'reproduce_different_failure',
      `The test fails, but not for the reported reason: the report says ${callText} ${reportedBehaviour(target)}; the test failed with: ${whatHappened(mine)}. Nothing was staged.`,
    );
  }
  return {
    summary: `Reproduced: ${testFile} fails with ${whatHappened(mine)} — ${callText} ${reportedBehaviour(target)} (${runner}; module ${target.module}, found from ${target.located}). It should pass once the bug is fixed.`,
    findings: [
      {
        ruleId: 'debugging/reproduced',
        severity: 'high',
        file: testFile,
        range: { startLine: mine.line ?? 1, startColumn: 1, endLine: mine.line ?? 1, endColumn: 1 },
        message: `Reproduces the reported bug: ${callText} ${reportedBehaviour(target)}; fails with ${whatHappened(mine)}`.slice(0, 1000),
      },
    ],
    data: {
      ...base,
      reported,
      reproduced: true,
      failure: {
        message: mine.message ?? null,
        expected: mine.expected ?? null,
        actual: mine.actual ?? null,
        failureAt: mine.failureAt ?? null,
      },
    },
  };
}
