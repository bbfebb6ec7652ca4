/**
 * Clone pairs in token streams, found the way jscpd finds them: a Rabin-Karp hash of every window of
 * `minTokens` tokens; the first file position of each window is remembered, and a later window with the
 * same hash (and the same tokens) starts a clone that grows token by token while both sides agree. Each
 * copy is paired with the first occurrence, so a block pasted three times gives two clones. Within one
 * file the two sides never overlap.
 */
import { NOT_SEEN, WindowTable } from './window-table.js';

/** A half-open token range [start, end) of one file (index into the input list). */
export interface TokenSpan {
  file: number;
  start: number;
  end: number;
}

export interface RawClone {
  first: TokenSpan;
  second: TokenSpan;
}

// Two hashes modulo primes just under 2^26 combine into one exact-integer key under 2^52: collisions
// are rare enough to be checked token by token, and each product stays below 2^53.
const M1 = 67108859;
const M2 = 67108837;
const B1 = 1000003;
const B2 = 999983;
const SHIFT = 2 ** 26;
const FILE_SHIFT = 2 ** 24;

function power(base: number, exponent: number, modulus: number): number {
  let result = 1;
  for (let i = 0; i < exponent; i++) result = (result * base) % modulus;
  return result;
}

/** The hash key of every window of `size` tokens (one per start position). */
export function windowKeys(codes: ArrayLike<number>, size: number): Float64Array {
  const count = codes.length - size + 1;
  if (count <= 0) return new Float64Array(0);
  const keys = new Float64Array(count);
  const top1 = power(B1, size - 1, M1);
  const top2 = power(B2, size - 1, M2);
  let h1 = 0;
  let h2 = 0;
  for (let i = 0; i < codes.length; i++) {
    if (i >= size) {
      const out = codes[i - size]!;
      h1 = (h1 - ((out % M1) * top1) % M1 + M1) % M1;
      h2 = (h2 - ((out % M2) * top2) % M2 + M2) % M2;
    }
    h1 = (h1 * B1 + codes[i]!) % M1;
    h2 = (h2 * B2 + codes[i]!) % M2;
    if (i >= size - 1) keys[i - size + 1] = h1 * SHIFT + h2;
  }
  return keys;
}

function sameWindow(a: ArrayLike<number>, aStart: number, b: ArrayLike<number>, bStart: number, size: number): boolean {
  for (let k = 0; k < size; k++) if (a[aStart + k] !== b[bStart + k]) return false;
  return true;
}

/** One file's encoded tokens and the hash key of each window (memoisable per file: see interner.ts). */
export interface EncodedFile {
  codes: ArrayLike<number>;
  keys: Float64Array;
}

export function encodeFile(codes: ArrayLike<number>, minTokens: number): EncodedFile {
  return { codes, keys: windowKeys(codes, minTokens) };
}

export function findClones(files: readonly EncodedFile[], minTokens: number, signal?: AbortSignal): RawClone[] {
  let windows = 0;
  for (const file of files) windows += file.keys.length;
  const firstSeen = new WindowTable(windows);
  const clones: RawClone[] = [];
  for (let f = 0; f < files.length; f++) {
    if (f % 64 === 0) signal?.throwIfAborted();
    const { codes, keys } = files[f]!;
    for (let i = 0; i < keys.length; ) {
      const seen = firstSeen.getOrSet(keys[i]!, f * FILE_SHIFT + i);
      if (seen === NOT_SEEN) {
        i++;
        continue;
      }
      const pf = Math.floor(seen / FILE_SHIFT);
      const pi = seen % FILE_SHIFT;
      const other = files[pf]!.codes;
      if ((pf === f && pi + minTokens > i) || !sameWindow(other, pi, codes, i, minTokens)) {
        i++;
        continue;
      }
      const limit = pf === f ? i - pi : Number.POSITIVE_INFINITY;
      let length = minTokens;
      while (i + length < codes.length && pi + length < other.length && length < limit && other[pi + length] === codes[i + length]) length++;
      clones.push({ first: { file: pf, start: pi, end: pi + length }, second: { file: f, start: i, end: i + length } });
      // The next window to look at ends just past this clone: one that ends inside it is a part of it.
      i += length - minTokens + 1;
    }
  }
  return clones;
}
