/**
 * The default job store: records in a Map, cloned on the way in and out so callers never share state.
 * Records are lean (job-result.ts), so a clone is cheap. The large parts beside them are kept as JSON
 * text, one string per row, like the Redis store keeps them: a part of 100,000 findings is a few
 * hundred strings to the garbage collector instead of 100,000 objects it must trace on every full
 * collection (those pauses held /health), and a page decodes only its rows.
 */
import { AgentdError } from '../../core/index.js';
import { isFinal, JOB_STATUSES, type JobStatus, type StoredJob } from './job-record.js';
import type { JobMutator, JobPage, JobStore, ListJobsOptions, PartPage, StatusCounts } from './job-store.js';
import { toSummary } from './job-summary.js';
import { encodedBatches } from './part-rows.js';
import { decodeJobsCursor, encodeJobsCursor } from './page-cursor.js';

export class MemoryJobStore implements JobStore {
  private readonly jobs = new Map<string, StoredJob>();
  /** Creation order: ids with their sequence, ascending (a page walks it backwards from a cursor). */
  private readonly order: { id: string; sequence: number }[] = [];
  private sequence = 0;
  private readonly parts = new Map<string, Map<string, string[]>>();
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
    this.order.push({ id: job.id, sequence: ++this.sequence });
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
    this.parts.delete(id);
    this.order.splice(
      this.order.findIndex((entry) => entry.id === id),
      1,
    );
    this.statusCounts[job.status] -= 1;
    const key = job.internal.idempotencyKey;
    if (key !== null && this.byIdempotencyKey.get(key) === id) this.byIdempotencyKey.delete(key);
    return true;
  }

  async removeFinished(id: string): Promise<boolean> {
    this.assertOpen();
    const job = this.jobs.get(id);
    return job !== undefined && isFinal(job.status) && this.remove(id);
  }

  async list(options: ListJobsOptions): Promise<JobPage> {
    this.assertOpen();
    const wanted = options.statuses && options.statuses.length > 0 ? new Set(options.statuses) : null;
    const total = wanted ? [...wanted].reduce((sum, status) => sum + this.statusCounts[status], 0) : this.jobs.size;
    let skip = options.cursor === undefined ? (options.offset ?? 0) : 0;
    // One more than the page: whether it exists decides the next cursor.
    const found: { job: StoredJob; sequence: number }[] = [];
    for (let i = this.startBelow(options.cursor); i >= 0 && found.length <= options.limit; i--) {
      const { id, sequence } = this.order[i]!;
      const job = this.jobs.get(id)!;
      if (wanted && !wanted.has(job.status)) continue;
      if (skip > 0) skip -= 1;
      else found.push({ job, sequence });
    }
    const page = found.slice(0, options.limit);
    const nextCursor = found.length > options.limit ? encodeJobsCursor(page.at(-1)!.sequence) : null;
    return {
      jobs: page.map(({ job }) => toSummary(job)),
      nextCursor,
      cursors: page.map(({ sequence }) => encodeJobsCursor(sequence)),
      total,
    };
  }

  async writePart(id: string, part: string, items: readonly unknown[]): Promise<void> {
    this.assertOpen();
    const rows = await encodeRows(items);
    this.partsOf(id)?.set(part, rows);
  }

  async appendPart(id: string, part: string, items: readonly unknown[]): Promise<void> {
    this.assertOpen();
    const rows = await encodeRows(items);
    const parts = this.partsOf(id);
    parts?.set(part, [...(parts.get(part) ?? []), ...rows]);
  }

  /** The parts of a job, or undefined when it was removed meanwhile (no part outlives its job). */
  private partsOf(id: string): Map<string, string[]> | undefined {
    if (!this.jobs.has(id)) return undefined;
    let parts = this.parts.get(id);
    if (!parts) this.parts.set(id, (parts = new Map()));
    return parts;
  }

  async readPart(id: string, part: string, start: number, count: number): Promise<PartPage | null> {
    this.assertOpen();
    const rows = this.parts.get(id)?.get(part);
    if (!rows) return null;
    return { items: rows.slice(start, start + count).map((row) => JSON.parse(row) as unknown), total: rows.length };
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

  /** The index in `order` where a page starts: the newest job, or the first one older than the cursor. */
  private startBelow(cursor: string | undefined): number {
    if (cursor === undefined) return this.order.length - 1;
    const sequence = decodeJobsCursor(cursor);
    let low = 0;
    let high = this.order.length;
    while (low < high) {
      const mid = (low + high) >> 1;
      if (this.order[mid]!.sequence < sequence) low = mid + 1;
      else high = mid;
    }
    return low - 1;
  }

  private assertOpen(): void {
    if (this.closed) throw new AgentdError('unavailable', 'The in-memory job store is closed; restart the daemon.');
  }
}

async function encodeRows(items: readonly unknown[]): Promise<string[]> {
  const rows: string[] = [];
  for await (const batch of encodedBatches(items, (item) => JSON.stringify(item))) rows.push(...batch);
  return rows;
}
