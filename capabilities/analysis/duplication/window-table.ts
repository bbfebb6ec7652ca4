/**
 * The "first seen" table of clone detection: window → first position, for the windows that may repeat
 * (repeat-filter.ts; tens of thousands per 100k lines). A Map keyed by doubles boxes and hashes every
 * key and dominated the whole analysis; open addressing over one typed array does the same in a
 * fraction. The table is still larger than the cache, so the slot size is what a lookup costs: a slot is two integers
 * (the window's low hash and its position + 1; 0 marks a free slot), and the high hash is read from the
 * window's own entry in `highs` only when the low hashes agree, which is nearly always a true match.
 */

export const NOT_SEEN = -1;

export class WindowTable {
  private slots: Int32Array;
  private mask: number;
  private size = 0;

  /** `highs[position]`: the high hash of the window at each position (see find-clones.ts). */
  constructor(
    expected: number,
    private readonly highs: Int32Array,
  ) {
    let capacity = 1024;
    while (capacity < expected * 2) capacity *= 2;
    this.slots = new Int32Array(capacity * 2);
    this.mask = capacity - 1;
  }

  /**
   * The position first stored for the window at `position` (the same two hashes), or NOT_SEEN after
   * storing `position` for it (the first occurrence wins).
   */
  getOrSet(low: number, position: number): number {
    const slots = this.slots;
    const mask = this.mask;
    const highs = this.highs;
    const high = highs[position]!;
    let slot = (Math.imul(low ^ Math.imul(high, 31), 0x9e3779b1) >>> 0) & mask;
    for (;;) {
      const at = slot << 1;
      const held = slots[at + 1]!;
      if (held === 0) {
        slots[at] = low;
        slots[at + 1] = position + 1;
        if (++this.size * 2 > mask + 1) this.grow();
        return NOT_SEEN;
      }
      if (slots[at] === low && highs[held - 1] === high) return held - 1;
      slot = (slot + 1) & mask;
    }
  }

  private grow(): void {
    const old = this.slots;
    this.slots = new Int32Array(old.length * 2);
    this.mask = (this.slots.length >>> 1) - 1;
    this.size = 0;
    for (let at = 0; at < old.length; at += 2) if (old[at + 1] !== 0) this.getOrSet(old[at]!, old[at + 1]! - 1);
  }
}
