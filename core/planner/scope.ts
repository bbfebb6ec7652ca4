/**
 * Turns the places a task names into `include`/`exclude` globs and a target, or into a question when a
 * named place is not in the project (with "did you mean") or names several places.
 */
import type { Mention } from './extract-scope.js';
import { didYouMean, question, type PlanContext } from './planning-context.js';
import { globFor } from './resolve-target.js';
import type { QuestionOutcome } from './types.js';

export interface Scope {
  include: string[];
  exclude: string[];
  /** The first wanted file or folder, for display. */
  target: string | null;
  /** The wanted files (not folders), in order. */
  files: string[];
  /** True when the tests were named as wanted ("also include the tests folder"). */
  testsIncluded: boolean;
  /** The globs that mean "the tests" in this project, when they were named. */
  testGlobs: string[];
}

/** Top folders of the project: what to offer when a named place has no close match. */
function topFolders(ctx: PlanContext): string[] {
  return ctx.index.folders.filter((f) => f.split('/').length <= 2).slice(0, 6);
}

function unresolved(mention: Mention, ctx: PlanContext): QuestionOutcome | null {
  const r = mention.resolution;
  if (r.status === 'missing') {
    if (r.suggestions.length > 0) return didYouMean('a file or folder named', mention.text, r.suggestions);
    return question(
      `I could not find a file or folder named "${mention.text}" in the project; which one did you mean?`,
      topFolders(ctx),
      mention.text,
    );
  }
  if (r.status === 'ambiguous')
    return question(`"${mention.text}" matches several places; which one did you mean?`, r.options, mention.text);
  return null;
}

export function scopeOf(ctx: PlanContext): Scope | QuestionOutcome {
  const scope: Scope = { include: [], exclude: [], target: null, files: [], testsIncluded: false, testGlobs: [] };
  // Destinations matter to rename and move only, which read them themselves: "add comments to src/hooks" names a scope.
  for (const mention of ctx.mentions) {
    const problem = unresolved(mention, ctx);
    if (problem) return problem;
    const r = mention.resolution;
    const globs = r.status === 'tests' ? r.globs : r.status === 'found' ? [globFor(r.path, r.kind)] : [];
    if (mention.negated) {
      scope.exclude.push(...globs.filter((g) => !scope.exclude.includes(g)));
      continue;
    }
    if (r.status === 'tests') {
      scope.testsIncluded = true;
      scope.testGlobs = r.globs;
      continue;
    }
    if (r.status !== 'found') continue;
    scope.include.push(...globs.filter((g) => !scope.include.includes(g)));
    scope.target ??= r.path;
    if (r.kind === 'file') scope.files.push(r.path);
  }
  return scope;
}

export function isScope(value: Scope | QuestionOutcome): value is Scope {
  return (value as QuestionOutcome).kind !== 'question';
}

/** `{include, exclude}` with empty lists left out (an empty include would mean "nothing"). */
export function scopeInput(scope: Scope): Record<string, unknown> {
  const input: Record<string, unknown> = {};
  if (scope.include.length > 0) input.include = [...scope.include];
  if (scope.exclude.length > 0) input.exclude = [...scope.exclude];
  return input;
}

export function whereText(scope: Scope): string {
  const parts = [scope.include.length > 0 ? scope.include.map((g) => g.replace(/\/\*\*$/, '/')).join(', ') : 'the whole project'];
  if (scope.exclude.length > 0) parts.push(`except ${scope.exclude.map((g) => g.replace(/\/\*\*$/, '/')).join(', ')}`);
  return parts.join(' ');
}
