/**
 * The Piscina worker file: runs one capability step inside a worker thread of the executor process.
 * It receives only data (a module path, JSON input, the overlay) and answers only data; failures the
 * capability throws come back as values so the tool calls spent are still counted.
 */
// First: capabilities imported below must find the network already closed.
import './worker-guard.js';
import type { MessagePort } from 'node:worker_threads';
import { packData, type ContextOptions, type LogLevel, type StepResult, type ToolBudget, type WorkspaceView } from '../contracts/index.js';
import { AgentdError } from '../errors/index.js';
import { createCapabilityContext } from '../context/create-context.js';
import { loadCapabilityModule } from '../context/load-capability.js';
import { createToolBudget } from '../context/tool-budget.js';
import { runJobStep } from '../project-config/job-step.js';
import { sharedConfigCatalog } from '../scan/analysis-catalog.js';
import { failureFromThrown } from './failure-mapping.js';
import type { StepEvent, StepReply, StepTask, WorkerControl } from './protocol.js';

export interface WorkerPayload {
  task: StepTask;
  /** Events go out on it; an abort request comes in on it. Closed when the step ends. */
  port: MessagePort;
  /**
   * One Int32 on a SharedArrayBuffer the executor sets to 1 on cancel: readable while this thread is
   * busy in synchronous code, when the abort message on `port` cannot be delivered.
   */
  stopFlag?: Int32Array;
}

/**
 * Only JSON leaves a capability (convention 6); a result that is not JSON is the capability's error.
 * Large `data` leaves as its JSON text (core/contracts/serialized-data.ts), serialised here, off the daemon's thread.
 */
function toJson(result: unknown, task: StepTask): StepResult {
  if (typeof result !== 'object' || result === null || typeof (result as StepResult).summary !== 'string') {
    throw new Error(`run() of "${task.capabilityId}" must resolve to a StepResult with a string summary`);
  }
  const { data, ...rest } = result as StepResult;
  const plain = JSON.parse(JSON.stringify(rest)) as StepResult;
  const packed = packData(data);
  if (packed !== undefined) plain.data = packed;
  return plain;
}

/** A capability may return changes instead of staging them; stage those so the overlay stays the one truth. */
async function stageReturnedChanges(result: StepResult, workspace: WorkspaceView): Promise<void> {
  const staged = new Map(workspace.changes().map((change) => [change.path, change.after]));
  for (const change of result.changes ?? []) {
    if (staged.get(change.path) === change.after) continue;
    if (change.action === 'delete' || change.after === null) await workspace.delete(change.path);
    else await workspace.write(change.path, change.after);
  }
}

function contextOptions(
  task: StepTask,
  port: MessagePort,
  signal: AbortSignal,
  budget: ToolBudget,
  interrupted: () => boolean,
): ContextOptions {
  const send = (event: StepEvent): void => port.postMessage(event);
  return {
    jobId: task.jobId,
    stepIndex: task.stepIndex,
    root: task.root,
    staged: task.staged,
    previous: task.previous,
    signal,
    interrupted,
    permissions: task.permissions,
    maxMemoryMB: task.maxMemoryMB,
    budget,
    onLog: (level: LogLevel, message: string) => send({ kind: 'log', level, message: String(message) }),
    onProgress: (percent: number, message?: string) =>
      send({ kind: 'progress', percent: Math.max(0, Math.min(100, Number(percent) || 0)), message }),
    ...(task.invoke ? { invoke: task.invoke } : {}),
  };
}

export default async function runStep({ task, port, stopFlag }: WorkerPayload): Promise<StepReply> {
  const controller = new AbortController();
  const abort = (): void => {
    if (!controller.signal.aborted)
      controller.abort(new AgentdError('cancelled', `Step ${task.stepIndex} of job "${task.jobId}" was cancelled.`));
  };
  port.on('message', (control: WorkerControl) => {
    if (control.kind === 'abort') abort();
  });
  const interrupted = (): boolean => {
    if (stopFlag && Atomics.load(stopFlag, 0) === 1) abort();
    return controller.signal.aborted;
  };
  const budget = createToolBudget(task.maxToolCalls, task.toolCallsUsed);
  // The budget counts the whole job; the reply carries only this step's share.
  const spent = (): number => budget.used - task.toolCallsUsed;
  let declared: ReadonlySet<string> = new Set();
  try {
    const capability = await loadCapabilityModule({
      id: task.capabilityId,
      modulePath: task.modulePath,
      ...(task.binding === undefined ? {} : { binding: task.binding }),
    });
    declared = new Set((capability.meta.errors ?? []).map((entry) => entry.code));
    const handle = await createCapabilityContext(contextOptions(task, port, controller.signal, budget, interrupted));
    // Analysis steps run under the workspace's agentd.config.json (core/project-config/job-step.ts).
    const result = toJson(
      await runJobStep(capability, task.input, handle.ctx, { root: task.root, staged: task.staged, catalog: sharedConfigCatalog }),
      task,
    );
    await stageReturnedChanges(result, handle.ctx.workspace);
    return { ok: true, result, staged: handle.staged(), toolCalls: spent() };
  } catch (error) {
    return { ok: false, error: failureFromThrown(error, task, declared), toolCalls: spent() };
  } finally {
    // Closing flushes the events already posted before the executor forwards this reply.
    port.close();
  }
}
