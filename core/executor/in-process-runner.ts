/**
 * A StepRunner in the current thread (step-runner.ts): the capability's context is a local one over
 * the task's root and overlay, with the thread's parse cache and memo. What a scan runs its checks
 * with; it isolates nothing (see step-runner.ts for the runners that do). A failure keeps the code of
 * the AgentdError thrown (or `capability_error`) and its message as thrown: in-process callers report
 * it next to the check's name themselves.
 */
import type { Capability, CapabilityContext, ContextOptions, StepResult, ToolBudget } from '../contracts/index.js';
import { createLocalContext } from '../context/local-context.js';
import { loadCapabilityModule } from '../context/load-capability.js';
import { createToolBudget } from '../context/tool-budget.js';
import { AgentdError, isAgentdError } from '../errors/index.js';
import type { StepFailure, StepFailureCode, StepReply, StepTask } from './protocol.js';
import type { StepRunner, StepRunOptions } from './step-runner.js';

export interface InProcessRunnerOptions {
  /** One budget shared by every step this runner runs (a scan's); default: one per task from its numbers (what earlier steps used counts). */
  budget?: ToolBudget;
  /** One walk of the root shared by every step (a scan's). */
  walk?: ContextOptions['walk'];
  /** Which tasks it takes; a refused task fails with this message's `invalid_capability`. */
  accepts?: (task: StepTask) => string | null;
  /** How the capability runs in its context (a scan: under the project's finding review). Default: `run(input, ctx)`. */
  execute?: (capability: Capability, input: unknown, ctx: CapabilityContext, task: StepTask) => Promise<StepResult>;
  /**
   * On cancellation, answer only once the capability has stopped (it sees `ctx.signal`): a scan is over
   * when nothing of it still runs — its check kept parsing after the scan had said "cancelled".
   */
  settleOnCancel?: boolean;
}

function failure(error: unknown, aborted: boolean): StepFailure {
  const message = (error as Error)?.message ?? String(error);
  const cause =
    error instanceof Error
      ? { name: error.name, message: error.message, ...(error.stack ? { stack: error.stack } : {}) }
      : { name: 'Error', message };
  const code = isAgentdError(error) ? error.code : aborted ? 'cancelled' : 'capability_error';
  return { code: code as StepFailureCode, message, cause };
}

/** Resolves when `signal` aborts (never without one), with the reply a cancelled step gets. */
function whenAborted(signal: AbortSignal | undefined, task: StepTask, spent: () => number): { reply: Promise<StepReply>; dispose(): void } {
  if (!signal) return { reply: new Promise<StepReply>(() => undefined), dispose: () => undefined };
  let onAbort = (): void => undefined;
  const reply = new Promise<StepReply>((resolve) => {
    onAbort = (): void =>
      resolve({
        ok: false,
        error: failure(
          signal.reason instanceof AgentdError
            ? signal.reason
            : new AgentdError('cancelled', `Step ${task.stepIndex} ("${task.capabilityId}") was cancelled.`),
          true,
        ),
        toolCalls: spent(),
      });
    if (signal.aborted) onAbort();
    else signal.addEventListener('abort', onAbort, { once: true });
  });
  return { reply, dispose: () => signal.removeEventListener('abort', onAbort) };
}

export class InProcessRunner implements StepRunner {
  constructor(private readonly options: InProcessRunnerOptions = {}) {}

  /**
   * Cancellation answers at once, like the executor's: the capability sees `ctx.signal` and stops at
   * its next check (code that never checks runs on in this thread: nothing here can preempt it).
   */
  async run(task: StepTask, options: StepRunOptions = {}): Promise<StepReply> {
    const budget = this.options.budget ?? createToolBudget(task.maxToolCalls, task.toolCallsUsed);
    const before = budget.used;
    const spent = (): number => budget.used - before;
    const aborted = whenAborted(options.signal, task, spent);
    try {
      const here = this.runHere(task, options, budget, spent);
      const reply = await Promise.race([here, aborted.reply]);
      if (this.options.settleOnCancel && options.signal?.aborted) await here.catch(() => undefined);
      return reply;
    } finally {
      aborted.dispose();
    }
  }

  private async runHere(task: StepTask, options: StepRunOptions, budget: ToolBudget, spent: () => number): Promise<StepReply> {
    try {
      const refused = this.options.accepts?.(task);
      if (refused) throw new AgentdError('invalid_capability', refused);
      const capability = await loadCapabilityModule({
        id: task.capabilityId,
        modulePath: task.modulePath,
        ...(task.binding === undefined ? {} : { binding: task.binding }),
      });
      const handle = await createLocalContext({
        root: task.root,
        jobId: task.jobId,
        stepIndex: task.stepIndex,
        staged: task.staged,
        previous: task.previous,
        permissions: task.permissions,
        limits: { maxToolCalls: task.maxToolCalls, maxMemoryMB: task.maxMemoryMB },
        budget,
        ...(options.signal ? { signal: options.signal } : {}),
        onLog: (level, message) => options.onEvent?.({ kind: 'log', level, message: String(message) }),
        onProgress: (percent, message) => options.onEvent?.({ kind: 'progress', percent, message }),
        ...(this.options.walk ? { walk: this.options.walk } : {}),
        ...(task.invoke ? { invoke: task.invoke } : {}),
      });
      const execute = this.options.execute ?? ((c, input, ctx) => c.run(input, ctx));
      const result = await execute(capability, task.input, handle.ctx, task);
      return { ok: true, result, staged: handle.staged(), toolCalls: spent() };
    } catch (error) {
      return { ok: false, error: failure(error, options.signal?.aborted === true), toolCalls: spent() };
    }
  }
}
