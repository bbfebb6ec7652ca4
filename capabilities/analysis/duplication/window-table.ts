/**
 * The "first seen" table of clone detection: window hash → first position, for about a million
 * windows per 100k lines. A Map keyed by doubles boxes and hashes every key and dominated the whole
 * analysis; open addressing over one typed array does the same in a fraction. A slot is four integers
 * side by side (the window's two hashes, see find-clones.ts, then file + 1 and token index), so a
 * lookup touches one cache line of a table far larger than the cache; file + 1 = 0 marks a free slot.
 */

export const NOT_SEEN = -1;

const WIDTH = 4;

export class WindowTable {
  private slots: Int32Array;
  private mask: number;
  private size = 0;

  constructor(expected: number) {
    let capacity = 1024;
    while (capacity < expected * 2) capacity *= 2;
    this.slots = new Int32Array(capacity * WIDTH);
    this.mask = capacity - 1;
  }

  /**
   * The slot holding `high:low` (read it with fileAt/indexAt), or NOT_SEEN after storing the position
   * `file:index` for it (the first occurrence wins).
   */
  getOrSet(high: number, low: number, file: number, index: number): number {
    const slots = this.slots;
    const mask = this.mask;
    let slot = (Math.imul(low ^ Math.imul(high, 31), 0x9e3779b1) >>> 0) & mask;
    for (;;) {
      const at = slot * WIDTH;
      if (slots[at + 2] === 0) {
        slots[at] = high;
        slots[at + 1] = low;
        slots[at + 2] = file + 1;
        slots[at + 3] = index;
        if (++this.size * 2 > mask + 1) this.grow();
        return NOT_SEEN;
      }
      if (slots[at + 1] === low && slots[at] === high) return slot;
      slot = (slot + 1) & mask;
    }
  }

  fileAt(slot: number): number {
    return this.slots[slot * WIDTH + 2]! - 1;
  }

  indexAt(slot: number): number {
    return this.slots[slot * WIDTH + 3]!;
  }

  private grow(): void {
    const old = this.slots;
    this.slots = new Int32Array(old.length * 2);
    this.mask = (this.slots.length / WIDTH) - 1;
    this.size = 0;
    for (let at = 0; at < old.length; at += WIDTH) if (old[at + 2] !== 0) this.getOrSet(old[at]!, old[at + 1]!, old[at + 2]! - 1, old[at + 3]!);
  }
}
