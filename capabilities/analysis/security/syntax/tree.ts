/**
 * The tree accessors the security rules use: core's shared plain tree and node helpers under the names
 * the rules were written with, plus `unwrap`, which knows which wrappers leave a value unchanged.
 */
import { namedChildren, type SyntaxNode } from '../../../../core/index.js';

export { ancestors, fieldChild as field, fieldChildren as fields, FUNCTION_TYPES, namedChildren, walk } from '../../../../core/index.js';
export type Node = SyntaxNode;

const VALUE_PRESERVING = new Set([
  'parenthesized_expression',
  'as_expression',
  'non_null_expression',
  'satisfies_expression',
  'type_assertion',
  'await_expression',
]);

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
