/**
 * Tokens read from the shared plain syntax tree (core/syntax): the way when a file was parsed without
 * the flat-tree addon. It visits nodes in the order flat-tokens.ts reads them, and decides alike.
 */
import type { SyntaxNode } from '../../../core/index.js';
import { ROLE_LITERAL, ROLE_SKIPPED, ROLE_SUBSTITUTION, ROLE_TEMPLATE, roleOf } from './token-roles.js';
import type { TokenSink } from './token-sink.js';

export function tokensFromTree(root: SyntaxNode, sink: TokenSink): void {
  // Depth-first in source order with an explicit stack (no callback per node).
  const stack: SyntaxNode[] = [root];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (!visit(node, sink)) continue;
    const children = node.children;
    for (let i = children.length - 1; i >= 0; i--) stack.push(children[i]!);
  }
}

function hasSubstitution(node: SyntaxNode): boolean {
  for (const child of node.children) if (roleOf(child.type) & ROLE_SUBSTITUTION) return true;
  return false;
}

/** Records the node when it is a token; returns true when its children are to be visited. */
function visit(node: SyntaxNode, sink: TokenSink): boolean {
  const role = roleOf(node.type);
  if (role & ROLE_SKIPPED) return false;
  if (role & ROLE_LITERAL) {
    // A template string with substitutions holds code: descend into it instead of taking it whole.
    if (role & ROLE_TEMPLATE && hasSubstitution(node)) return true;
  } else if (node.children.length > 0) return true;
  sink.record(node.startIndex, node.endIndex, role);
  return false;
}
