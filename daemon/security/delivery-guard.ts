/**
 * Replay protection for webhooks: a delivery id (`X-GitHub-Delivery`) is accepted once. In memory for
 * one daemon (bounded LRU, ids forgotten after a day); in Redis (SET NX EX) when daemons share a
 * queue, so a delivery replayed to another daemon is refused too.
 */
import { LRUCache } from 'lru-cache';
import type { Redis } from 'ioredis';

export interface DeliveryGuard {
  /** True the first time an id is seen; false for a replay. */
  firstSeen(deliveryId: string): Promise<boolean>;
  close(): Promise<void>;
}

const REMEMBER_MS = 24 * 60 * 60 * 1000;

export class MemoryDeliveryGuard implements DeliveryGuard {
  private readonly seen = new LRUCache<string, true>({ max: 100_000, ttl: REMEMBER_MS });

  async firstSeen(deliveryId: string): Promise<boolean> {
    if (this.seen.has(deliveryId)) return false;
    this.seen.set(deliveryId, true);
    return true;
  }

  async close(): Promise<void> {
    this.seen.clear();
  }
}

export class RedisDeliveryGuard implements DeliveryGuard {
  /** `client` is shared with the other security parts and closed by their owner (security-setup.ts). */
  constructor(
    private readonly client: Redis,
    private readonly prefix: string,
  ) {}

  async firstSeen(deliveryId: string): Promise<boolean> {
    const set = await this.client.set(`${this.prefix}${deliveryId}`, '1', 'PX', REMEMBER_MS, 'NX');
    return set === 'OK';
  }

  async close(): Promise<void> {
    /* the shared client is closed by its owner */
  }
}
