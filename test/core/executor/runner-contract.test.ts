/** The runner contract suite against the executor (Piscina in the executor process) and the in-process runner, with the test capabilities. */
import path from 'node:path';
import { ExecutorSupervisor, InProcessRunner, type StepTask } from '../../../core/executor/index.js';
import type { CapabilityRegistry } from '../../../core/registry/index.js';
import { loadTestRegistry, makeWorkspace } from '../engine/engine-harness.js';
import { runnerContract, type RunnerUnderTest } from './runner-contract.js';

let counter = 0;

function taskMaker(registry: CapabilityRegistry, root: string) {
  return (id: string, input: unknown = {}, maxMemoryMB = 64): (() => Promise<StepTask>) =>
    async () => ({
      jobId: `contract-${++counter}`,
      stepIndex: 0,
      capabilityId: id,
      modulePath: registry.require(id).modulePath,
      input,
      root,
      staged: [],
      previous: [],
      maxToolCalls: 100,
      toolCallsUsed: 0,
      maxMemoryMB,
      permissions: { projectCode: false },
    });
}

async function world(): Promise<{ task: ReturnType<typeof taskMaker>; cleanup(): Promise<void> }> {
  const registry = await loadTestRegistry();
  const workspace = await makeWorkspace({ 'a.txt': 'a\n' });
  return { task: taskMaker(registry, path.resolve(workspace.root)), cleanup: workspace.cleanup };
}

runnerContract('ExecutorSupervisor (a Piscina thread in the executor process)', async (): Promise<RunnerUnderTest> => {
  const { task, cleanup } = await world();
  const executor = new ExecutorSupervisor({ warmMemoryMB: [64] });
  await executor.start();
  return {
    runner: executor,
    ok: task('analysis.test-reader', { path: 'a.txt' }),
    tasks: {
      loopForever: task('analysis.test-loop-forever'),
      hugeAllocation: task('analysis.test-alloc-huge'),
      throws: task('analysis.test-throws', { message: 'boom' }),
      exits: task('analysis.test-exits'),
      cancellable: task('analysis.test-slow', { ms: 600_000 }),
    },
    // The engine's job deadline aborts the step's signal; the executor terminates a thread that does not stop.
    codes: {
      loopForever: ['cancelled', 'time_limit'],
      hugeAllocation: ['memory_limit', 'capability_crashed'],
      throws: ['capability_error'],
      exits: ['capability_crashed'],
    },
    deadlineMs: 500,
    close: async () => {
      await executor.close();
      await cleanup();
    },
  };
});

runnerContract('InProcessRunner (the scan: this thread)', async (): Promise<RunnerUnderTest> => {
  const { task, cleanup } = await world();
  const notContained = "it runs in the caller's thread; the scan runs reviewed first-party checks and sandboxed plugins only";
  return {
    runner: new InProcessRunner(),
    ok: task('analysis.test-reader', { path: 'a.txt' }),
    tasks: {
      loopForever: { notContained },
      hugeAllocation: { notContained },
      throws: task('analysis.test-throws', { message: 'boom' }),
      exits: { notContained },
      cancellable: task('analysis.test-slow', { ms: 600_000 }),
    },
    codes: { loopForever: [], hugeAllocation: [], throws: ['capability_error'], exits: [] },
    deadlineMs: 500,
    close: cleanup,
  };
});
