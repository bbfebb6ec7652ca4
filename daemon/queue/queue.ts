/**
 * The job queue: which job runs next. It holds only job ids (the records live in the JobStore), so a
 * Redis/BullMQ implementation can keep ids in a sorted set or a BullMQ queue and records in hashes.
 * Every method is async because a networked backend will be. Both implementations pass
 * test/daemon/queue/queue-contract.ts.
 */

export interface EnqueueOptions {
  /** Higher runs sooner; jobs of equal priority run in the order they were enqueued (FIFO). Default 0. */
  priority?: number;
}

export interface QueueCounts {
  /** Enqueued and not yet claimed. */
  waiting: number;
  /** Claimed by a consumer and not yet acknowledged. */
  active: number;
}

export interface Queue {
  /** Adds a job id; enqueueing an id that is already waiting or active is a no-op (re-queue after ack is allowed). */
  enqueue(jobId: string, options?: EnqueueOptions): Promise<void>;
  /** Takes the next waiting id (highest priority, then oldest) and marks it active; null when none waits. */
  claim(): Promise<string | null>;
  /** The consumer is done with a claimed id: it leaves the active set. Unknown ids are ignored. */
  ack(jobId: string): Promise<void>;
  /**
   * Optional: the consumer could not run a claimed id (its backend failed mid-way) and hands it back
   * without completing it, so it is claimed again later. A Redis queue stops renewing the job's lock
   * and its stalled check re-queues it.
   */
  release?(jobId: string): Promise<void>;
  /** Withdraws a waiting id (a cancelled queued job). True when it was waiting, false otherwise. */
  remove(jobId: string): Promise<boolean>;
  counts(): Promise<QueueCounts>;
  /** Called (asynchronously) after an enqueue, so idle consumers can claim without polling. */
  onAvailable(listener: () => void): () => void;
  /** Asks whichever consumer holds `jobId` to abort it (with several daemons this crosses processes). */
  requestCancel(jobId: string, reason: 'cancelled' | 'shutdown'): Promise<void>;
  onCancelRequested(listener: (jobId: string, reason: 'cancelled' | 'shutdown') => void): () => void;
  /** Resolves when the backend answers; rejects when it is unreachable or closed. */
  ping(): Promise<void>;
  close(): Promise<void>;
}
