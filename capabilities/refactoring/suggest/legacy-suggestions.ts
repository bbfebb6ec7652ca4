/**
 * Legacy JavaScript idioms counted in the syntax tree (tree-sitter): `var` declarations, `.then()`
 * chains and string concatenation. A file with enough of them -> refactoring.modernize on that file.
 */
import type { CapabilityContext, ParsedFile } from '../../../core/index.js';
import { clampScore, type Suggestion } from './suggestion.js';

const MIN_VAR = 3;
const MIN_THEN = 2;

interface Counts {
  vars: number;
  thens: number;
  concats: number;
}

export async function legacySuggestions(ctx: CapabilityContext, files: string[]): Promise<Suggestion[]> {
  if (files.length === 0) return [];
  const parsed = await ctx.tools.parseMany(files);
  const suggestions: Suggestion[] = [];
  for (const file of parsed.files) {
    const counts = count(file);
    if (counts.vars < MIN_VAR && counts.thens < MIN_THEN) continue;
    const parts = [`${counts.vars} var declarations`, `${counts.thens} .then() calls`, `${counts.concats} string concatenations`];
    const idioms = [
      counts.vars > 0 ? 'var' : '',
      counts.thens > 0 ? 'promise chains' : '',
      counts.concats > 0 ? 'concatenation' : '',
    ].filter(Boolean);
    suggestions.push({
      title: `Modernize ${file.path} (${idioms.join(', ')})`,
      rationale: `${file.path} has ${parts.join(', ')}. The safe codemods turn them into let/const, async/await and template literals where behaviour is kept, and report what they leave alone.`,
      score: clampScore(15 + counts.vars * 2 + counts.thens * 4 + counts.concats),
      findings: [],
      apply: { capability: 'refactoring.modernize', input: { include: [file.path] } },
    });
  }
  return suggestions;
}

function count(file: ParsedFile): Counts {
  const counts: Counts = { vars: 0, thens: 0, concats: 0 };
  const cursor = file.tree.walk();
  const visit = (): void => {
    const node = cursor.currentNode;
    if (node.type === 'variable_declaration') counts.vars += 1;
    if (node.type === 'call_expression' && /\.then$/.test(node.childForFieldName('function')?.text ?? '')) counts.thens += 1;
    if (
      node.type === 'binary_expression' &&
      node.childForFieldName('operator')?.text === '+' &&
      [node.childForFieldName('left'), node.childForFieldName('right')].some((c) => c?.type === 'string')
    )
      counts.concats += 1;
    if (cursor.gotoFirstChild()) {
      do visit();
      while (cursor.gotoNextSibling());
      cursor.gotoParent();
    }
  };
  visit();
  return counts;
}
