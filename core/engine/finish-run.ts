/**
 * The end of a run: the final overlay becomes `Change`s with unified diffs, results are merged, the
 * changes are applied atomically when the job asks for it, and `done` is emitted.
 */
import type { JobError, PipelineResult, RunOutcome } from '../contracts/index.js';
import { isAgentdError } from '../errors/index.js';
import { applyChanges, changesFromStaged } from '../workspace/index.js';
import { mergeResults } from './merge-results.js';
import type { RunState } from './pipeline-engine.js';

type Ending = { status: RunOutcome['status']; error: JobError | null; result: PipelineResult | null; applied: boolean };

function asJobError(error: unknown, fallbackCode: string): JobError {
  if (isAgentdError(error)) return { code: error.code, message: error.message };
  return { code: fallbackCode, message: error instanceof Error ? error.message : String(error) };
}

async function conclude(state: RunState): Promise<Ending> {
  const { request } = state;
  let result: PipelineResult;
  try {
    result = mergeResults(state.outcomes, await changesFromStaged(request.root, state.staged));
  } catch (error) {
    return { status: 'failed', error: asJobError(error, 'internal_error'), result: null, applied: false };
  }
  if (!request.apply || result.changes.length === 0) return { status: 'succeeded', error: null, result, applied: false };
  // The last moment a cancellation stops the apply: once it begins, it completes or is rolled back.
  const stop = state.guard.stopReason();
  if (stop) return { ...stop, result: null, applied: false };
  if (state.beginApply && !(await state.beginApply())) {
    return {
      status: 'cancelled',
      error: { code: 'cancelled', message: 'The job was cancelled before its changes were written; nothing was written.' },
      result: null,
      applied: false,
    };
  }
  try {
    // All or nothing: applyChanges restores every touched file before it throws.
    const journal = request.journalPath ? { journal: { path: request.journalPath, jobId: request.jobId } } : {};
    await applyChanges(request.root, result.changes, journal);
    return { status: 'succeeded', error: null, result, applied: true };
  } catch (error) {
    const jobError = asJobError(error, 'apply_failed');
    return { status: 'failed', error: { code: 'apply_failed', message: jobError.message }, result, applied: false };
  }
}

/**
 * A run that failed in one step while others ran keeps what those found (the result of a failed run
 * never carries changes: nothing of it is applied, and a half-done change set is no proposal).
 */
function partial(state: RunState, end: { status: 'failed' | 'cancelled'; error: JobError }): Ending {
  const result = end.status === 'failed' && state.results.length > 0 ? mergeResults(state.outcomes, []) : null;
  return { ...end, result, applied: false };
}

export async function finishRun(state: RunState, end: { status: 'failed' | 'cancelled'; error: JobError } | null): Promise<RunOutcome> {
  const ending: Ending = end ? partial(state, end) : await conclude(state);
  state.events.done(ending.status, ending.error);
  return {
    status: ending.status,
    steps: state.outcomes,
    result: ending.result,
    error: ending.error,
    usage: { toolCalls: state.toolCalls, durationMs: Date.now() - state.startedAt },
    applied: ending.applied,
  };
}
