/**
 * How bulk data crosses into a plugin's isolate. Structured copies are cheap for a few long strings and
 * typed arrays and dear for many small objects: each object and string is a new allocation the
 * isolate's collector then copies. So what a plugin gets as many small things crosses packed and is
 * unpacked by the prelude (isolate-source.ts), into exactly the shapes the SDK documents:
 * - file texts: readMany's joined into a few long strings the isolate slices (CrossTexts), a parsed
 *   file's source, when long, as an external copy (CrossText) — not through the serializer;
 * - parsed trees: five int32 columns (type, field, start, end, parent), one after the other in one
 *   array moved into the isolate (CrossColumns), plus one set of type and field name tables for all the
 *   files of a reply; the isolate reads them as `nodes` (objects, made on first read) and `tree` (by
 *   node number), tree-view.ts;
 * - readMany's paths: not sent back when they are the ones asked for (packFiles).
 * Measured in bench/plugin-overhead.ts (docs/plugins.md).
 */
import { syntaxTreeOf, type ParsedFile, type ReadManyResult, type SyntaxNode } from '../../core/index.js';
import { ERROR_TYPE_ID, type FlatTree } from '../../core/parsing/flat-parser.js';
import { flatTreeOf } from '../../core/parsing/parsed-file.js';
import type { PluginParsedFile } from '../sdk/plugin-context.js';
import { parsedFileOf } from './tree-view.js';

/** A parsed file as a plugin gets it from `ctx.tools.parse` (tree-view.ts): what the bench's first-party peer and the crossing tests read on the host. */
export function plainParse(parsed: ParsedFile): PluginParsedFile {
  const { tables, files } = packParses([parsed]);
  return parsedFileOf(files[0]!, tables);
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

/**
 * The columns of a packed tree, each `count` long and one after the other in one Int32Array (column
 * after column, not node after node, so the type column is one contiguous run the view searches with
 * the typed array's native `indexOf`): type index, field index (-1: none), start, end, parent index
 * (-1: the root).
 */
export const TREE_COLUMNS = 5;

/** The type and field names the columns of one reply's files index: one set per reply, shared by its files. */
export interface NameTables {
  types: string[];
  named: boolean[];
  fields: string[];
}

export interface PackedFile {
  path: string;
  language: string;
  hash: string;
  source: string;
  columns: Int32Array;
}

/** A tool reply of parsed files: their columns index one set of name tables (one copy of each name crosses, not one per file). */
export interface PackedParses {
  tables: NameTables;
  files: PackedFile[];
}

/** The tables being filled for one reply, with the (name, named) and field → index maps that fill them. */
class TableBuilder {
  readonly tables: NameTables = { types: [], named: [], fields: [] };
  // Two grammar ids may share a name (aliases): one entry per (name, named), in the order first seen.
  private readonly typeIndex = new Map<string, number>();
  private readonly fieldIndex = new Map<string, number>();

  type(name: string, isNamed: boolean): number {
    const key = isNamed ? `+${name}` : `-${name}`;
    let index = this.typeIndex.get(key);
    if (index === undefined) {
      this.typeIndex.set(key, (index = this.tables.types.push(name) - 1));
      this.tables.named.push(isNamed);
    }
    return index;
  }

  field(name: string): number {
    let index = this.fieldIndex.get(name);
    if (index === undefined) this.fieldIndex.set(name, (index = this.tables.fields.push(name) - 1));
    return index;
  }
}

/**
 * Parsed files packed for the crossing. Each tree from the flat-tree addon's array when the file has
 * one (the usual case): one pass over its words, no per-node object or string on the host; otherwise
 * (or with `walk`) by a walk of the plain tree. Both give the same packing (test/plugins/crossing.test.ts).
 */
export function packParses(
  parsed: readonly ParsedFile[],
  crossings: Pick<Crossings, 'text' | 'columns'> = PLAIN_CROSSINGS,
  walk = false,
): PackedParses {
  const builder = new TableBuilder();
  const files = parsed.map((file): PackedFile => {
    const flat = walk ? undefined : flatTreeOf(file);
    return {
      path: file.path,
      language: file.language,
      hash: file.hash,
      source: crossings.text(file.source) as string,
      columns: crossings.columns(flat ? packFlat(flat, builder) : packWalk(file, builder)) as Int32Array,
    };
  });
  return { tables: builder.tables, files };
}

/**
 * Grammar ids (16 bits) → table index + 1 (0: not seen in this file yet): scratch reused from file to
 * file (packing is synchronous), cleared after each file at the ids it used (files of one reply may
 * come from different grammars, whose ids differ).
 */
const typeSlots = new Int32Array(0x10000);
const fieldSlots = new Int32Array(0x10000);

function packFlat(flat: FlatTree, builder: TableBuilder): Int32Array {
  const { nodes, names } = flat;
  const count = nodes.length >>> 2;
  const columns = new Int32Array(count * TREE_COLUMNS);
  const usedTypes: number[] = [];
  const usedFields: number[] = [];
  try {
    for (let i = 0; i < count; i++) {
      const word = nodes[i * 4]!;
      const typeId = word & 0xffff;
      const fieldId = word >>> 16;
      let type = typeSlots[typeId]! - 1;
      if (type === -1) {
        const error = typeId === ERROR_TYPE_ID;
        type = builder.type(error ? 'ERROR' : names.types[typeId]!, error ? true : names.named[typeId]!);
        typeSlots[typeId] = type + 1;
        usedTypes.push(typeId);
      }
      let field = -1;
      if (fieldId !== 0) {
        field = fieldSlots[fieldId]! - 1;
        if (field === -1) {
          field = builder.field(names.fields[fieldId]!);
          fieldSlots[fieldId] = field + 1;
          usedFields.push(fieldId);
        }
      }
      columns[i] = type;
      columns[count + i] = field;
      columns[2 * count + i] = nodes[i * 4 + 1]!;
      columns[3 * count + i] = nodes[i * 4 + 2]!;
      columns[4 * count + i] = nodes[i * 4 + 3]! - 1;
    }
  } finally {
    for (const id of usedTypes) typeSlots[id] = 0;
    for (const id of usedFields) fieldSlots[id] = 0;
  }
  return columns;
}

/** The same packing by a walk of the plain tree (a file parsed without the flat-tree addon). */
function packWalk(parsed: ParsedFile, builder: TableBuilder): Int32Array {
  const rows: number[] = [];
  preOrder(syntaxTreeOf(parsed), (node, parent) => {
    rows.push(
      builder.type(node.type, node.named),
      node.field === null ? -1 : builder.field(node.field),
      node.startIndex,
      node.endIndex,
      parent,
    );
    return rows.length / TREE_COLUMNS;
  });
  // Node after node as walked; the crossing's layout is column after column.
  const count = rows.length / TREE_COLUMNS;
  const columns = new Int32Array(rows.length);
  for (let i = 0; i < count; i++) for (let c = 0; c < TREE_COLUMNS; c++) columns[c * count + i] = rows[i * TREE_COLUMNS + c]!;
  return columns;
}

/**
 * How a long text crosses: a host function that copies it once into memory outside both heaps
 * (isolated-vm's ExternalCopy) and hands the isolate a transferable that becomes an external string
 * there, with no second copy and nothing on the isolate's young generation (its bytes still count
 * against the isolate's memory limit). Given by the step's runner (run-plugin-step.ts), which holds
 * isolated-vm; texts under `CROSS_AS_COPY_FROM` characters cross as ordinary strings (an external
 * string costs more than a short copy).
 */
export type CrossText = (text: string) => unknown;
export const CROSS_AS_COPY_FROM = 1024;

/**
 * How many texts cross at once (readMany's files): joined into a few long strings, each file a span
 * of one — `chunks[spans[3i]]` from `spans[3i + 1]` to `spans[3i + 2]`, UTF-16 indexes — which the
 * isolate takes as slices, with no string made per file on either side. The step's runner gives
 * kept external copies (text-copies.ts `joinedCopyOf`); `joinTexts` is the plain join (tests, and
 * lists too short for a copy to pay).
 */
export type CrossTexts = (texts: readonly string[]) => { chunks: unknown[]; spans: Uint32Array };

/**
 * How a packed tree's columns cross: the step's runner moves the array's memory into the isolate
 * (isolated-vm's transferOut/transferIn: no copy on either side; the host's array is detached, the
 * isolate gets an ArrayBuffer the prelude views as an Int32Array) — they are packed afresh per reply.
 */
export type CrossColumns = (columns: Int32Array) => unknown;

/** The three ways data crosses into an isolate (given by the step's runner). */
export interface Crossings {
  text: CrossText;
  texts: CrossTexts;
  columns: CrossColumns;
}

/** Texts joined into chunks of at most `maxChars` (a longer text is a chunk of its own), with each text's span. */
export function chunkTexts(texts: readonly string[], maxChars = Infinity): { chunks: string[]; spans: Uint32Array } {
  const chunks: string[] = [];
  const spans = new Uint32Array(texts.length * 3);
  let parts: string[] = [];
  let length = 0;
  for (let i = 0; i < texts.length; i++) {
    const text = texts[i]!;
    if (length > 0 && length + text.length > maxChars) {
      chunks.push(parts.join(''));
      parts = [];
      length = 0;
    }
    spans[i * 3] = chunks.length;
    spans[i * 3 + 1] = length;
    spans[i * 3 + 2] = length + text.length;
    parts.push(text);
    length += text.length;
  }
  chunks.push(parts.join(''));
  return { chunks, spans };
}

/** The plain crossing of many texts: one chunk. */
export const joinTexts = (texts: readonly string[]): { chunks: string[]; spans: Uint32Array } => chunkTexts(texts);

/** The crossings without an isolate, values as they are: the host's own reading (plainParse) and tests. */
export const PLAIN_CROSSINGS: Crossings = { text: (text) => text, texts: joinTexts, columns: (columns) => columns };

/**
 * readMany's files for the crossing: `{ paths, chunks, spans, skipped }`, the texts by `crossTexts`.
 * Measured against one external string per file, and before that one joined string made per call
 * (bench/plugin-overhead.ts, docs/plugins.md).
 */
export function packFiles(
  read: ReadManyResult,
  crossTexts: CrossTexts,
  asked?: readonly string[],
): { paths: string[] | null; chunks: unknown[]; spans: Uint32Array; skipped: ReadManyResult['skipped'] } {
  // null: every file was read, in order, under the path it was asked by (the usual case): the isolate
  // names them from its own copy of the request instead of receiving each path back.
  const same = asked !== undefined && read.files.length === asked.length && read.files.every((file, i) => file.path === asked[i]);
  return {
    paths: same ? null : read.files.map((file) => file.path),
    ...crossTexts(read.files.map((file) => file.content)),
    skipped: read.skipped,
  };
}
