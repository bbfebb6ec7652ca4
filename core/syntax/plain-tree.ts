/**
 * A plain-JS copy of a tree-sitter tree, made in one TreeCursor pass and shared by every analysis of
 * the thread. Each property read on a native SyntaxNode crosses into the binding; analyses visit nodes
 * many times, so one copy per file is several times cheaper than walking native nodes — and one copy
 * per file (not one per capability) is what keeps a ten-check scan near the cost of parsing.
 *
 * Rows and columns are not copied: they are derived on demand from the start/end index and the file's
 * line starts (two native calls and two objects fewer per node; tree-sitter counts rows by "\n" and
 * the JS binding's columns are UTF-16 code units, which is exactly index minus line start).
 */
import type { Tree } from 'tree-sitter';
import { ERROR_TYPE_ID, type FlatTree } from '../parsing/flat-parser.js';
import { flatTreeOf } from '../parsing/parsed-file.js';
import { adoptIndex } from './node-index.js';
import { treeDataOf } from './tree-data.js';

type Cursor = ReturnType<Tree['walk']>;

/** Line starts of one source text, for index → row/column. */
export class LineIndex {
  private readonly starts: number[] = [0];

  constructor(source: string) {
    for (let i = source.indexOf('\n'); i !== -1; i = source.indexOf('\n', i + 1)) this.starts.push(i + 1);
  }

  /** 0-based row of a UTF-16 index. */
  rowOf(index: number): number {
    let lo = 0;
    let hi = this.starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (this.starts[mid]! <= index) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  }

  columnOf(index: number): number {
    return index - this.starts[this.rowOf(index)]!;
  }
}

/** Each tree's line index, kept on its root (one field less per node; rows are asked for rarely). */
function linesOf(node: SyntaxNode): LineIndex {
  return treeDataOf(node).lines!;
}

/**
 * One node of the plain tree. Treat it as read-only: every analysis of the thread shares it. Plain
 * data made by an object literal. V8 does not allocate these straight into its old generation:
 * optimised code makes a shallow literal inline, without the allocation mementos V8 decides
 * pretenuring from, so a tree that lives long is copied by the young-generation collector on its way
 * there (measured: docs/scan.md, "Speed") — which is why a scan's per-file steps use trees that die
 * young (`withYoungTree`). Rows and columns are asked of the functions below.
 */
export interface SyntaxNode {
  readonly type: string;
  readonly named: boolean;
  /** The field name this node has in its parent ("body", "value", ...), or null. */
  readonly field: string | null;
  readonly startIndex: number;
  readonly endIndex: number;
  readonly parent: SyntaxNode | null;
  /** In source order. Leaves share one empty array: never push to it. */
  readonly children: SyntaxNode[];
}

/** 0-based row of the node's start, as tree-sitter reports it. */
export function startRowOf(node: SyntaxNode): number {
  return linesOf(node).rowOf(node.startIndex);
}

/** 0-based UTF-16 column of the node's start, as tree-sitter's JS binding reports it. */
export function startColumnOf(node: SyntaxNode): number {
  return linesOf(node).columnOf(node.startIndex);
}

export function endRowOf(node: SyntaxNode): number {
  return linesOf(node).rowOf(node.endIndex);
}

export function endColumnOf(node: SyntaxNode): number {
  return linesOf(node).columnOf(node.endIndex);
}

/** Makes `root` the root of a tree over `source` (rows and columns are then answered for all its nodes). */
function rootOf(root: SyntaxNode, source: string): SyntaxNode {
  treeDataOf(root).lines = new LineIndex(source);
  return root;
}

/**
 * Type and field names by their numeric ids, so each node costs a number from the binding rather
 * than a fresh string (the ids are per grammar; one table per copy keeps that trivially right).
 */
class NameTables {
  private readonly types: string[] = [];
  private readonly named: boolean[] = [];
  private readonly fields: string[] = [];

  node(cursor: Cursor, parent: SyntaxNode | null): SyntaxNode {
    const id = cursor.nodeTypeId;
    let type = this.types[id];
    if (type === undefined) {
      type = this.types[id] = cursor.nodeType;
      this.named[id] = cursor.nodeIsNamed;
    }
    let field: string | null = null;
    if (parent) {
      const fieldId = cursor.currentFieldId;
      if (fieldId) field = this.fields[fieldId] ??= cursor.currentFieldName;
    }
    return { type, named: this.named[id]!, field, startIndex: cursor.startIndex, endIndex: cursor.endIndex, parent, children: [] };
  }
}

/** Copies a tree (prefer `syntaxTreeOf`, which shares one copy per parsed file). */
export function copyTree(tree: Tree, source: string): SyntaxNode {
  const names = new NameTables();
  const cursor = tree.walk();
  const root = rootOf(names.node(cursor, null), source);
  let current = root;
  // Depth-first with an explicit cursor: first child, else next sibling, else climb until a sibling exists.
  for (;;) {
    if (cursor.gotoFirstChild()) {
      const child = names.node(cursor, current);
      current.children.push(child);
      current = child;
      continue;
    }
    for (;;) {
      if (cursor.gotoNextSibling()) {
        const sibling = names.node(cursor, current.parent);
        current.parent!.children.push(sibling);
        current = sibling;
        break;
      }
      if (!cursor.gotoParent()) return root;
      current = current.parent!;
    }
  }
}

const NO_CHILDREN: SyntaxNode[] = [];

/**
 * Scratch space of treeFromFlat, reused from file to file (it is synchronous): each node's child
 * count and how many of its children are placed so far, and the nodes built so far by index, rather
 * than three arrays as long as the file's node count made and dropped per file.
 */
let counts = new Uint32Array(1 << 16);

let built: (SyntaxNode | undefined)[] = [];

/**
 * Builds the plain tree from the flat-tree addon's array (4 words per node in pre-order: type | field
 * << 16, start, end, parent + 1). Pure JavaScript: no native call per node. Children arrays are made
 * at their final size (counted first), and leaves share one empty array. The array is in pre-order, so
 * the by-type index (node-index.ts) is filled in the same loop instead of by a walk later.
 */
export function treeFromFlat(flat: FlatTree, source: string): SyntaxNode {
  const { nodes, names } = flat;
  const count = nodes.length >>> 2;
  if (counts.length < count * 2) counts = new Uint32Array(count * 2);
  // [0, count): children per node; [count, 2 count): children placed so far.
  counts.fill(0, 0, count * 2);
  for (let i = 1; i < count; i++) counts[nodes[i * 4 + 3]! - 1]! += 1;
  if (built.length < count) built = new Array<SyntaxNode | undefined>(count);
  const byType = new Map<string, SyntaxNode[]>();
  const listOfType: SyntaxNode[][] = [];
  for (let i = 0; i < count; i++) {
    const word = nodes[i * 4]!;
    const typeId = word & 0xffff;
    const fieldId = word >>> 16;
    const parentIndex = nodes[i * 4 + 3]! - 1;
    const parent = parentIndex >= 0 ? built[parentIndex]! : null;
    const error = typeId === ERROR_TYPE_ID;
    const node: SyntaxNode = {
      type: error ? 'ERROR' : names.types[typeId]!,
      named: error ? true : names.named[typeId]!,
      field: fieldId === 0 ? null : names.fields[fieldId]!,
      startIndex: nodes[i * 4 + 1]!,
      endIndex: nodes[i * 4 + 2]!,
      parent,
      children: counts[i] === 0 ? NO_CHILDREN : new Array<SyntaxNode>(counts[i]!),
    };
    built[i] = node;
    if (parent) parent.children[counts[count + parentIndex]!++] = node;
    let list = listOfType[typeId];
    if (!list) {
      // Two ids can share a name (aliases): they share one list, still in pre-order.
      list = byType.get(node.type) ?? [];
      byType.set(node.type, list);
      listOfType[typeId] = list;
    }
    list.push(node);
  }
  const root = built[0]!;
  // The scratch must not keep this file's nodes alive.
  built.fill(undefined, 0, count);
  adoptIndex(root, byType);
  return rootOf(root, source);
}

// Keyed by the flat tree or the binding tree: the plain tree lives exactly as long as the parse cache
// keeps the parsed file.
const copies = new WeakMap<object, SyntaxNode>();

/** The file whose tree is young (see `withYoungTree`), and its tree once asked for. */
let young: { flat: FlatTree; source: string; root?: SyntaxNode } | undefined;

/**
 * Runs `use` with a tree of `parsed` that is not kept: inside it, `syntaxTreeOf(parsed)` builds (on
 * first call) and returns a tree the parse cache does not hold, so once `use` returns the tree is
 * garbage while it is still in V8's young generation, and costs the collector nothing. A scan runs its
 * checks' per-file steps this way as each file's parse arrives (core/scan/file-steps.ts): the per-file
 * results are memoised, and the ~100 MB of trees a whole project makes are never copied and promoted.
 * A file whose shared tree already exists uses that one. Synchronous by contract: one young tree at a
 * time.
 */
export function withYoungTree<T>(parsed: { tree: Tree; source: string }, use: () => T): T {
  const flat = flatTreeOf(parsed);
  if (!flat || copies.has(flat) || young) return use();
  young = { flat, source: parsed.source };
  try {
    return use();
  } finally {
    young = undefined;
  }
}

/** The shared plain tree of a parsed file: built on first use, then reused by every analysis. */
export function syntaxTreeOf(parsed: { tree: Tree; source: string }): SyntaxNode {
  const flat = flatTreeOf(parsed);
  const key: object = flat ?? parsed.tree;
  if (young?.flat === key) return (young.root ??= treeFromFlat(young.flat, young.source));
  let root = copies.get(key);
  if (!root) {
    root = flat ? treeFromFlat(flat, parsed.source) : copyTree(parsed.tree, parsed.source);
    copies.set(key, root);
  }
  return root;
}
