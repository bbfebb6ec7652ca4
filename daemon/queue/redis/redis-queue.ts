/**
 * The Queue on BullMQ. BullMQ's "manual processing" maps onto claim/ack: claim is
 * `worker.getNextJob(token)` (the job becomes active under a lock), ack is `moveToCompleted` (the job
 * is removed, so the same id can be queued again by a follow-up). This daemon renews the locks of the
 * jobs it holds (LockRenewer); when a daemon dies its locks expire and any daemon's stalled checker
 * puts the job back in the wait list, where it is claimed again (the runner then re-runs it).
 * Priorities: ours are -1000..1000 with higher first; BullMQ's are 1..2^21 with lower first.
 */
import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import { Queue as BullQueue, Worker, type ConnectionOptions, type Job } from 'bullmq';
import type { Redis } from 'ioredis';
import { AgentdError } from '../../../core/index.js';
import type { EnqueueOptions, Queue, QueueCounts } from '../queue.js';
import { commandOptions, COMMAND_TIMEOUT_MS, guarded, settleWithin, waitingOptions, type RedisEndpoint } from './redis-connection.js';
import type { RedisChannels } from './redis-channels.js';
import { LockRenewer, type Held } from './lock-renewer.js';

export const QUEUE_NAME = 'jobs';
const BULL_MAX_PRIORITY = 2 ** 21 - 1;

export interface LockSettings {
  /** How long a claimed job's lock lives without renewal; a dead daemon's job is free after this. */
  lockDurationMs: number;
  /** How often the stalled checker looks for active jobs whose lock expired. */
  stalledIntervalMs: number;
}

/** Recovery of a killed daemon's job: lock expiry (<= 4 s) + up to two checks (<= 3 s) + a claim poll. */
export const DEFAULT_LOCK: LockSettings = { lockDurationMs: 4000, stalledIntervalMs: 1500 };

export interface RedisQueueOptions {
  endpoint: RedisEndpoint;
  client: Redis;
  channels: RedisChannels;
  prefix: string;
  lock: LockSettings;
  onError(error: Error): void;
}

type CancelReason = 'cancelled' | 'shutdown';
const WAITING_STATES = new Set(['waiting', 'wait', 'prioritized', 'delayed', 'paused']);

export function toBullPriority(priority: number): number {
  return Math.min(Math.max(1001 - Math.round(priority), 1), BULL_MAX_PRIORITY);
}

export class RedisQueue implements Queue {
  private readonly bull: BullQueue;
  private readonly worker: Worker;
  private readonly held = new Map<string, Held>();
  private readonly renewer: LockRenewer;
  private readonly local = new EventEmitter();
  private readonly offChannels: (() => void)[];
  private closed = false;

  constructor(private readonly options: RedisQueueOptions) {
    const { endpoint, prefix, lock } = options;
    this.local.setMaxListeners(0);
    this.bull = new BullQueue(QUEUE_NAME, { connection: commandOptions(endpoint) as ConnectionOptions, prefix: `${prefix}:bull` });
    // maxStalledCount is high on purpose: the runner bounds lost runs itself (worker_lost) and keeps
    // the job record in step; a job BullMQ failed on its own would leave the record "running".
    this.worker = new Worker(QUEUE_NAME, null, {
      connection: waitingOptions(endpoint) as ConnectionOptions,
      prefix: `${prefix}:bull`,
      autorun: false,
      lockDuration: lock.lockDurationMs,
      stalledInterval: lock.stalledIntervalMs,
      maxStalledCount: 1_000_000,
    });
    this.bull.on('error', options.onError);
    this.worker.on('error', options.onError);
    this.renewer = new LockRenewer(this.worker, this.held, lock.lockDurationMs, options.onError);
    this.offChannels = [
      options.channels.on('available', () => this.local.emit('available')),
      options.channels.on('cancel', (message) => this.onCancelMessage(message)),
    ];
  }

  async open(): Promise<void> {
    await Promise.all([this.bull.waitUntilReady(), this.worker.waitUntilReady()]);
    void this.worker.startStalledCheckTimer();
    this.renewer.start();
  }

  async enqueue(jobId: string, options: EnqueueOptions = {}): Promise<void> {
    this.assertOpen();
    await guarded(this.options.endpoint, () =>
      this.bull.add(
        'run',
        {},
        {
          jobId,
          priority: toBullPriority(options.priority ?? 0),
          removeOnComplete: true,
          removeOnFail: true,
        },
      ),
    );
    this.options.channels.publish('available', jobId).catch(() => undefined); // the scheduler also polls
  }

  async claim(): Promise<string | null> {
    this.assertOpen();
    const token = randomUUID();
    const job: Job | undefined = await this.worker.getNextJob(token, { block: false });
    if (!job?.id) return null;
    this.held.set(job.id, { job, token });
    return job.id;
  }

  async ack(jobId: string): Promise<void> {
    this.assertOpen();
    const held = this.held.get(jobId);
    if (!held) return;
    // Forget it first: if Redis is down the lock simply expires and the stalled checker re-queues the
    // job; the runner then sees its final record and only acknowledges it.
    this.held.delete(jobId);
    await settleWithin(held.job.moveToCompleted('done', held.token, false), COMMAND_TIMEOUT_MS);
  }

  async release(jobId: string): Promise<void> {
    // No Redis round trip (Redis may be what failed): the lock lapses and the stalled check re-queues it.
    this.held.delete(jobId);
  }

  async remove(jobId: string): Promise<boolean> {
    this.assertOpen();
    return guarded(this.options.endpoint, async () => {
      const job = await this.bull.getJob(jobId);
      if (!job || !WAITING_STATES.has(await job.getState())) return false;
      return (await this.bull.remove(jobId)) === 1; // 0 when a daemon claimed it meanwhile (locked)
    });
  }

  async counts(): Promise<QueueCounts> {
    this.assertOpen();
    return guarded(this.options.endpoint, async () => {
      const counts = await this.bull.getJobCounts('wait', 'prioritized', 'delayed', 'active');
      const waiting = (counts.wait ?? 0) + (counts.prioritized ?? 0) + (counts.delayed ?? 0);
      return { waiting, active: counts.active ?? 0 };
    });
  }

  onAvailable(listener: () => void): () => void {
    this.local.on('available', listener);
    return () => this.local.off('available', listener);
  }

  async requestCancel(jobId: string, reason: CancelReason): Promise<void> {
    this.assertOpen();
    await guarded(this.options.endpoint, () => this.options.channels.publish('cancel', JSON.stringify({ jobId, reason })));
  }

  onCancelRequested(listener: (jobId: string, reason: CancelReason) => void): () => void {
    this.local.on('cancel', listener);
    return () => this.local.off('cancel', listener);
  }

  async ping(): Promise<void> {
    this.assertOpen();
    await guarded(this.options.endpoint, () => this.options.client.ping());
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.renewer.stop();
    for (const off of this.offChannels) off();
    this.local.removeAllListeners();
    // Held jobs are not completed here: their locks lapse and another daemon re-runs them.
    await Promise.allSettled([this.worker.close(true), this.bull.close()]);
  }

  private onCancelMessage(message: string): void {
    const { jobId, reason } = JSON.parse(message) as { jobId: string; reason: CancelReason };
    this.local.emit('cancel', jobId, reason);
  }

  private assertOpen(): void {
    if (this.closed) throw new AgentdError('unavailable', 'The Redis queue of this daemon is closed; restart the daemon.');
  }
}
