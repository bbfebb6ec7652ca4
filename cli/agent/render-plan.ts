/** The plan of a task job as the approval prompt shows it: numbered steps with capability, target and summary. */
import type { Palette } from './palette.js';
import type { PlanStep, TaskJob } from './task-job.js';

export const APPROVAL_CHOICES = '[y] approve  [n] reject  [v] view changes  or type to refine';

/** The record's plan steps; a record without `plan` (a pipeline, an older daemon) falls back to its job steps. */
export function planSteps(job: TaskJob): PlanStep[] {
  if (job.plan?.steps?.length) return job.plan.steps;
  return job.steps.map((step) => ({
    index: step.index,
    capability: step.capability,
    target: null,
    summary: step.summary ?? '',
    available: true,
  }));
}

export function renderPlanStep(step: PlanStep, palette: Palette): string {
  const number = `${step.index + 1}.`.padStart(3);
  const target = step.target ? ` ${step.target}` : '';
  const head = `${number} ${palette.bold(step.capability)}${target}`;
  const summary = step.summary ? ` — ${step.summary}` : '';
  if (step.available === false) {
    const why = step.reason ? ` (${step.reason})` : '';
    return `${head}${summary}  ${palette.yellow(`[not built yet — skipped${why}]`)}`;
  }
  return `${head}${summary}`;
}

export function renderPlan(job: TaskJob, palette: Palette): string {
  const steps = planSteps(job);
  const lines: string[] = [];
  const title = job.plan?.summary ?? job.task ?? 'the staged changes';
  lines.push(palette.bold(`Plan: ${title}`));
  for (const step of steps) lines.push(renderPlanStep(step, palette));
  for (const note of job.plan?.notes ?? []) lines.push(palette.dim(`  note: ${note}`));
  const changes = job.result?.changes ?? [];
  if (changes.length > 0)
    lines.push(`${changes.length} staged change(s) in ${changedFileCount(changes)} file(s); nothing is written until you approve.`);
  return lines.join('\n');
}

function changedFileCount(changes: { path: string }[]): number {
  return new Set(changes.map((change) => change.path)).size;
}
