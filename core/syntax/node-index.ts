/**
 * Nodes of a plain tree by type, indexed in one walk per tree and kept on its root (tree-data.ts).
 * Analyses that look at a few node types (calls, strings, declarators) read their lists
 * instead of each walking the whole tree: before this, analysis.security alone walked every file's
 * tree eight times.
 */
import type { SyntaxNode } from './plain-tree.js';
import { treeDataOf } from './tree-data.js';

/** Records an index made while the tree was built (plain-tree.ts's treeFromFlat): same order, no walk. */
export function adoptIndex(root: SyntaxNode, index: Map<string, SyntaxNode[]>): void {
  treeDataOf(root).byType = index;
}

function indexOf(root: SyntaxNode): Map<string, SyntaxNode[]> {
  const data = treeDataOf(root);
  let index = data.byType;
  if (index) return index;
  index = new Map();
  const stack: SyntaxNode[] = [root];
  while (stack.length > 0) {
    const node = stack.pop()!;
    const list = index.get(node.type);
    if (list) list.push(node);
    else index.set(node.type, [node]);
    for (let i = node.children.length - 1; i >= 0; i--) stack.push(node.children[i]!);
  }
  data.byType = index;
  return index;
}

const EMPTY: readonly SyntaxNode[] = [];

/**
 * Every node of the given type(s) under a file's root (the root included), parents before children
 * and otherwise in source order. `root` must be the root of a tree (the index is per tree): for a
 * subtree, use `walk`.
 */
export function nodesOfType(root: SyntaxNode, types: string | readonly string[]): readonly SyntaxNode[] {
  const index = indexOf(root);
  if (typeof types === 'string') return index.get(types) ?? EMPTY;
  if (types.length === 1) return index.get(types[0]!) ?? EMPTY;
  return mergeInOrder(types.map((t) => index.get(t) ?? EMPTY));
}

/**
 * Merges per-type lists (each already in pre-order) by start, outer node first; on a full tie, in the
 * order of the lists. A merge instead of concatenating and sorting: analyses ask for their few types
 * once per file, and the sort was a large share of their time.
 */
function mergeInOrder(lists: readonly (readonly SyntaxNode[])[]): SyntaxNode[] {
  const at = lists.map(() => 0);
  const out: SyntaxNode[] = [];
  for (;;) {
    let best = -1;
    for (let i = 0; i < lists.length; i++) {
      const candidate = lists[i]![at[i]!];
      if (!candidate) continue;
      const current = best < 0 ? undefined : lists[best]![at[best]!]!;
      if (
        !current ||
        candidate.startIndex < current.startIndex ||
        (candidate.startIndex === current.startIndex && candidate.endIndex > current.endIndex)
      )
        best = i;
    }
    if (best < 0) return out;
    out.push(lists[best]![at[best]!++]!);
  }
}

/** Calls `visit` for each node of the given type(s), as `nodesOfType` orders them. */
export function forEachOfType(root: SyntaxNode, types: string | readonly string[], visit: (node: SyntaxNode) => unknown): void {
  for (const node of nodesOfType(root, types)) visit(node);
}
