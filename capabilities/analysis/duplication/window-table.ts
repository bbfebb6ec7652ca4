/**
 * The "first seen" table of clone detection: window hash → first position, for about a million
 * windows per 100k lines. A Map keyed by doubles (the hashes are up to 2^52) boxes and hashes every key
 * and dominated the whole analysis; open addressing over typed arrays does the same in a fraction.
 */

const EMPTY = -1;

export class WindowTable {
  private keys: Float64Array;
  private values: Float64Array;
  private mask: number;
  private size = 0;

  constructor(expected: number) {
    let capacity = 1024;
    while (capacity < expected * 2) capacity *= 2;
    this.keys = new Float64Array(capacity);
    this.values = new Float64Array(capacity).fill(EMPTY);
    this.mask = capacity - 1;
  }

  /** The position stored for `key`, or EMPTY after storing `value` for it (first occurrence wins). */
  getOrSet(key: number, value: number): number {
    let slot = this.slotOf(key);
    for (;;) {
      const stored = this.values[slot]!;
      if (stored === EMPTY) {
        this.keys[slot] = key;
        this.values[slot] = value;
        if (++this.size * 2 > this.keys.length) this.grow();
        return EMPTY;
      }
      if (this.keys[slot] === key) return stored;
      slot = (slot + 1) & this.mask;
    }
  }

  private slotOf(key: number): number {
    // The key's low 26 bits are one independent hash (see find-clones.ts); mix in the high part.
    const low = key % 67108864;
    const high = Math.floor(key / 67108864);
    return (Math.imul(low ^ (high * 31), 0x9e3779b1) >>> 0) & this.mask;
  }

  private grow(): void {
    const keys = this.keys;
    const values = this.values;
    this.keys = new Float64Array(keys.length * 2);
    this.values = new Float64Array(keys.length * 2).fill(EMPTY);
    this.mask = this.keys.length - 1;
    this.size = 0;
    for (let i = 0; i < keys.length; i++) if (values[i] !== EMPTY) this.getOrSet(keys[i]!, values[i]!);
  }
}

export const NOT_SEEN = EMPTY;
