/** How a finished run (engine outcome, approved apply, task flow) becomes the job record's new state. */
import { isAgentdError, type JobError, type PipelineResult, type RunOutcome, type StepResult } from '../../core/index.js';
import type { Plan } from '../../core/planner/index.js';
import type { AgentQuestion, JobStatus, JobStep, NotRunStep, StoredJob } from './job-record.js';
import type { JobResult } from './job-result.js';

/** The end of one run, before it is written. */
export interface RunEnd {
  status: Exclude<JobStatus, 'queued' | 'running'>;
  steps?: JobStep[];
  /** The run's whole result (stored as parts when the run ends) or, once stored, the lean one. */
  result?: PipelineResult | JobResult | null;
  error: JobError | null;
  usage?: { toolCalls: number; durationMs: number };
  /** Step results of this run, kept for the next follow-up run. */
  history?: StepResult[];
  /** Clears an approval's pending changes once applied. */
  applied?: boolean;
  agentMessage: string;
  /** Task jobs: the plan this run made (undefined leaves the record's as it is). */
  plan?: Plan | null;
  /** Task jobs: the question this run asks, or null to clear an answered one. */
  question?: AgentQuestion | null;
  /**
   * Planned steps that did not run (not built, not registered, refused). A run that would have
   * `succeeded` with any of them ends `incomplete` instead (applyRunEnd).
   */
  notRun?: NotRunStep[];
}

/**
 * The parts of a run's steps that were refused (StepResult.notRun), as the job's not-run steps;
 * `indices[i]` is the job step of run step i (a task job's runs cover part of its plan).
 */
export function refusedParts(outcomes: { index: number; capability: string; result?: StepResult }[], indices?: number[]): NotRunStep[] {
  return outcomes.flatMap((outcome) =>
    (outcome.result?.notRun ?? []).map((part) => ({
      index: indices?.[outcome.index] ?? outcome.index,
      capability: outcome.capability,
      reason: `${part.part} not run: ${part.reason}`,
    })),
  );
}

/** The line the agent adds to its turn when steps did not run. */
export function notRunNote(notRun: NotRunStep[]): string {
  const list = notRun.map((step) => `step ${step.index + 1} ${step.capability} (${step.reason})`).join(', ');
  return `Incomplete: ${notRun.length} planned step(s) did not run: ${list}.`;
}

/** `succeeded` is only for runs in which every planned step ran. */
function finalStatus(end: RunEnd, notRun: NotRunStep[]): JobStatus {
  return end.status === 'succeeded' && notRun.length > 0 ? 'incomplete' : end.status;
}

export function errorOf(error: unknown): JobError {
  if (isAgentdError(error)) return { code: error.code, message: error.message };
  return {
    code: 'internal_error',
    message: `The daemon failed while running the job (${(error as Error)?.message ?? String(error)}); see the daemon log.`,
  };
}

export function fromEngine(job: StoredJob, outcome: RunOutcome, abortReason: unknown): RunEnd {
  const steps = outcome.steps.map((step) => ({
    index: step.index,
    capability: step.capability,
    input: job.steps[step.index]?.input ?? {},
    status: step.status,
    summary: step.summary,
    startedAt: step.startedAt,
    finishedAt: step.finishedAt,
  }));
  const history = outcome.steps.flatMap((step) => (step.result ? [step.result] : []));
  const base = { steps, result: outcome.result, usage: outcome.usage, history, notRun: refusedParts(outcome.steps) };
  if (outcome.status === 'succeeded') {
    const staged = (outcome.result?.changes.length ?? 0) > 0 && !outcome.applied;
    const summary = outcome.result?.summary ?? 'The pipeline finished.';
    if (staged && job.mode === 'approval') {
      return {
        ...base,
        status: 'awaiting_approval',
        error: null,
        agentMessage: `${summary} ${outcome.result!.changes.length} change(s) await approval.`,
      };
    }
    return { ...base, status: 'succeeded', error: null, agentMessage: summary };
  }
  const error =
    outcome.error ??
    (abortReason === undefined ? { code: 'internal_error', message: 'The run ended without an error.' } : errorOf(abortReason));
  return { ...base, status: outcome.status, error, agentMessage: error.message };
}

/** What the job says to a DELETE that came after writing had begun. */
function lateCancelNote(end: RunEnd): string {
  const outcome =
    end.status === 'succeeded' || end.status === 'incomplete'
      ? 'so every change was applied'
      : 'and the apply did not complete: every file was restored';
  return `A cancel request arrived after writing had begun, too late to stop it, ${outcome}.`;
}

/** Writes a run's end onto the current record. A DELETE that already marked the job cancelled wins. */
export function applyRunEnd(current: StoredJob, end: RunEnd, now: string): StoredJob {
  const cancelledMeanwhile = current.status === 'cancelled';
  const notRun = end.notRun ?? [];
  const status = cancelledMeanwhile ? 'cancelled' : finalStatus(end, notRun);
  const message = status === 'incomplete' ? `${end.agentMessage}\n${notRunNote(notRun)}` : end.agentMessage;
  const final = status !== 'awaiting_approval';
  const next: StoredJob = {
    ...current,
    status,
    steps: end.steps ?? current.steps,
    result: end.result === undefined ? current.result : end.result,
    error: cancelledMeanwhile ? current.error : end.error,
    usage: end.usage ?? current.usage,
    finishedAt: final ? now : null,
    turns: [...current.turns, { role: 'agent', message, at: now }],
    notRun,
    ...(end.plan === undefined ? {} : { plan: end.plan }),
    ...(end.question === undefined ? {} : { question: end.question }),
    internal: {
      ...current.internal,
      history: [...current.internal.history, ...(end.history ?? [])],
      pendingApply: end.applied ? null : current.internal.pendingApply,
      applying: null,
      lateCancelAt: null,
    },
  };
  if (current.internal.lateCancelAt) next.turns[next.turns.length - 1]!.message += ` ${lateCancelNote(end)}`;
  if (status === 'succeeded' || status === 'incomplete' || status === 'awaiting_approval') {
    const total = next.steps.length;
    if (status === 'awaiting_approval') {
      // The steps still pending (the verification) run after the approval: progress goes on from here.
      const settled = next.steps.filter((step) => step.status !== 'pending' && step.status !== 'running').length;
      const percent = total === 0 ? 100 : Math.round((settled / total) * 1000) / 10;
      next.progress = { completedSteps: settled, totalSteps: total, percent, message: 'awaiting approval' };
    } else {
      const said = status === 'succeeded' ? 'done' : `done; ${notRun.length} planned step(s) did not run`;
      next.progress = { completedSteps: total, totalSteps: total, percent: 100, message: said };
    }
  }
  return next;
}
