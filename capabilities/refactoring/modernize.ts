/**
 * refactoring.modernize: jscodeshift codemods that keep behaviour — `var` -> `let`/`const`, promise
 * chains and fs callbacks -> async/await, CommonJS -> ES modules, string concatenation -> template
 * literals. Each is selectable; each reports what it recognised but left alone, and why. recast keeps
 * every untouched line byte-identical. The codemods live in ./modernize/.
 */
import type { CapabilityContext, CapabilityMeta, StepResult } from '../../core/index.js';
import { AgentdError } from '../../core/index.js';
import { DEFAULT_CODEMODS, INPUT_SCHEMA, SOURCE_EXTENSIONS, type ModernizeInput } from './modernize/options.js';
import { decideTypeModule, withTypeModule, type TypeModuleDecision } from './modernize/package-type.js';
import { runCodemods, type CodemodRun } from './modernize/run-codemods.js';
import { formatChanges } from './review/format-changes.js';
import { lintBaseline, lintIntroduced } from './review/lint-changes.js';
import { PLANNING } from './modernize/planning.js';

export const meta: CapabilityMeta = {
  id: 'refactoring.modernize',
  group: 'refactoring',
  title: 'Modernize',
  description:
    'Behaviour-preserving codemods (jscodeshift): var to let/const, promise chains and fs callbacks to async/await, CommonJS to ES modules (opt-in), string concatenation to template literals; each selectable, with what was skipped and why.',
  version: '1.0.0',
  inputSchema: INPUT_SCHEMA,
  writes: true,
  planning: PLANNING,
};

export async function run(input: ModernizeInput, ctx: CapabilityContext): Promise<StepResult> {
  const options = input ?? {};
  const codemods = options.codemods ?? DEFAULT_CODEMODS;
  // Declaration files hold no code to modernize.
  const paths = (await ctx.workspace.list({ include: options.include, exclude: options.exclude, extensions: SOURCE_EXTENSIONS })).filter(
    (p) => !/\.d\.[cm]?ts$/.test(p),
  );
  if (paths.length === 0) {
    throw new AgentdError(
      'refactoring_refused',
      `No JavaScript or TypeScript file matches include ${JSON.stringify(options.include ?? ['**'])}; check the globs.`,
    );
  }
  const { files, skipped } = await ctx.workspace.readMany(paths);
  const allFiles = new Set(await ctx.workspace.list({ extensions: [...SOURCE_EXTENSIONS, '.json'] }));
  const result = runCodemods(files, codemods, ctx.project.codeStyle, allFiles, ctx.signal);
  // Files that were clean under the project's Prettier config stay clean (review/format-changes.ts).
  const texts = new Map<string, string | null>(result.files.filter((f) => f.after !== f.before).map((f) => [f.file, f.after]));
  const format = await formatChanges(ctx, new Map(result.files.map((f) => [f.file, f.before])), texts);
  // The project's ESLint config on the changed files before and after: what the codemods introduced is reported.
  const written = [...texts].filter(([, text]) => text !== null).map(([file]) => file);
  const baseline = await lintBaseline(ctx, written);
  for (const [file, text] of texts) if (text !== null) await ctx.workspace.write(file, text);
  const lint = await lintIntroduced(ctx, baseline, written);
  const typeModule = codemods.includes('cjs-to-esm') ? await applyTypeDecision(ctx, result, options.setTypeModule === true) : null;
  const changed = result.files.filter((f) => f.after !== f.before);
  return {
    summary: summarise(result, changed.length, typeModule) + format.note + lint.note,
    findings: lint.findings,
    changes: ctx.workspace.changes(),
    data: {
      codemods,
      files: changed.map((f) => ({ file: f.file, counts: f.counts })),
      totals: totals(result),
      skipped: result.skipped,
      unreadable: skipped,
      failed: result.failed,
      commonjs: result.cjs ? { converted: result.cjs.converted, kept: result.cjs.kept } : null,
      typeModule,
    },
  };
}

async function applyTypeDecision(ctx: CapabilityContext, result: CodemodRun, requested: boolean): Promise<TypeModuleDecision> {
  const packageJson = (await ctx.workspace.exists('package.json')) ? await ctx.workspace.read('package.json') : null;
  const convertedJs = (result.cjs?.converted ?? []).filter((f) => f.endsWith('.js') || f.endsWith('.jsx')).length;
  const kept = (result.cjs?.kept ?? []).map((k) => k.file).filter((f) => f.endsWith('.js') || f.endsWith('.jsx'));
  const decision = decideTypeModule(packageJson, convertedJs, kept, requested);
  if (decision.changed && packageJson !== null) await ctx.workspace.write('package.json', withTypeModule(packageJson));
  return decision;
}

function totals(result: CodemodRun): Record<string, number> {
  const sums: Record<string, number> = {};
  for (const file of result.files) for (const [id, n] of Object.entries(file.counts)) sums[id] = (sums[id] ?? 0) + (n ?? 0);
  return sums;
}

function summarise(result: CodemodRun, changedFiles: number, typeModule: TypeModuleDecision | null): string {
  const parts = Object.entries(totals(result))
    .filter(([, n]) => n > 0)
    .map(([id, n]) => `${id} ${n}`);
  const done = parts.length > 0 ? parts.join(', ') : 'nothing to change';
  const kept = result.cjs && result.cjs.kept.length > 0 ? `; ${result.cjs.kept.length} file(s) stay CommonJS` : '';
  const type = typeModule?.needed ? ` ${typeModule.reason}` : '';
  return `Modernized ${changedFiles} of ${result.files.length} files (${done}); ${result.skipped.length} construct(s) left as they were${kept}.${type}`;
}
