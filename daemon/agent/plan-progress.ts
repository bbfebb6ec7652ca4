/**
 * A task job's runs cover part of its plan (the staging run skips steps not built yet, the verify run
 * is one step): the engine counts its progress in run-local steps, the job and the prompt in the
 * plan's. This maps one to the other, so a 9-step plan whose one built step runs reads "step 1/9",
 * not "1/1", and the engine's 0-based "step 0 (…) done" names the plan's step.
 */
import type { EngineEvent } from '../../core/index.js';

type ProgressEvent = Extract<EngineEvent, { type: 'progress' }>;

/**
 * `indices[i]` is the plan index of the run's step `i`; `planSteps` the plan's length. Steps not run
 * that come before the current one are done (skipped), so they count as completed. `later` counts the
 * plan's steps a later run does (the verification after the approval): a finished run leaves them out,
 * so the later run's progress goes on from there instead of back from 100 %.
 */
export function toPlanProgress(event: ProgressEvent, indices: number[], planSteps: number, later = 0): ProgressEvent {
  const total = Math.max(planSteps, indices.length, 1);
  const runTotal = Math.max(event.totalSteps, 1);
  const runCompleted = Math.min(event.completedSteps, indices.length);
  // The share of the current run step already done, from the engine's own percent.
  const inStep = Math.max(0, Math.min(1, (event.percent / 100) * runTotal - runCompleted));
  // When the run has finished its steps, the plan's other steps are skipped or wait for a later run.
  const completed = runCompleted >= indices.length ? total - later : (indices[runCompleted] ?? runCompleted);
  const percent = completed >= total ? 100 : Math.round(((completed + inStep) / total) * 1000) / 10;
  const message = event.message.replace(/^step (\d+)\b/, (_all, n: string) => `step ${(indices[Number(n)] ?? Number(n)) + 1}/${total}`);
  return { ...event, completedSteps: completed, totalSteps: total, percent, message };
}
