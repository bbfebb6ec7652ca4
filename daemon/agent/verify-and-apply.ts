/**
 * Writing approved changes: first `refactoring.verify` checks them (type-check and tests on temp copies
 * of the workspace without and with the changes; the tests only with the job's project-code permission), then
 * `applyChanges` writes them atomically. Verifying before writing means a change that breaks a check
 * never touches the workspace, not even for the seconds a post-write check would take; `applyChanges`
 * refuses (apply_failed, nothing written) when a file changed on disk since staging. A cancellation up
 * to the apply gate (job-apply.ts) writes nothing; after it the writes complete (journaled), so
 * `cancelled` always means unchanged and a late DELETE is refused with apply_in_progress.
 */
import type { Change, Engine, EngineEvent, JobError, RunOutcome } from '../../core/index.js';
import { applyChanges, type ApplyReceipt } from '../../core/workspace/index.js';
import type { JobApply } from '../jobs/job-apply.js';
import { isAgentdError } from '../../core/index.js';
import type { Plan, PlannedStep } from '../../core/planner/index.js';
import { permissionsOf, type JobStep, type NotRunStep, type StoredJob } from '../jobs/job-record.js';
import { refusedParts } from '../jobs/job-outcome.js';
import { toPlanProgress } from './plan-progress.js';
import { verifyStep, withOutcomes } from './plan-record.js';

export interface ApplyRun {
  engine: Engine;
  job: StoredJob;
  root: string;
  signal: AbortSignal;
  apply: JobApply;
  onEvent(event: EngineEvent): void;
}

export type Applied =
  | { ok: true; receipt: ApplyReceipt; verification: string | null; steps: JobStep[]; toolCalls: number; notRun: NotRunStep[] }
  | { ok: false; status: 'failed' | 'cancelled'; error: JobError; steps: JobStep[]; toolCalls: number };

type Verified =
  { ok: true; summary: string | null; steps: JobStep[]; toolCalls: number; notRun: NotRunStep[] } | Extract<Applied, { ok: false }>;

export async function verifyAndApply(run: ApplyRun, plan: Plan | null, changes: Change[]): Promise<Applied> {
  const verified = await verify(run, plan, changes);
  if (!verified.ok) return verified;
  const { steps, toolCalls } = verified;
  if (run.signal.aborted || !(await run.apply.begin(changes.length))) {
    const message = 'The job was cancelled before its changes were written; nothing was written.';
    return { ok: false, status: 'cancelled', error: { code: 'cancelled', message }, steps, toolCalls };
  }
  let receipt: ApplyReceipt;
  try {
    receipt = await applyChanges(run.root, changes, { journal: { path: run.apply.journalPath, jobId: run.job.id } });
  } catch (error) {
    const message = isAgentdError(error)
      ? error.message
      : `Writing the approved changes failed (${(error as Error).message}); nothing was written.`;
    return { ok: false, status: 'failed', error: { code: 'apply_failed', message }, steps, toolCalls };
  }
  return { ok: true, receipt, verification: verified.summary, steps, toolCalls, notRun: verified.notRun };
}

async function verify(run: ApplyRun, plan: Plan | null, changes: Change[]): Promise<Verified> {
  const step = verifyStep(plan);
  const steps = run.job.steps;
  if (!step) return { ok: true, summary: null, steps, toolCalls: 0, notRun: [] };
  const logs: string[] = [];
  const outcome = await run.engine.run(
    {
      jobId: run.job.id,
      root: run.root,
      limits: run.job.limits,
      apply: false,
      permissions: permissionsOf(run.job),
      steps: [{ capability: step.capability, input: step.input }],
      staged: changes.map((change) => ({ path: change.path, content: change.after })),
    },
    { signal: run.signal, onEvent: (event) => forward(run, step, event, logs) },
  );
  const next = withOutcomes(steps, outcome.steps, [step.index]);
  const toolCalls = outcome.usage.toolCalls;
  if (outcome.status === 'succeeded')
    return {
      ok: true,
      summary: outcome.steps[0]?.summary ?? null,
      steps: next,
      toolCalls,
      notRun: refusedParts(outcome.steps, [step.index]),
    };
  return {
    ok: false,
    status: outcome.status === 'cancelled' ? 'cancelled' : 'failed',
    error: verifyError(outcome, step.capability, logs),
    steps: next,
    toolCalls,
  };
}

/** The verify step is step 0 of its own run and `step.index` of the job. */
function forward(run: ApplyRun, step: PlannedStep, event: EngineEvent, logs: string[]): void {
  if (event.type === 'log' && event.message.startsWith(`${step.capability}: `)) logs.push(event.message);
  if (event.type === 'step') run.onEvent({ ...event, index: step.index });
  else if (event.type === 'progress') run.onEvent(toPlanProgress(event, [step.index], run.job.steps.length));
  else if (event.type === 'log') run.onEvent({ ...event, step: step.index });
  else if (event.type !== 'done') run.onEvent(event);
}

interface CheckSide {
  passed?: boolean;
}

/** The verifier (refactoring.verify) logs its before/after data just before it fails; a regression there is verification_failed. */
function verifyError(outcome: RunOutcome, verifier: string, logs: string[]): JobError {
  const error = outcome.error ?? { code: 'internal_error', message: 'Verification ended without an error; see the daemon log.' };
  const regressed = logs.some((line) => {
    try {
      const data = JSON.parse(line.slice(verifier.length + 2)) as {
        before: Record<string, CheckSide | null>;
        after: Record<string, CheckSide | null>;
      };
      return Object.keys(data.before).some((check) => data.before[check]?.passed === true && data.after[check]?.passed === false);
    } catch {
      return false;
    }
  });
  if (!regressed && error.code !== 'verification_failed') return error;
  return { code: 'verification_failed', message: `Verification failed, so nothing was written: ${error.message}` };
}
