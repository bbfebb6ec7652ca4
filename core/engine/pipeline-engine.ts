/**
 * The pipeline engine: runs a job's steps in order, each in a worker of the supervised executor,
 * passing only data (module path, input, overlay, previous results, remaining budget). It owns the
 * job-wide limits (wall clock, tool calls), cancellation, events, the merged result and the apply.
 */
import { randomUUID } from 'node:crypto';
import { DEFAULT_LIMITS } from '../contracts/index.js';
import { isAgentdError } from '../errors/index.js';
import type {
  Engine,
  InvokeScope,
  JobError,
  RegisteredCapability,
  RunOptions,
  RunOutcome,
  RunRequest,
  StagedEntry,
  StepOutcome,
  StepResult,
  StepStatus,
} from '../contracts/index.js';
import { ExecutorSupervisor, type ExecutorOptions } from '../executor/executor-supervisor.js';
import type { PoolOptions } from '../executor/pool-set.js';
import type { StepReply, StepTask } from '../executor/protocol.js';
import type { StepRunner } from '../executor/step-runner.js';
import { JobEvents } from './job-events.js';
import { JobGuard } from './job-guard.js';
import { finishRun } from './finish-run.js';
import { stepChanges } from './step-changes.js';

/** All the engine needs from a registry. */
export interface CapabilityLookup {
  get(id: string): RegisteredCapability | undefined;
  /** What a step of `id` may run through ctx.invoke (CapabilityRegistry.invokeScope); absent: nothing. */
  invokeScope?(id: string): InvokeScope | undefined;
}

export interface EngineOptions {
  registry: CapabilityLookup;
  /** A shared executor; the engine then leaves closing it to its owner. Default: its own. */
  executor?: ExecutorSupervisor;
  /** Options of the engine's own executor's pools (ignored when `executor` is given). */
  poolOptions?: PoolOptions;
  /** Options of the engine's own executor (ignored when `executor` is given). */
  executorOptions?: ExecutorOptions;
}

/** What one run carries from step to step. */
export interface RunState {
  request: RunRequest;
  /** Names this run to the executor, which keeps its step results for the later steps (StepTask.run). */
  key: string;
  beginApply?: () => Promise<boolean>;
  guard: JobGuard;
  events: JobEvents;
  outcomes: StepOutcome[];
  results: StepResult[];
  staged: StagedEntry[];
  toolCalls: number;
  startedAt: number;
}

type StepEnd = { status: 'failed' | 'cancelled'; error: JobError } | null;

export class PipelineEngine implements Engine {
  readonly executor: ExecutorSupervisor;
  /** How a step runs (core/executor/step-runner.ts): the executor, a Piscina thread in its own process. */
  private readonly runner: StepRunner;
  private readonly registry: CapabilityLookup;
  private readonly ownsExecutor: boolean;

  constructor(options: EngineOptions) {
    this.registry = options.registry;
    this.ownsExecutor = options.executor === undefined;
    // Warm the pool most jobs use (the default memory limit) unless told which limits to warm.
    const poolOptions = { warmMemoryMB: [DEFAULT_LIMITS.maxMemoryMB], ...options.poolOptions };
    this.executor = options.executor ?? new ExecutorSupervisor(poolOptions, options.executorOptions);
    this.runner = this.executor;
  }

  /** Starts the executor now rather than on the first step (the daemon calls it at start-up). */
  async start(): Promise<void> {
    await this.executor.start();
  }

  async run(request: RunRequest, options: RunOptions = {}): Promise<RunOutcome> {
    const state: RunState = {
      request,
      key: `${request.jobId}:${randomUUID()}`,
      beginApply: options.beginApply,
      guard: new JobGuard(request.jobId, request.limits.maxExecutionTimeMin, options.signal),
      events: new JobEvents(request.steps.length, options.onEvent),
      outcomes: request.steps.map((step, index) => pendingOutcome(index, step.capability)),
      results: [],
      staged: request.staged ?? [],
      toolCalls: 0,
      startedAt: Date.now(),
    };
    try {
      return await finishRun(state, await this.runSteps(state));
    } finally {
      state.guard.dispose();
      this.executor.forgetRun(state.key);
    }
  }

  async close(): Promise<void> {
    if (this.ownsExecutor) await this.executor.close();
  }

  /**
   * Runs the steps in order. A step that fails on its own (its capability threw, crashed or ran out of
   * memory) does not stop the steps after it when it is read-only: they do not build on anything it
   * would have staged, and an analysis pipeline keeps the other nine checks' results. After a failed
   * step that writes, and after anything that ends the whole job (cancellation, the time limit, the
   * tool budget, a lost executor), the remaining steps are skipped, each saying why.
   */
  private async runSteps(state: RunState): Promise<StepEnd> {
    let failed: StepEnd = null;
    for (let index = 0; index < state.outcomes.length; index++) {
      const stop = state.guard.stopReason();
      if (stop) {
        this.skipFrom(state, index, `skipped: ${stop.error.message}`);
        return stop;
      }
      const end = await this.runStep(state, index);
      if (!end) continue;
      const outcome = state.outcomes[index]!;
      if (endsTheJob(end)) {
        this.skipFrom(state, index + 1, `skipped: ${end.error.message}`);
        return end;
      }
      failed ??= end;
      if (this.registry.get(outcome.capability)?.meta.writes) {
        this.skipFrom(
          state,
          index + 1,
          `skipped: step ${index} (${outcome.capability}) failed, and the later steps would build on the files it changes`,
        );
        break;
      }
    }
    return failed && withTally(failed, state.outcomes);
  }

  private async runStep(state: RunState, index: number): Promise<StepEnd> {
    const outcome = state.outcomes[index]!;
    const registered = this.registry.get(outcome.capability);
    setStatus(state, outcome, 'running');
    if (!registered) {
      const error = {
        code: 'unknown_capability',
        message: `Step ${index} names capability "${outcome.capability}", which is not registered; check the id.`,
      };
      setStatus(state, outcome, 'failed', error.message);
      return { status: 'failed', error };
    }
    const reply = await this.runner
      .run(this.taskFor(state, index, registered), { signal: state.guard.signal, onEvent: (event) => state.events.fromStep(index, event) })
      .catch((error: unknown) => executorUnavailable(error));
    state.toolCalls += reply.toolCalls;
    // The per-step view is informative only; if the disk cannot be read the run's own diff fails loudly in finishRun.
    if (reply.ok) outcome.changes = await stepChanges(state.request.root, state.staged, reply.staged).catch(() => []);
    return this.settleStep(state, outcome, reply);
  }

  private settleStep(state: RunState, outcome: StepOutcome, reply: StepReply): StepEnd {
    if (reply.ok) {
      state.results.push(reply.result);
      state.staged = reply.staged;
      outcome.result = reply.result;
      setStatus(state, outcome, 'succeeded', reply.result.summary);
      state.events.progress(outcome.index + 1, 0, `step ${outcome.index} (${outcome.capability}) done`);
      return null;
    }
    const stop = state.guard.stopReason();
    if (stop) {
      // Aborted by cancellation or the deadline: the step's staged changes die with its worker.
      setStatus(state, outcome, stop.status, stop.error.message);
      return stop;
    }
    setStatus(state, outcome, 'failed', reply.error.message);
    // The capability's stack stays in the executor: job events reach API clients, which must never see stack traces.
    return { status: 'failed', error: { code: reply.error.code, message: reply.error.message } };
  }

  private taskFor(state: RunState, index: number, registered: RegisteredCapability): StepTask {
    const { request } = state;
    const invoke = this.registry.invokeScope?.(registered.meta.id);
    return {
      jobId: request.jobId,
      stepIndex: index,
      capabilityId: registered.meta.id,
      modulePath: registered.modulePath,
      input: request.steps[index]!.input ?? {},
      root: request.root,
      staged: state.staged,
      previous: [...(request.previous ?? []), ...state.results],
      run: { key: state.key, own: state.results.length },
      maxToolCalls: request.limits.maxToolCalls,
      toolCallsUsed: state.toolCalls,
      maxMemoryMB: request.limits.maxMemoryMB,
      permissions: request.permissions ?? { projectCode: false },
      ...(registered.binding === undefined ? {} : { binding: registered.binding }),
      ...(invoke ? { invoke } : {}),
    };
  }

  private skipFrom(state: RunState, from: number, reason: string): void {
    for (const outcome of state.outcomes.slice(from)) {
      if (outcome.status === 'pending') setStatus(state, outcome, 'skipped', reason);
    }
  }
}

export function createEngine(options: EngineOptions): PipelineEngine {
  return new PipelineEngine(options);
}

/** The executor could not be started (or was closed): the job fails, run() itself never rejects. */
function executorUnavailable(error: unknown): StepReply {
  const message = isAgentdError(error) ? error.message : `The executor is unavailable (${String(error)}); check the daemon's log.`;
  return { ok: false, error: { code: 'unavailable', message }, toolCalls: 0 };
}

/** Failures that concern the whole job, not one step: nothing after them can run. */
const JOB_WIDE = new Set(['cancelled', 'shutdown', 'time_limit', 'tool_call_limit', 'unavailable']);

function endsTheJob(end: NonNullable<StepEnd>): boolean {
  return end.status === 'cancelled' || JOB_WIDE.has(end.error.code);
}

/** The first failure, saying how the rest of a multi-step run went. */
function withTally(end: NonNullable<StepEnd>, outcomes: StepOutcome[]): NonNullable<StepEnd> {
  if (outcomes.length === 1) return end;
  const count = (status: StepStatus): number => outcomes.filter((outcome) => outcome.status === status).length;
  const tally = `${count('succeeded')} of ${outcomes.length} steps succeeded, ${count('failed')} failed, ${count('skipped')} skipped.`;
  return { ...end, error: { ...end.error, message: `${end.error.message} (${tally})` } };
}

function pendingOutcome(index: number, capability: string): StepOutcome {
  return { index, capability, status: 'pending', summary: null, startedAt: null, finishedAt: null };
}

function setStatus(state: RunState, outcome: StepOutcome, status: StepStatus, summary?: string): void {
  const at = new Date().toISOString();
  if (status === 'running') outcome.startedAt = at;
  else if (status !== 'skipped') outcome.finishedAt = at;
  outcome.status = status;
  if (summary !== undefined) outcome.summary = summary;
  state.events.step(outcome);
}
