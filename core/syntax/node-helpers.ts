/** Capability-neutral queries over the plain syntax tree: children by field, text, ranges, walking. */
import type { SourceRange } from '../contracts/index.js';
import { endColumnOf, endRowOf, startColumnOf, startRowOf, type SyntaxNode } from './plain-tree.js';

// Plain loops below, not find/filter with a closure: these run for most nodes of every analysis.

export function fieldChild(node: SyntaxNode, field: string): SyntaxNode | undefined {
  const children = node.children;
  for (let i = 0; i < children.length; i++) if (children[i]!.field === field) return children[i];
  return undefined;
}

/** The first child of each of two fields, in one pass over the children (`name` and `value` of a declarator, say). */
export function twoFieldChildren(node: SyntaxNode, first: string, second: string): [SyntaxNode | undefined, SyntaxNode | undefined] {
  let a: SyntaxNode | undefined;
  let b: SyntaxNode | undefined;
  const children = node.children;
  for (let i = 0; i < children.length; i++) {
    const child = children[i]!;
    if (child.field === first) a ??= child;
    else if (child.field === second) b ??= child;
  }
  return [a, b];
}

export function fieldChildren(node: SyntaxNode, field: string): SyntaxNode[] {
  const found: SyntaxNode[] = [];
  const children = node.children;
  for (let i = 0; i < children.length; i++) if (children[i]!.field === field) found.push(children[i]!);
  return found;
}

export function hasChild(node: SyntaxNode, type: string): boolean {
  const children = node.children;
  for (let i = 0; i < children.length; i++) if (children[i]!.type === type) return true;
  return false;
}

/** The first named child that is not a comment: namedChildren(node)[0] without making the array. */
export function firstNamedChild(node: SyntaxNode): SyntaxNode | undefined {
  const children = node.children;
  for (let i = 0; i < children.length; i++) if (children[i]!.named && children[i]!.type !== 'comment') return children[i];
  return undefined;
}

/** Named children without comments: the operands an analysis usually means by "children". */
export function namedChildren(node: SyntaxNode): SyntaxNode[] {
  const found: SyntaxNode[] = [];
  const children = node.children;
  for (let i = 0; i < children.length; i++) {
    const child = children[i]!;
    if (child.named && child.type !== 'comment') found.push(child);
  }
  return found;
}

export function textOf(node: SyntaxNode, source: string): string {
  return source.slice(node.startIndex, node.endIndex);
}

/** The parent as ESTree sees it: parentheses are not nodes there. */
export function logicalParent(node: SyntaxNode): SyntaxNode | null {
  let parent = node.parent;
  while (parent && parent.type === 'parenthesized_expression') parent = parent.parent;
  return parent;
}

export function ancestors(node: SyntaxNode): SyntaxNode[] {
  const list: SyntaxNode[] = [];
  for (let p = node.parent; p; p = p.parent) list.push(p);
  return list;
}

/** Depth-first, parents before children; return false from `visit` to skip a node's children. */
export function walk(node: SyntaxNode, visit: (node: SyntaxNode) => boolean | void): void {
  const stack: SyntaxNode[] = [node];
  while (stack.length > 0) {
    const current = stack.pop()!;
    if (visit(current) === false) continue;
    for (let i = current.children.length - 1; i >= 0; i -= 1) stack.push(current.children[i]!);
  }
}

/** Descendants (not the node itself) whose type is `type` or in the set. */
export function descendants(node: SyntaxNode, type: string | Set<string>): SyntaxNode[] {
  const found: SyntaxNode[] = [];
  const matches = typeof type === 'string' ? (t: string) => t === type : (t: string) => type.has(t);
  walk(node, (n) => {
    if (n !== node && matches(n.type)) found.push(n);
  });
  return found;
}

/** 1-based lines and columns, end column as tree-sitter's exclusive 0-based end (the same number). */
export function rangeOf(node: SyntaxNode): SourceRange {
  return {
    startLine: startRowOf(node) + 1,
    startColumn: startColumnOf(node) + 1,
    endLine: endRowOf(node) + 1,
    endColumn: Math.max(endColumnOf(node), 1),
  };
}

/**
 * The smallest node (named or not) that contains `index`, as tree-sitter's `descendantForIndex`:
 * descend into the first child whose range holds the index (ends after it, starts at or before it).
 */
export function descendantForIndex(root: SyntaxNode, index: number): SyntaxNode {
  let node = root;
  for (;;) {
    let next: SyntaxNode | undefined;
    for (const child of node.children) {
      if (child.endIndex <= index) continue;
      if (index < child.startIndex) break;
      next = child;
      break;
    }
    if (!next) return node;
    node = next;
  }
}
