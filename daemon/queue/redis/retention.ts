/**
 * Keeps Redis from growing without bound: finished jobs (succeeded, failed, cancelled) older than
 * maxAgeSec, and the oldest beyond maxCount, are deleted with their indexes. Every daemon runs it on a
 * timer; two daemons pruning at once is harmless (a deletion is a no-op the second time).
 */
import type { Redis } from 'ioredis';
import type { RedisJobStore } from './redis-job-store.js';

export interface RetentionSettings {
  maxCount: number;
  maxAgeSec: number;
}

const BATCH = 500;

export class Retention {
  private timer: NodeJS.Timeout | null = null;
  private pruning: Promise<number> | null = null;

  constructor(
    private readonly client: Redis,
    private readonly store: RedisJobStore,
    private readonly settings: RetentionSettings,
    private readonly onError: (error: Error) => void,
  ) {}

  start(intervalMs: number): void {
    this.timer = setInterval(() => void this.prune().catch(this.onError), intervalMs);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  /** One pass; resolves to the number of jobs deleted. Concurrent calls share the pass in progress. */
  prune(now = Date.now()): Promise<number> {
    this.pruning ??= this.pass(now).finally(() => (this.pruning = null));
    return this.pruning;
  }

  private async pass(now: number): Promise<number> {
    const key = this.store.keys.finished;
    let deleted = 0;
    for (;;) {
      const expired = await this.client.zrangebyscore(key, '-inf', String(now - this.settings.maxAgeSec * 1000), 'LIMIT', 0, BATCH);
      const excess = (await this.client.zcard(key)) - this.settings.maxCount;
      const overflow = excess > 0 ? await this.client.zrange(key, '0', String(Math.min(excess, BATCH) - 1)) : [];
      const ids = [...new Set([...expired, ...overflow])];
      if (ids.length === 0) return deleted;
      const results = await Promise.all(ids.map((id: string) => this.store.removeFinished(id)));
      const removed = results.filter(Boolean).length;
      deleted += removed;
      if (removed === 0) return deleted; // nothing more this pass could delete
    }
  }
}
