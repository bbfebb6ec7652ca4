/**
 * The API's types, imported from the daemon itself (type-only: nothing of the daemon is bundled), so
 * a change of a record, summary or event the page relies on fails the dashboard's build.
 */
export type { JobSummary } from '../../../daemon/jobs/job-summary.js';
export type { JobRecord, JobStatus, JobStep, JobTurn } from '../../../daemon/jobs/job-record.js';
export type { JobResult, ChangeView, ArtifactView } from '../../../daemon/jobs/job-result.js';
export type { JobEvent } from '../../../daemon/events/job-events.js';
export type { CapabilityMeta, Finding, RuleDoc, Severity } from '../../../core/index.js';
import type { JobRecord } from '../../../daemon/jobs/job-record.js';
import type { JobResult } from '../../../daemon/jobs/job-result.js';

/** GET /jobs/:id as toPublicJob sends it: always the lean result. */
export type PublicJob = JobRecord & { result: JobResult | null };

export const STATUSES = ['queued', 'running', 'awaiting_approval', 'succeeded', 'failed', 'cancelled'] as const;

export interface Health {
  status: 'healthy' | 'unhealthy';
  uptime: number;
  timestamp: string;
  version: string;
  jobs?: { queued: number; running: number; total: number };
  reason?: string;
}

export interface Stats {
  queued: number;
  running: number;
  awaitingApproval: number;
  succeeded: number;
  failed: number;
  cancelled: number;
  total: number;
  maxConcurrent: number;
  instance: unknown;
}

export interface ApiErrorBody {
  error: { code: string; message: string; details?: unknown[] };
}
