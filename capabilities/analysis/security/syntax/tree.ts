/**
 * The tree accessors the security rules use: core's shared plain tree and node helpers under the names
 * the rules were written with, plus `unwrap`, which knows which wrappers leave a value unchanged.
 */
import { namedChildren, nodesOfType, type SyntaxNode } from '../../../../core/index.js';

export { ancestors, fieldChild as field, fieldChildren as fields, FUNCTION_TYPES, namedChildren, walk } from '../../../../core/index.js';
export type Node = SyntaxNode;

const VALUE_PRESERVING = new Set(['parenthesized_expression', 'as_expression', 'non_null_expression', 'satisfies_expression', 'type_assertion', 'await_expression']);

/** Unwraps parentheses, `x as T`, `x!` and `<T>x`: none of them changes the value at run time. */
export function unwrap(node: Node): Node {
  let current = node;
  while (VALUE_PRESERVING.has(current.type)) {
    const inner = namedChildren(current)[current.type === 'type_assertion' ? 1 : 0];
    if (!inner) break;
    current = inner;
  }
  return current;
}

/**
 * Every node of the given types under a tree's root, in the order core's `nodesOfType` gives for a
 * list (by start, outer first; on a full tie, in the order of `types`), merged from the per-type lists
 * instead of concatenated and sorted: the rules ask for their few types once per file.
 */
export function nodesOfTypes(root: Node, types: readonly string[]): Node[] {
  const lists = types.map((t) => nodesOfType(root, t));
  const at = lists.map(() => 0);
  const out: Node[] = [];
  for (;;) {
    let best = -1;
    for (let i = 0; i < lists.length; i++) {
      const candidate = lists[i]![at[i]!];
      if (!candidate) continue;
      const current = best < 0 ? undefined : lists[best]![at[best]!]!;
      if (!current || candidate.startIndex < current.startIndex || (candidate.startIndex === current.startIndex && candidate.endIndex > current.endIndex)) best = i;
    }
    if (best < 0) return out;
    out.push(lists[best]![at[best]!++]!);
  }
}
