/**
 * The engine's interface as the daemon and the CLI's embedded mode see it, and the context factory
 * the worker uses. Implementations: core/engine (pipeline engine over a supervised executor process
 * hosting a Piscina pool), core/context (createCapabilityContext).
 */
import type { CapabilityContext, LogLevel, Permissions } from './context.js';
import type { StepResult } from './findings.js';
import type { EngineEventListener, JobError, Limits, PipelineResult, PipelineStep, StepOutcome } from './pipeline.js';

/** One staged file of the overlay: new content, or null when the file is deleted. Plain data: crosses workers. */
export interface StagedEntry {
  path: string;
  content: string | null;
}

export interface RunRequest {
  jobId: string;
  steps: PipelineStep[];
  /** Absolute path of the job's workspace root. */
  root: string;
  limits: Limits;
  /** Results of earlier turns of the job's session, seen by the first step as `ctx.previous`. */
  previous?: StepResult[];
  /** The job's conversation so far (user and agent turns, oldest first), for refined follow-up runs. */
  turns?: { role: 'user' | 'agent'; message: string; at: string }[];
  /** What the job allows (default: no project code). */
  permissions?: Permissions;
  /** The overlay the first step starts from (e.g. approved changes a verification step checks); default none. */
  staged?: StagedEntry[];
  /** Apply staged changes to disk at the end (auto mode). When false they come back in `result.changes`. */
  apply: boolean;
  /**
   * Where the apply writes its journal first (core/workspace/apply-journal.ts), so a process killed
   * mid-apply leaves what the next start needs to finish or roll it back. Default: no journal.
   */
  journalPath?: string;
}

export interface RunOutcome {
  status: 'succeeded' | 'failed' | 'cancelled';
  steps: StepOutcome[];
  result: PipelineResult | null;
  error: JobError | null;
  usage: { toolCalls: number; durationMs: number };
  /** True when staged changes were written to disk. */
  applied: boolean;
}

export interface RunOptions {
  /** Aborting cancels the run; a running step stops within one second. An AgentdError as reason sets error.code. */
  signal?: AbortSignal;
  onEvent?: EngineEventListener;
  /**
   * Asked right before the first file is written (auto mode): true lets the apply start, and from then
   * on it completes (or is rolled back on failure) whatever the signal says; false means the job was
   * cancelled meanwhile and nothing is written. The daemon answers it atomically in the job record.
   */
  beginApply?: () => Promise<boolean>;
}

export interface Engine {
  run(request: RunRequest, options?: RunOptions): Promise<RunOutcome>;
  close(): Promise<void>;
}

/** Counts tool calls and workspace reads; `count()` throws AgentdError("tool_call_limit") past `max`. */
export interface ToolBudget {
  readonly max: number;
  readonly used: number;
  count(what: string): void;
}

export interface ContextOptions {
  jobId: string;
  stepIndex: number;
  root: string;
  /** The overlay left by earlier steps. */
  staged: StagedEntry[];
  previous: StepResult[];
  signal: AbortSignal;
  /**
   * A synchronous cancellation check (a flag shared with the executor). A capability busy in synchronous
   * work cannot receive the abort message that fires `signal`, so every tool call, read and memo polls
   * this first and aborts `signal` when it is set — the step then stops by itself instead of having its
   * thread terminated, which tree-sitter's native code does not survive.
   */
  interrupted?: () => boolean;
  permissions: Permissions;
  /** The job's memory limit, also the data limit of the programs it runs (default 2048). */
  maxMemoryMB?: number;
  budget: ToolBudget;
  onLog(level: LogLevel, message: string): void;
  onProgress(percent: number, message?: string): void;
  /** What `ctx.invoke` may run (default: nothing). */
  invoke?: import('./context.js').InvokeScope;
  /**
   * How the workspace view's list() walks the root (default: a fresh walk each time; a scan shares one):
   * the files with their stat signatures, and what the walk refused (too large, unreadable folders).
   */
  walk?: (
    realRoot: string,
  ) => ReadonlyMap<string, string | undefined> & { readonly refused?: ReadonlyMap<string, { code: string; message: string }> };
}

export interface ContextHandle {
  ctx: CapabilityContext;
  /** The overlay after the step: earlier entries plus this step's writes and deletes. */
  staged(): StagedEntry[];
}

export type CreateCapabilityContext = (options: ContextOptions) => Promise<ContextHandle>;
