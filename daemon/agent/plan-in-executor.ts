/**
 * Plans a task job's latest turn by running the internal planning step (`analysis.plan-task`) through the engine (in an
 * executor worker, off the daemon's event loop). The planner is stateless: it gets the turns so far
 * and the previous plan, and replays them.
 */
import { dataOf, type CapabilityMeta, type Engine, type JobError } from '../../core/index.js';
import type { PlanOutcome, Turn } from '../../core/planner/index.js';
import type { StoredJob } from '../jobs/job-record.js';
import { PLAN_STEP_ID, type PlanStepData, type PlanStepInput } from './plan-step.js';

export type Planned =
  { ok: true; outcome: PlanOutcome; toolCalls: number } | { ok: false; status: 'failed' | 'cancelled'; error: JobError; toolCalls: number };

/** `approve` / `reject` turns record actions, not words for the planner. */
const ACTION_TURN = /^(approve|reject)$/;

/** What planning reads of a job (a plan-only request makes a one-turn stand-in). */
export type PlanningJob = Pick<StoredJob, 'id' | 'limits' | 'turns' | 'task' | 'plan'>;

export function planInput(job: PlanningJob, catalogue: CapabilityMeta[]): PlanStepInput {
  const said: Turn[] = job.turns
    .filter((turn) => turn.role === 'agent' || !ACTION_TURN.test(turn.message))
    .map((turn) => ({ role: turn.role, message: turn.message }));
  const lastUser = said.map((turn) => turn.role).lastIndexOf('user');
  const task = lastUser >= 0 ? said[lastUser]!.message : (job.task ?? '');
  return {
    task,
    turns: lastUser >= 0 ? said.slice(0, lastUser) : said,
    previousPlan: job.plan ?? null,
    // Rule docs are large and the planner does not read them.
    catalogue: catalogue.map(({ rules: _rules, ...meta }) => meta),
  };
}

export async function planInExecutor(
  engine: Engine,
  job: PlanningJob,
  root: string,
  catalogue: CapabilityMeta[],
  signal: AbortSignal,
): Promise<Planned> {
  const outcome = await engine.run(
    { jobId: job.id, root, limits: job.limits, apply: false, steps: [{ capability: PLAN_STEP_ID, input: planInput(job, catalogue) }] },
    { signal },
  );
  const toolCalls = outcome.usage.toolCalls;
  const data = dataOf(outcome.steps[0]?.result?.data) as PlanStepData | undefined;
  if (outcome.status === 'succeeded' && data) return { ok: true, outcome: data.outcome, toolCalls };
  const status = outcome.status === 'cancelled' ? 'cancelled' : 'failed';
  const error = outcome.error ?? { code: 'internal_error', message: 'Planning ended without a plan; see the daemon log.' };
  return { ok: false, status, error, toolCalls };
}
