/**
 * Throughput history on Redis: one hash per minute, `<prefix>:throughput:<minute>` (field = final
 * status, HINCRBY), expiring an hour after the history's window, so every daemon of the queue adds to
 * the same minutes and nothing needs pruning.
 */
import type { Redis } from 'ioredis';
import type { FinalStatus } from '../../jobs/job-record.js';
import {
  bucketAt,
  emptyCounts,
  HISTORY_MINUTES,
  minuteOf,
  minutesUpTo,
  type ThroughputBucket,
  type ThroughputHistory,
} from '../../metrics/throughput-history.js';

const KEEP_MS = (HISTORY_MINUTES + 60) * 60_000;

export class RedisThroughput implements ThroughputHistory {
  constructor(
    private readonly client: Redis,
    private readonly prefix: string,
  ) {}

  private key(minute: number): string {
    return `${this.prefix}:throughput:${minute}`;
  }

  async record(status: FinalStatus, at: Date): Promise<void> {
    const key = this.key(minuteOf(at));
    await this.client.multi().hincrby(key, status, 1).pexpire(key, KEEP_MS).exec();
  }

  async read(minutes: number, now: Date): Promise<ThroughputBucket[]> {
    const span = minutesUpTo(minutes, now);
    const pipeline = this.client.pipeline();
    for (const minute of span) pipeline.hgetall(this.key(minute));
    const replies = (await pipeline.exec()) ?? [];
    return span.map((minute, i) => {
      const [error, fields] = replies[i] ?? [null, {}];
      if (error) throw error;
      const counts = emptyCounts();
      for (const [status, value] of Object.entries((fields ?? {}) as Record<string, string>)) {
        if (status in counts) counts[status as FinalStatus] = Number(value);
      }
      return bucketAt(minute, counts);
    });
  }
}
