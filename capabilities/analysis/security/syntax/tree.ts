/**
 * A plain-JS copy of a tree-sitter tree made in one TreeCursor pass, plus the few accessors the rules
 * use. Each property read on a native SyntaxNode crosses into the binding; the taint engine visits
 * nodes many times, so one copy per file is much cheaper than walking native nodes.
 */
import type { Tree } from 'tree-sitter';

export interface Node {
  type: string;
  named: boolean;
  /** The field name this node has in its parent ("function", "arguments", ...), or null. */
  field: string | null;
  /** 0-based row and UTF-16 column, as tree-sitter's JS binding reports them. */
  startRow: number;
  startColumn: number;
  endRow: number;
  endColumn: number;
  startIndex: number;
  endIndex: number;
  parent: Node | null;
  children: Node[];
}

type Cursor = ReturnType<Tree['walk']>;

export function copyTree(tree: Tree): Node {
  const cursor = tree.walk();
  const root = nodeAt(cursor, null);
  let current = root;
  for (;;) {
    if (cursor.gotoFirstChild()) {
      current = append(current, cursor);
      continue;
    }
    for (;;) {
      if (cursor.gotoNextSibling()) {
        current = append(current.parent!, cursor);
        break;
      }
      if (!cursor.gotoParent()) return root;
      current = current.parent!;
    }
  }
}

function append(parent: Node, cursor: Cursor): Node {
  const node = nodeAt(cursor, parent);
  parent.children.push(node);
  return node;
}

function nodeAt(cursor: Cursor, parent: Node | null): Node {
  const start = cursor.startPosition;
  const end = cursor.endPosition;
  return {
    type: cursor.nodeType,
    named: cursor.nodeIsNamed,
    field: parent ? cursor.currentFieldName || null : null,
    startRow: start.row,
    startColumn: start.column,
    endRow: end.row,
    endColumn: end.column,
    startIndex: cursor.startIndex,
    endIndex: cursor.endIndex,
    parent,
    children: [],
  };
}

export function field(node: Node, name: string): Node | undefined {
  return node.children.find((c) => c.field === name);
}

export function fields(node: Node, name: string): Node[] {
  return node.children.filter((c) => c.field === name);
}

export function namedChildren(node: Node): Node[] {
  return node.children.filter((c) => c.named && c.type !== 'comment');
}

/** Unwraps parentheses, `x as T`, `x!` and `<T>x`: none of them changes the value at run time. */
export function unwrap(node: Node): Node {
  let current = node;
  while (['parenthesized_expression', 'as_expression', 'non_null_expression', 'satisfies_expression', 'type_assertion', 'await_expression'].includes(current.type)) {
    const inner = namedChildren(current)[current.type === 'type_assertion' ? 1 : 0];
    if (!inner) break;
    current = inner;
  }
  return current;
}

/** Depth-first, pre-order; `visit` returning false skips the node's children. */
export function walk(node: Node, visit: (n: Node) => boolean | void): void {
  const stack: Node[] = [node];
  while (stack.length > 0) {
    const current = stack.pop()!;
    if (visit(current) === false) continue;
    for (let i = current.children.length - 1; i >= 0; i--) stack.push(current.children[i]!);
  }
}

export function ancestors(node: Node): Node[] {
  const list: Node[] = [];
  for (let p = node.parent; p; p = p.parent) list.push(p);
  return list;
}

export const FUNCTION_TYPES = new Set(['function_declaration', 'function_expression', 'arrow_function', 'method_definition', 'generator_function_declaration', 'generator_function', 'function']);
