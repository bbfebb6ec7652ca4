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

/** Entries a cache's tables hold at first; they grow fourfold as entries come, up to `maxEntries`. */
const FIRST_CAPACITY = 4096;

export class HashedCache<V> {
  private lru: LRUCache<string, Slot<V>>;
  private limits: HashedCacheLimits;
  readonly counter = new HitCounter();

  constructor(limits: HashedCacheLimits) {
    this.limits = limits;
    this.lru = HashedCache.build<V>(limits, Math.min(limits.maxEntries, FIRST_CAPACITY));
  }

  /**
   * With lru-cache's `max`: without it (the entry bound kept as a size, or by pop()) a scan of 141k
   * lines was ~70 ms slower, measured in alternating runs (2026-11-27). lru-cache allocates its
   * tables for `max` entries up front, filling them with Array.from (~16 ms for the memo's 100,000,
   * ~27 ms for the thread caches together at every start, measured in CPU profiles of `agentd scan`),
   * so a cache starts at FIRST_CAPACITY and is rebuilt larger when it fills (`grow`): a scan of a
   * few thousand files never grows one, a 20,000-file workspace's a few times.
   */
  private static build<V>(limits: HashedCacheLimits, capacity: number): LRUCache<string, Slot<V>> {
    const sizeOf = limits.sizeOf;
    if (limits.maxBytes > 0 && sizeOf) {
      return new LRUCache<string, Slot<V>>({
        max: capacity,
        maxSize: limits.maxBytes,
        sizeCalculation: (slot) => Math.max(1, sizeOf(slot.value)),
      });
    }
    return new LRUCache<string, Slot<V>>({ max: capacity });
  }

  /** Larger tables with the same entries, least recently used first, so recency is kept. */
  private grow(): void {
    const larger = HashedCache.build<V>(this.limits, Math.min(this.limits.maxEntries, this.lru.max * 4));
    for (const key of this.lru.rkeys()) larger.set(key, this.lru.peek(key)!);
    this.lru = larger;
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

  /** The same without counting a hit or miss or refreshing the entry's use: a check, not a lookup. */
  peek(key: string, hash: string): V | undefined {
    const slot = this.lru.peek(key);
    return slot && slot.hash === hash ? slot.value : undefined;
  }

  set(key: string, hash: string, value: V): void {
    // The tables' capacity is lru-cache's `max`: grown while it is under the entry bound.
    if (this.lru.size >= this.lru.max && this.lru.max < this.limits.maxEntries && !this.lru.has(key)) this.grow();
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
    this.limits = limits;
    this.lru = HashedCache.build<V>(limits, Math.min(limits.maxEntries, FIRST_CAPACITY));
  }

  stats(): CounterSnapshot & { bytes: number } {
    return { ...this.counter.snapshot(this.lru.size), bytes: this.lru.calculatedSize ?? 0 };
  }
}
