/**
 * A scan's third-party plugin checks (steps with a `binding`) run in an executor process of their own
 * (core/executor ExecutorSupervisor), started with the checks and running beside this thread's. A
 * plugin is untrusted code, and one allocation far past its isolate's limit aborts the process that
 * hosts the isolate (docs/plugins.md): here that is the executor, whose steps then fail with
 * `capability_crashed`, while the scan finishes and reports. The executor parses what the plugin asks
 * for itself; during the checks the second core is otherwise idle. Loaded only by a scan that has plugin
 * checks (run-checks.ts).
 */
import { ExecutorSupervisor } from '../executor/executor-supervisor.js';
import { runStep, type StepHooks, type StepOutcome, type StepSpec } from './run-step.js';

export interface PluginChecksRun {
  steps: (StepOutcome & { index: number })[];
  /** Tool calls the steps made, for the scan's budget. */
  toolCalls: number;
}

/** Runs the plugin checks in a new executor process, all at once; the executor is closed when they are done. */
export async function runPluginChecks(specs: StepSpec[], hooks: StepHooks): Promise<PluginChecksRun> {
  const executor = new ExecutorSupervisor();
  let toolCalls = 0;
  // Each step's reply says how many tool calls it made; the runner below sees every reply.
  const counting = {
    run: async (...args: Parameters<ExecutorSupervisor['run']>) => {
      const reply = await executor.run(...args);
      toolCalls += reply.toolCalls;
      return reply;
    },
  };
  // Findings are reviewed by the caller, in this thread (the executor has no review).
  const unreviewed: StepHooks = { ...hooks };
  delete unreviewed.review;
  try {
    const steps = await Promise.all(specs.map(async (spec) => ({ index: spec.index, ...(await runStep(spec, unreviewed, [], counting)) })));
    return { steps, toolCalls };
  } finally {
    await executor.close();
  }
}
