/**
 * A file's calls by callee name (`calleeName`: `foo()` and `a.b.foo()` are both "foo"), made in one pass
 * over the tree's index of calls and kept beside the tree. Most rules here look for calls of a few names
 * (searches, listeners, intervals, hooks, `map`): each reads its names' lists instead of reading the
 * name of every call in the file again.
 */
import { calleeName, nodesOfType, perTree, type SyntaxNode as Node } from '../../../core/index.js';

const CALLS = {};
const NONE: readonly Node[] = [];

function indexOf(root: Node, source: string): Map<string, Node[]> {
  return perTree(root, CALLS, () => byName(root, source));
}

function byName(root: Node, source: string): Map<string, Node[]> {
  const index = new Map<string, Node[]>();
  for (const call of nodesOfType(root, 'call_expression')) {
    const name = calleeName(call, source);
    if (name === undefined) continue;
    const list = index.get(name);
    if (list) list.push(call);
    else index.set(name, [call]);
  }
  return index;
}

/**
 * The calls under a file's `root` whose callee name is one of `names`, in pre-order (the order a walk
 * meets them). `root` must be a tree's root, as for `nodesOfType`.
 */
export function callsNamed(root: Node, source: string, names: Iterable<string>): readonly Node[] {
  const index = indexOf(root, source);
  const lists: Node[][] = [];
  for (const name of names) {
    const list = index.get(name);
    if (list) lists.push(list);
  }
  if (lists.length === 0) return NONE;
  if (lists.length === 1) return lists[0]!;
  // No call is in two lists; of two calls starting together (`f()()`), the outer one comes first.
  return lists.flat().sort((a, b) => a.startIndex - b.startIndex || b.endIndex - a.endIndex);
}
