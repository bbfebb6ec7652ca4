/**
 * The JobStore in Redis: one hash per job (the codec-encoded record beside its version, status and
 * creation sequence) plus sorted-set indexes, all written by the Lua scripts of store-scripts.ts.
 * Every record, result and turn is encoded with the RecordCodec (plain JSON, or sealed when
 * encryption at rest is on). Finished jobs are trimmed by Retention.
 */
import type { Redis } from 'ioredis';
import { AgentdError } from '../../../core/index.js';
import { isFinal, JOB_STATUSES, type JobStatus, type StoredJob } from '../../jobs/job-record.js';
import type { JobMutator, JobPage, JobStore, ListJobsOptions, PartPage, StatusCounts } from '../../jobs/job-store.js';
import { toSummary, type JobSummary } from '../../jobs/job-summary.js';
import { decodeJobsCursor, encodeJobsCursor } from '../../jobs/page-cursor.js';
import { encodedBatches } from '../../jobs/part-rows.js';
import type { RecordCodec } from '../../security/record-codec.js';
import { guarded, type RedisEndpoint } from './redis-connection.js';
import { StoreKeys } from './store-keys.js';
import { defineStoreScripts, type StoreScripts } from './store-scripts.js';
import { tamperedStandIn } from './tampered-record.js';

export interface RedisJobStoreOptions {
  client: Redis;
  endpoint: RedisEndpoint;
  prefix: string;
  codec: RecordCodec;
}

interface Versioned {
  job: StoredJob;
  version: string;
  status: JobStatus;
  /** The stored text did not decode; `job` is the failed stand-in. */
  tampered: boolean;
}

const MAX_UPDATE_RETRIES = 100;

interface Scored {
  id: string;
  score: number;
}

/** ZREVRANGE ... WITHSCORES replies of several sets as one list, newest first. */
function merge(replies: string[][]): Scored[] {
  const scored: Scored[] = [];
  for (const reply of replies) for (let i = 0; i < reply.length; i += 2) scored.push({ id: reply[i]!, score: Number(reply[i + 1]) });
  return scored.sort((a, b) => b.score - a.score);
}

export class RedisJobStore implements JobStore {
  readonly keys: StoreKeys;
  private readonly client: Redis & StoreScripts;
  private closed = false;

  constructor(private readonly options: RedisJobStoreOptions) {
    this.keys = new StoreKeys(options.prefix);
    this.client = defineStoreScripts(options.client);
  }

  async create(job: StoredJob): Promise<{ job: StoredJob; created: boolean }> {
    return this.run(async () => {
      const { keys } = this;
      const idem = job.internal.idempotencyKey;
      for (let attempt = 0; attempt < MAX_UPDATE_RETRIES; attempt++) {
        const [outcome, earlierId] = await this.client.agentdCreate(
          keys.job(job.id),
          keys.all,
          keys.status(job.status),
          keys.sequence,
          keys.idempotency(idem ?? '-'),
          keys.finished,
          job.id,
          this.options.codec.encode(job),
          job.status,
          idem === null ? '' : '1',
          keys.jobPrefix,
          job.createdAt,
          finishedScore(job),
          this.options.codec.encode(toSummary(job)),
        );
        if (outcome === 1) return { job: structuredClone(job), created: true };
        if (outcome === -1) throw new AgentdError('internal_error', `A job with id "${job.id}" already exists; retry the request.`);
        const earlier = await this.get(earlierId);
        if (earlier) return { job: earlier, created: false };
        // The earlier job was removed between the script and the read: its key is free now.
      }
      throw new AgentdError(
        'unavailable',
        `Job "${job.id}" could not be stored because its idempotency key kept changing hands; retry the request.`,
      );
    });
  }

  async get(id: string): Promise<StoredJob | null> {
    return this.run(async () => (await this.read(id))?.job ?? null);
  }

  async update(id: string, mutate: JobMutator): Promise<StoredJob | null> {
    return this.run(async () => {
      for (let attempt = 0; attempt < MAX_UPDATE_RETRIES; attempt++) {
        const current = await this.read(id);
        if (!current) return null;
        if (current.tampered && current.status !== 'failed') {
          await this.write(id, current, current.job); // record the failure once, then mutate the stand-in
          continue;
        }
        const proposed = mutate(structuredClone(current.job));
        if (proposed === undefined) return current.job;
        const next: StoredJob = { ...structuredClone(proposed), id, updatedAt: new Date().toISOString() };
        if (await this.write(id, current, next)) return structuredClone(next);
      }
      throw new AgentdError(
        'unavailable',
        `Job "${id}" changed ${MAX_UPDATE_RETRIES} times while it was being updated; retry the request.`,
      );
    });
  }

  async remove(id: string): Promise<boolean> {
    return this.run(() => this.removeRecord(id, false));
  }

  /** Deletes a job only while it is still finished (retention); true when it was deleted. */
  async removeFinished(id: string): Promise<boolean> {
    return this.run(() => this.removeRecord(id, true));
  }

  /**
   * One page of summaries. A cursor page asks each status index for the jobs below the cursor's
   * creation sequence (ZREVRANGEBYSCORE ... LIMIT 0 limit+1), so any page of 100,000 jobs costs the
   * same; only the summaries (hash field `m`) are read, never whole records.
   */
  async list(options: ListJobsOptions): Promise<JobPage> {
    return this.run(async () => {
      const statuses = options.statuses && options.statuses.length > 0 ? options.statuses : null;
      const sets = statuses ? statuses.map((status) => this.keys.status(status)) : [this.keys.all];
      const found =
        options.cursor === undefined
          ? await this.newestIds(sets, (options.offset ?? 0) + options.limit + 1, options.offset ?? 0)
          : await this.idsBelow(sets, decodeJobsCursor(options.cursor), options.limit + 1);
      const page = found.slice(0, options.limit);
      const summaries = await this.summaries(page.map((entry) => entry.id));
      const counts = await this.counts();
      const total = statuses ? statuses.reduce((sum, status) => sum + counts[status], 0) : counts.total;
      // A job removed between the index read and the summary read is absent from both lists.
      const scores = new Map(page.map((entry) => [entry.id, entry.score]));
      const cursors = summaries.map((summary) => encodeJobsCursor(scores.get(summary.id)!));
      return { jobs: summaries, nextCursor: found.length > options.limit ? encodeJobsCursor(page.at(-1)!.score) : null, cursors, total };
    });
  }

  async writePart(id: string, part: string, items: readonly unknown[]): Promise<void> {
    await this.run(async () => {
      await this.client.multi().del(this.keys.part(id, part)).hset(this.keys.parts(id), part, '0').exec();
      await this.pushRows(id, part, items);
    });
  }

  async appendPart(id: string, part: string, items: readonly unknown[]): Promise<void> {
    await this.run(async () => {
      await this.client.hsetnx(this.keys.parts(id), part, '0');
      await this.pushRows(id, part, items);
    });
  }

  async readPart(id: string, part: string, start: number, count: number): Promise<PartPage | null> {
    return this.run(async () => {
      if (!(await this.client.hexists(this.keys.parts(id), part))) return null;
      const key = this.keys.part(id, part);
      const [rows, total] = await Promise.all([
        count > 0 ? this.client.lrange(key, start, start + count - 1) : Promise.resolve([]),
        this.client.llen(key),
      ]);
      return { items: rows.map((row) => this.options.codec.decode(row)), total };
    });
  }

  async counts(): Promise<StatusCounts> {
    return this.run(async () => {
      const transaction = this.client.multi();
      for (const status of JOB_STATUSES) transaction.zcard(this.keys.status(status));
      transaction.zcard(this.keys.all);
      const replies = (await transaction.exec()) ?? [];
      const values = replies.map(([error, value]) => {
        if (error) throw error;
        return Number(value);
      });
      const counts = Object.fromEntries(JOB_STATUSES.map((status, index) => [status, values[index]!])) as Record<JobStatus, number>;
      return { ...counts, total: values[JOB_STATUSES.length]! };
    });
  }

  async ping(): Promise<void> {
    await this.run(() => this.client.ping());
  }

  /** The connection belongs to the backend, which closes it after the queue and the store. */
  async close(): Promise<void> {
    this.closed = true;
  }

  private async removeRecord(id: string, onlyIfFinished: boolean): Promise<boolean> {
    const { keys } = this;
    return (
      (await this.client.agentdRemove(
        keys.job(id),
        keys.all,
        keys.finished,
        keys.parts(id),
        id,
        keys.statusPrefix,
        onlyIfFinished ? '1' : '',
        `${keys.partPrefix}${id}:`,
      )) === 1
    );
  }

  /**
   * Rows go in short slices (part-rows.ts), each row encoded on its own: a part of 100,000 findings
   * never becomes one string on the daemon's thread. A part written for a job removed meanwhile is
   * removed again.
   */
  private async pushRows(id: string, part: string, items: readonly unknown[]): Promise<void> {
    const key = this.keys.part(id, part);
    for await (const rows of encodedBatches(items, (item) => this.options.codec.encode(item))) await this.client.rpush(key, ...rows);
    if (!(await this.client.exists(this.keys.job(id)))) await this.client.del(key, this.keys.parts(id));
  }

  /** The summaries of these ids, in order (records written before summaries were kept are summarised here). */
  private async summaries(ids: string[]): Promise<JobSummary[]> {
    if (ids.length === 0) return [];
    const batch = this.client.pipeline();
    for (const id of ids) batch.hget(this.keys.job(id), 'm');
    const replies = (await batch.exec()) ?? [];
    const out: JobSummary[] = [];
    for (const [index, [error, encoded]] of replies.entries()) {
      if (error) throw error;
      if (typeof encoded === 'string' && encoded !== '') {
        out.push(this.options.codec.decode(encoded) as JobSummary);
        continue;
      }
      const full = await this.read(ids[index]!);
      if (full) out.push(toSummary(full.job));
    }
    return out;
  }

  private async read(id: string): Promise<Versioned | null> {
    const [version, data, status, createdAt] = await this.client.hmget(this.keys.job(id), 'v', 'd', 's', 'c');
    if (version === null || data === null) return null;
    try {
      const job = this.options.codec.decode(data) as StoredJob;
      return { job, version, status: status as JobStatus, tampered: false };
    } catch (error) {
      return {
        job: tamperedStandIn(id, createdAt ?? new Date(0).toISOString(), error),
        version,
        status: status as JobStatus,
        tampered: true,
      };
    }
  }

  private async write(id: string, current: Versioned, next: StoredJob): Promise<boolean> {
    const written = await this.client.agentdUpdate(
      this.keys.job(id),
      this.keys.status(current.status),
      this.keys.status(next.status),
      this.keys.finished,
      id,
      current.version,
      this.options.codec.encode(next),
      next.status,
      finishedScore(next),
      this.options.codec.encode(toSummary(next)),
    );
    return written === 1;
  }

  /** The newest `count` ids across the given sorted sets from rank `skip` on (scores are creation sequences, unique). */
  private async newestIds(sets: string[], count: number, skip: number): Promise<Scored[]> {
    if (count <= 0) return [];
    // One index: ranks are exact (O(log n) to the offset). Several: each may hold the whole page.
    const replies = await Promise.all(sets.map((key) => this.client.zrevrange(key, sets.length === 1 ? skip : 0, count - 1, 'WITHSCORES')));
    return merge(replies).slice(sets.length === 1 ? 0 : skip);
  }

  /** Up to `count` ids created before `sequence`, newest first, across the given sorted sets. */
  private async idsBelow(sets: string[], sequence: number, count: number): Promise<Scored[]> {
    const replies = await Promise.all(
      sets.map((key) => this.client.zrevrangebyscore(key, `(${sequence}`, '-inf', 'WITHSCORES', 'LIMIT', 0, count)),
    );
    return merge(replies).slice(0, count);
  }

  private run<T>(operation: () => Promise<T>): Promise<T> {
    if (this.closed)
      return Promise.reject(new AgentdError('unavailable', 'The Redis job store of this daemon is closed; restart the daemon.'));
    return guarded(this.options.endpoint, operation);
  }
}

/** Finished jobs are indexed by when they finished, for retention; '' keeps a job out of that index. */
function finishedScore(job: StoredJob): string {
  if (!isFinal(job.status)) return '';
  const at = Date.parse(job.finishedAt ?? job.updatedAt);
  return String(Number.isNaN(at) ? Date.now() : at);
}
