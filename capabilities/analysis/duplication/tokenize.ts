/**
 * The token stream clone detection compares, read from the leaves of a file's syntax tree. Comments
 * are left out (jscpd's "weak" mode), so a comment edit never hides a clone. Strings, template strings,
 * regexes and numbers are one token each, as a lexer sees them. Each token has two keys: the exact one
 * (its text) and the renamed one, where identifiers become `$id` and literals `$lit`, so a copy with
 * renamed variables or changed constants still matches (a type-2 clone). A stream is a set of typed
 * columns, one entry per token; a token's text is interned from its source range (slice-interner.ts)
 * rather than copied out, and its exact code is made in the same pass.
 */
import type { Tree } from 'tree-sitter';
import { flatTreeOf, syntaxTreeOf, type FlatTree, type SyntaxNode } from '../../../core/index.js';
import { streamOfAddonTokens } from './addon-tokens.js';
import { tokensFromFlat } from './flat-tokens.js';
import { TokenSink } from './token-sink.js';
import { tokensFromTree } from './tree-tokens.js';

export { TOKEN_KIND } from './token-roles.js';

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
 * `parsed`: a parsed file (or any tree and its text). A file the flat-tree addon parsed with its tokens
 * (a scan asks for them) takes them as they are (addon-tokens.ts); one parsed without is read from its
 * flat array (flat-tokens.ts); any other from the shared plain tree (tree-tokens.ts). All three give
 * the same stream.
 */
export function tokenize(parsed: { tree: Tree; source: string }): TokenStream {
  const flat = flatTreeOf(parsed);
  if (flat?.tokens) return streamOfAddonTokens(flat.tokens, parsed.source);
  return flat ? tokenizeFlat(flat, parsed.source) : tokenizeTree(syntaxTreeOf(parsed), parsed.source);
}

export function tokenizeFlat(flat: FlatTree, source: string): TokenStream {
  const sink = new TokenSink(source);
  try {
    tokensFromFlat(flat, sink);
    return sink.finish();
  } finally {
    sink.release();
  }
}

export function tokenizeTree(root: SyntaxNode, source: string): TokenStream {
  const sink = new TokenSink(source);
  try {
    tokensFromTree(root, sink);
    return sink.finish();
  } finally {
    sink.release();
  }
}
