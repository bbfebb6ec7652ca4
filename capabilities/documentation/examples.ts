/**
 * documentation.examples: usage examples of the public API taken from real calls — the project's
 * tests first (with the result each test asserts: `add(2, 3); // => 5`), then its other modules —
 * matched to each exported function and class by the TypeScript checker (whatever name a file imported
 * it under) and written under the package's public names with the import to use. An export nothing
 * calls with standalone arguments gets a call built from its signature, marked "from the signature".
 * Written to docs/examples.md as one marked region per export (text outside kept), or with
 * `target: "tsdoc"` as `@example` blocks in the exports' doc comments (comments only). Staged through
 * the workspace. With the project-code permission every example from a real call is run first in a
 * sandboxed child (examples/execute.ts); one that fails is not written.
 */
import ts from 'typescript';
import type { CapabilityContext, CapabilityMeta, StepResult } from '../../core/index.js';
import { AgentdError, nameSchema, pathSchema } from '../../core/index.js';
import { findEntryPoints, moduleEntryPoints, type EntryPoint } from './api/entry-points.js';
import { CallFinder, type FoundCall } from './examples/calls.js';
import { publicApi, type CallableExport } from './examples/exports.js';
import { exampleSet, header, section, withExampleTags, type ExampleSet, type ExampleStyle } from './examples/render.js';
import { executeExamples, type ExecutionReport } from './examples/execute.js';
import { onlyCommentsChanged } from './inline/comments-only.js';
import { mergeSections } from './readme/regions.js';
import { loadProgram, toProgramPath, toWorkspacePath } from './ts-program/load-program.js';
import { PLANNING } from './examples/planning.js';
import { inProjectStyle } from './markdown-style/project-style.js';

export interface ExamplesInput {
  target?: 'markdown' | 'tsdoc';
  out?: string;
  symbol?: string;
  subjects?: string[];
}

export const meta: CapabilityMeta = {
  id: 'documentation.examples',
  group: 'documentation',
  title: 'Usage examples',
  description:
    "Usage examples of the public API from real calls in the project's tests (with the results they assert) and code, matched to each export by the TypeScript checker; written to docs/examples.md by marked regions or as @example blocks in the doc comments.",
  version: '1.0.0',
  inputSchema: {
    type: 'object',
    additionalProperties: false,
    properties: {
      target: {
        type: 'string',
        enum: ['markdown', 'tsdoc'],
        description: 'markdown (default): a section per export in `out`; tsdoc: an @example block in each export’s doc comment.',
      },
      out: pathSchema('The Markdown file for target markdown (default docs/examples.md).'),
      symbol: nameSchema('Give examples for this exported name only (e.g. parseDate, text.slugify).'),
      subjects: {
        type: 'array',
        maxItems: 100,
        items: nameSchema(),
        description: 'Names of the parts a build step made; only exports whose name or file contains one get examples.',
      },
    },
  },
  writes: true,
  projectCode: {
    runs: 'each example taken from a real call, before it is written: its imports resolved to the entry modules (TypeScript transpiled), in one sandboxed child process',
    without: 'writes the examples unrun (their results are the ones the tests assert) and reports the run as not done',
  },
  planning: PLANNING,
};

function keep(callable: CallableExport, input: ExamplesInput): boolean {
  if (input.symbol && callable.name !== input.symbol && callable.name.split('.').pop() !== input.symbol) return false;
  if (input.subjects?.length) {
    const hay = `${callable.name} ${callable.file}`.toLowerCase();
    if (!input.subjects.some((s) => hay.includes(s.toLowerCase()))) return false;
  }
  return true;
}

export async function run(input: ExamplesInput, ctx: CapabilityContext): Promise<StepResult> {
  const target = input.target ?? 'markdown';
  if (target === 'tsdoc' && input.out !== undefined)
    throw new AgentdError(
      'documentation_refused',
      'out names a Markdown file; with target "tsdoc" the examples go into the doc comments. Leave one out.',
    );
  const out = input.out ?? 'docs/examples.md';
  ctx.progress(5, 'loading the program');
  const loaded = await loadProgram(ctx);
  const pkgText = loaded.texts.get('package.json');
  const pkg = pkgText ? (JSON.parse(pkgText) as Record<string, unknown>) : null;
  const pkgName = typeof pkg?.name === 'string' ? pkg.name : null;
  let found = findEntryPoints(pkg, new Set(loaded.texts.keys()), loaded.options);
  if (found.entries.length === 0 && found.source === 'fallback') found = moduleEntryPoints([...loaded.texts.keys()]);
  const specifierOf = (entry: EntryPoint): string =>
    found.source === 'modules' || !pkgName
      ? `./${entry.file}`
      : entry.subpath === '.'
        ? pkgName
        : `${pkgName}/${entry.subpath.replace(/^\.\//, '')}`;
  const api = publicApi(loaded.program, found.entries, specifierOf);
  const filtered = Boolean(input.symbol || input.subjects?.length);
  // With a symbol or subjects (a build workflow's part) an empty API is "nothing matches", said in the summary below.
  if (api.callables.length === 0 && !filtered)
    throw new AgentdError(
      'documentation_refused',
      `No exported function or class to give examples for in ${found.entries.length} entry module(s)${
        found.entries.length
          ? ` (${found.entries
              .map((e) => e.file)
              .slice(0, 5)
              .join(', ')})`
          : ''
      }: examples are written for a module's exports (ES module export statements), and code declared in global namespaces or scripts has none.`,
    );
  const chosen = api.callables.filter((c) => keep(c, input));
  const filters = [input.symbol ? `symbol ${input.symbol}` : '', input.subjects?.length ? `subjects ${input.subjects.join(', ')}` : '']
    .filter(Boolean)
    .join('; ');
  if (chosen.length === 0)
    return {
      summary: `No exported function or class matches ${filters} (${api.callables.length} in the public API); nothing written.`,
      data: { target, out: target === 'markdown' ? out : null, examples: [], entryPoints: found.entries },
    };
  ctx.progress(30, 'finding calls');
  const codeStyle = ctx.project.codeStyle;
  const style: ExampleStyle = {
    semi: codeStyle.semicolons ? ';' : '',
    quote: codeStyle.quotes === 'double' ? '"' : "'",
    commonjs: ctx.project.moduleSystem === 'commonjs',
    lang: ctx.project.language === 'javascript' ? 'js' : 'ts',
  };
  const finder = new CallFinder(loaded.program, api.names, style.semi);
  const wanted = new Map(chosen.map((c) => [c.symbol, c] as const));
  const calls = new Map<CallableExport, FoundCall[]>();
  const sources = loaded.program
    .getSourceFiles()
    .filter((s) => !s.isDeclarationFile && loaded.texts.has(toWorkspacePath(s.fileName)))
    .sort((a, b) => a.fileName.localeCompare(b.fileName));
  for (const source of sources) {
    if (ctx.signal.aborted) throw new AgentdError('cancelled', 'documentation.examples was cancelled.');
    for (const [callable, list] of finder.callsIn(source, wanted)) calls.set(callable, [...(calls.get(callable) ?? []), ...list]);
  }
  const taken = chosen.map((c) => exampleSet(c, calls.get(c) ?? [], style));
  ctx.progress(60, 'running the examples');
  const modules = Object.fromEntries(found.entries.map((e) => [specifierOf(e), e.file]));
  const { sets, report: run } = await executeExamples(taken, modules, loaded, style, ctx);
  const counts = {
    asserted: sets.filter((s) => s.calls.some((c) => c.origin === 'asserted')).length,
    fromCalls: sets.filter((s) => s.calls.length > 0).length,
    fromSignature: sets.filter((s) => s.calls.length === 0).map((s) => s.callable.name),
  };
  const examples = sets.map((s) => ({
    name: s.callable.name,
    kind: s.callable.kind,
    specifier: s.callable.specifier,
    source: s.calls.length === 0 ? 'signature' : s.calls[0]!.origin,
    from: s.calls.map((c) => `${c.file}:${c.line}`),
    code: s.code,
  }));
  const tally = `${sets.length} export(s): ${counts.fromCalls} from real calls (${counts.asserted} with a result a test asserts), ${counts.fromSignature.length} from the signature${counts.fromSignature.length ? ` (${counts.fromSignature.join(', ')}: nothing calls them with standalone arguments)` : ''}.${api.abstract.length && !filters ? ` Abstract classes have none: ${api.abstract.join(', ')}.` : ''}`;
  const ran = runText(run);
  const data = { target, out: target === 'markdown' ? out : null, examples, entryPoints: found.entries, abstract: api.abstract, run };
  const notRun =
    !run.executed && run.runnable > 0
      ? { notRun: [{ part: 'running the examples', reason: `${run.reason}; ${run.runnable} example(s) written unrun` }] }
      : {};
  if (target === 'markdown') {
    const existing = (await ctx.workspace.exists(out)) ? await ctx.workspace.read(out) : null;
    const merged = mergeSections(existing ?? header(pkgName ?? ctx.project.name ?? 'the project'), sets.map(section));
    const text = await inProjectStyle(ctx, out, merged.text);
    if (text !== existing) await ctx.workspace.write(out, text);
    ctx.progress(100, 'done');
    const verb = existing === null ? 'Created' : text === existing ? 'Unchanged' : 'Updated';
    return {
      summary: `${verb} ${out}: ${tally}${ran}${existing !== null ? ' Text outside the agentd regions is kept as written.' : ''}`,
      data: { ...data, replaced: merged.replaced, appended: merged.appended, unchanged: merged.unchanged },
      ...notRun,
    };
  }
  return { ...(await tsdoc(sets, loaded.program, `${tally}${ran}`, data, ctx)), ...notRun };
}

/** The run of the examples, for the summary. */
function runText(run: ExecutionReport): string {
  if (run.runnable === 0) return '';
  if (!run.executed) return ` The ${run.runnable} example(s) from real calls were not run (${run.reason}).`;
  const failed = run.failed.length
    ? `, ${run.failed.length} failed and not written (${run.failed
        .slice(0, 3)
        .map((f) => `${f.name} at ${f.from}: ${f.message}`)
        .join('; ')}${run.failed.length > 3 ? '; …' : ''})`
    : '';
  const notRun = run.notRun.length ? `, ${run.notRun.length} could not be loaded and are written unrun (${run.notRun[0]!.message})` : '';
  return ` Ran ${run.runnable} example(s) in the sandbox: ${run.passed} pass${failed}${notRun}.`;
}

async function tsdoc(
  sets: ExampleSet[],
  program: ts.Program,
  tally: string,
  data: Record<string, unknown>,
  ctx: CapabilityContext,
): Promise<StepResult> {
  const byFile = new Map<string, ExampleSet[]>();
  for (const set of sets) byFile.set(set.callable.file, [...(byFile.get(set.callable.file) ?? []), set]);
  const added: string[] = [];
  const kept: string[] = [];
  const skipped: { file: string; reason: string }[] = [];
  for (const [file, inFile] of [...byFile.entries()].sort(([a], [b]) => a.localeCompare(b))) {
    const source = program.getSourceFile(toProgramPath(file))!;
    const edited = withExampleTags(source, inFile);
    kept.push(...edited.kept);
    if (edited.added.length === 0) continue;
    if (!onlyCommentsChanged(file, source.text, edited.text)) {
      skipped.push({ file, reason: 'the comments would change the code; nothing staged for this file' });
      continue;
    }
    await ctx.workspace.write(file, edited.text);
    added.push(...edited.added);
  }
  ctx.progress(100, 'done');
  const keptText = kept.length ? ` ${kept.length} already had an @example, left as written (${kept.join(', ')}).` : '';
  const skippedText = skipped.length ? ` ${skipped.length} file(s) not changed (see data.skipped).` : '';
  return {
    summary: `${added.length === 0 ? 'Unchanged: no @example block added.' : `Added ${added.length} @example block(s).`}${keptText}${skippedText} ${tally}`,
    data: { ...data, added, kept, skipped },
  };
}
