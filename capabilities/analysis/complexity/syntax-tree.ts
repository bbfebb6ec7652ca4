/**
 * A plain-JS copy of a tree-sitter tree, made in one TreeCursor pass. Reading node properties through
 * the native binding costs a boundary crossing each time; the metrics visit every node several ways,
 * so copying once is several times faster than walking SyntaxNode objects.
 */
import type { Tree } from 'tree-sitter';

export interface Node {
  type: string;
  named: boolean;
  /** The field name this node has in its parent ("body", "value", ...), or null. */
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

export function copyTree(tree: Tree): Node {
  const cursor = tree.walk();
  const root = nodeAtCursor(cursor, null);
  let current = root;
  // Depth-first with an explicit cursor: first child, else next sibling, else climb until a sibling exists.
  for (;;) {
    if (cursor.gotoFirstChild()) {
      current = appendChild(current, cursor);
      continue;
    }
    for (;;) {
      if (cursor.gotoNextSibling()) {
        current = appendChild(current.parent!, cursor);
        break;
      }
      if (!cursor.gotoParent()) return root;
      current = current.parent!;
    }
  }
}

function appendChild(parent: Node, cursor: ReturnType<Tree['walk']>): Node {
  const node = nodeAtCursor(cursor, parent);
  parent.children.push(node);
  return node;
}

function nodeAtCursor(cursor: ReturnType<Tree['walk']>, parent: Node | null): Node {
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

export function fieldChild(node: Node, field: string): Node | undefined {
  return node.children.find((c) => c.field === field);
}

export function hasChild(node: Node, type: string): boolean {
  return node.children.some((c) => c.type === type);
}

/** The parent as ESTree sees it: parentheses are not nodes there. */
export function logicalParent(node: Node): Node | null {
  let parent = node.parent;
  while (parent && parent.type === 'parenthesized_expression') parent = parent.parent;
  return parent;
}

export function textOf(node: Node, source: string): string {
  return source.slice(node.startIndex, node.endIndex);
}
