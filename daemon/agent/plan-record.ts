/**
 * How a plan becomes the job's steps and how step outcomes land on them. Job step i is plan step i:
 * steps whose capability is not built are `skipped` with the reason (never faked); available steps
 * run in the staging run, except the verification step (its capability has the role 'verify-writes'),
 * which checks approved changes before they are written (see verify-and-apply.ts).
 */
import type { CapabilityMeta, Finding, PipelineResult, Severity, StepOutcome } from '../../core/index.js';
import type { Plan, PlannedStep } from '../../core/planner/index.js';
import type { JobStep, NotRunStep } from '../jobs/job-record.js';
import { changeView, RECORD_PREVIEW } from '../jobs/job-result.js';

/**
 * A stored plan with each step's roles as the registry says now. Plans recorded before steps carried
 * roles (an older daemon's job awaiting approval) would otherwise lose their verification step.
 */
export function withCatalogueRoles(plan: Plan | null, catalogue: CapabilityMeta[]): Plan | null {
  if (!plan || plan.steps.every((step) => step.roles !== undefined)) return plan;
  const roles = new Map(catalogue.map((meta) => [meta.id, meta.planning?.roles]));
  const steps = plan.steps.map((step) => {
    const known = step.roles ?? roles.get(step.capability);
    return known && known.length > 0 ? { ...step, roles: [...known] } : step;
  });
  return { ...plan, steps };
}

/** The step that checks approved changes before they are written: its capability plays 'verify-writes'. */
export function isVerifyStep(step: Pick<PlannedStep, 'roles'>): boolean {
  return step.roles?.includes('verify-writes') === true;
}

/**
 * Marks the steps whose capability would run the project's own code, and says in the notes what each
 * does without it when the job does not allow project code.
 */
export function withProjectCodeMarks(plan: Plan, catalogue: CapabilityMeta[], allowed: boolean): Plan {
  const metas = new Map(catalogue.map((meta) => [meta.id, meta]));
  const notes = [...plan.notes];
  const steps = plan.steps.map((step) => {
    const projectCode = step.available ? metas.get(step.capability)?.projectCode : undefined;
    if (!projectCode) return step;
    if (!allowed)
      notes.push(
        `Step ${step.index + 1} (${step.capability}) would run ${projectCode.runs}; project code is not allowed for this job, so it does this instead: ${projectCode.without}.`,
      );
    return { ...step, projectCode: allowed ? ('allowed' as const) : ('not_allowed' as const) };
  });
  return { ...plan, steps, notes };
}

export function stepsOfPlan(plan: Plan): JobStep[] {
  return plan.steps.map((step) => ({
    index: step.index,
    capability: step.capability,
    input: step.input,
    status: step.available ? 'pending' : 'skipped',
    summary: step.available ? null : `Skipped (${step.reason ?? 'not built yet'}): ${step.summary}`,
    startedAt: null,
    finishedAt: null,
  }));
}

/** The plan's steps that cannot run (capability not built or not registered), with the reason. */
export function notRunOf(plan: Plan | null | undefined): NotRunStep[] {
  return (plan?.steps ?? [])
    .filter((step) => !step.available)
    .map((step) => ({ index: step.index, capability: step.capability, reason: step.reason ?? 'not built yet' }));
}

/** Plan steps the staging run executes, in plan order. */
export function stagingSteps(plan: Plan): PlannedStep[] {
  return plan.steps.filter((step) => step.available && !isVerifyStep(step));
}

export function verifyStep(plan: Plan | null | undefined): PlannedStep | null {
  return plan?.steps.find((step) => step.available && isVerifyStep(step)) ?? null;
}

/** Writes a run's step outcomes onto the job steps; `indices[i]` is the job step of run step i. */
export function withOutcomes(steps: JobStep[], outcomes: StepOutcome[], indices: number[]): JobStep[] {
  const byJobIndex = new Map(outcomes.map((outcome) => [indices[outcome.index]!, outcome]));
  return steps.map((step) => {
    const outcome = byJobIndex.get(step.index);
    if (!outcome) return step;
    const next: JobStep = {
      ...step,
      status: outcome.status,
      summary: outcome.summary,
      startedAt: outcome.startedAt,
      finishedAt: outcome.finishedAt,
    };
    // The record keeps each step's diffs (capped), never the file texts (job-result.ts).
    if (outcome.changes) next.changes = outcome.changes.slice(0, RECORD_PREVIEW).map(changeView);
    return next;
  });
}

/** Marks still-pending steps (e.g. a verification with nothing to verify) as skipped with the reason. */
export function skipPending(steps: JobStep[], why: string): JobStep[] {
  return steps.map((step) => (step.status === 'pending' ? { ...step, status: 'skipped', summary: `Skipped: ${why}` } : step));
}

const RANK: Record<Severity, number> = { info: 0, low: 1, medium: 2, high: 3, critical: 4 };

/**
 * Applies the plan's result filters: findings below `minSeverity` ("only high severity") and findings
 * outside the declaration the task named ("in function parseValue") are dropped.
 */
export function filterResult(result: PipelineResult, plan: Plan): PipelineResult {
  const min = plan.filters?.minSeverity;
  const symbol = plan.filters?.symbol;
  if (!min && !symbol) return result;
  const findings = result.findings.filter((finding: Finding) => {
    if (min && RANK[finding.severity] < RANK[min]) return false;
    if (!symbol) return true;
    const line = finding.range?.startLine ?? 0;
    return finding.file === symbol.file && line >= symbol.startLine && (symbol.endLine === null || line <= symbol.endLine);
  });
  return { ...result, findings };
}
