/**
 * The token stream clone detection compares, read from the leaves of the shared plain syntax tree.
 * Comments are left out (jscpd's "weak" mode), so a comment edit never hides a clone. Strings, template
 * strings, regexes and numbers are one token each, as a lexer sees them. Each token has two keys: the
 * exact one (its text) and the renamed one, where identifiers become `$id` and literals `$lit`, so a
 * copy with renamed variables or changed constants still matches (a type-2 clone).
 */
import type { Tree } from 'tree-sitter';
import { syntaxTreeOf, type SyntaxNode } from '../../../core/index.js';

export const TOKEN_KIND = { other: 0, identifier: 1, literal: 2 } as const;

const IDENTIFIERS = new Set([
  'identifier', 'property_identifier', 'shorthand_property_identifier', 'shorthand_property_identifier_pattern',
  'type_identifier', 'private_property_identifier', 'statement_identifier',
]);
const LITERALS = new Set(['string', 'template_string', 'number', 'regex', 'jsx_text']);
const SKIPPED = new Set(['comment', 'html_comment', 'hash_bang_line']);

/** Plain data (memoised per content hash and shared between jobs): treat as immutable. */
export interface TokenStream {
  /** The exact key of each token. */
  texts: string[];
  kinds: number[];
  /** 1-based first and last line of each token, and 1-based columns of its first and last character. */
  startLines: number[];
  endLines: number[];
  startColumns: number[];
  endColumns: number[];
  /** Lines in the file, counted as jscpd does (a final newline does not open another line). */
  lines: number;
}

/** Tokens from the shared plain tree (core/syntax): no second walk through the native binding. */
/** `parsed`: a parsed file (or any tree and its text); tokens come from its shared plain tree. */
export function tokenize(parsed: { tree: Tree; source: string }): TokenStream {
  const { source } = parsed;
  const stream: TokenStream = { texts: [], kinds: [], startLines: [], endLines: [], startColumns: [], endColumns: [], lines: countLines(source) };
  const rows = new RowTracker(source);
  // Depth-first in source order with an explicit stack (no callback per node).
  const stack: SyntaxNode[] = [syntaxTreeOf(parsed)];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (!visit(node, source, stream, rows)) continue;
    const children = node.children;
    for (let i = children.length - 1; i >= 0; i--) stack.push(children[i]!);
  }
  return stream;
}

/**
 * Rows and columns of tokens met in source order: the row only moves forward, so each lookup is a few
 * steps from the last one instead of a search from the top.
 */
class RowTracker {
  private readonly starts: number[] = [0];
  private row = 0;

  constructor(source: string) {
    for (let i = source.indexOf('\n'); i !== -1; i = source.indexOf('\n', i + 1)) this.starts.push(i + 1);
  }

  /** 0-based row of `index`; `index` never goes below the previous call's start. */
  advance(index: number): number {
    while (this.row + 1 < this.starts.length && this.starts[this.row + 1]! <= index) this.row++;
    return this.row;
  }

  /** 0-based row of an index at or after the current row, without moving. */
  peek(index: number): number {
    let r = this.row;
    while (r + 1 < this.starts.length && this.starts[r + 1]! <= index) r++;
    return r;
  }

  column(index: number, row: number): number {
    return index - this.starts[row]!;
  }
}

const ROLE_SKIPPED = 1;
const ROLE_LITERAL = 2;
const ROLE_IDENTIFIER = 4;
/** Each type's role, looked up once per node. */
const ROLES = new Map<string, number>([
  ...[...SKIPPED].map((t) => [t, ROLE_SKIPPED] as const),
  ...[...LITERALS].map((t) => [t, ROLE_LITERAL] as const),
  ...[...IDENTIFIERS].map((t) => [t, ROLE_IDENTIFIER] as const),
]);

function hasSubstitution(node: SyntaxNode): boolean {
  for (const child of node.children) if (child.type === 'template_substitution') return true;
  return false;
}

/** Records the node when it is a token; returns false when its children need no visit. */
function visit(node: SyntaxNode, source: string, stream: TokenStream, rows: RowTracker): boolean {
  const type = node.type;
  const role = ROLES.get(type) ?? 0;
  if (role === ROLE_SKIPPED) return false;
  const literal = role === ROLE_LITERAL;
  // A template string with substitutions holds code: descend into it instead of taking it whole.
  if (literal && type === 'template_string' && hasSubstitution(node)) return true;
  if (!literal && node.children.length > 0) return true;
  const start = node.startIndex;
  const end = node.endIndex;
  if (end <= start) return false; // zero-width nodes: recovered (missing) tokens
  const text = source.slice(start, end);
  // Whitespace between JSX elements is layout, not content.
  if (type === 'jsx_text' && text.trim() === '') return false;
  const kind = literal ? TOKEN_KIND.literal : role === ROLE_IDENTIFIER ? TOKEN_KIND.identifier : TOKEN_KIND.other;
  stream.texts.push(text);
  stream.kinds.push(kind);
  const fromRow = rows.advance(start);
  const toRow = rows.peek(end);
  stream.startLines.push(fromRow + 1);
  stream.endLines.push(toRow + 1);
  stream.startColumns.push(rows.column(start, fromRow) + 1);
  stream.endColumns.push(Math.max(1, rows.column(end, toRow)));
  return false;
}

export function countLines(source: string): number {
  if (source.length === 0) return 0;
  let lines = 1;
  for (let i = source.indexOf('\n'); i !== -1; i = source.indexOf('\n', i + 1)) lines++;
  return source.endsWith('\n') ? lines - 1 : lines;
}
