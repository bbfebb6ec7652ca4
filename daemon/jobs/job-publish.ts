/** The bus events that follow from a record's status: `status` always, `done` once the job is final. */
import type { JobEventBus } from '../events/event-bus.js';
import type { FinalStatus, StoredJob } from './job-record.js';

export function publishStatus(bus: JobEventBus, job: StoredJob): void {
  bus.publish({ type: 'status', jobId: job.id, status: job.status, at: job.updatedAt });
}

export function publishDone(bus: JobEventBus, job: StoredJob): void {
  const durationMs = job.startedAt && job.finishedAt ? Date.parse(job.finishedAt) - Date.parse(job.startedAt) : null;
  bus.publish({
    type: 'done',
    jobId: job.id,
    status: job.status as FinalStatus,
    error: job.error,
    notRun: job.notRun ?? [],
    durationMs,
    at: job.finishedAt ?? job.updatedAt,
  });
}
