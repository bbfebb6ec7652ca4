/** Builds and delivers a job's EngineEvents; a listener that throws must not break the run. */
import type { EngineEvent, EngineEventListener, JobError, StepOutcome } from '../contracts/index.js';
import type { StepEvent } from '../executor/protocol.js';

export class JobEvents {
  private readonly listener?: EngineEventListener;
  private readonly totalSteps: number;

  constructor(totalSteps: number, listener?: EngineEventListener) {
    this.totalSteps = totalSteps;
    this.listener = listener;
  }

  step(outcome: StepOutcome): void {
    const { index, capability, status, summary } = outcome;
    this.emit({ type: 'step', index, capability, status, summary, at: now() });
  }

  /** Progress of the job: `completed` whole steps plus `stepPercent` of the running one. */
  progress(completed: number, stepPercent: number, message: string): void {
    const total = Math.max(1, this.totalSteps);
    const percent = Math.round(((completed + stepPercent / 100) / total) * 1000) / 10;
    this.emit({ type: 'progress', completedSteps: completed, totalSteps: this.totalSteps, percent, message, at: now() });
  }

  /** An event sent by the capability of step `index` while it runs. */
  fromStep(index: number, event: StepEvent): void {
    if (event.kind === 'log') this.emit({ type: 'log', level: event.level, message: event.message, step: index, at: now() });
    else this.progress(index, event.percent, event.message ?? `step ${index} at ${event.percent}%`);
  }

  log(level: 'debug' | 'info' | 'warn' | 'error', message: string, step?: number): void {
    this.emit({ type: 'log', level, message, step, at: now() });
  }

  done(status: 'succeeded' | 'failed' | 'cancelled', error: JobError | null): void {
    this.emit(error ? { type: 'done', status, error, at: now() } : { type: 'done', status, at: now() });
  }

  private emit(event: EngineEvent): void {
    try {
      this.listener?.(event);
    } catch {
      // The listener belongs to the caller; its bugs must not fail the job.
    }
  }
}

function now(): string {
  return new Date().toISOString();
}
