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

/** One node of the plain tree. Treat it as read-only: every analysis of the thread shares it. */
export class SyntaxNode {
  children: SyntaxNode[] = [];

  constructor(
    readonly type: string,
    readonly named: boolean,
    /** The field name this node has in its parent ("body", "value", ...), or null. */
    readonly field: string | null,
    readonly startIndex: number,
    readonly endIndex: number,
    readonly parent: SyntaxNode | null,
    private readonly lines: LineIndex,
  ) {}

  /** 0-based row, as tree-sitter reports it. */
  get startRow(): number {
    return this.lines.rowOf(this.startIndex);
  }

  /** 0-based UTF-16 column, as tree-sitter's JS binding reports it. */
  get startColumn(): number {
    return this.lines.columnOf(this.startIndex);
  }

  get endRow(): number {
    return this.lines.rowOf(this.endIndex);
  }

  get endColumn(): number {
    return this.lines.columnOf(this.endIndex);
  }
}

/**
 * Type and field names by their numeric ids, so each node costs a number from the binding rather
 * than a fresh string (the ids are per grammar; one table per copy keeps that trivially right).
 */
class NameTables {
  private readonly types: string[] = [];
  private readonly named: boolean[] = [];
  private readonly fields: string[] = [];

  node(cursor: Cursor, parent: SyntaxNode | null, lines: LineIndex): SyntaxNode {
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
    return new SyntaxNode(type, this.named[id]!, field, cursor.startIndex, cursor.endIndex, parent, lines);
  }
}

/** Copies a tree (prefer `syntaxTreeOf`, which shares one copy per parsed file). */
export function copyTree(tree: Tree, source: string): SyntaxNode {
  const lines = new LineIndex(source);
  const names = new NameTables();
  const cursor = tree.walk();
  const root = names.node(cursor, null, lines);
  let current = root;
  // Depth-first with an explicit cursor: first child, else next sibling, else climb until a sibling exists.
  for (;;) {
    if (cursor.gotoFirstChild()) {
      const child = names.node(cursor, current, lines);
      current.children.push(child);
      current = child;
      continue;
    }
    for (;;) {
      if (cursor.gotoNextSibling()) {
        const sibling = names.node(cursor, current.parent, lines);
        current.parent!.children.push(sibling);
        current = sibling;
        break;
      }
      if (!cursor.gotoParent()) return root;
      current = current.parent!;
    }
  }
}

// Keyed by the tree object: the copy lives exactly as long as the parse cache keeps the tree.
const copies = new WeakMap<Tree, SyntaxNode>();

/** The shared plain tree of a parsed file: copied on first use, then reused by every analysis. */
export function syntaxTreeOf(parsed: { tree: Tree; source: string }): SyntaxNode {
  let root = copies.get(parsed.tree);
  if (!root) {
    root = copyTree(parsed.tree, parsed.source);
    copies.set(parsed.tree, root);
  }
  return root;
}
