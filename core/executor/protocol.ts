/**
 * The data that crosses the executor boundary (daemon process <-> executor process <-> worker thread).
 * Only plain data travels: a module path and JSON in, JSON out; never functions or code.
 */
import type { Finding, InvokeScope, LogLevel, Permissions, StagedEntry, StepResult } from '../contracts/index.js';

/** Everything a worker needs to run one step. */
export interface StepTask {
  jobId: string;
  stepIndex: number;
  capabilityId: string;
  /** Absolute path of the capability's compiled module. */
  modulePath: string;
  input: unknown;
  root: string;
  /** The overlay left by earlier steps. */
  staged: StagedEntry[];
  previous: StepResult[];
  /**
   * The engine run this step belongs to, and how many of `previous` (its last entries) are results of
   * that run's earlier steps. The executor keeps those as they come back, so the supervisor sends them
   * only when the executor does not have them (`cached`: how many it is to take from its own copy).
   */
  run?: { key: string; own: number; cached?: number };
  /** The job's tool-call budget and what earlier steps already used of it. */
  maxToolCalls: number;
  toolCallsUsed: number;
  /** Selects the pool: each distinct value gets its own resourceLimits.maxOldGenerationSizeMb. */
  maxMemoryMB: number;
  permissions: Permissions;
  /**
   * Set for a capability whose code is not a module of its own (a third-party plugin): plain data the
   * module at `modulePath` (the runner, e.g. plugins' isolate host) turns into the capability through
   * its exported `bindCapability(binding)`. Never code: the plugin's own script is run by the runner.
   */
  binding?: unknown;
  /** What the step's ctx.invoke may run (core/contracts InvokeScope): plain data like the rest. */
  invoke?: InvokeScope;
}

/** Failure codes a step can end with (a subset of the error catalogue). */
export type StepFailureCode =
  | 'capability_error'
  | 'capability_crashed'
  | 'memory_limit'
  | 'tool_call_limit'
  | 'cancelled'
  | 'unavailable'
  | 'refactoring_refused'
  | 'verification_failed'
  | 'project_code_not_allowed'
  | 'workspace_escape'
  | 'file_too_large'
  | 'binary_file'
  | 'file_not_found'
  | 'unsupported_language'
  | 'invalid_input'
  | 'network_denied'
  | 'process_denied'
  | 'invalid_project_config'
  | 'no_test_runner'
  | 'test_run_failed'
  | 'testing_refused'
  | 'documentation_refused'
  | 'fix_refused'
  | 'generation_refused'
  | 'invalid_plugin'
  | 'plugin_error'
  | 'plugin_timeout'
  | 'plugin_cpu_limit'
  | 'plugin_memory_limit'
  | 'plugin_stack_overflow'
  | 'plugin_output_too_large'
  | 'plugin_permission_denied'
  | 'plugin_tool_call_limit'
  | 'plugin_sandbox_unavailable';

/** A code the step's capability declared in `meta.errors` (core/errors/capability-error.ts). */
export type DeclaredErrorCode = string & Record<never, never>;

export interface StepFailure {
  code: StepFailureCode | DeclaredErrorCode;
  message: string;
  /** The capability's own error message and stack, kept verbatim (wrapped, never replaced). */
  cause?: { name: string; message: string; stack?: string };
}

export type StepReply =
  { ok: true; result: StepResult; staged: StagedEntry[]; toolCalls: number } | { ok: false; error: StepFailure; toolCalls: number };

/** Events a running step sends back while it runs. */
export type StepEvent = { kind: 'log'; level: LogLevel; message: string } | { kind: 'progress'; percent: number; message?: string };

/** Sent on a step's MessagePort from the executor to the worker. */
export type WorkerControl = { kind: 'abort' };

/** Supervisor -> executor process. */
export type ToExecutor =
  { type: 'run'; id: number; task: StepTask } | { type: 'cancel'; id: number } | { type: 'forget'; run: string } | { type: 'shutdown' };

/**
 * Executor process -> supervisor. A reply with many findings comes as `findings` messages first (the
 * reply then says how many): each is decoded in its own turn of the daemon's event loop, not one
 * message of 100,000 findings holding it.
 */
export type FromExecutor =
  | { type: 'ready'; pid: number }
  | { type: 'event'; id: number; event: StepEvent }
  | { type: 'findings'; id: number; findings: Finding[] }
  | { type: 'reply'; id: number; reply: StepReply; chunkedFindings?: number };
