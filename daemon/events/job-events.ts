/** The events of a job as the REST API streams them (SSE event name = `type`). */
import type { JobError, StepStatus } from '../../core/index.js';
import type { FinalStatus, JobStatus, NotRunStep } from '../jobs/job-record.js';

export type JobEvent =
  | { type: 'status'; jobId: string; status: JobStatus; at: string }
  | { type: 'step'; jobId: string; index: number; capability: string; status: StepStatus; summary: string | null; at: string }
  | { type: 'progress'; jobId: string; completedSteps: number; totalSteps: number; percent: number; message: string; at: string }
  | { type: 'log'; jobId: string; level: 'debug' | 'info' | 'warn' | 'error'; message: string; step?: number; at: string }
  /** `notRun`: the planned steps that did not run (non-empty exactly when status is `incomplete`). */
  | {
      type: 'done';
      jobId: string;
      status: FinalStatus;
      error: JobError | null;
      notRun: NotRunStep[];
      durationMs: number | null;
      at: string;
    };

export type JobEventType = JobEvent['type'];
export type JobEventListener = (event: JobEvent) => void;
