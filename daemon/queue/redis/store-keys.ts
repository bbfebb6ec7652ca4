/** Where the Redis job store keeps what (all under one prefix, so test runs and tenants never meet). */
import { createHash } from 'node:crypto';
import type { JobStatus } from '../../jobs/job-record.js';

export class StoreKeys {
  constructor(readonly prefix: string) {}

  /** Hash: v (version), d (encoded record), m (encoded summary), s (status), q (creation sequence), c (createdAt), k (idempotency key). */
  job(id: string): string {
    return `${this.prefix}:job:${id}`;
  }

  get jobPrefix(): string {
    return `${this.prefix}:job:`;
  }

  /** Sorted set of every id by creation sequence (newest = highest score). */
  get all(): string {
    return `${this.prefix}:jobs`;
  }

  /** Sorted set of the ids in one status, by creation sequence. */
  status(status: JobStatus): string {
    return `${this.prefix}:status:${status}`;
  }

  get statusPrefix(): string {
    return `${this.prefix}:status:`;
  }

  get sequence(): string {
    return `${this.prefix}:seq`;
  }

  /** List of one part of a job's result (job-result.ts), one encoded row per element. */
  part(id: string, part: string): string {
    return `${this.prefix}:part:${id}:${part}`;
  }

  get partPrefix(): string {
    return `${this.prefix}:part:`;
  }

  /** Hash of a job's parts: part name -> row count; removing the job removes every part it names. */
  parts(id: string): string {
    return `${this.prefix}:parts:${id}`;
  }

  get partsPrefix(): string {
    return `${this.prefix}:parts:`;
  }

  /** Sorted set of finished ids by finish time (ms), which retention trims. */
  get finished(): string {
    return `${this.prefix}:finished`;
  }

  /** Idempotency keys are client text: hashed, so the key name reveals nothing and has a fixed length. */
  idempotency(key: string): string {
    return `${this.prefix}:idem:${createHash('sha256').update(key).digest('hex')}`;
  }
}
