/**
 * Claims jobs from the queue and runs at most `maxConcurrent` of them at once in this daemon. It wakes
 * on the queue's "available" signal, after every finished job, and on a slow poll (a networked queue
 * may drop a notification). Cancel requests from the queue abort the matching running job.
 */
import { AgentdError } from '../../core/index.js';
import type { Logger } from '../logging/types.js';
import type { Queue } from '../queue/queue.js';
import type { JobRunner } from './job-runner.js';

interface Running {
  controller: AbortController;
  done: Promise<void>;
}

export interface SchedulerOptions {
  queue: Queue;
  runner: JobRunner;
  maxConcurrent: number;
  logger: Logger;
  pollMs?: number;
}

const ABORT_MESSAGES = {
  cancelled: 'The job was cancelled while it ran.',
  shutdown: 'The daemon shut down before the job finished; submit it again.',
} as const;

export class Scheduler {
  private readonly running = new Map<string, Running>();
  private claiming = false;
  private pumping = false;
  private pumpAgain = false;
  private unsubscribe: (() => void)[] = [];
  private poll: NodeJS.Timeout | null = null;

  constructor(private readonly options: SchedulerOptions) {}

  start(): void {
    const { queue } = this.options;
    this.claiming = true;
    this.unsubscribe = [queue.onAvailable(() => void this.pump()), queue.onCancelRequested((jobId, reason) => this.abort(jobId, reason))];
    this.poll = setInterval(() => void this.pump(), this.options.pollMs ?? 1000).unref();
    void this.pump();
  }

  get runningCount(): number {
    return this.running.size;
  }

  isRunning(jobId: string): boolean {
    return this.running.has(jobId);
  }

  abort(jobId: string, reason: keyof typeof ABORT_MESSAGES): void {
    this.running.get(jobId)?.controller.abort(new AgentdError(reason, ABORT_MESSAGES[reason]));
  }

  /** Claims while there is room. Re-entrant calls fold into one more pass, so slots are never over-claimed. */
  async pump(): Promise<void> {
    if (this.pumping) {
      this.pumpAgain = true;
      return;
    }
    this.pumping = true;
    try {
      do {
        this.pumpAgain = false;
        while (this.claiming && this.running.size < this.options.maxConcurrent) {
          const jobId = await this.options.queue.claim().catch((error: unknown) => {
            this.options.logger.warn('queue claim failed', { error: (error as Error).message });
            return null;
          });
          if (jobId === null) break;
          this.launch(jobId);
        }
      } while (this.pumpAgain && this.claiming);
    } finally {
      this.pumping = false;
    }
  }

  private launch(jobId: string): void {
    const controller = new AbortController();
    const done = this.options.runner
      .run(jobId, controller.signal)
      .catch((error: unknown) => {
        // Typically the queue backend became unreachable mid-run; the job goes back to the queue.
        this.options.logger.error('job run failed unexpectedly', { jobId, error: (error as Error).message });
        return this.options.queue.release?.(jobId).catch(() => undefined);
      })
      .finally(() => {
        this.running.delete(jobId);
        void this.pump();
      });
    this.running.set(jobId, { controller, done });
  }

  /**
   * Stops claiming, gives running jobs `graceMs` to finish, then aborts the rest with `shutdown` and
   * waits for them to settle (the engine stops a step within a second).
   */
  async drain(graceMs: number): Promise<void> {
    this.claiming = false;
    for (const off of this.unsubscribe.splice(0)) off();
    if (this.poll) clearInterval(this.poll);
    const all = () => Promise.all([...this.running.values()].map((job) => job.done));
    let timer: NodeJS.Timeout | undefined;
    const graceOver = new Promise<'timeout'>((resolve) => (timer = setTimeout(() => resolve('timeout'), graceMs)));
    const result = await Promise.race([all().then(() => 'finished' as const), graceOver]);
    clearTimeout(timer);
    if (result === 'timeout') {
      for (const jobId of this.running.keys()) this.abort(jobId, 'shutdown');
      await all();
    }
  }
}
