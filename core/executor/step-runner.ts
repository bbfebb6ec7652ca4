/**
 * The one way to run a capability step: a `StepRunner` takes a `StepTask` (plain data: the module path
 * or binding, the input, the root and overlay, previous results, budget and limits, what `ctx.invoke`
 * may run) and resolves to a `StepReply` — the result and the overlay after it, or a `StepFailure`
 * with its code. A step that fails, throws, runs out of memory, kills its thread or is cancelled is a
 * reply (`ok: false`), never a rejection; a runner rejects only when it cannot run anything at all.
 *
 * Implementations (each passes test/core/executor/runner-contract.ts for what it isolates):
 * - `ExecutorSupervisor` (executor-supervisor.ts): a Piscina worker thread in the supervised executor
 *   process — what the daemon's engine uses; survives loops (terminated on abort), memory limits,
 *   huge allocations and `process.exit` (a new executor is forked).
 * - `InProcessRunner` (in-process-runner.ts): the current thread, sharing its parse cache and memo —
 *   what `agentd scan` uses for its checks (in its main thread and its second thread). Isolates
 *   nothing: a capability that never yields blocks the caller.
 * - the plugin sandbox runner (plugins/sandbox/sandbox-runner.ts): the in-process runner for
 *   third-party plugin tasks only, each in its own isolated-vm isolate with CPU, wall-clock and memory
 *   limits of its own.
 */
import type { StepEvent, StepReply, StepTask } from './protocol.js';

export interface StepRunOptions {
  /** Cancels the step: the reply is then `cancelled` (or the reason's code). */
  signal?: AbortSignal;
  /** The step's log and progress events, in order, before the reply. */
  onEvent?: (event: StepEvent) => void;
}

export interface StepRunner {
  run(task: StepTask, options?: StepRunOptions): Promise<StepReply>;
}
