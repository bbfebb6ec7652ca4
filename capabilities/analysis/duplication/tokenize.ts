/**
 * The token stream clone detection compares, read from the leaves of the shared plain syntax tree.
 * Comments are left out (jscpd's "weak" mode), so a comment edit never hides a clone. Strings, template
 * strings, regexes and numbers are one token each, as a lexer sees them. Each token has two keys: the
 * exact one (its text) and the renamed one, where identifiers become `$id` and literals `$lit`, so a
 * copy with renamed variables or changed constants still matches (a type-2 clone). A stream is a set of
 * typed columns, one entry per token; a token's text is interned from its source range (slice-interner.ts)
 * rather than copied out, and its exact code is made in the same pass.
 */
import type { Tree } from 'tree-sitter';
import { syntaxTreeOf, type SyntaxNode } from '../../../core/index.js';
import { SliceInterner } from './slice-interner.js';

export const TOKEN_KIND = { other: 0, identifier: 1, literal: 2 } as const;

const IDENTIFIERS = new Set([
  'identifier', 'property_identifier', 'shorthand_property_identifier', 'shorthand_property_identifier_pattern',
  'type_identifier', 'private_property_identifier', 'statement_identifier',
]);
const LITERALS = new Set(['string', 'template_string', 'number', 'regex', 'jsx_text']);
const SKIPPED = new Set(['comment', 'html_comment', 'hash_bang_line']);

/** Plain data (memoised per content hash and shared between jobs): treat as immutable. */
export interface TokenStream {
  /** The exact key of each token (its text) as an index into `texts`: within one stream, equal ids are equal texts. */
  ids: Int32Array;
  /** The distinct token texts of the file, in order of first appearance. */
  texts: string[];
  /** The exact code of each token (interner.ts's tokenCode of its text), made in the same pass. */
  codes: Int32Array;
  kinds: Uint8Array;
  /** 1-based first and last line of each token, and 1-based columns of its first and last character. */
  startLines: Int32Array;
  endLines: Int32Array;
  startColumns: Int32Array;
  endColumns: Int32Array;
  /** Lines in the file, counted as jscpd does (a final newline does not open another line). */
  lines: number;
}

/**
 * The columns of the file being tokenised, grown by doubling and reused for every file (tokenize is
 * synchronous, so one file at a time), then copied out at their final length: a file's streams cost
 * one exact-size array each instead of arrays grown push by push.
 */
class TokenColumns {
  count = 0;
  ids: Int32Array = new Int32Array(4096);
  codes: Int32Array = new Int32Array(4096);
  kinds: Uint8Array = new Uint8Array(4096);
  startLines: Int32Array = new Int32Array(4096);
  endLines: Int32Array = new Int32Array(4096);
  startColumns: Int32Array = new Int32Array(4096);
  endColumns: Int32Array = new Int32Array(4096);

  push(id: number, code: number, kind: number, startLine: number, endLine: number, startColumn: number, endColumn: number): void {
    const n = this.count;
    if (n === this.ids.length) this.grow();
    this.ids[n] = id;
    this.codes[n] = code;
    this.kinds[n] = kind;
    this.startLines[n] = startLine;
    this.endLines[n] = endLine;
    this.startColumns[n] = startColumn;
    this.endColumns[n] = endColumn;
    this.count = n + 1;
  }

  /** The stream of the tokens pushed since the last call, which empties the columns. */
  take(texts: string[], lines: number): TokenStream {
    const n = this.count;
    this.count = 0;
    return {
      ids: this.ids.slice(0, n),
      texts,
      codes: this.codes.slice(0, n),
      kinds: this.kinds.slice(0, n),
      startLines: this.startLines.slice(0, n),
      endLines: this.endLines.slice(0, n),
      startColumns: this.startColumns.slice(0, n),
      endColumns: this.endColumns.slice(0, n),
      lines,
    };
  }

  private grow(): void {
    const size = this.ids.length * 2;
    const grown = <T extends Int32Array | Uint8Array>(old: T, next: T): T => {
      next.set(old);
      return next;
    };
    this.ids = grown(this.ids, new Int32Array(size));
    this.codes = grown(this.codes, new Int32Array(size));
    this.kinds = grown(this.kinds, new Uint8Array(size));
    this.startLines = grown(this.startLines, new Int32Array(size));
    this.endLines = grown(this.endLines, new Int32Array(size));
    this.startColumns = grown(this.startColumns, new Int32Array(size));
    this.endColumns = grown(this.endColumns, new Int32Array(size));
  }
}

const columns = new TokenColumns();

/** Tokens from the shared plain tree (core/syntax): no second walk through the native binding. */
/** `parsed`: a parsed file (or any tree and its text); tokens come from its shared plain tree. */
export function tokenize(parsed: { tree: Tree; source: string }): TokenStream {
  const { source } = parsed;
  const root = syntaxTreeOf(parsed);
  const rows = new RowTracker(source);
  // About one distinct text per 30 characters of source; the table grows if there are more.
  const texts = new SliceInterner(source, source.length >>> 5);
  columns.count = 0;
  // Depth-first in source order with an explicit stack (no callback per node).
  const stack: SyntaxNode[] = [root];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (!visit(node, source, texts, rows)) continue;
    const children = node.children;
    for (let i = children.length - 1; i >= 0; i--) stack.push(children[i]!);
  }
  return columns.take(texts.texts, rows.lineCount());
}

/**
 * Rows and columns of tokens met in source order: the row only moves forward, so each lookup is a few
 * steps from the last one instead of a search from the top.
 */
class RowTracker {
  private readonly starts: number[] = [0];
  private row = 0;

  constructor(private readonly source: string) {
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

  /** Lines in the file as jscpd counts them (a final newline opens no line), from the line starts already found. */
  lineCount(): number {
    if (this.source.length === 0) return 0;
    return this.source.endsWith('\n') ? this.starts.length - 1 : this.starts.length;
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
function visit(node: SyntaxNode, source: string, texts: SliceInterner, rows: RowTracker): boolean {
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
  // Whitespace between JSX elements is layout, not content.
  if (type === 'jsx_text' && source.slice(start, end).trim() === '') return false;
  const kind = literal ? TOKEN_KIND.literal : role === ROLE_IDENTIFIER ? TOKEN_KIND.identifier : TOKEN_KIND.other;
  const id = texts.intern(start, end);
  const fromRow = rows.advance(start);
  const toRow = rows.peek(end);
  columns.push(id, texts.code, kind, fromRow + 1, toRow + 1, rows.column(start, fromRow) + 1, Math.max(1, rows.column(end, toRow)));
  return false;
}
