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
  readonly counter = new HitCounter();

  constructor(limits: HashedCacheLimits) {
    this.lru = HashedCache.build<V>(limits);
  }

  /**
   * With lru-cache's `max`, which makes it allocate its tables for that many entries up front (~13 ms
   * for the thread caches' defaults). Without it (the entry bound kept as a size, or by pop()) a scan
   * of 141k lines was ~70 ms slower, measured in alternating runs (2026-11-27): kept as is.
   */
  private static build<V>(limits: HashedCacheLimits): LRUCache<string, Slot<V>> {
    const sizeOf = limits.sizeOf;
    if (limits.maxBytes > 0 && sizeOf) {
      return new LRUCache<string, Slot<V>>({
        max: limits.maxEntries,
        maxSize: limits.maxBytes,
        sizeCalculation: (slot) => Math.max(1, sizeOf(slot.value)),
      });
    }
    return new LRUCache<string, Slot<V>>({ max: limits.maxEntries });
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
    this.lru = HashedCache.build<V>(limits);
  }

  stats(): CounterSnapshot & { bytes: number } {
    return { ...this.counter.snapshot(this.lru.size), bytes: this.lru.calculatedSize ?? 0 };
  }
}
