/**
 * The one place the tester runs a step: through the same supervised executor the daemon's engine uses
 * (a forked executor process, a Piscina worker thread, the step worker building the real context).
 * One executor per test process, started on first use, idle-unref'd (it never holds the process open);
 * swap this module's body to run cases through another runner.
 */
import { DEFAULT_LIMITS } from '../contracts/index.js';
import { ExecutorSupervisor } from '../executor/index.js';
import type { StepEvent, StepReply, StepTask } from '../executor/index.js';

let shared: ExecutorSupervisor | undefined;

function executor(): ExecutorSupervisor {
  // One thread: cases run one at a time, and a capability's per-thread caches (parsed trees, TypeScript programs) stay warm.
  shared ??= new ExecutorSupervisor({ warmMemoryMB: [DEFAULT_LIMITS.maxMemoryMB], maxThreads: 1, minThreads: 1 });
  return shared;
}

/** Runs one step; failures are data (`{ ok: false, error }`). */
export function runTesterStep(task: StepTask, onEvent?: (event: StepEvent) => void): Promise<StepReply> {
  return executor().run(task, onEvent ? { onEvent } : {});
}

/** Stops the tester's executor (a later case starts a new one). */
export async function closeTesterRunner(): Promise<void> {
  const running = shared;
  shared = undefined;
  await running?.close();
}
