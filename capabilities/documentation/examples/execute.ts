/**
 * Runs the examples documentation.examples is about to write, before it writes them: each example
 * taken from a real call (never a signature placeholder, never JSX — there is no DOM to render into)
 * becomes a small ES module — its imports from the package's public specifiers, its setup lines, the
 * call, and the check of what the test asserted (`=> V`: deeply equal, `≈ V`: within 0.005, `throws E`:
 * throws, an instance of E or a message containing/matching it; no result: it must not throw). They run
 * in sandboxed children (run-examples.ts, through `ctx.tools.runCommand`, workspace read-only), each
 * example with its own instances of the workspace's modules (example-hooks.ts), so none depends on
 * state another left. An
 * example that fails is not written; one whose imports could not be loaded (a module the runner cannot
 * load, e.g. a declaration-only entry) is written as before and counted as not run.
 */
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import ts from 'typescript';
import { AgentdError, type CapabilityContext } from '../../../core/index.js';
import { toWorkspacePath, type LoadedProgram } from '../ts-program/load-program.js';
import type { FoundCall } from './calls.js';
import type { PublicName } from './exports.js';
import { exampleSet, type ExampleSet, type ExampleStyle } from './render.js';
import { RESULTS_MARKER, type ExampleJob, type ExampleRun } from './runner-protocol.js';

const RUNNER = fileURLToPath(new URL('./run-examples.js', import.meta.url));
const PER_EXAMPLE_MS = 5_000;
const MODULE_BUDGET = 20_000;

export interface ExampleOutcome {
  name: string;
  code: string;
  from: string;
  message: string;
}

export interface ExecutionReport {
  /** false: not run (no project-code permission, or nothing runnable); `reason` says why. */
  executed: boolean;
  reason?: string;
  /** Examples taken from real calls that could run (JSX and signature examples are not counted). */
  runnable: number;
  passed: number;
  failed: ExampleOutcome[];
  notRun: ExampleOutcome[];
}

const HELPERS = `
const __pick = (m, binding) => (binding === 'default' ? m.default : binding in m ? m[binding] : m.default?.[binding]);
const __plain = (v) => { try { return JSON.parse(JSON.stringify(v)); } catch { return undefined; } };
const __same = (a, b) => __isDeepStrictEqual(a, b) || (typeof a === 'object' && a !== null && typeof b === 'object' && b !== null && __plain(a) !== undefined && __isDeepStrictEqual(__plain(a), __plain(b)));
const __matches = (error, want) => {
  if (typeof want === 'function') return error instanceof want || error?.name === want.name;
  const message = String(error?.message ?? error);
  if (want instanceof RegExp) return want.test(message);
  if (typeof want === 'string') return message.includes(want);
  if (want && typeof want === 'object') return Object.entries(want).every(([k, v]) => __same(error?.[k], v));
  return true;
};
`;

function localOf(n: PublicName): string {
  return n.binding === 'default' ? n.name : n.binding;
}

function checkCode(call: FoundCall): string {
  const check = call.check!;
  switch (check.kind) {
    case 'none':
      return `${check.expr};`;
    case 'equal':
      return `const __actual = ${check.expr};\nconst __expected = (${check.value});\nif (!__same(__actual, __expected)) throw new Error(\`shows \${__inspect(__expected)}, returned \${__inspect(__actual)}\`);`;
    case 'close':
      return `const __actual = ${check.expr};\nconst __expected = (${check.value});\nif (!(Math.abs(__actual - __expected) < 0.005)) throw new Error(\`shows ≈ \${__expected}, returned \${__inspect(__actual)}\`);`;
    case 'throws':
      return `let __threw = false;\nlet __error;\ntry {\n${check.expr};\n} catch (error) {\n__threw = true;\n__error = error;\n}\nif (!__threw) throw new Error('shows a throw, but it did not throw');\n${
        check.value !== undefined
          ? `if (!__matches(__error, (${check.value}))) throw new Error(\`threw \${__inspect(__error)}, not what the example shows\`);`
          : ''
      }`;
  }
}

/** The example as a module whose default export runs it (TypeScript in, JavaScript out). */
export function exampleModule(self: PublicName, call: FoundCall, n: number): string {
  const names = new Map<string, PublicName>();
  for (const n of [self, ...call.uses]) names.set(localOf(n), n);
  const specifiers = [...new Set([...names.values()].map((n) => n.specifier))];
  // Tagged with the example's number: the runner gives each example its own module instances.
  const imports = specifiers.map((s, i) => `__m${i} = await import(${JSON.stringify(`agentd-example:${n}/${s}`)});`).join('\n');
  const bindings = [...names.entries()]
    .map(([local, n]) => `const ${local} = __pick(__m${specifiers.indexOf(n.specifier)}, ${JSON.stringify(n.binding)});`)
    .join('\n');
  const source = `import { inspect as __inspect, isDeepStrictEqual as __isDeepStrictEqual } from 'node:util';
${HELPERS}
export default async function () {
let ${specifiers.map((_, i) => `__m${i}`).join(', ')};
try {
${imports}
} catch (cause) {
throw Object.assign(new Error('the example could not be loaded'), { agentdExampleLoad: true, cause });
}
${bindings}
${call.setup.join('\n')}
${checkCode(call)}
}
`;
  return ts.transpileModule(source, {
    compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022, jsx: ts.JsxEmit.ReactJSX },
  }).outputText;
}

/**
 * The module's text with `type` before each re-exported name that is only a type (`export { Draft }
 * from './internal'` -> `export { type Draft } from './internal'`): transpiling one file alone cannot
 * tell, and a re-export of a type would fail to link at run time. The checker of the whole program can.
 */
export function withTypeOnlyExportsMarked(source: ts.SourceFile, checker: ts.TypeChecker): string {
  const inserts: number[] = [];
  for (const statement of source.statements) {
    if (!ts.isExportDeclaration(statement) || statement.isTypeOnly || !statement.exportClause || !ts.isNamedExports(statement.exportClause))
      continue;
    for (const element of statement.exportClause.elements) {
      if (element.isTypeOnly) continue;
      const alias = checker.getSymbolAtLocation(element.name);
      const target = alias && alias.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(alias) : alias;
      // Unresolved (a dependency not in the program): left as written.
      if (!target || !target.declarations?.length) continue;
      if ((target.flags & ts.SymbolFlags.Value) === 0) inserts.push(element.getStart(source));
    }
  }
  let text = source.text;
  for (const at of inserts.sort((a, b) => b - a)) text = `${text.slice(0, at)}type ${text.slice(at)}`;
  return text;
}

/** Runs every runnable example of `sets` and returns the sets without the failing ones, with the report. */
export async function executeExamples(
  sets: ExampleSet[],
  modules: Record<string, string>,
  loaded: LoadedProgram,
  style: ExampleStyle,
  ctx: CapabilityContext,
): Promise<{ sets: ExampleSet[]; report: ExecutionReport }> {
  const jobs: (ExampleJob & { set: number; call: FoundCall })[] = [];
  sets.forEach((set, i) => {
    const self = { name: set.callable.name, binding: set.callable.binding, specifier: set.callable.specifier };
    set.calls.forEach((call, j) => {
      if (call.check && !call.jsx) jobs.push({ id: `${i}:${j}`, js: exampleModule(self, call, jobs.length), set: i, call });
    });
  });
  const outcome = (job: (typeof jobs)[number], message: string): ExampleOutcome => ({
    name: sets[job.set]!.callable.name,
    code: job.call.code,
    from: `${job.call.file}:${job.call.line}`,
    message,
  });
  if (jobs.length === 0)
    return {
      sets,
      report: { executed: false, reason: 'no example from a real call to run', runnable: 0, passed: 0, failed: [], notRun: [] },
    };
  if (!ctx.permissions.projectCode)
    return {
      sets,
      report: {
        executed: false,
        reason: 'project code not allowed: running an example runs the package',
        runnable: jobs.length,
        passed: 0,
        failed: [],
        notRun: jobs.map((j) => outcome(j, 'project code not allowed')),
      },
    };
  const absolute = Object.fromEntries(Object.entries(modules).map(([s, file]) => [s, path.join(ctx.workspace.root, file)]));
  // The workspace's TypeScript modules as JavaScript, so the child never loads the compiler.
  const transpiled: Record<string, string> = {};
  for (const source of loaded.program.getSourceFiles()) {
    const file = toWorkspacePath(source.fileName);
    if (source.isDeclarationFile || !loaded.texts.has(file) || !/\.(ts|tsx|mts)$/.test(file)) continue;
    transpiled[path.join(ctx.workspace.root, file)] = ts.transpileModule(withTypeOnlyExportsMarked(source, loaded.checker), {
      fileName: file,
      compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022, jsx: ts.JsxEmit.ReactJSX, esModuleInterop: true },
    }).outputText;
  }
  // Each example loads its own copy of the workspace's modules: a child holds at most MODULE_BUDGET
  // module instances, so a package of 450 modules runs its examples 44 to a process.
  const moduleCount = Math.max(1, [...loaded.texts.keys()].filter((f) => /\.([cm]?[jt]sx?)$/.test(f) && !/\.d\.[cm]?ts$/.test(f)).length);
  const perChild = Math.max(1, Math.floor(MODULE_BUDGET / moduleCount));
  const runs: ExampleRun[] = [];
  for (let start = 0; start < jobs.length; start += perChild) {
    if (ctx.signal.aborted) throw new AgentdError('cancelled', 'documentation.examples was cancelled.');
    const batch = jobs.slice(start, start + perChild);
    const result = await ctx.tools.runCommand(process.execPath, [RUNNER], {
      stdin: JSON.stringify({
        modules: absolute,
        transpiled,
        root: ctx.workspace.root,
        examples: batch.map(({ id, js }) => ({ id, js })),
        timeoutMs: PER_EXAMPLE_MS,
      }),
      readOnlyWorkspace: true,
      timeoutMs: Math.min(300_000, 30_000 + batch.length * PER_EXAMPLE_MS),
    });
    const at = result.stdout.lastIndexOf(RESULTS_MARKER);
    if (at >= 0)
      runs.push(
        ...(JSON.parse(
          result.stdout
            .slice(at + RESULTS_MARKER.length)
            .trim()
            .split('\n')[0]!,
        ) as ExampleRun[]),
      );
    else
      runs.push(
        ...batch.map((j) => ({
          id: j.id,
          status: 'not-run' as const,
          message: `the example runner ended without results (exit code ${result.exitCode}${result.timedOut ? ', timed out' : ''}): ${result.stderr.split('\n').filter(Boolean).slice(0, 3).join(' | ').slice(0, 400)}`,
        })),
      );
  }
  const byId = new Map(runs.map((r) => [r.id, r]));
  const failed = new Set<FoundCall>();
  const report: ExecutionReport = { executed: true, runnable: jobs.length, passed: 0, failed: [], notRun: [] };
  for (const job of jobs) {
    const run = byId.get(job.id) ?? { id: job.id, status: 'not-run' as const, message: 'no result' };
    if (run.status === 'pass') report.passed += 1;
    else if (run.status === 'fail') {
      failed.add(job.call);
      report.failed.push(outcome(job, run.message ?? ''));
    } else report.notRun.push(outcome(job, run.message ?? ''));
  }
  if (failed.size === 0) return { sets, report };
  const kept = sets.map((set) =>
    set.calls.some((c) => failed.has(c))
      ? exampleSet(
          set.callable,
          set.calls.filter((c) => !failed.has(c)),
          style,
        )
      : set,
  );
  return { sets: kept, report };
}
