/**
 * The JobStore in Redis: one hash per job (the codec-encoded record beside its version, status and
 * creation sequence) plus sorted-set indexes, all written by the Lua scripts of store-scripts.ts.
 * Every record, result and turn is encoded with the RecordCodec (plain JSON, or sealed when
 * encryption at rest is on). Finished jobs are trimmed by Retention.
 */
import type { Redis } from 'ioredis';
import { AgentdError } from '../../../core/index.js';
import { isFinal, JOB_STATUSES, type JobStatus, type StoredJob } from '../../jobs/job-record.js';
import type { JobMutator, JobStore, ListJobsOptions, StatusCounts } from '../../jobs/job-store.js';
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
          keys.job(job.id), keys.all, keys.status(job.status), keys.sequence, keys.idempotency(idem ?? '-'), keys.finished,
          job.id, this.options.codec.encode(job), job.status, idem === null ? '' : '1', keys.jobPrefix, job.createdAt, finishedScore(job),
        );
        if (outcome === 1) return { job: structuredClone(job), created: true };
        if (outcome === -1) throw new AgentdError('internal_error', `A job with id "${job.id}" already exists; retry the request.`);
        const earlier = await this.get(earlierId);
        if (earlier) return { job: earlier, created: false };
        // The earlier job was removed between the script and the read: its key is free now.
      }
      throw new AgentdError('unavailable', `Job "${job.id}" could not be stored because its idempotency key kept changing hands; retry the request.`);
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
      throw new AgentdError('unavailable', `Job "${id}" changed ${MAX_UPDATE_RETRIES} times while it was being updated; retry the request.`);
    });
  }

  async remove(id: string): Promise<boolean> {
    return this.run(() => this.removeRecord(id, false));
  }

  /** Deletes a job only while it is still finished (retention); true when it was deleted. */
  async removeFinished(id: string): Promise<boolean> {
    return this.run(() => this.removeRecord(id, true));
  }

  async list(options: ListJobsOptions): Promise<StoredJob[]> {
    return this.run(async () => {
      const sets = options.statuses && options.statuses.length > 0 ? options.statuses.map((status) => this.keys.status(status)) : [this.keys.all];
      const ids = await this.newestIds(sets, options.offset + options.limit);
      const page = ids.slice(options.offset, options.offset + options.limit);
      const records = await Promise.all(page.map((id) => this.read(id)));
      return records.flatMap((record) => (record ? [record.job] : []));
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
    return (await this.client.agentdRemove(keys.job(id), keys.all, keys.finished, id, keys.statusPrefix, onlyIfFinished ? '1' : '')) === 1;
  }

  private async read(id: string): Promise<Versioned | null> {
    const [version, data, status, createdAt] = await this.client.hmget(this.keys.job(id), 'v', 'd', 's', 'c');
    if (version === null || data === null) return null;
    try {
      const job = this.options.codec.decode(data) as StoredJob;
      return { job, version, status: status as JobStatus, tampered: false };
    } catch (error) {
      return { job: tamperedStandIn(id, createdAt ?? new Date(0).toISOString(), error), version, status: status as JobStatus, tampered: true };
    }
  }

  private async write(id: string, current: Versioned, next: StoredJob): Promise<boolean> {
    const written = await this.client.agentdUpdate(
      this.keys.job(id), this.keys.status(current.status), this.keys.status(next.status), this.keys.finished,
      id, current.version, this.options.codec.encode(next), next.status, finishedScore(next),
    );
    return written === 1;
  }

  /** The newest `count` ids across the given sorted sets (scores are creation sequences, unique). */
  private async newestIds(sets: string[], count: number): Promise<string[]> {
    if (count <= 0) return [];
    const replies = await Promise.all(sets.map((key) => this.client.zrevrange(key, 0, count - 1, 'WITHSCORES')));
    const scored: { id: string; score: number }[] = [];
    for (const reply of replies) for (let i = 0; i < reply.length; i += 2) scored.push({ id: reply[i]!, score: Number(reply[i + 1]) });
    return scored.sort((a, b) => b.score - a.score).slice(0, count).map((entry) => entry.id);
  }

  private run<T>(operation: () => Promise<T>): Promise<T> {
    if (this.closed) return Promise.reject(new AgentdError('unavailable', 'The Redis job store of this daemon is closed; restart the daemon.'));
    return guarded(this.options.endpoint, operation);
  }
}

/** Finished jobs are indexed by when they finished, for retention; '' keeps a job out of that index. */
function finishedScore(job: StoredJob): string {
  if (!isFinal(job.status)) return '';
  const at = Date.parse(job.finishedAt ?? job.updatedAt);
  return String(Number.isNaN(at) ? Date.now() : at);
}
