/**
 * Jobs finished per minute, by final status, kept HISTORY_MINUTES (GET /stats/history, the dashboard's
 * throughput chart). Each daemon records the jobs it ran (its local `done` events); on Redis the counts
 * of every daemon of the queue add up in one place (redis/redis-throughput.ts), in memory they are this
 * daemon's. Minutes are UTC minutes since the epoch, by the recording daemon's clock.
 */
import type { FinalStatus } from '../jobs/job-record.js';

export const HISTORY_MINUTES = 24 * 60;

export type MinuteCounts = Record<FinalStatus, number>;

export interface ThroughputBucket extends MinuteCounts {
  /** The minute's start (ISO). */
  at: string;
}

export interface ThroughputHistory {
  record(status: FinalStatus, at: Date): Promise<void>;
  /** Counts per minute for the `minutes` minutes up to and including `now`'s, oldest first; empty minutes are zeros. */
  read(minutes: number, now: Date): Promise<ThroughputBucket[]>;
}

export const minuteOf = (at: Date): number => Math.floor(at.getTime() / 60_000);

export const emptyCounts = (): MinuteCounts => ({ succeeded: 0, incomplete: 0, failed: 0, cancelled: 0 });

/** The minutes a read covers, oldest first. */
export function minutesUpTo(minutes: number, now: Date): number[] {
  const last = minuteOf(now);
  return Array.from({ length: minutes }, (_, i) => last - minutes + 1 + i);
}

export const bucketAt = (minute: number, counts: MinuteCounts): ThroughputBucket => ({
  at: new Date(minute * 60_000).toISOString(),
  ...counts,
});

export class MemoryThroughput implements ThroughputHistory {
  private readonly minutes = new Map<number, MinuteCounts>();

  async record(status: FinalStatus, at: Date): Promise<void> {
    const minute = minuteOf(at);
    const counts = this.minutes.get(minute) ?? emptyCounts();
    counts[status] += 1;
    this.minutes.set(minute, counts);
    for (const old of this.minutes.keys()) if (old <= minute - HISTORY_MINUTES) this.minutes.delete(old);
  }

  async read(minutes: number, now: Date): Promise<ThroughputBucket[]> {
    return minutesUpTo(minutes, now).map((minute) => bucketAt(minute, { ...(this.minutes.get(minute) ?? emptyCounts()) }));
  }
}
