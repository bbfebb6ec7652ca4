/** The default job store: records in a Map, cloned on the way in and out so callers never share state. */
import { AgentdError } from '../../core/index.js';
import { JOB_STATUSES, type JobStatus, type StoredJob } from './job-record.js';
import type { JobMutator, JobStore, ListJobsOptions, StatusCounts } from './job-store.js';

export class MemoryJobStore implements JobStore {
  /** Insertion order is creation order, which `list` reverses for newest first. */
  private readonly jobs = new Map<string, StoredJob>();
  private readonly byIdempotencyKey = new Map<string, string>();
  /** Kept current on every write, so /health and /stats never walk the records. */
  private readonly statusCounts = Object.fromEntries(JOB_STATUSES.map((status) => [status, 0])) as Record<JobStatus, number>;
  private closed = false;

  async create(job: StoredJob): Promise<{ job: StoredJob; created: boolean }> {
    this.assertOpen();
    const key = job.internal.idempotencyKey;
    const earlierId = key === null ? undefined : this.byIdempotencyKey.get(key);
    if (earlierId !== undefined) return { job: structuredClone(this.jobs.get(earlierId)!), created: false };
    if (this.jobs.has(job.id)) throw new AgentdError('internal_error', `A job with id "${job.id}" already exists; retry the request.`);
    this.jobs.set(job.id, structuredClone(job));
    this.statusCounts[job.status] += 1;
    if (key !== null) this.byIdempotencyKey.set(key, job.id);
    return { job: structuredClone(job), created: true };
  }

  async get(id: string): Promise<StoredJob | null> {
    this.assertOpen();
    const job = this.jobs.get(id);
    return job ? structuredClone(job) : null;
  }

  async update(id: string, mutate: JobMutator): Promise<StoredJob | null> {
    this.assertOpen();
    const current = this.jobs.get(id);
    if (!current) return null;
    const next = mutate(structuredClone(current));
    if (next === undefined) return structuredClone(current);
    const stored = { ...structuredClone(next), id, updatedAt: new Date().toISOString() };
    this.jobs.set(id, stored);
    this.statusCounts[current.status] -= 1;
    this.statusCounts[stored.status] += 1;
    return structuredClone(stored);
  }

  async remove(id: string): Promise<boolean> {
    this.assertOpen();
    const job = this.jobs.get(id);
    if (!job) return false;
    this.jobs.delete(id);
    this.statusCounts[job.status] -= 1;
    const key = job.internal.idempotencyKey;
    if (key !== null && this.byIdempotencyKey.get(key) === id) this.byIdempotencyKey.delete(key);
    return true;
  }

  async list(options: ListJobsOptions): Promise<StoredJob[]> {
    this.assertOpen();
    const wanted = options.statuses && options.statuses.length > 0 ? new Set(options.statuses) : null;
    const newestFirst = [...this.jobs.values()].reverse();
    const matching = wanted ? newestFirst.filter((job) => wanted.has(job.status)) : newestFirst;
    return matching.slice(options.offset, options.offset + options.limit).map((job) => structuredClone(job));
  }

  async counts(): Promise<StatusCounts> {
    this.assertOpen();
    return { ...this.statusCounts, total: this.jobs.size };
  }

  async ping(): Promise<void> {
    this.assertOpen();
  }

  async close(): Promise<void> {
    this.closed = true;
  }

  private assertOpen(): void {
    if (this.closed) throw new AgentdError('unavailable', 'The in-memory job store is closed; restart the daemon.');
  }
}
