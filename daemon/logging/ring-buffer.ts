/** A fixed-size buffer that keeps the newest `capacity` items, oldest first on read; O(1) push. */
export class RingBuffer<T> {
  private readonly items: (T | undefined)[];
  private next = 0;
  private size = 0;

  constructor(readonly capacity: number) {
    if (!Number.isInteger(capacity) || capacity < 1)
      throw new RangeError(`ring buffer capacity must be a positive integer, got ${capacity}`);
    this.items = new Array(capacity);
  }

  push(item: T): void {
    this.items[this.next] = item;
    this.next = (this.next + 1) % this.capacity;
    this.size = Math.min(this.size + 1, this.capacity);
  }

  get length(): number {
    return this.size;
  }

  /** Oldest first. */
  toArray(): T[] {
    const start = (this.next - this.size + this.capacity) % this.capacity;
    return Array.from({ length: this.size }, (_, i) => this.items[(start + i) % this.capacity] as T);
  }
}
