/**
 * What GET /jobs returns per job: enough for a list or a dashboard row (status, what runs where, how
 * far, how it ended, the counts), never the result itself. Long texts are cut so a row stays small
 * whatever the job holds.
 */
import type { JobError } from '../../core/index.js';
import type { JobKind, JobMode, JobOrigin, JobProgress, JobStatus, StoredJob } from './job-record.js';
import { isLeanResult } from './job-result.js';

const TEXT_CHARS = 500;

export interface JobSummary {
  id: string;
  status: JobStatus;
  kind: JobKind;
  mode: JobMode;
  workspace: string;
  /** The task text (cut at 500 characters), or null for a pipeline job. */
  task: string | null;
  /** The capability of each step, in order. */
  capabilities: string[];
  progress: JobProgress;
  error: JobError | null;
  /** The result's summary (cut at 500 characters), or null before there is one. */
  summary: string | null;
  counts: { findings: number; changes: number } | null;
  attempts: number;
  createdAt: string;
  startedAt: string | null;
  finishedAt: string | null;
  updatedAt: string;
  /** Jobs the GitHub App started: the repository, issue and comment (absent for REST jobs). */
  origin?: JobOrigin;
}

const cut = (text: string): string => (text.length > TEXT_CHARS ? `${text.slice(0, TEXT_CHARS - 1)}…` : text);

export function toSummary(job: StoredJob): JobSummary {
  const result = job.result;
  const counts = !result
    ? null
    : isLeanResult(result)
      ? { findings: result.counts.findings, changes: result.counts.changes }
      : { findings: result.findings.length, changes: result.changes.length };
  return {
    id: job.id,
    status: job.status,
    kind: job.kind,
    mode: job.mode,
    workspace: job.workspace,
    task: job.task === null ? null : cut(job.task),
    capabilities: job.steps.map((step) => step.capability),
    progress: job.progress,
    error: job.error ? { code: job.error.code, message: cut(job.error.message) } : null,
    summary: result ? cut(result.summary) : null,
    counts,
    attempts: job.attempts,
    createdAt: job.createdAt,
    startedAt: job.startedAt,
    finishedAt: job.finishedAt,
    updatedAt: job.updatedAt,
    ...(job.origin ? { origin: job.origin } : {}),
  };
}
