/**
 * Token texts interned straight from the source: each token is hashed over its range of the source
 * text and looked up by that range, so a file's thousands of tokens cost no string each, only its few
 * hundred distinct texts do. The hash is the 32-bit FNV-1a that token codes are made of (interner.ts),
 * so the code of each token falls out of the same pass.
 */

const FNV_OFFSET = 0x811c9dc5;
const FNV_PRIME = 0x01000193;

/** 32-bit FNV-1a of `text[start, end)`. */
export function fnv1a(text: string, start: number, end: number): number {
  let hash = FNV_OFFSET;
  for (let i = start; i < end; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, FNV_PRIME);
  }
  return hash;
}

/** A token's code from its FNV-1a hash: non-negative and below 2^31, like the counter codes it replaced. */
export const codeOfHash = (hash: number): number => hash >>> 1 || 1;

/**
 * The interner's tables, kept between files: a file is interned in one synchronous pass, and typed
 * arrays made per file (five of them) cost more to allocate and sweep than the pass over a small file.
 */
class Scratch {
  hashes: Int32Array = new Int32Array(1024);
  codeOf: Int32Array = new Int32Array(1024);
  starts: Int32Array = new Int32Array(1024);
  lengths: Int32Array = new Int32Array(1024);
  slots: Int32Array = new Int32Array(4096);
  inUse = false;
}

const shared = new Scratch();

/**
 * The distinct texts of one source, by range. Ids are dense (0, 1, ...) in order of first appearance,
 * so equal ids mean equal texts within the source; `texts[id]` is the text itself.
 */
export class SliceInterner {
  readonly texts: string[] = [];
  /** Per id: the full hash, the code, and where the text first occurred (start, length). */
  private hashes: Int32Array;
  private codeOf: Int32Array;
  private starts: Int32Array;
  private lengths: Int32Array;
  /** Open addressing: id + 1 per slot, 0 free; kept at most half full. */
  private slots: Int32Array;
  private mask: number;
  /** The tables it holds (the shared ones, or its own while another interner has them), given back by `release`. */
  private readonly scratch: Scratch;
  /** The code of the text last interned. */
  code = 0;

  constructor(
    private readonly source: string,
    expected: number,
  ) {
    this.scratch = shared.inUse ? new Scratch() : shared;
    this.scratch.inUse = true;
    let capacity = 256;
    while (capacity < expected * 2) capacity *= 2;
    ({ hashes: this.hashes, codeOf: this.codeOf, starts: this.starts, lengths: this.lengths } = this.scratch);
    if (this.scratch.slots.length < capacity) this.scratch.slots = new Int32Array(capacity);
    this.slots = this.scratch.slots;
    this.slots.fill(0, 0, capacity);
    this.mask = capacity - 1;
  }

  /** Ends this interner's use of the tables (its texts stay); a later interner reuses them. Once is enough. */
  release(): void {
    const scratch = this.scratch;
    if (!scratch.inUse) return;
    // Grown tables are kept for the next file.
    scratch.hashes = this.hashes;
    scratch.codeOf = this.codeOf;
    scratch.starts = this.starts;
    scratch.lengths = this.lengths;
    if (this.slots.length > scratch.slots.length) scratch.slots = this.slots;
    scratch.inUse = false;
  }

  /** The id of `source[start, end)` (end > start); sets `code` to its code. */
  intern(start: number, end: number): number {
    const source = this.source;
    const hash = fnv1a(source, start, end);
    const length = end - start;
    const slots = this.slots;
    const mask = this.mask;
    for (let slot = (Math.imul(hash, 0x9e3779b1) >>> 0) & mask; ; slot = (slot + 1) & mask) {
      const held = slots[slot]!;
      if (held === 0) break;
      const id = held - 1;
      if (this.hashes[id] === hash && this.lengths[id] === length && sameText(source, this.starts[id]!, start, length)) {
        this.code = this.codeOf[id]!;
        return id;
      }
    }
    return this.add(hash, start, end);
  }

  private add(hash: number, start: number, end: number): number {
    const id = this.texts.length;
    if (id === this.hashes.length) this.growColumns();
    this.texts.push(this.source.slice(start, end));
    this.hashes[id] = hash;
    this.codeOf[id] = this.code = codeOfHash(hash);
    this.starts[id] = start;
    this.lengths[id] = end - start;
    if ((id + 1) * 2 > this.mask + 1) this.rehash((this.mask + 1) * 2);
    else this.place(id);
    return id;
  }

  private place(id: number): void {
    const slots = this.slots;
    const mask = this.mask;
    let slot = (Math.imul(this.hashes[id]!, 0x9e3779b1) >>> 0) & mask;
    while (slots[slot] !== 0) slot = (slot + 1) & mask;
    slots[slot] = id + 1;
  }

  private rehash(capacity: number): void {
    this.slots = new Int32Array(capacity);
    this.mask = capacity - 1;
    for (let id = 0; id < this.texts.length; id++) this.place(id);
  }

  private growColumns(): void {
    const grow = (old: Int32Array): Int32Array => {
      const next = new Int32Array(old.length * 2);
      next.set(old);
      return next;
    };
    this.hashes = grow(this.hashes);
    this.codeOf = grow(this.codeOf);
    this.starts = grow(this.starts);
    this.lengths = grow(this.lengths);
  }
}

function sameText(source: string, a: number, b: number, length: number): boolean {
  for (let k = 0; k < length; k++) if (source.charCodeAt(a + k) !== source.charCodeAt(b + k)) return false;
  return true;
}
