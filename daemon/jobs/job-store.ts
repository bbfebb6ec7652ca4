/**
 * Where job records live. Records are plain JSON (StoredJob), so a Redis implementation can keep each
 * one as a JSON string and implement `update` with WATCH/MULTI (the mutator is a pure function of the
 * current record and may be called more than once). Both implementations pass the shared contract suite.
 */
import type { JobStatus, StoredJob } from './job-record.js';
import type { JobSummary } from './job-summary.js';

export interface ListJobsOptions {
  /** Only these statuses; all when absent or empty. */
  statuses?: JobStatus[];
  limit: number;
  /** Where the previous page ended (its `nextCursor`): pages stay stable while jobs are added. */
  cursor?: string;
  /** Kept for older clients: skips this many (its cost grows with it; prefer the cursor). Not with `cursor`. */
  offset?: number;
}

export interface JobPage {
  /** Newest first. */
  jobs: JobSummary[];
  /** The cursor of the next page, or null on the last one. */
  nextCursor: string | null;
  /**
   * The cursor below each job of `jobs` (same order): a filtered list (job-list-filter.ts) that stops
   * inside a page continues from the last job it looked at.
   */
  cursors: string[];
  /** How many jobs match the status filter. */
  total: number;
}

/** A range of a part (job-result.ts) and how many items the part holds. */
export interface PartPage {
  items: unknown[];
  total: number;
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
  /**
   * Deletes a record only while it is final (succeeded, failed, cancelled), atomically with that check:
   * a follow-up that re-queues it meanwhile keeps it. True when it was deleted.
   */
  removeFinished(id: string): Promise<boolean>;
  /** Summaries, newest first (by creation), one page; never whole records. */
  list(options: ListJobsOptions): Promise<JobPage>;
  /**
   * Large parts of a job's result, kept beside its record and read by range (job-result.ts says which).
   * `writePart` replaces a part; `appendPart` adds to it. Parts go when the job is removed. Items are
   * JSON values; the memory store keeps the caller's array as it is (the caller hands it over).
   */
  writePart(id: string, part: string, items: readonly unknown[]): Promise<void>;
  appendPart(id: string, part: string, items: readonly unknown[]): Promise<void>;
  /** Items [start, start + count) of a part, or null when the job has no such part. */
  readPart(id: string, part: string, start: number, count: number): Promise<PartPage | null>;
  counts(): Promise<StatusCounts>;
  ping(): Promise<void>;
  close(): Promise<void>;
}
