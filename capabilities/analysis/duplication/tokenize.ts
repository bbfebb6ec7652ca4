/**
 * The token stream clone detection compares, read from tree-sitter leaves in one cursor pass.
 * Comments are left out (jscpd's "weak" mode), so a comment edit never hides a clone. Strings, template
 * strings, regexes and numbers are one token each, as a lexer sees them. Each token has two keys: the
 * exact one (its text) and the renamed one, where identifiers become `$id` and literals `$lit`, so a
 * copy with renamed variables or changed constants still matches (a type-2 clone).
 */
import type { Tree, TreeCursor } from 'tree-sitter';

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

export function tokenize(tree: Tree, source: string): TokenStream {
  const stream: TokenStream = { texts: [], kinds: [], startLines: [], endLines: [], startColumns: [], endColumns: [], lines: countLines(source) };
  const cursor = tree.walk();
  for (;;) {
    const descend = visit(cursor, source, stream);
    if (descend && cursor.gotoFirstChild()) continue;
    while (!cursor.gotoNextSibling()) {
      if (!cursor.gotoParent()) return stream;
    }
  }
}

/** Records the node when it is a token; returns whether its children still need visiting. */
function visit(cursor: TreeCursor, source: string, stream: TokenStream): boolean {
  const type = cursor.nodeType;
  if (SKIPPED.has(type)) return false;
  const literal = LITERALS.has(type);
  // A template string with substitutions holds code: descend into it instead of taking it whole.
  if (literal && type === 'template_string' && hasSubstitution(cursor)) return true;
  if (!literal && cursor.gotoFirstChild()) {
    cursor.gotoParent();
    return true;
  }
  const start = cursor.startIndex;
  const end = cursor.endIndex;
  if (end <= start) return false; // zero-width nodes: recovered (missing) tokens
  // Whitespace between JSX elements is layout, not content.
  if (type === 'jsx_text' && source.slice(start, end).trim() === '') return false;
  const kind = literal ? TOKEN_KIND.literal : IDENTIFIERS.has(type) ? TOKEN_KIND.identifier : TOKEN_KIND.other;
  stream.texts.push(source.slice(start, end));
  stream.kinds.push(kind);
  const from = cursor.startPosition;
  const to = cursor.endPosition;
  stream.startLines.push(from.row + 1);
  stream.endLines.push(to.row + 1);
  stream.startColumns.push(from.column + 1);
  stream.endColumns.push(Math.max(1, to.column));
  return false;
}

function hasSubstitution(cursor: TreeCursor): boolean {
  let found = false;
  if (cursor.gotoFirstChild()) {
    do found = cursor.nodeType === 'template_substitution';
    while (!found && cursor.gotoNextSibling());
    cursor.gotoParent();
  }
  return found;
}

export function countLines(source: string): number {
  if (source.length === 0) return 0;
  let lines = 1;
  for (let i = source.indexOf('\n'); i !== -1; i = source.indexOf('\n', i + 1)) lines++;
  return source.endsWith('\n') ? lines - 1 : lines;
}
