/**
 * The token stream from the lexical tokens the flat-tree addon made on the parse thread (core's
 * `FlatTree.tokens`, native/flat-tokens.c): the same columns the JavaScript walk makes
 * (flat-tokens.ts + token-sink.ts), already laid out as one buffer, so a file costs the main thread
 * seven views and its distinct texts instead of a walk, an interning pass and a copy.
 */
import type { FlatTokens } from '../../../core/index.js';
import type { TokenStream } from './tokenize.js';

export function streamOfAddonTokens(tokens: FlatTokens, source: string): TokenStream {
  const { columns, count: n, spans } = tokens;
  const column = (index: number): Int32Array => new Int32Array(columns, index * n * 4, n);
  const texts: string[] = new Array<string>(spans.length >>> 1);
  for (let id = 0; id < texts.length; id++) {
    const start = spans[id * 2]!;
    texts[id] = source.slice(start, start + spans[id * 2 + 1]!);
  }
  return {
    ids: column(0),
    texts,
    codes: column(1),
    kinds: new Uint8Array(columns, n * 24, n),
    startLines: column(2),
    endLines: column(3),
    startColumns: column(4),
    endColumns: column(5),
    lines: tokens.lines,
  };
}
