/** The job's result: every step's findings and artifacts in step order, plus the final overlay's changes. */
import type { Change, PipelineResult, StepResult } from '../contracts/index.js';

export function mergeResults(results: StepResult[], changes: Change[]): PipelineResult {
  const summary =
    results.length === 1 ? results[0]!.summary : results.map((result, index) => `[${index}] ${result.summary}`).join('\n');
  return {
    summary,
    findings: results.flatMap((result) => result.findings ?? []),
    changes,
    artifacts: results.flatMap((result) => result.artifacts ?? []),
    data: results.map((result) => result.data ?? null),
  };
}
