/**
 * One file's codes and window hashes in both detection modes (exact and renamed), what the clone
 * search looks windows up by: through the flat-tree addon when it has the encoder (native/clone-search.c,
 * one call and one buffer per file), else in JavaScript (interner.ts's renamed codes, find-clones.ts's
 * window hashes). The two give the same numbers (test/capabilities/analysis/duplication/clone-search.test.ts).
 */
import { addonWindowEncoder, type WindowEncoder } from '../../../core/index.js';
import { encodeFile, type EncodedFile } from './find-clones.js';
import { IDENTIFIER_CODE, LITERAL_CODE, encodeBoth, type DetectionMode } from './interner.js';
import type { TokenStream } from './tokenize.js';

export function encodeWindows(
  stream: TokenStream,
  minTokens: number,
  encoder: WindowEncoder | undefined = addonWindowEncoder(),
): Record<DetectionMode, EncodedFile> {
  if (!encoder) {
    const codes = encodeBoth(stream);
    return { exact: encodeFile(codes.exact, minTokens), renamed: encodeFile(codes.renamed, minTokens) };
  }
  const n = stream.codes.length;
  const windows = Math.max(0, n - minTokens + 1);
  const out = encoder(stream.codes, stream.kinds, minTokens, IDENTIFIER_CODE, LITERAL_CODE);
  const hashes = (index: number): Int32Array => out.subarray(n + index * windows, n + (index + 1) * windows);
  return {
    exact: { codes: stream.codes, high: hashes(0), low: hashes(1) },
    renamed: { codes: out.subarray(0, n), high: hashes(2), low: hashes(3) },
  };
}
