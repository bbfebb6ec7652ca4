/**
 * The module specifiers a file imports, read from its plain syntax tree: static imports and re-exports,
 * `import x = require()`, `require('x')`, `require.resolve('x')` and `import('x')` with a literal
 * argument. Specifiers built at run time (`require(name)`) cannot be known and are not listed.
 */
import { descendantForIndex, descendants, fieldChild, namedChildren, startRowOf, type SyntaxNode, textOf } from '../../../core/index.js';

export type ImportKind = 'static' | 'reexport' | 'require' | 'dynamic' | 'resolve';

export interface ImportRecord {
  specifier: string;
  kind: ImportKind;
  /** 1-based line of the specifier. */
  line: number;
  /** `import type` / `export type` / every specifier marked `type`: erased at compile time. */
  typeOnly: boolean;
}

export function extractImports(root: SyntaxNode, source: string): ImportRecord[] {
  const out: ImportRecord[] = [];
  const seen = new Set<number>();
  // The keywords are found in the text and only their nodes are looked at (comments and strings drop
  // out there), rather than walking every node of the file.
  for (const match of source.matchAll(/\b(import|export|require)\b/g)) {
    const node = descendantForIndex(root, match.index!);
    const record = recordAt(node, seen, source);
    if (record) out.push(record);
  }
  return out.sort((a, b) => a.line - b.line);
}

function recordAt(node: SyntaxNode, seen: Set<number>, text: string): ImportRecord | null {
  let current: SyntaxNode | null = node;
  // The keyword is a leaf; its statement or call is at most a few levels up (require.resolve: three).
  for (let depth = 0; current && depth < 4; depth++, current = current.parent) {
    const type = current.type;
    if (type === 'import_statement' || type === 'export_statement' || type === 'call_expression') {
      if (seen.has(current.startIndex)) return null;
      seen.add(current.startIndex);
      if (type === 'call_expression') return fromCall(current, text);
      return fromStatement(current, type === 'import_statement' ? 'static' : 'reexport', text);
    }
  }
  return null;
}

function stringValue(node: SyntaxNode | null | undefined, text: string): string | null {
  if (!node || node.type !== 'string') return null;
  return text.slice(node.startIndex + 1, node.endIndex - 1);
}

function fromStatement(node: SyntaxNode, kind: ImportKind, text: string): ImportRecord | null {
  let source = stringValue(fieldChild(node, 'source'), text);
  let recordKind = kind;
  if (source === null && kind === 'static') {
    const clause = namedChildren(node).find((c) => c.type === 'import_require_clause');
    source = stringValue(clause && fieldChild(clause, 'source'), text);
    recordKind = 'require';
  }
  if (source === null) return null;
  return { specifier: source, kind: recordKind, line: startRowOf(node) + 1, typeOnly: isTypeOnly(node) };
}

function isTypeOnly(statement: SyntaxNode): boolean {
  if (statement.children.some((c) => c.type === 'type' || c.type === 'typeof')) return true;
  const specifiers = descendants(statement, SPECIFIERS);
  const clause = namedChildren(statement).find((c) => c.type === 'import_clause');
  // A default or namespace import is a value import even when the named ones are all types.
  const hasValueBinding = clause ? namedChildren(clause).some((c) => c.type === 'identifier' || c.type === 'namespace_import') : false;
  return specifiers.length > 0 && !hasValueBinding && specifiers.every((s) => s.children.some((c) => c.type === 'type'));
}

const SPECIFIERS = new Set(['import_specifier', 'export_specifier']);

function fromCall(node: SyntaxNode, text: string): ImportRecord | null {
  const callee = fieldChild(node, 'function');
  const args = fieldChild(node, 'arguments');
  if (!callee || !args) return null;
  let kind: ImportKind | null = null;
  if (callee.type === 'import') kind = 'dynamic';
  else if (callee.type === 'identifier' && textOf(callee, text) === 'require') kind = 'require';
  else if (callee.type === 'member_expression' && textOf(callee, text) === 'require.resolve') kind = 'resolve';
  if (!kind) return null;
  const first = namedChildren(args)[0];
  const specifier = stringValue(first, text) ?? templateWithoutSubstitution(first, text);
  if (specifier === null) return null;
  return { specifier, kind, line: startRowOf(node) + 1, typeOnly: false };
}

function templateWithoutSubstitution(node: SyntaxNode | undefined, text: string): string | null {
  if (!node || node.type !== 'template_string') return null;
  return node.children.some((c) => c.type === 'template_substitution') ? null : text.slice(node.startIndex + 1, node.endIndex - 1);
}
