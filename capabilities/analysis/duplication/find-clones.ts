/**
 * Clone pairs in token streams, found the way jscpd finds them: a Rabin-Karp hash of every window of
 * `minTokens` tokens; the first file position of each window is remembered, and a later window with the
 * same hash (and the same tokens) starts a clone that grows token by token while both sides agree. Each
 * copy is paired with the first occurrence, so a block pasted three times gives two clones. Within one
 * file the two sides never overlap. A window no other window equals is known beforehand (repeat-filter.ts)
 * and passed by: the table holds only the windows that may repeat.
 */
import { addonCloneSearch, type CloneSearch as CloneSearchFn } from '../../../core/index.js';
import { RepeatFilter } from './repeat-filter.js';
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

// Two polynomial hashes modulo 2^32 (Math.imul: integer arithmetic, no floating-point modulo) with
// different odd bases: a window matches another only when both agree, which is rare enough by chance
// (about one pair in 2^64) to be checked token by token.
const B1 = 1000003;
const B2 = 999983;

/** The two hashes of every window of `size` tokens (one per start position). */
export function windowKeys(codes: ArrayLike<number>, size: number): { high: Int32Array; low: Int32Array } {
  const count = codes.length - size + 1;
  if (count <= 0) return { high: new Int32Array(0), low: new Int32Array(0) };
  // One buffer for both (a typed array with a buffer of its own is an allocation outside V8's heap).
  const both = new Int32Array(count * 2);
  const high = both.subarray(0, count);
  const low = both.subarray(count);
  // B^size: what the token leaving the window was multiplied by since it entered.
  let top1 = 1;
  let top2 = 1;
  for (let i = 0; i < size; i++) {
    top1 = Math.imul(top1, B1);
    top2 = Math.imul(top2, B2);
  }
  let h1 = 0;
  let h2 = 0;
  for (let i = 0; i < codes.length; i++) {
    const code = codes[i]!;
    h1 = (Math.imul(h1, B1) + code) | 0;
    h2 = (Math.imul(h2, B2) + code) | 0;
    if (i >= size) {
      const out = codes[i - size]!;
      h1 = (h1 - Math.imul(out, top1)) | 0;
      h2 = (h2 - Math.imul(out, top2)) | 0;
    }
    if (i >= size - 1) {
      high[i - size + 1] = h1;
      low[i - size + 1] = h2;
    }
  }
  return { high, low };
}

function sameWindow(a: ArrayLike<number>, aStart: number, b: ArrayLike<number>, bStart: number, size: number): boolean {
  for (let k = 0; k < size; k++) if (a[aStart + k] !== b[bStart + k]) return false;
  return true;
}

/** One file's encoded tokens and the two hashes of each window (memoisable per file: see interner.ts). */
export interface EncodedFile {
  codes: ArrayLike<number>;
  high: Int32Array;
  low: Int32Array;
}

export function encodeFile(codes: ArrayLike<number>, minTokens: number): EncodedFile {
  return { codes, ...windowKeys(codes, minTokens) };
}

/**
 * The clone pairs of `files`. Through the flat-tree addon's search when there is one (native/clone-search.c:
 * the same search in C, the same pairs in the same order), else `searchClones` below.
 */
export function findClones(
  files: readonly EncodedFile[],
  minTokens: number,
  signal?: AbortSignal,
  search: CloneSearchFn | undefined = addonCloneSearch(),
): RawClone[] {
  signal?.throwIfAborted();
  const typed: [Int32Array, Int32Array, Int32Array][] = [];
  for (const f of files) if (f.codes instanceof Int32Array) typed.push([f.codes, f.high, f.low]);
  if (!search || typed.length !== files.length) return searchClones(files, minTokens, signal);
  const spans = search(typed, minTokens);
  const clones: RawClone[] = [];
  for (let at = 0; at < spans.length; at += 6) {
    clones.push({
      first: { file: spans[at]!, start: spans[at + 1]!, end: spans[at + 2]! },
      second: { file: spans[at + 3]!, start: spans[at + 4]!, end: spans[at + 5]! },
    });
  }
  return clones;
}

/** The search in JavaScript. */
export function searchClones(files: readonly EncodedFile[], minTokens: number, signal?: AbortSignal): RawClone[] {
  const search = new CloneSearch(files, minTokens);
  for (let f = 0; f < files.length; f++) {
    if (f % 64 === 0) signal?.throwIfAborted();
    search.file(f);
  }
  return search.clones;
}

/**
 * The search's state across files. Each step is a small method of its own (skip to the next window
 * that may repeat, look it up, grow a clone): the JIT compiles small pieces early and once, where one
 * large loop was compiled several times over on a cold run.
 */
class CloneSearch {
  readonly clones: RawClone[] = [];
  /** Windows are numbered across files (file f's window i is offsets[f] + i). */
  private readonly offsets: Int32Array;
  private readonly repeats: RepeatFilter;
  private readonly firstSeen: WindowTable;

  constructor(
    private readonly files: readonly EncodedFile[],
    private readonly minTokens: number,
  ) {
    const offsets = new Int32Array(files.length + 1);
    for (let f = 0; f < files.length; f++) offsets[f + 1] = offsets[f]! + files[f]!.high.length;
    // The table holds one integer per window and finds high hashes side by side in one array.
    const highs = new Int32Array(offsets[files.length]!);
    for (let f = 0; f < files.length; f++) highs.set(files[f]!.high, offsets[f]!);
    this.offsets = offsets;
    this.repeats = new RepeatFilter(files);
    this.firstSeen = new WindowTable(this.repeats.admitted, highs);
  }

  /** Looks for clones whose copy is in file `f`, after every earlier file's windows were recorded. */
  file(f: number): void {
    const { low, high } = this.files[f]!;
    const offset = this.offsets[f]!;
    for (let i = this.repeats.next(low, high, 0); i < low.length; i = this.repeats.next(low, high, i)) {
      const seen = this.firstSeen.getOrSet(low[i]!, offset + i);
      i += seen === NOT_SEEN ? 1 : this.cloneAt(f, i, seen);
    }
  }

  /**
   * Records the clone of file f's window i whose first occurrence is window `seen`, when the two are
   * the same tokens and do not overlap; returns how far to move on: past the clone, or to the next window.
   */
  private cloneAt(f: number, i: number, seen: number): number {
    const minTokens = this.minTokens;
    const codes = this.files[f]!.codes;
    const pf = fileOf(this.offsets, seen);
    const pi = seen - this.offsets[pf]!;
    const other = this.files[pf]!.codes;
    if ((pf === f && pi + minTokens > i) || !sameWindow(other, pi, codes, i, minTokens)) return 1;
    const limit = pf === f ? i - pi : Number.POSITIVE_INFINITY;
    let length = minTokens;
    while (i + length < codes.length && pi + length < other.length && length < limit && other[pi + length] === codes[i + length]) length++;
    this.clones.push({ first: { file: pf, start: pi, end: pi + length }, second: { file: f, start: i, end: i + length } });
    // The next window to look at ends just past this clone: one that ends inside it is a part of it.
    return length - minTokens + 1;
  }
}

/** The file whose windows include `position`: the last f with offsets[f] <= position (files without windows have none). */
function fileOf(offsets: Int32Array, position: number): number {
  let lo = 0;
  let hi = offsets.length - 2;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (offsets[mid]! <= position) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}
