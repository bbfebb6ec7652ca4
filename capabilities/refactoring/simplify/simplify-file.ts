/** Running the selected rules over one file of the in-memory project until nothing more changes. */
import type { Project, SourceFile } from 'ts-morph';
import type { SimplifyRule } from './options.js';
import { booleanEdits } from './booleans.js';
import { guardClauseEdits } from './guard-clauses.js';
import { suggestionSpans } from './suggestions.js';
import { applyEdits, type TextEdit } from './text-edits.js';
import { unreachableEdits } from './unreachable.js';
import { unusedImportEdits, unusedVariableEdits } from './unused.js';

type RuleEdits = (file: SourceFile) => TextEdit[];

/** Unreachable code goes first: what it removes may be the only use of an import or a variable. */
const ORDER: [SimplifyRule, RuleEdits][] = [
  ['unreachable-code', (f) => unreachableEdits(f, suggestionSpans(f))],
  ['boolean-simplification', booleanEdits],
  ['guard-clauses', guardClauseEdits],
  ['unused-variables', (f) => unusedVariableEdits(f, suggestionSpans(f))],
  ['unused-imports', (f) => unusedImportEdits(f, suggestionSpans(f))],
];

// Removing one unused variable can make another unused; nested booleans simplify one level per pass.
const MAX_PASSES = 6;

export function simplifyFile(
  project: Project,
  path: string,
  rules: SimplifyRule[],
  signal: AbortSignal,
): Partial<Record<SimplifyRule, number>> {
  const counts: Partial<Record<SimplifyRule, number>> = {};
  for (let pass = 0; pass < MAX_PASSES; pass += 1) {
    let changed = false;
    for (const [rule, edits] of ORDER) {
      if (!rules.includes(rule)) continue;
      signal.throwIfAborted();
      const file = project.getSourceFileOrThrow(path);
      const found = edits(file);
      if (found.length === 0) continue;
      const result = applyEdits(file.getFullText(), found);
      if (result.applied === 0) continue;
      file.replaceWithText(result.text);
      counts[rule] = (counts[rule] ?? 0) + result.applied;
      changed = true;
    }
    if (!changed) break;
  }
  return counts;
}
