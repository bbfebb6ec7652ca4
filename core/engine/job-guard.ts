/**
 * One AbortSignal for a whole job that fires on the caller's cancellation or on the job's wall-clock
 * deadline (limits.maxExecutionTimeMin, fractions allowed), and remembers which of the two it was.
 */
import type { JobError } from '../contracts/index.js';
import { AgentdError, isAgentdError } from '../errors/index.js';

/** setTimeout's ceiling; longer deadlines simply never fire. */
const MAX_TIMER_MS = 2 ** 31 - 1;

export class JobGuard {
  private readonly controller = new AbortController();
  private readonly timer: NodeJS.Timeout | null;
  private readonly external?: AbortSignal;
  private readonly onExternalAbort = (): void => this.controller.abort(this.external?.reason);

  constructor(jobId: string, maxExecutionTimeMin: number, external?: AbortSignal) {
    this.external = external;
    const budgetMs = maxExecutionTimeMin * 60_000;
    this.timer =
      Number.isFinite(budgetMs) && budgetMs < MAX_TIMER_MS
        ? setTimeout(() => this.controller.abort(timeLimit(jobId, maxExecutionTimeMin)), Math.max(0, budgetMs))
        : null;
    if (external?.aborted) this.onExternalAbort();
    else external?.addEventListener('abort', this.onExternalAbort, { once: true });
  }

  get signal(): AbortSignal {
    return this.controller.signal;
  }

  /** Why the job stopped, once the signal fired; null while it has not. */
  stopReason(): { status: 'failed' | 'cancelled'; error: JobError } | null {
    if (!this.controller.signal.aborted) return null;
    const reason: unknown = this.controller.signal.reason;
    if (isAgentdError(reason) && reason.code === 'time_limit') return { status: 'failed', error: reason.toJSON() };
    if (isAgentdError(reason)) return { status: 'cancelled', error: { code: reason.code, message: reason.message } };
    return { status: 'cancelled', error: { code: 'cancelled', message: 'The job was cancelled before it finished.' } };
  }

  dispose(): void {
    if (this.timer) clearTimeout(this.timer);
    this.external?.removeEventListener('abort', this.onExternalAbort);
  }
}

function timeLimit(jobId: string, minutes: number): AgentdError {
  return new AgentdError(
    'time_limit',
    `Job "${jobId}" exceeded its time limit of ${minutes} min; raise limits.maxExecutionTimeMin or split the task.`,
  );
}
