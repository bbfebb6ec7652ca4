/** The job record of API.md, and what the daemon keeps beside it (never sent to clients). */
import type { Change, JobError, Limits, Permissions, PipelineResult, StepResult, StepStatus } from '../../core/index.js';
import type { Plan } from '../../core/planner/index.js';
import { legacyResultView, type ChangeView, type JobResult } from './job-result.js';

/**
 * `incomplete`: the run ended without an error, but steps of its plan did not run (their capability is
 * not built, not registered, or was refused); `notRun` on the record lists them with the reason.
 */
export const JOB_STATUSES = ['queued', 'running', 'awaiting_approval', 'succeeded', 'incomplete', 'failed', 'cancelled'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

export const FINAL_STATUSES: readonly JobStatus[] = ['succeeded', 'incomplete', 'failed', 'cancelled'];
export type FinalStatus = 'succeeded' | 'incomplete' | 'failed' | 'cancelled';

/** A step of the job's plan that did not run, and why (`incomplete` jobs list them). */
export interface NotRunStep {
  index: number;
  capability: string;
  reason: string;
}

export function isFinal(status: JobStatus): status is FinalStatus {
  return FINAL_STATUSES.includes(status);
}

export type JobMode = 'approval' | 'auto';
export type JobKind = 'task' | 'pipeline';

export interface JobStep {
  index: number;
  capability: string;
  input: unknown;
  status: StepStatus;
  summary: string | null;
  startedAt: string | null;
  finishedAt: string | null;
  /** Task jobs: what this step itself staged, as diffs (the per-step "v" view; no file texts). */
  changes?: (ChangeView | Change)[];
}

/** The planner's clarifying question, while a task job waits for the answer (a follow-up message). */
export interface AgentQuestion {
  message: string;
  options: string[];
}

export interface JobProgress {
  completedSteps: number;
  totalSteps: number;
  percent: number;
  message: string;
}

export interface JobTurn {
  role: 'user' | 'agent';
  message: string;
  at: string;
}

/** Exactly the record of API.md. */
export interface JobRecord {
  id: string;
  status: JobStatus;
  kind: JobKind;
  task: string | null;
  mode: JobMode;
  workspace: string;
  steps: JobStep[];
  progress: JobProgress;
  /** Lean (job-result.ts); records written by earlier versions may hold the whole PipelineResult. */
  result: JobResult | PipelineResult | null;
  error: JobError | null;
  turns: JobTurn[];
  limits: Limits;
  /**
   * What the job may do beyond reading and staging: `projectCode` = run the workspace's own code
   * (`allowProjectCode` of the request, else whether the workspace is in security.trustedWorkspaces).
   * Optional in storage (records written before it existed count as no project code).
   */
  permissions?: Permissions;
  usage: { toolCalls: number; durationMs: number };
  attempts: number;
  createdAt: string;
  startedAt: string | null;
  finishedAt: string | null;
  updatedAt: string;
  /**
   * Task jobs: the plan of the latest run (every planned step, available or "not built yet"); null
   * until planned and for pipeline jobs. Optional in storage (records written before it existed).
   */
  plan?: Plan | null;
  /** Task jobs: the open clarifying question, or null. */
  question?: AgentQuestion | null;
  /**
   * The planned steps that did not run in the latest run and why; non-empty exactly when the job is
   * `incomplete`. Optional in storage (records written before it existed have none).
   */
  notRun?: NotRunStep[];
  /** Who asked for the job when it was not a REST client: the GitHub App (daemon/github). Absent for REST jobs. */
  origin?: JobOrigin;
}

/** A job the GitHub App started from a comment: the repository, the issue or pull request, the comment. */
export interface JobOrigin {
  source: 'github';
  repository: string;
  installationId: number;
  /** The issue or pull request the comment is on. */
  issue: number;
  pullRequest: boolean;
  commentId: number;
  commentUrl: string;
  /** The GitHub login that asked. */
  sender: string;
  /** X-GitHub-Delivery of the webhook that started it. */
  delivery: string;
}

/** Bookkeeping that stays inside the daemon (and inside the queue backend's store). JSON only. */
export interface JobInternals {
  /** Higher runs sooner; ties run in submission order. */
  priority: number;
  idempotencyKey: string | null;
  /**
   * Step results of earlier runs, handed to the next run as `RunRequest.previous`. Kept in the store's
   * `history` part now (job-result-parts.ts); records written by earlier versions hold them here.
   */
  history: StepResult[];
  /**
   * Set by an approval: the next run applies the staged changes instead of running the pipeline — the
   * `changes` part of the result (`{ part, count }`), or, in records of earlier versions, the changes.
   */
  pendingApply: Change[] | PendingApply | null;
  /**
   * When the current run began writing its changes (the apply gate, job-apply.ts); from then on the
   * job cannot be cancelled. Cleared when the run ends. Absent on records written before.
   */
  applying?: string | null;
  /** A DELETE that came while the changes were being written: too late, noted in the job's last turn. */
  lateCancelAt?: string | null;
  /**
   * Runs in a row that ended with their daemon dead (a shared Redis queue handed the job out again).
   * Reset by a normal start; bounded by the runner (worker_lost). Absent on records written before.
   */
  lostRuns?: number;
  /**
   * Counts every run the job started (approval applies included): the fencing token of a run's record
   * writes, apply journal and part cursors. `attempts` is what users see and does not count an approval's
   * apply run. Absent on records written before (attempts stood in for it).
   */
  run?: number;
}

/** Which run of the job a record belongs to (JobInternals.run; attempts on records written before it). */
export function runOf(job: Pick<StoredJob, 'attempts' | 'internal'>): number {
  return job.internal.run ?? job.attempts;
}

/** The approved changes, as the result's stored `changes` part. */
export interface PendingApply {
  part: 'changes';
  count: number;
}

export interface StoredJob extends JobRecord {
  internal: JobInternals;
}

/** What a client sees: the record without the daemon's bookkeeping (and a lean result, whatever its age). */
export function toPublicJob(job: StoredJob): JobRecord & { result: JobResult | null } {
  const { internal: _internal, ...record } = job;
  return {
    ...record,
    result: job.result ? legacyResultView(job.id, job.result) : null,
    permissions: permissionsOf(job),
    plan: job.plan ?? null,
    question: job.question ?? null,
    notRun: job.notRun ?? [],
  };
}

/** The job's permissions; none for a record written before permissions existed. */
export function permissionsOf(job: JobRecord): Permissions {
  return { projectCode: job.permissions?.projectCode === true };
}

export function pendingSteps(steps: { capability: string; input?: unknown }[]): JobStep[] {
  return steps.map((step, index) => ({
    index,
    capability: step.capability,
    input: step.input ?? {},
    status: 'pending',
    summary: null,
    startedAt: null,
    finishedAt: null,
  }));
}

export function initialProgress(totalSteps: number): JobProgress {
  return { completedSteps: 0, totalSteps, percent: 0, message: 'queued' };
}

/** The job failed as lost (`worker_lost`): what ran it is gone; the message is also the agent's last turn. */
export function lostJob(job: StoredJob, now: string, message: string): StoredJob {
  return {
    ...job,
    status: 'failed',
    finishedAt: now,
    error: { code: 'worker_lost', message },
    turns: [...job.turns, { role: 'agent', message, at: now }],
  };
}
