/**
 * Which windows of clone detection can equal another at all, known before the search. Most windows
 * are unique (on a 140k-line corpus, one in twelve has a twin; one in six once identifiers are
 * renamed), and a unique window neither starts a clone nor is ever found as a first occurrence, so the
 * search passes it by without a table lookup. The "first seen" table (window-table.ts) then holds a
 * quarter of the windows or less, and only they are looked up, instead of one cache miss per window
 * in a table of all of them.
 *
 * The filter is two bit sets over a hash of each window's two hashes: a bit set once, and one set
 * when a second window lands on the same bit. A window whose bit was landed on once has no twin; one
 * whose bit was landed on twice may have one (or just share the bit), and goes through the table.
 * Only the table's content changes, never the order windows are visited and recorded in, so the
 * same pairs are found.
 */

/** Bits per window aimed at (about one in sixteen bits set), and the most bits a set may have (512 KB). */
const BITS_PER_WINDOW = 16;
const MAX_BITS_LOG2 = 22;

export class RepeatFilter {
  private readonly twice: Int32Array;
  private readonly shift: number;
  /** At most how many windows `mayRepeat` admits (a size for the table). */
  readonly admitted: number;

  constructor(files: readonly { low: Int32Array; high: Int32Array }[]) {
    let total = 0;
    for (const file of files) total += file.low.length;
    let log2 = 10;
    while (log2 < MAX_BITS_LOG2 && 2 ** log2 < total * BITS_PER_WINDOW) log2++;
    this.shift = 32 - log2;
    const once = new Int32Array(2 ** (log2 - 5));
    const twice = new Int32Array(2 ** (log2 - 5));
    // Windows landing on a bit already set: each admitted bit was landed on by at most that many
    // windows besides its first, so at most twice as many windows are admitted.
    let landedAgain = 0;
    for (const { low, high } of files) landedAgain += land(low, high, this.shift, once, twice);
    this.twice = twice;
    this.admitted = 2 * landedAgain;
  }

  /** False when no other window has these two hashes. */
  mayRepeat(low: number, high: number): boolean {
    const bit = bitOf(low, high, this.shift);
    return (this.twice[bit >>> 5]! & (1 << (bit & 31))) !== 0;
  }

  /**
   * The first window from `from` on that may repeat, or `low.length`. The search skips unique windows
   * through this small loop of its own, which the JIT compiles early and once.
   */
  next(low: Int32Array, high: Int32Array, from: number): number {
    const twice = this.twice;
    const shift = this.shift;
    let i = from;
    for (; i < low.length; i++) {
      const bit = bitOf(low[i]!, high[i]!, shift);
      if ((twice[bit >>> 5]! & (1 << (bit & 31))) !== 0) break;
    }
    return i;
  }
}

/** The top bits of a multiplicative hash of both hashes (the table takes its slots from the low ones). */
const bitOf = (low: number, high: number, shift: number): number => Math.imul(low ^ Math.imul(high, 31), 0x9e3779b1) >>> shift;

/** Lands one file's windows on the bit sets; returns how many landed on a bit already set. A loop of its own, as in `next`. */
function land(low: Int32Array, high: Int32Array, shift: number, once: Int32Array, twice: Int32Array): number {
  let again = 0;
  for (let i = 0; i < low.length; i++) {
    const bit = bitOf(low[i]!, high[i]!, shift);
    const word = bit >>> 5;
    const mask = 1 << (bit & 31);
    if (once[word]! & mask) {
      twice[word]! |= mask;
      again++;
    } else once[word]! |= mask;
  }
  return again;
}
