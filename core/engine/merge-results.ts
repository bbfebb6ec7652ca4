/**
 * The job's result: every step's findings and artifacts in step order, plus the final overlay's changes.
 * Built from the step outcomes, so a run where one step failed still reports what the others found,
 * and the summary says which step failed or was skipped and why (never a silent gap).
 */
import type { Change, PipelineResult, StepOutcome } from '../contracts/index.js';

function summaryLine(outcome: StepOutcome): string {
  if (outcome.status === 'succeeded') return outcome.result?.summary ?? '';
  if (outcome.status === 'failed') return `failed: ${outcome.summary ?? 'no reason given'}`;
  return outcome.summary ?? outcome.status;
}

export function mergeResults(outcomes: StepOutcome[], changes: Change[]): PipelineResult {
  const results = outcomes.flatMap((outcome) => (outcome.result ? [outcome.result] : []));
  const summary =
    outcomes.length === 1 ? summaryLine(outcomes[0]!) : outcomes.map((outcome) => `[${outcome.index}] ${summaryLine(outcome)}`).join('\n');
  return {
    summary,
    findings: results.flatMap((result) => result.findings ?? []),
    changes,
    artifacts: results.flatMap((result) => result.artifacts ?? []),
    data: outcomes.map((outcome) => outcome.result?.data ?? null),
  };
}
