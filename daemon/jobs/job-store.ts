/**
 * Where job records live. Records are plain JSON (StoredJob), so a Redis implementation can keep each
 * one as a JSON string and implement `update` with WATCH/MULTI (the mutator is a pure function of the
 * current record and may be called more than once). Both implementations pass the shared contract suite.
 */
import type { JobStatus, StoredJob } from './job-record.js';

export interface ListJobsOptions {
  /** Only these statuses; all when absent or empty. */
  statuses?: JobStatus[];
  limit: number;
  offset: number;
}

export type StatusCounts = Record<JobStatus, number> & { total: number };

/** Returns the next record, or undefined to leave the record as it is. Must not mutate its argument. */
export type JobMutator = (current: StoredJob) => StoredJob | undefined;

export interface JobStore {
  /**
   * Stores a new record. With an idempotency key that an earlier job already used, nothing is stored
   * and the earlier job comes back with `created: false`.
   */
  create(job: StoredJob): Promise<{ job: StoredJob; created: boolean }>;
  get(id: string): Promise<StoredJob | null>;
  /** Applies `mutate` atomically to the current record; sets updatedAt when it changes. Null for an unknown id. */
  update(id: string, mutate: JobMutator): Promise<StoredJob | null>;
  /** Deletes a record (a submission whose enqueue failed must not linger half-written). True when it existed. */
  remove(id: string): Promise<boolean>;
  /** Newest first (by createdAt, then by insertion). */
  list(options: ListJobsOptions): Promise<StoredJob[]>;
  counts(): Promise<StatusCounts>;
  ping(): Promise<void>;
  close(): Promise<void>;
}
