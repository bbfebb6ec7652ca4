/**
 * A parsed file's two readings, from the packed columns it crosses as (crossing.ts: five columns
 * one after the other, each with one entry per node in pre-order — type index, field index or -1,
 * start, end, parent index or -1 — plus the name tables): `nodes`, one plain object per node, and
 * `tree`, a view that answers the same facts by node number without making an object per node. The three functions import nothing and name nothing
 * outside themselves but each other: the isolate's prelude is built from their source text
 * (isolate-source.ts), and the host uses them as they are (the first-party peer of
 * bench/plugin-overhead.ts, the crossing tests), so a plugin and its in-process peer read one
 * implementation.
 */
import type { PluginNode, PluginParsedFile, PluginTree } from '../sdk/plugin-context.js';

/** The documented node objects, in pre-order (the columns one after the other: type, field, start, end, parent). */
export function nodesOf(columns: Int32Array, types: readonly string[], named: readonly boolean[], fields: readonly string[]): PluginNode[] {
  const count = columns.length / 5;
  const nodes = new Array<PluginNode>(count);
  for (let i = 0; i < count; i++) {
    const type = columns[i]!;
    const field = columns[count + i]!;
    nodes[i] = {
      type: types[type]!,
      named: named[type]!,
      field: field < 0 ? null : fields[field]!,
      start: columns[2 * count + i]!,
      end: columns[3 * count + i]!,
      parent: columns[4 * count + i]!,
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
  const FIELD = count;
  const START = 2 * count;
  const END = 3 * count;
  const PARENT = 4 * count;
  const at = (node: number): number => {
    // The test itself uses operators only: a plugin may have replaced Number or Math in its own context.
    if (typeof node !== 'number' || !(node >= 0 && node < count) || node % 1 !== 0)
      throw new RangeError(`no node ${String(node)} in a tree of ${count} nodes`);
    return node;
  };
  // Children by node, made on the first children() call: offsets into one list, in pre-order.
  let made: [Int32Array, Int32Array] | undefined;
  const childIndex = (): [Int32Array, Int32Array] => {
    if (made) return made;
    const offsets = new Int32Array(count + 1);
    for (let i = 1; i < count; i++) offsets[columns[PARENT + i]! + 1]! += 1;
    for (let i = 0; i < count; i++) offsets[i + 1]! += offsets[i]!;
    const placed = offsets.slice(0, count);
    const list = new Int32Array(Math.max(count - 1, 0));
    for (let i = 1; i < count; i++) list[placed[columns[PARENT + i]!]!++] = i;
    return (made = [offsets, list]);
  };
  // The type column alone, searched with the typed array's own indexOf (native even in code that has not warmed up).
  let typeColumn: Int32Array | undefined;
  return Object.freeze({
    count,
    type: (node: number): string => types[columns[at(node)]!]!,
    named: (node: number): boolean => named[columns[at(node)]!]!,
    field: (node: number): string | null => {
      const field = columns[FIELD + at(node)]!;
      return field < 0 ? null : fields[field]!;
    },
    start: (node: number): number => columns[START + at(node)]!,
    end: (node: number): number => columns[END + at(node)]!,
    parent: (node: number): number => columns[PARENT + at(node)]!,
    text: (node: number): string => source.slice(columns[START + at(node)]!, columns[END + node]!),
    children: (node: number): number[] => {
      at(node);
      const [offsets, list] = childIndex();
      const children: number[] = [];
      for (let i = offsets[node]!; i < offsets[node + 1]!; i++) children.push(list[i]!);
      return children;
    },
    childForField: (node: number, name: string): number => {
      at(node);
      const field = fields.indexOf(name);
      if (field < 0) return -1;
      if (made) {
        for (let i = made[0][node]!; i < made[0][node + 1]!; i++) if (columns[FIELD + made[1][i]!] === field) return made[1][i]!;
        return -1;
      }
      // The node's subtree follows it in pre-order and ends at the first node whose parent comes before it.
      for (let i = node + 1; i < count && columns[PARENT + i]! >= node; i++) {
        if (columns[PARENT + i] === node && columns[FIELD + i] === field) return i;
      }
      return -1;
    },
    ofType: (wanted: string | readonly string[]): number[] => {
      const names = typeof wanted === 'string' ? [wanted] : wanted;
      const found: number[] = [];
      let matched = 0;
      for (let t = 0; t < types.length; t++) {
        if (!names.includes(types[t]!)) continue;
        typeColumn ??= columns.subarray(0, count);
        for (let i = typeColumn.indexOf(t); i !== -1; i = typeColumn.indexOf(t, i + 1)) found.push(i);
        matched++;
      }
      // Two names (or two grammar types of one name) found one after the other: back into pre-order.
      return matched > 1 ? found.sort((a, b) => a - b) : found;
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
