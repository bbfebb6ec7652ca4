/**
 * What a plain tree keeps beside its nodes — its line starts, its by-type index, and the facts
 * analyses derive once per tree — held by the tree's root rather than by WeakMaps keyed by it.
 *
 * Why not WeakMaps: V8's young-generation collector keeps a WeakMap entry's value alive when its key
 * is young, so a tree with one such entry (an index of its nodes, facts that point at nodes) survived
 * every scavenge and was copied into the old generation even when nothing else used it. Measured on
 * the scan bench's corpus (docs/scan.md, "Speed"): trees built, used and dropped one file at a time
 * were still promoted (~190 MB) while three WeakMaps were keyed by their roots, and died young (~60 MB
 * promoted in all) once the same data hung off the root.
 */
import type { LineIndex, SyntaxNode } from './plain-tree.js';

export interface TreeData {
  /** The source's line starts, for rows and columns (set when the tree is made from a source). */
  lines?: LineIndex;
  /** Nodes by type, in pre-order (node-index.ts). */
  byType?: Map<string, SyntaxNode[]>;
  /** Analyses' per-tree facts (`perTree`), by the key each analysis owns. */
  facts?: Map<object, unknown>;
}

const DATA = Symbol('agentd.treeData');

type Rooted = SyntaxNode & { [DATA]?: TreeData };

function rootOfNode(node: SyntaxNode): SyntaxNode {
  let root = node;
  while (root.parent) root = root.parent;
  return root;
}

/** The data kept on the root of `node`'s tree (made empty on first use). */
export function treeDataOf(node: SyntaxNode): TreeData {
  const root = rootOfNode(node) as Rooted;
  return (root[DATA] ??= {});
}

/**
 * A fact derived once per tree: `make` runs on the first call for this tree and `key`, later calls
 * return its result. `key` is any object the caller owns (one per kind of fact); the fact lives exactly
 * as long as the tree.
 */
export function perTree<T>(node: SyntaxNode, key: object, make: () => T): T {
  const facts = (treeDataOf(node).facts ??= new Map());
  if (facts.has(key)) return facts.get(key) as T;
  const made = make();
  facts.set(key, made);
  return made;
}
