/**
 * How bulk data crosses into a plugin's isolate. Structured copies are cheap for a few long strings and
 * typed arrays and dear for many small objects: each object and string is a new allocation the
 * isolate's collector then copies. So what a plugin gets as many small things crosses packed and is
 * unpacked by the prelude (isolate-source.ts), into exactly the shapes the SDK documents:
 * - readMany's files: one text plus where each file ends (the files are slices of it);
 * - a parsed tree: the nodes as five int32 columns per node plus the type and field name tables.
 * Measured in bench/plugin-overhead.ts (docs/plugins.md).
 */
import { syntaxTreeOf, type ParsedFile, type ReadManyResult, type SyntaxNode } from '../../core/index.js';

/** A parsed file as data, as a plugin sees it: the nodes in pre-order, each with its parent's index (-1 for the root). */
export interface PlainNode {
  type: string;
  named: boolean;
  field: string | null;
  start: number;
  end: number;
  parent: number;
}

export interface PlainParse {
  path: string;
  language: string;
  hash: string;
  source: string;
  nodes: PlainNode[];
}

/** The nodes of a tree in pre-order as plain objects: what `ctx.tools.parse` gives a plugin (and the bench's first-party peer). */
export function plainParse(parsed: ParsedFile): PlainParse {
  const nodes: PlainNode[] = [];
  preOrder(syntaxTreeOf(parsed), (node, parent) =>
    nodes.push({ type: node.type, named: node.named, field: node.field, start: node.startIndex, end: node.endIndex, parent }),
  );
  return { path: parsed.path, language: parsed.language, hash: parsed.hash, source: parsed.source, nodes };
}

/** Calls `visit` on each node in pre-order with its parent's pre-order index; returns nothing. */
function preOrder(root: SyntaxNode, visit: (node: SyntaxNode, parent: number) => number): void {
  const stack: [SyntaxNode, number][] = [[root, -1]];
  while (stack.length > 0) {
    const [node, parent] = stack.pop()!;
    const index = visit(node, parent) - 1;
    for (let i = node.children.length - 1; i >= 0; i--) stack.push([node.children[i]!, index]);
  }
}

/** Per node: type index, field index (-1: none), start, end, parent index (-1: the root). */
export const TREE_COLUMNS = 5;

export interface PackedParse {
  path: string;
  language: string;
  hash: string;
  source: string;
  tree: { columns: Int32Array; types: string[]; named: boolean[]; fields: string[] };
}

export function packParse(parsed: ParsedFile): PackedParse {
  const typeIndex = new Map<string, number>();
  const fieldIndex = new Map<string, number>();
  const types: string[] = [];
  const named: boolean[] = [];
  const fields: string[] = [];
  const rows: number[] = [];
  preOrder(syntaxTreeOf(parsed), (node, parent) => {
    const key = node.named ? `+${node.type}` : `-${node.type}`;
    let type = typeIndex.get(key);
    if (type === undefined) {
      typeIndex.set(key, (type = types.push(node.type) - 1));
      named.push(node.named);
    }
    let field = -1;
    if (node.field !== null) {
      field = fieldIndex.get(node.field) ?? -1;
      if (field === -1) fieldIndex.set(node.field, (field = fields.push(node.field) - 1));
    }
    rows.push(type, field, node.startIndex, node.endIndex, parent);
    return rows.length / TREE_COLUMNS;
  });
  return {
    path: parsed.path,
    language: parsed.language,
    hash: parsed.hash,
    source: parsed.source,
    tree: { columns: Int32Array.from(rows), types, named, fields },
  };
}

export interface PackedFiles {
  paths: string[];
  ends: number[];
  text: string;
  skipped: ReadManyResult['skipped'];
}

export function packFiles(read: ReadManyResult): PackedFiles {
  const paths: string[] = [];
  const ends: number[] = [];
  let at = 0;
  for (const file of read.files) {
    paths.push(file.path);
    ends.push((at += file.content.length));
  }
  return { paths, ends, text: read.files.map((f) => f.content).join(''), skipped: read.skipped };
}
