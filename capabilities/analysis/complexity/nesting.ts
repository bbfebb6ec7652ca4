/**
 * Nesting depth as ESLint's `max-depth` rule measures it: these statements open a level; an `else if`
 * does not open another one (it continues its `if`); functions and class static blocks start again at 0.
 */
import { DEPTH_BLOCKS, type SyntaxNode as Node } from '../../../core/index.js';

export function isElseIf(node: Node): boolean {
  return node.type === 'if_statement' && node.parent?.type === 'else_clause';
}

export function opensDepth(node: Node): boolean {
  return DEPTH_BLOCKS.has(node.type) && !isElseIf(node);
}
