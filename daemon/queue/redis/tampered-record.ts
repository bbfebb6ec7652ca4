/**
 * What the store returns for a record its codec refuses to decode (an encrypted record that was
 * altered in Redis): a failed job that says so. The record's content is unknown, so only what the
 * store keeps in plain text beside it (id, creation time) is real; the store writes this stand-in back
 * so the status indexes, /stats and the scheduler all agree the job failed.
 */
import { DEFAULT_LIMITS, isAgentdError } from '../../../core/index.js';
import { initialProgress, type StoredJob } from '../../jobs/job-record.js';

export function tamperedStandIn(id: string, createdAt: string, error: unknown): StoredJob {
  const code = isAgentdError(error) ? error.code : 'internal_error';
  const message = isAgentdError(error)
    ? error.message
    : `The stored record of job "${id}" could not be decoded (${(error as Error)?.message ?? String(error)}); submit the job again.`;
  const now = new Date().toISOString();
  return {
    id,
    status: 'failed',
    kind: 'pipeline',
    task: null,
    mode: 'approval',
    workspace: '.',
    steps: [],
    progress: initialProgress(0),
    result: null,
    error: { code, message },
    turns: [],
    limits: { ...DEFAULT_LIMITS },
    usage: { toolCalls: 0, durationMs: 0 },
    attempts: 0,
    createdAt,
    startedAt: null,
    finishedAt: now,
    updatedAt: now,
    internal: { priority: 0, idempotencyKey: null, history: [], pendingApply: null },
  };
}
