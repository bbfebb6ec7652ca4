/**
 * The `v` view: the unified diffs of the staged changes, grouped by the plan step that staged them,
 * coloured on a terminal (green additions, red removals, cyan hunk headers).
 */
import type { Palette } from './palette.js';
import { planSteps } from './render-plan.js';
import type { StagedChange, TaskJob } from './task-job.js';

export interface StepChanges {
  /** "Step 2: refactoring.rename src/a.ts", or "All steps" when the record does not say which step staged what. */
  title: string;
  changes: StagedChange[];
}

export function colourDiffLine(line: string, palette: Palette): string {
  if (line.startsWith('+++') || line.startsWith('---')) return palette.bold(line);
  if (line.startsWith('@@')) return palette.cyan(line);
  if (line.startsWith('+')) return palette.green(line);
  if (line.startsWith('-')) return palette.red(line);
  if (/^={5,}$/.test(line) || line.startsWith('Index: ')) return palette.dim(line);
  return line;
}

export function colourDiff(diff: string, palette: Palette): string {
  return diff
    .replace(/\n$/, '')
    .split('\n')
    .map((line) => colourDiffLine(line, palette))
    .join('\n');
}

/** Per-step changes from the plan (or the job's steps); all of the result's changes when neither has them. */
export function changesByStep(job: TaskJob): StepChanges[] {
  const fromPlan = planSteps(job).filter((step) => step.changes?.length);
  if (fromPlan.length > 0) {
    return fromPlan.map((step) => ({
      title: `Step ${step.index + 1}: ${step.capability}${step.target ? ` ${step.target}` : ''}`,
      changes: step.changes!,
    }));
  }
  const fromSteps = job.steps.filter((step) => step.changes?.length);
  if (fromSteps.length > 0)
    return fromSteps.map((step) => ({ title: `Step ${step.index + 1}: ${step.capability}`, changes: step.changes! }));
  const all = job.result?.changes ?? [];
  return all.length > 0 ? [{ title: 'All steps', changes: all }] : [];
}

function renderChange(change: StagedChange, palette: Palette): string {
  const head = palette.bold(`${change.action} ${change.path}`);
  return change.diff ? `${head}\n${colourDiff(change.diff, palette)}` : `${head}\n${palette.dim('(no diff recorded)')}`;
}

export function renderChanges(job: TaskJob, palette: Palette): string {
  const groups = changesByStep(job);
  if (groups.length === 0) return 'No changes are staged: the plan only reads the project.';
  return groups
    .map((group) =>
      [
        palette.bold(`── ${group.title} (${group.changes.length} change(s))`),
        ...group.changes.map((change) => renderChange(change, palette)),
      ].join('\n'),
    )
    .join('\n\n');
}
