/**
 * The module specifiers a file imports, read from its tree-sitter tree: static imports and re-exports,
 * `import x = require()`, `require('x')`, `require.resolve('x')` and `import('x')` with a literal
 * argument. Specifiers built at run time (`require(name)`) cannot be known and are not listed.
 */
import type { Tree, TreeCursor, SyntaxNode } from 'tree-sitter';

export type ImportKind = 'static' | 'reexport' | 'require' | 'dynamic' | 'resolve';

export interface ImportRecord {
  specifier: string;
  kind: ImportKind;
  /** 1-based line of the specifier. */
  line: number;
  /** `import type` / `export type` / every specifier marked `type`: erased at compile time. */
  typeOnly: boolean;
}

export function extractImports(tree: Tree, source: string): ImportRecord[] {
  const out: ImportRecord[] = [];
  const seen = new Set<number>();
  // Walking every node through the native binding costs a crossing per property; the keywords are
  // found in the text instead and only their nodes are asked for (comments and strings drop out there).
  for (const match of source.matchAll(/\b(import|export|require)\b/g)) {
    const node = tree.rootNode.descendantForIndex(match.index!);
    const record = recordAt(node, seen);
    if (record) out.push(record);
  }
  return out.sort((a, b) => a.line - b.line);
}

function recordAt(node: SyntaxNode, seen: Set<number>): ImportRecord | null {
  let current: SyntaxNode | null = node;
  // The keyword is a leaf; its statement or call is at most a few levels up (require.resolve: three).
  for (let depth = 0; current && depth < 4; depth++, current = current.parent) {
    const type = current.type;
    if (type === 'import_statement' || type === 'export_statement' || type === 'call_expression') {
      if (seen.has(current.startIndex)) return null;
      seen.add(current.startIndex);
      if (type === 'call_expression') return fromCall(current);
      return fromStatement(current, type === 'import_statement' ? 'static' : 'reexport');
    }
  }
  return null;
}

/** Depth-first over every node; `visit` returns false to skip a node's children. */
export function visitAll(cursor: TreeCursor, visit: (cursor: TreeCursor) => boolean): void {
  for (;;) {
    const descend = visit(cursor);
    if (descend && cursor.gotoFirstChild()) continue;
    while (!cursor.gotoNextSibling()) {
      if (!cursor.gotoParent()) return;
    }
  }
}

function stringValue(node: SyntaxNode | null | undefined): string | null {
  if (!node || node.type !== 'string') return null;
  return node.text.slice(1, -1);
}

function fromStatement(node: SyntaxNode, kind: ImportKind): ImportRecord | null {
  let source = stringValue(node.childForFieldName('source'));
  let recordKind = kind;
  if (source === null && kind === 'static') {
    const clause = node.namedChildren.find((c) => c.type === 'import_require_clause');
    source = stringValue(clause?.childForFieldName('source'));
    recordKind = 'require';
  }
  if (source === null) return null;
  return { specifier: source, kind: recordKind, line: node.startPosition.row + 1, typeOnly: isTypeOnly(node) };
}

function isTypeOnly(statement: SyntaxNode): boolean {
  if (statement.children.some((c) => c.type === 'type' || c.type === 'typeof')) return true;
  const specifiers = statement.descendantsOfType(['import_specifier', 'export_specifier']);
  const clause = statement.namedChildren.find((c) => c.type === 'import_clause');
  // A default or namespace import is a value import even when the named ones are all types.
  const hasValueBinding = clause?.namedChildren.some((c) => c.type === 'identifier' || c.type === 'namespace_import') ?? false;
  return specifiers.length > 0 && !hasValueBinding && specifiers.every((s) => s.children.some((c) => c.type === 'type'));
}

function fromCall(node: SyntaxNode): ImportRecord | null {
  const callee = node.childForFieldName('function');
  const args = node.childForFieldName('arguments');
  if (!callee || !args) return null;
  let kind: ImportKind | null = null;
  if (callee.type === 'import') kind = 'dynamic';
  else if (callee.type === 'identifier' && callee.text === 'require') kind = 'require';
  else if (callee.type === 'member_expression' && callee.text === 'require.resolve') kind = 'resolve';
  if (!kind) return null;
  const first = args.namedChildren[0];
  const specifier = stringValue(first) ?? templateWithoutSubstitution(first);
  if (specifier === null) return null;
  return { specifier, kind, line: node.startPosition.row + 1, typeOnly: false };
}

function templateWithoutSubstitution(node: SyntaxNode | undefined): string | null {
  if (!node || node.type !== 'template_string') return null;
  return node.namedChildren.some((c) => c.type === 'template_substitution') ? null : node.text.slice(1, -1);
}
