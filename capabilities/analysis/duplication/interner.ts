/**
 * Token keys as integers, so windows hash and compare as numbers. The code of a token is a 32-bit
 * FNV-1a hash of its key, not a running counter: it depends on the token alone, so a file's encoded
 * stream and its window hashes can be memoised by the file's content hash and reused by every later
 * scan (only changed files are encoded again). Two different keys sharing a code would have to line
 * up across a whole window of 50 tokens to matter.
 */
import { codeOfHash, fnv1a } from './slice-interner.js';
import { TOKEN_KIND, type TokenStream } from './tokenize.js';

export type DetectionMode = 'exact' | 'renamed';

export function tokenCode(key: string): number {
  return codeOfHash(fnv1a(key, 0, key.length));
}

export const IDENTIFIER_CODE = tokenCode('\u0000id');
export const LITERAL_CODE = tokenCode('\u0000lit');

export function encodeTokens(stream: TokenStream, mode: DetectionMode): Int32Array {
  return mode === 'exact' ? stream.codes : renamedCodes(stream);
}

/** Both encodings of a stream; the exact one is the stream's own codes (made while tokenising). */
export function encodeBoth(stream: TokenStream): Record<DetectionMode, Int32Array> {
  return { exact: stream.codes, renamed: renamedCodes(stream) };
}

function renamedCodes(stream: TokenStream): Int32Array {
  const exact = stream.codes;
  const out = new Int32Array(exact.length);
  const kinds = stream.kinds;
  for (let i = 0; i < out.length; i++) {
    const kind = kinds[i];
    out[i] = kind === TOKEN_KIND.identifier ? IDENTIFIER_CODE : kind === TOKEN_KIND.literal ? LITERAL_CODE : exact[i]!;
  }
  return out;
}
