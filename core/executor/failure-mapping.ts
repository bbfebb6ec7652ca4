/**
 * Turns whatever ended a step badly into a StepFailure: an error the capability threw (wrapped with the
 * capability id and step, original message kept), or the way its worker or the executor died.
 */
import type { StepFailure, StepFailureCode, StepTask } from './protocol.js';

/**
 * Codes a capability (or its context) may end a step with and keep: they tell the user what to do
 * (a refused refactoring, a failed verification, a path outside the workspace) better than the generic
 * capability_error. The message is still wrapped with the capability id and step.
 */
const KEPT_CODES: ReadonlySet<string> = new Set<StepFailureCode>([
  'refactoring_refused',
  'verification_failed',
  'project_code_not_allowed',
  'workspace_escape',
  'file_too_large',
  'binary_file',
  'file_not_found',
  'unsupported_language',
  'invalid_input',
  'network_denied',
  'process_denied',
  'invalid_project_config',
  'no_test_runner',
  'test_run_failed',
  'testing_refused',
  'documentation_refused',
  'fix_refused',
  'generation_refused',
  // Third-party plugins: each way a sandboxed plugin step is stopped keeps its own code (docs/plugins.md).
  'invalid_plugin',
  'plugin_error',
  'plugin_timeout',
  'plugin_cpu_limit',
  'plugin_memory_limit',
  'plugin_stack_overflow',
  'plugin_output_too_large',
  'plugin_permission_denied',
  'plugin_tool_call_limit',
  'plugin_sandbox_unavailable',
]);

function keptCode(code: unknown, declared: ReadonlySet<string>): StepFailure['code'] | null {
  return typeof code === 'string' && (KEPT_CODES.has(code) || declared.has(code)) ? code : null;
}

interface Located {
  capabilityId: string;
  stepIndex: number;
}

function causeOf(error: unknown): StepFailure['cause'] {
  if (error instanceof Error) return { name: error.name, message: error.message, stack: error.stack };
  return { name: 'Error', message: String(error) };
}

function codeOf(error: unknown): unknown {
  return typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
}

function where(task: Located): string {
  return `Capability "${task.capabilityId}" at step ${task.stepIndex}`;
}

/**
 * An error thrown by the capability (or by its context on its behalf) inside the worker. `declared`: the
 * codes the capability lists in `meta.errors`, kept like the catalogue's.
 */
export function failureFromThrown(error: unknown, task: Located, declared: ReadonlySet<string> = new Set()): StepFailure {
  const cause = causeOf(error);
  if (codeOf(error) === 'tool_call_limit') {
    return { code: 'tool_call_limit', message: cause?.message ?? 'The job reached its tool-call limit.', cause };
  }
  const kept = keptCode(codeOf(error), declared);
  if (kept) return { code: kept, message: `${where(task)} stopped: ${cause?.message}`, cause };
  return { code: 'capability_error', message: `${where(task)} threw: ${cause?.message}`, cause };
}

/** A rejection from the Piscina pool: the worker ran out of memory, exited, or was terminated on abort. */
export function failureFromPool(error: unknown, task: StepTask): StepFailure {
  const cause = causeOf(error);
  if (codeOf(error) === 'ERR_WORKER_OUT_OF_MEMORY') {
    return {
      code: 'memory_limit',
      message: `${where(task)} exceeded the memory limit of ${task.maxMemoryMB} MB; raise limits.maxMemoryMB or process less at once.`,
      cause,
    };
  }
  if (error instanceof Error && error.name === 'AbortError') {
    return { code: 'cancelled', message: `${where(task)} was aborted.`, cause };
  }
  return {
    code: 'capability_crashed',
    message: `${where(task)} killed its worker thread (${cause?.message}); capabilities must not exit the process.`,
    cause,
  };
}

/** The executor process itself died (e.g. V8 aborted on one huge allocation) while the step ran. */
export function failureFromExecutorExit(task: Located, exit: string, stderrTail: string): StepFailure {
  const detail = stderrTail.trim().split('\n').slice(-1)[0] ?? '';
  return {
    code: 'capability_crashed',
    message: `${where(task)} crashed the executor process (${exit}); the executor was restarted.`,
    cause: { name: 'ExecutorExit', message: detail ? `${exit}: ${detail}` : exit },
  };
}
