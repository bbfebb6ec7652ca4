/**
 * `limits.maxToolCalls` holds for the task job's turn, not for each engine run inside it: planning,
 * the staging run and verification are separate runs, so each gets only what the ones before it left.
 * An approval's apply run continues the run that staged the changes (its usage is added to that
 * run's), so it gets what staging left too. A follow-up turn starts again from zero, as the record's
 * `usage` does.
 */
import type { JobError, Limits } from '../../core/index.js';

/** The limits for the next run of a job that has used `used` tool calls so far. */
export function remainingLimits(limits: Limits, used: number): Limits {
  return { ...limits, maxToolCalls: Math.max(0, limits.maxToolCalls - used) };
}

/**
 * The error a job reports when its budget ran out: the engine names the reduced budget of the run it
 * was given, which the user never set, so it is restated with the job's own limit.
 */
export function jobBudgetError(limit: number): JobError {
  return {
    code: 'tool_call_limit',
    message: `The task used all ${limit} tool calls of limits.maxToolCalls across planning, its steps and verification; raise limits.maxToolCalls or narrow the task.`,
  };
}

/** `error` restated against the job's limit when it is a tool-call limit error; otherwise as it is. */
export function asJobBudgetError(error: JobError, limit: number): JobError {
  return error.code === 'tool_call_limit' ? jobBudgetError(limit) : error;
}
