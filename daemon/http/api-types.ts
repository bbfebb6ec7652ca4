/**
 * The REST API's types for clients, in one module (package subpath `@agentd/cli/api`; the dashboard
 * compiles against it): jobs, their steps, plans, results, events, errors and the service answers.
 * Type-only: importing it loads nothing of the daemon. The JSON Schemas of the same answers are in
 * /openapi.json (route-table.ts).
 */
import type { ErrorCode, ErrorDetail } from '../../core/index.js';
import type { JobRecord } from '../jobs/job-record.js';
import type { JobResult } from '../jobs/job-result.js';

export type {
  JobRecord,
  JobStatus,
  FinalStatus,
  JobStep,
  JobTurn,
  JobProgress,
  JobMode,
  JobKind,
  JobOrigin,
  AgentQuestion,
  NotRunStep,
} from '../jobs/job-record.js';
export type { JobSummary } from '../jobs/job-summary.js';
export type { JobResult, ChangeView, ArtifactView, DataReference, ResultCounts } from '../jobs/job-result.js';
export type { JobEvent, JobEventType } from '../events/job-events.js';
export type { CreateJobBody } from '../jobs/job-submission.js';
export type { FollowUpBody } from '../jobs/job-service.js';
export type { FindingFrame } from '../jobs/finding-frame.js';
import type { InstanceInfo } from '../queue/instance-roster.js';
export type { InstanceInfo };
export type { ThroughputBucket } from '../metrics/throughput-history.js';
export type { PlanRequest, PlanAnswer } from '../agent/plan-only.js';
export type { Plan, PlannedStep, PlanFilters } from '../../core/planner/index.js';
export type { CapabilityMeta, Finding, RuleDoc, Severity, JobError, ErrorCode, ErrorDetail, Limits } from '../../core/index.js';

/** A job as GET /jobs/:id (and every route answering a job) sends it: always the lean result. */
export type PublicJob = JobRecord & { result: JobResult | null };

/** Every error answer: `{"error":{"code","message","details"?}}`, the status from the code (docs/errors.md). */
export interface ApiErrorBody {
  error: { code: ErrorCode; message: string; details?: ErrorDetail[] };
}

/** GET /health (200 healthy, 503 unhealthy with `reason`). */
export interface Health {
  status: 'healthy' | 'unhealthy';
  uptime: number;
  timestamp: string;
  version: string;
  jobs?: { queued: number; running: number; total: number };
  reason?: string;
}

/** GET /stats. */
/** A daemon serving this queue (GET /instances). */
export type Instance = InstanceInfo & { self: boolean };

export interface Stats {
  queued: number;
  running: number;
  awaitingApproval: number;
  succeeded: number;
  incomplete: number;
  failed: number;
  cancelled: number;
  total: number;
  maxConcurrent: number;
  instance: string;
}

/** POST /auth/token. */
export interface IssuedToken {
  token: string;
  expiresAt: string;
}
