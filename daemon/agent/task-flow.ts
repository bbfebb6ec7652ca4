/**
 * One run of a task job (the agent): plan the latest turn in the executor, then answer with a
 * question, "unsupported", or the plan — whose available steps run through the engine with the changes
 * staged (apply: false). Staged changes wait for approval (approval mode) or are verified and written
 * at once (auto mode); an approved job's next run verifies and writes them (verify-and-apply.ts).
 */
import type { CapabilityMeta, Engine, EngineEvent, PipelineResult } from '../../core/index.js';
import type { Plan, PlannedStep, PlanOutcome } from '../../core/planner/index.js';
import { initialProgress, permissionsOf, type JobStep, type NotRunStep, type StoredJob } from '../jobs/job-record.js';
import { refusedParts, type RunEnd } from '../jobs/job-outcome.js';
import { planInExecutor } from './plan-in-executor.js';
import { toPlanProgress } from './plan-progress.js';
import {
  filterResult,
  notRunOf,
  skipPending,
  stagingSteps,
  stepsOfPlan,
  verifyStep,
  withCatalogueRoles,
  withOutcomes,
  withProjectCodeMarks,
} from './plan-record.js';
import { planLines, questionTurn, resultTurn, unsupportedTurn } from './agent-turns.js';
import { asJobBudgetError, remainingLimits } from './tool-budget.js';
import { verifyAndApply, type Applied } from './verify-and-apply.js';
import type { JobApply } from '../jobs/job-apply.js';
import { approvedChanges } from '../jobs/job-result-parts.js';
import { isLeanResult } from '../jobs/job-result.js';

export interface TaskRun {
  job: StoredJob;
  root: string;
  signal: AbortSignal;
  /** The apply gate and journal of this run (daemon/jobs/job-apply.ts). */
  apply: JobApply;
  /** Engine events, numbered as the job's steps. */
  onEvent(event: EngineEvent): void;
  /** Writes onto the running record, in order with the events. */
  patch(mutate: (current: StoredJob) => StoredJob): void;
}

export interface TaskFlowDeps {
  engine: Engine;
  catalogue(): CapabilityMeta[];
}

export class TaskFlow {
  constructor(private readonly deps: TaskFlowDeps) {}

  async run(run: TaskRun): Promise<RunEnd> {
    const started = Date.now();
    const applying = run.job.internal.pendingApply !== null;
    const end = applying ? await this.applyApproved(run) : await this.planAndAnswer(run);
    // An approved job's apply run adds to the usage of the run that staged the changes.
    const before = applying ? run.job.usage : { toolCalls: 0, durationMs: 0 };
    // What did not run: the plan's unavailable steps and the parts steps were refused; an apply run
    // carries on the staging run's list (the record's).
    const earlier = applying ? (run.job.notRun ?? []) : notRunOf(end.plan === undefined ? run.job.plan : end.plan);
    const notRun = uniqueNotRun([...earlier, ...(end.notRun ?? [])]);
    return {
      ...end,
      notRun,
      usage: { toolCalls: before.toolCalls + (end.usage?.toolCalls ?? 0), durationMs: before.durationMs + Date.now() - started },
    };
  }

  private async planAndAnswer(run: TaskRun): Promise<RunEnd> {
    run.patch((current) => ({ ...current, progress: { ...current.progress, message: 'planning' } }));
    const planned = await planInExecutor(this.deps.engine, run.job, run.root, this.deps.catalogue(), run.signal);
    const planning = { toolCalls: planned.toolCalls, durationMs: 0 };
    if (!planned.ok) {
      const error = asJobBudgetError(planned.error, run.job.limits.maxToolCalls);
      return { status: planned.status, error, agentMessage: error.message, usage: planning };
    }
    const end = await this.answer(run, planned.outcome, planned.toolCalls);
    return { ...end, usage: { toolCalls: planning.toolCalls + (end.usage?.toolCalls ?? 0), durationMs: 0 } };
  }

  private answer(run: TaskRun, outcome: PlanOutcome, used: number): Promise<RunEnd> | RunEnd {
    if (outcome.kind === 'question') {
      const result: PipelineResult = {
        summary: outcome.message,
        findings: [],
        changes: [],
        artifacts: [],
        data: [{ question: { message: outcome.message, options: outcome.options } }],
      };
      return {
        status: 'succeeded',
        error: null,
        result,
        steps: [],
        plan: null,
        question: { message: outcome.message, options: outcome.options },
        agentMessage: questionTurn(outcome),
      };
    }
    if (outcome.kind === 'unsupported') {
      const message = unsupportedTurn(outcome);
      return {
        status: 'failed',
        error: { code: 'unsupported_task', message: outcome.message },
        result: null,
        steps: [],
        plan: null,
        question: null,
        agentMessage: message,
      };
    }
    return this.stage(run, outcome.plan, used);
  }

  /** Runs the plan's available steps with their changes staged, then decides: done, await approval, or apply (auto). */
  private async stage(run: TaskRun, planOfTurn: Plan, used: number): Promise<RunEnd> {
    const plan = withProjectCodeMarks(planOfTurn, this.deps.catalogue(), permissionsOf(run.job).projectCode);
    const planned = stepsOfPlan(plan);
    run.patch((current) => ({
      ...current,
      plan,
      question: null,
      steps: planned,
      progress: { ...initialProgress(planned.length), message: 'running the plan' },
    }));
    const runnable = stagingSteps(plan);
    if (runnable.length === 0) {
      // "run the tests": a plan whose only built step is refactoring.verify runs it as the check asked for.
      const check = verifyStep(plan);
      return check ? this.checkOnly(run, plan, planned, check, used) : nothingRunnable(plan, planned);
    }
    const indices = runnable.map((step) => step.index);
    const outcome = await this.deps.engine.run(
      {
        // maxToolCalls is the job's: planning already spent part of it.
        jobId: run.job.id,
        root: run.root,
        limits: remainingLimits(run.job.limits, used),
        apply: false,
        permissions: permissionsOf(run.job),
        steps: runnable.map((step) => ({ capability: step.capability, input: step.input })),
        previous: run.job.internal.history,
        turns: run.job.turns,
      },
      // The verification runs after the staging run (after the approval, in approval mode).
      { signal: run.signal, onEvent: (event) => forward(run, event, indices, planned.length, verifyStep(plan) ? 1 : 0) },
    );
    let steps = withOutcomes(planned, outcome.steps, indices);
    const base = {
      plan,
      question: null,
      usage: outcome.usage,
      history: outcome.steps.flatMap((step) => (step.result ? [step.result] : [])),
      notRun: refusedParts(outcome.steps, indices),
    };
    if (outcome.status !== 'succeeded' || !outcome.result) {
      const error = asJobBudgetError(
        outcome.error ?? { code: 'internal_error', message: 'The plan ended without a result; see the daemon log.' },
        run.job.limits.maxToolCalls,
      );
      return {
        ...base,
        steps: skipPending(steps, 'an earlier step did not succeed'),
        result: null,
        status: outcome.status === 'cancelled' ? 'cancelled' : 'failed',
        error,
        agentMessage: `${planLines(plan)}\n${error.message}`,
      };
    }
    const result = filterResult(outcome.result, plan);
    if (result.changes.length === 0) {
      steps = skipPending(steps, 'no changes to verify');
      return {
        ...base,
        steps,
        result,
        status: 'succeeded',
        error: null,
        agentMessage: `${planLines(plan)}\n${resultTurn(plan, result, 'done')}`,
      };
    }
    if (run.job.mode === 'approval') {
      return {
        ...base,
        steps,
        result,
        status: 'awaiting_approval',
        error: null,
        agentMessage: `${planLines(plan)}\n${resultTurn(plan, result, 'awaiting')}`,
      };
    }
    const limits = remainingLimits(run.job.limits, used + outcome.usage.toolCalls);
    const applied = await verifyAndApply({ ...run, engine: this.deps.engine, job: { ...run.job, steps, limits } }, plan, result.changes);
    const end = appliedEnd(plan, result, applied, run.job.limits.maxToolCalls);
    return {
      ...base,
      ...end,
      notRun: [...base.notRun, ...(end.notRun ?? [])],
      usage: { toolCalls: outcome.usage.toolCalls + applied.toolCalls, durationMs: 0 },
      agentMessage: `${planLines(plan)}\n${end.agentMessage}`,
    };
  }

  /** Runs the plan's verify step on the project as it is, with the job's permissions; nothing is staged. */
  private async checkOnly(run: TaskRun, plan: Plan, planned: JobStep[], check: PlannedStep, used: number): Promise<RunEnd> {
    const outcome = await this.deps.engine.run(
      {
        jobId: run.job.id,
        root: run.root,
        limits: remainingLimits(run.job.limits, used),
        apply: false,
        permissions: permissionsOf(run.job),
        steps: [{ capability: check.capability, input: check.input }],
        previous: run.job.internal.history,
        turns: run.job.turns,
      },
      { signal: run.signal, onEvent: (event) => forward(run, event, [check.index], planned.length) },
    );
    const steps = withOutcomes(planned, outcome.steps, [check.index]);
    const base = {
      plan,
      question: null,
      steps,
      usage: outcome.usage,
      history: outcome.steps.flatMap((step) => (step.result ? [step.result] : [])),
      notRun: refusedParts(outcome.steps, [check.index]),
    };
    if (outcome.status !== 'succeeded' || !outcome.result) {
      const error = asJobBudgetError(
        outcome.error ?? { code: 'internal_error', message: 'The check ended without a result; see the daemon log.' },
        run.job.limits.maxToolCalls,
      );
      return {
        ...base,
        result: null,
        status: outcome.status === 'cancelled' ? 'cancelled' : 'failed',
        error,
        agentMessage: `${planLines(plan)}\n${error.message}`,
      };
    }
    return {
      ...base,
      result: outcome.result,
      status: 'succeeded',
      error: null,
      agentMessage: `${planLines(plan)}\n${resultTurn(plan, outcome.result, 'done')}`,
    };
  }

  /** The run after `approve`: verify the staged changes and write them. */
  private async applyApproved(run: TaskRun): Promise<RunEnd> {
    // The runner's working copy (job-result-parts.ts workingCopy) holds the changes and the whole result.
    const changes = approvedChanges(run.job);
    const plan = withCatalogueRoles(run.job.plan ?? null, this.deps.catalogue());
    // The apply run continues the staging run: its usage (kept on the record) counts against the limit.
    const limits = remainingLimits(run.job.limits, run.job.usage.toolCalls);
    const applied = await verifyAndApply({ ...run, engine: this.deps.engine, job: { ...run.job, limits } }, plan, changes);
    const stored = run.job.result;
    const result = stored && !isLeanResult(stored) ? stored : { summary: stored?.summary ?? '', findings: [], changes, artifacts: [] };
    return { ...appliedEnd(plan, result, applied, run.job.limits.maxToolCalls), usage: { toolCalls: applied.toolCalls, durationMs: 0 } };
  }
}

/** Every step needs a capability that is not built yet: the plan is the answer, nothing is faked. */
function nothingRunnable(plan: Plan, steps: JobStep[]): RunEnd {
  const summary = 'Nothing ran: every step of the plan needs a capability that is not built yet.';
  const result: PipelineResult = { summary, findings: [], changes: [], artifacts: [] };
  return { status: 'succeeded', error: null, steps, result, plan, question: null, agentMessage: `${planLines(plan)}\n${summary}` };
}

function appliedEnd(plan: Plan | null, result: PipelineResult, applied: Applied, maxToolCalls: number): RunEnd {
  if (!applied.ok) {
    const error = asJobBudgetError(applied.error, maxToolCalls);
    const written = ['verification_failed', 'apply_failed', 'tool_call_limit', 'project_code_not_allowed'].includes(error.code)
      ? ' The workspace is unchanged.'
      : '';
    // The result keeps the findings and the changes that were proposed (and not written).
    return { status: applied.status, error, steps: applied.steps, applied: true, result, agentMessage: `${error.message}${written}` };
  }
  const checks = applied.verification
    ? [`Verification: ${applied.verification}`]
    : verifyStep(plan)
      ? []
      : ['Not verified: the project has no tsconfig.json and no test script (or the plan dropped verification).'];
  const message = plan
    ? resultTurn(plan, result, 'applied', checks)
    : `Applied ${applied.receipt.entries.length} change(s). ${checks.join(' ')}`;
  return { status: 'succeeded', error: null, steps: applied.steps, applied: true, result, agentMessage: message, notRun: applied.notRun };
}

/** One entry per step and reason (an apply run repeats the staging run's list). */
function uniqueNotRun(list: NotRunStep[]): NotRunStep[] {
  const seen = new Set<string>();
  return list.filter((step) => {
    const key = `${step.index}\0${step.reason}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** Staging-run events carry run-local step numbers; the job's are the plan's. */
function forward(run: TaskRun, event: EngineEvent, indices: number[], planSteps: number, later = 0): void {
  if (event.type === 'step') run.onEvent({ ...event, index: indices[event.index] ?? event.index });
  else if (event.type === 'progress') run.onEvent(toPlanProgress(event, indices, planSteps, later));
  else if (event.type === 'log')
    run.onEvent({ ...event, ...(event.step === undefined ? {} : { step: indices[event.step] ?? event.step }) });
  else if (event.type !== 'done') run.onEvent(event);
}
