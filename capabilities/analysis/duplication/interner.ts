/**
 * Token keys as integers, so windows hash and compare as numbers. The code of a token is a 32-bit
 * FNV-1a hash of its key, not a running counter: it depends on the token alone, so a file's encoded
 * stream and its window hashes can be memoised by the file's content hash and reused by every later
 * scan (only changed files are encoded again). Two different keys sharing a code would have to line
 * up across a whole window of 50 tokens to matter.
 */
import { TOKEN_KIND, type TokenStream } from './tokenize.js';

export type DetectionMode = 'exact' | 'renamed';

export function tokenCode(key: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) {
    hash ^= key.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  // Non-negative and below 2^31, like the counter codes it replaced.
  return (hash >>> 1) || 1;
}

const IDENTIFIER_CODE = tokenCode('\u0000id');
const LITERAL_CODE = tokenCode('\u0000lit');

export function encodeTokens(stream: TokenStream, mode: DetectionMode): Int32Array {
  const exact = exactCodes(stream);
  return mode === 'exact' ? exact : renamedCodes(stream, exact);
}

/** Both encodings of a stream, each token's text hashed once. */
export function encodeBoth(stream: TokenStream): Record<DetectionMode, Int32Array> {
  const exact = exactCodes(stream);
  return { exact, renamed: renamedCodes(stream, exact) };
}

function exactCodes(stream: TokenStream): Int32Array {
  const out = new Int32Array(stream.texts.length);
  for (let i = 0; i < out.length; i++) out[i] = tokenCode(stream.texts[i]!);
  return out;
}

function renamedCodes(stream: TokenStream, exact: Int32Array): Int32Array {
  const out = new Int32Array(exact.length);
  const kinds = stream.kinds;
  for (let i = 0; i < out.length; i++) {
    const kind = kinds[i];
    out[i] = kind === TOKEN_KIND.identifier ? IDENTIFIER_CODE : kind === TOKEN_KIND.literal ? LITERAL_CODE : exact[i]!;
  }
  return out;
}
