/**
 * Keeps the locks of the jobs this daemon holds alive, every half lock duration. BullMQ's own lock
 * manager only runs inside `worker.run()`, which manual claiming does not use. A lock that cannot be
 * renewed (Redis was down longer than the lock) means another daemon may re-run the job; the runner's
 * attempt fencing keeps this daemon's late writes off the record.
 */
import type { Job, Worker } from 'bullmq';

export interface Held {
  job: Job;
  token: string;
}

export class LockRenewer {
  private timer: NodeJS.Timeout | null = null;
  private renewing = false;

  constructor(
    private readonly worker: Worker,
    private readonly held: Map<string, Held>,
    private readonly lockDurationMs: number,
    private readonly onError: (error: Error) => void,
  ) {}

  start(): void {
    this.timer = setInterval(() => void this.renew(), Math.max(100, Math.floor(this.lockDurationMs / 2)));
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  private async renew(): Promise<void> {
    if (this.renewing || this.held.size === 0) return; // a slow renewal is not stacked on another
    this.renewing = true;
    const entries = [...this.held.entries()];
    try {
      const failed = await this.worker.extendJobLocks(
        entries.map(([id]) => id),
        entries.map(([, held]) => held.token),
        this.lockDurationMs,
      );
      if (failed.length > 0)
        this.onError(new Error(`could not renew the lock of job(s) ${failed.join(', ')}; another daemon may re-run them`));
    } catch (error) {
      this.onError(error as Error);
    } finally {
      this.renewing = false;
    }
  }
}
