/**
 * A parsed file's two readings, from the packed columns it crosses as (crossing.ts: per node in
 * pre-order its type index, field index or -1, start, end and parent index or -1, plus the name
 * tables): `nodes`, one plain object per node, and `tree`, a view that answers the same facts by node
 * number without making an object per node. The three functions import nothing and name nothing
 * outside themselves but each other: the isolate's prelude is built from their source text
 * (isolate-source.ts), and the host uses them as they are (the first-party peer of
 * bench/plugin-overhead.ts, the crossing tests), so a plugin and its in-process peer read one
 * implementation.
 */
import type { PluginNode, PluginParsedFile, PluginTree } from '../sdk/plugin-context.js';

/** The documented node objects, in pre-order. */
export function nodesOf(columns: Int32Array, types: readonly string[], named: readonly boolean[], fields: readonly string[]): PluginNode[] {
  const nodes = new Array<PluginNode>(columns.length / 5);
  for (let i = 0, at = 0; i < nodes.length; i++, at += 5) {
    const type = columns[at]!;
    const field = columns[at + 1]!;
    nodes[i] = {
      type: types[type]!,
      named: named[type]!,
      field: field < 0 ? null : fields[field]!,
      start: columns[at + 2]!,
      end: columns[at + 3]!,
      parent: columns[at + 4]!,
    };
  }
  return nodes;
}

/** The columnar view (`file.tree`): node numbers are the indexes of `nodes`; a number outside the tree is a RangeError. */
export function treeViewOf(
  columns: Int32Array,
  types: readonly string[],
  named: readonly boolean[],
  fields: readonly string[],
  source: string,
): PluginTree {
  const count = columns.length / 5;
  const at = (node: number): number => {
    // The test itself uses operators only: a plugin may have replaced Number or Math in its own context.
    if (typeof node !== 'number' || !(node >= 0 && node < count) || node % 1 !== 0)
      throw new RangeError(`no node ${String(node)} in a tree of ${count} nodes`);
    return node * 5;
  };
  // Children by node, made on the first children() call: offsets into one list, in pre-order.
  let made: [Int32Array, Int32Array] | undefined;
  const childIndex = (): [Int32Array, Int32Array] => {
    if (made) return made;
    const offsets = new Int32Array(count + 1);
    for (let i = 1; i < count; i++) offsets[columns[i * 5 + 4]! + 1]! += 1;
    for (let i = 0; i < count; i++) offsets[i + 1]! += offsets[i]!;
    const placed = offsets.slice(0, count);
    const list = new Int32Array(Math.max(count - 1, 0));
    for (let i = 1; i < count; i++) list[placed[columns[i * 5 + 4]!]!++] = i;
    return (made = [offsets, list]);
  };
  return Object.freeze({
    count,
    type: (node: number): string => types[columns[at(node)]!]!,
    named: (node: number): boolean => named[columns[at(node)]!]!,
    field: (node: number): string | null => {
      const field = columns[at(node) + 1]!;
      return field < 0 ? null : fields[field]!;
    },
    start: (node: number): number => columns[at(node) + 2]!,
    end: (node: number): number => columns[at(node) + 3]!,
    parent: (node: number): number => columns[at(node) + 4]!,
    text: (node: number): string => source.slice(columns[at(node) + 2]!, columns[at(node) + 3]!),
    children: (node: number): number[] => {
      at(node);
      const [offsets, list] = childIndex();
      const children: number[] = [];
      for (let i = offsets[node]!; i < offsets[node + 1]!; i++) children.push(list[i]!);
      return children;
    },
    ofType: (wanted: string | readonly string[]): number[] => {
      const names = typeof wanted === 'string' ? [wanted] : wanted;
      const match = new Uint8Array(types.length);
      let any = false;
      for (let t = 0; t < types.length; t++) {
        if (!names.includes(types[t]!)) continue;
        match[t] = 1;
        any = true;
      }
      const found: number[] = [];
      if (any) for (let i = 0, offset = 0; i < count; i++, offset += 5) if (match[columns[offset]!] === 1) found.push(i);
      return found;
    },
  });
}

/** A parsed file as a plugin gets it, from its packed crossing (its columns and its reply's name tables): `nodes` made on first read, `tree` not enumerable. */
export function parsedFileOf(
  packed: { path: string; language: string; hash: string; source: string; columns: Int32Array },
  tables: { types: readonly string[]; named: readonly boolean[]; fields: readonly string[] },
): PluginParsedFile {
  const { columns } = packed;
  const { types, named, fields } = tables;
  let nodes: PluginNode[] | undefined;
  const file = {
    path: packed.path,
    language: packed.language,
    hash: packed.hash,
    source: packed.source,
    get nodes(): PluginNode[] {
      return (nodes ??= nodesOf(columns, types, named, fields));
    },
    set nodes(value: PluginNode[]) {
      nodes = value;
    },
  };
  Object.defineProperty(file, 'tree', { value: treeViewOf(columns, types, named, fields, packed.source), enumerable: false });
  return file as PluginParsedFile;
}
