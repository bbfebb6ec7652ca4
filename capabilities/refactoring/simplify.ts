/**
 * refactoring.simplify: removes unused imports, unused local variables/functions and unreachable code
 * (as TypeScript's checker reports them), simplifies boolean logic using the checker's types, and turns
 * an `if` wrapping the end of a function into a guard clause. Each rule is selectable. Built on ts-morph
 * (type information decides what is boolean), editing only the text each rule replaces. The rules
 * live in ./simplify/.
 */
import type { CapabilityContext, CapabilityMeta, StepResult } from '../../core/index.js';
import { INPUT_SCHEMA, SIMPLIFY_RULES, type SimplifyInput } from './simplify/options.js';
import { simplifyFile } from './simplify/simplify-file.js';
import { loadTsProject, toProjectPath, SOURCE_EXTENSIONS } from './ts-project/load-project.js';
import { refuse } from './ts-project/refusal.js';
import { PLANNING } from './simplify/planning.js';
import { lintBaseline, lintIntroduced } from './review/lint-changes.js';

const JS_FILE = /\.[cm]?jsx?$/;

export const meta: CapabilityMeta = {
  id: 'refactoring.simplify',
  group: 'refactoring',
  title: 'Simplify',
  description:
    'Removes unused imports, unused local variables and unreachable code, simplifies boolean expressions (type-aware) and turns nested conditionals into guard clauses; each rule selectable.',
  version: '1.0.0',
  inputSchema: INPUT_SCHEMA,
  writes: true,
  planning: PLANNING,
  execution: { parses: 'ts-program' },
};

export async function run(input: SimplifyInput, ctx: CapabilityContext): Promise<StepResult> {
  const options = input ?? {};
  const rules = options.rules ?? [...SIMPLIFY_RULES];
  const targets = await ctx.workspace.list({ include: options.include, exclude: options.exclude, extensions: SOURCE_EXTENSIONS });
  if (targets.length === 0)
    throw refuse(`No JavaScript or TypeScript file matches include ${JSON.stringify(options.include ?? ['**'])}; check the globs.`);
  const loaded = await loadTsProject(ctx);
  // `checkJs: false` switches off the checker's suggestions for .js files too; we only read suggestions.
  if (loaded.project.getCompilerOptions().checkJs === false) loaded.project.compilerOptions.set({ checkJs: undefined });
  // A JavaScript file the tsconfig does not cover (no allowJs: a TS project's scripts, its fixtures) is
  // outside the program, where the language service has no suggestions for it at all.
  if (!loaded.project.getCompilerOptions().allowJs && targets.some((t) => JS_FILE.test(t)))
    loaded.project.compilerOptions.set({ allowJs: true });
  const files: { file: string; counts: Record<string, number> }[] = [];
  const texts = new Map<string, string>();
  for (const target of targets) {
    const path = toProjectPath(target);
    if (!loaded.project.getSourceFile(path)) loaded.project.addSourceFileAtPathIfExists(path);
    if (!loaded.project.getSourceFile(path)) continue;
    const counts = simplifyFile(loaded.project, path, rules, ctx.signal);
    const after = loaded.project.getSourceFileOrThrow(path).getFullText();
    if (after !== loaded.originals.get(target)) {
      texts.set(target, after);
      files.push({ file: target, counts: counts as Record<string, number> });
    }
  }
  // The project's ESLint config on the changed files before and after: what the removals introduced is reported.
  const baseline = await lintBaseline(ctx, [...texts.keys()]);
  for (const [target, after] of texts) await ctx.workspace.write(target, after);
  const lint = await lintIntroduced(ctx, baseline, [...texts.keys()]);
  const totals: Record<string, number> = {};
  for (const f of files) for (const [rule, n] of Object.entries(f.counts)) totals[rule] = (totals[rule] ?? 0) + n;
  const parts = Object.entries(totals).map(([rule, n]) => `${rule} ${n}`);
  return {
    summary: `Simplified ${files.length} of ${targets.length} files${parts.length > 0 ? ` (${parts.join(', ')})` : ''}.${lint.note}`,
    findings: lint.findings,
    changes: ctx.workspace.changes(),
    data: { rules, files, totals, unreadable: loaded.skipped },
  };
}
