/**
 * An LRU whose entries are valid only for one content hash: a lookup with another hash is a miss and
 * the new value replaces the old one, so a changed file never leaves a stale entry behind.
 */
import { LRUCache } from 'lru-cache';
import { HitCounter, type CounterSnapshot } from './cache-stats.js';

export interface HashedCacheLimits {
  maxEntries: number;
  /** Approximate bytes; 0 disables the size bound. */
  maxBytes: number;
  sizeOf?: (value: unknown) => number;
}

interface Slot<V> {
  hash: string;
  value: V;
}

export class HashedCache<V> {
  private lru: LRUCache<string, Slot<V>>;
  /** The entry bound when the LRU's own bound is the bytes (kept by set()). */
  private maxEntries = 0;
  readonly counter = new HitCounter();

  constructor(limits: HashedCacheLimits) {
    this.lru = this.build(limits);
  }

  /**
   * Never with lru-cache's `max`: given one, it allocates its tables for that many entries up front
   * (the thread caches' 50,000 and 100,000 took ~13 ms and a few MB in every thread that loads them,
   * before one entry). The entry bound is its `maxSize` at one unit per entry; with a byte bound as
   * well, the bytes are its `maxSize` and set() evicts past the entry bound.
   */
  private build(limits: HashedCacheLimits): LRUCache<string, Slot<V>> {
    const sizeOf = limits.sizeOf;
    if (limits.maxBytes > 0 && sizeOf) {
      this.maxEntries = limits.maxEntries;
      return new LRUCache<string, Slot<V>>({ maxSize: limits.maxBytes, sizeCalculation: (slot) => Math.max(1, sizeOf(slot.value)) });
    }
    this.maxEntries = 0;
    return new LRUCache<string, Slot<V>>({ maxSize: Math.max(1, limits.maxEntries), sizeCalculation: () => 1 });
  }

  /** The value stored for `key` if it was computed from content with this `hash`. */
  get(key: string, hash: string): V | undefined {
    const slot = this.lru.get(key);
    if (slot && slot.hash === hash) {
      this.counter.hit();
      return slot.value;
    }
    this.counter.miss();
    return undefined;
  }

  set(key: string, hash: string, value: V): void {
    this.lru.set(key, { hash, value });
    // pop() drops the least recently used entry, as lru-cache's own `max` would.
    if (this.maxEntries > 0 && this.lru.size > this.maxEntries) this.lru.pop();
  }

  delete(key: string): void {
    this.lru.delete(key);
  }

  /** Returns the cached value or computes, stores and returns it. A rejected promise is not kept. */
  getOrCompute(key: string, hash: string, compute: () => V): V {
    const cached = this.get(key, hash);
    if (cached !== undefined) return cached;
    const value = compute();
    this.set(key, hash, value);
    if (value instanceof Promise) value.catch(() => this.lru.get(key)?.value === value && this.lru.delete(key));
    return value;
  }

  clear(): void {
    this.lru.clear();
    this.counter.reset();
  }

  resize(limits: HashedCacheLimits): void {
    this.lru = this.build(limits);
  }

  stats(): CounterSnapshot & { bytes: number } {
    return { ...this.counter.snapshot(this.lru.size), bytes: this.lru.calculatedSize ?? 0 };
  }
}
