/** One analysis check run through a StepRunner — in this thread by default — with its own local context over the scan's root (shared by runScan and the scan worker). */
import { DEFAULT_LIMITS, type CapabilityExecution, type InvokeScope, type StepResult, type ToolBudget } from '../contracts/index.js';
import { InProcessRunner } from '../executor/in-process-runner.js';
import type { StepTask } from '../executor/protocol.js';
import type { StepRunner } from '../executor/step-runner.js';
import { runReviewed, type FindingReview, type ReviewedRun } from '../project-config/index.js';
import type { CapabilityRun } from '../report/index.js';
import type { RootWalker } from '../workspace/list-files.js';

/** What a thread needs to run one check: the module to import, its id and its validated input. */
export interface StepSpec {
  id: string;
  modulePath: string;
  /** A runner module's data (a third-party plugin: core/contracts RegisteredCapability.binding). */
  binding?: unknown;
  input: Record<string, unknown>;
  /** What its ctx.invoke may run (the registry's invokeScope). */
  invoke?: InvokeScope;
  /** Its meta.execution (core/contracts CapabilityExecution): where and when the scan runs it. */
  execution?: CapabilityExecution;
  /** The step's place in the whole scan, for progress. */
  index: number;
}

export interface StepHooks {
  root: string;
  total: number;
  budget: ToolBudget;
  signal?: AbortSignal;
  onProgress?: (progress: { percent: number; capability: string; message: string }) => void;
  onLog?: (capability: string, level: string, message: string) => void;
  /** The scan's one walk of the root, shared by every check's workspace view. */
  walk?: RootWalker;
  /** The project-code permission every check gets (ScanOptions.projectCode). */
  projectCode?: boolean;
  /** Reviews each check's findings under the project's configuration (not in the second thread: the main thread reviews those). */
  review?: FindingReview;
}

export interface StepOutcome {
  run: CapabilityRun;
  result?: StepResult;
  suppressed?: ReviewedRun['suppressed'];
}

/** The task a StepRunner takes for one check of the scan (the budget, walk and review are the runner's). */
function taskOf(step: StepSpec, hooks: StepHooks, previous: StepResult[]): StepTask {
  return {
    jobId: 'scan',
    stepIndex: step.index,
    capabilityId: step.id,
    modulePath: step.modulePath,
    input: step.input,
    root: hooks.root,
    staged: [],
    previous,
    maxToolCalls: hooks.budget.max,
    toolCallsUsed: hooks.budget.used,
    maxMemoryMB: DEFAULT_LIMITS.maxMemoryMB,
    permissions: { projectCode: hooks.projectCode === true },
    ...(step.binding === undefined ? {} : { binding: step.binding }),
    ...(step.invoke ? { invoke: step.invoke } : {}),
  };
}

/**
 * Runs one check. By default through an in-process runner in this thread, which counts its tool calls
 * into `hooks.budget` and reviews its findings as they come; with `runner` (a plugin check in the scan's
 * executor process, plugin-checks.ts) through that one instead — its findings are then reviewed by the
 * caller and its tool calls counted from the reply.
 */
export async function runStep(step: StepSpec, hooks: StepHooks, previous: StepResult[], runner?: StepRunner): Promise<StepOutcome> {
  const started = performance.now();
  const report = (percent: number, message?: string): void =>
    hooks.onProgress?.({
      percent: ((step.index + Math.min(100, Math.max(0, percent)) / 100) / hooks.total) * 100,
      capability: step.id,
      message: message ?? step.id,
    });
  report(0, `${step.id}: starting`);
  let suppressed: ReviewedRun['suppressed'] = [];
  // One check, through the one way to run a capability (core/executor/step-runner.ts): in this thread unless given a runner.
  const chosen =
    runner ??
    new InProcessRunner({
      budget: hooks.budget,
      settleOnCancel: true,
      ...(hooks.walk ? { walk: hooks.walk } : {}),
      execute: async (capability, input, ctx) => {
        if (!hooks.review) return capability.run(input, ctx);
        const reviewed = await runReviewed((i, c) => capability.run(i, c), step.id, input as Record<string, unknown>, ctx, hooks.review);
        suppressed = reviewed.suppressed;
        return reviewed.result;
      },
    });
  const reply = await chosen.run(taskOf(step, hooks, previous), {
    ...(hooks.signal ? { signal: hooks.signal } : {}),
    onEvent: (event) =>
      event.kind === 'progress' ? report(event.percent, event.message) : hooks.onLog?.(step.id, event.level, event.message),
  });
  if (!reply.ok) {
    const { code, message } = reply.error;
    return {
      run: {
        capability: step.id,
        summary: `failed: ${message}`,
        findings: 0,
        durationMs: performance.now() - started,
        error: { code, message },
      },
    };
  }
  const { result } = reply;
  report(100, `${step.id}: done`);
  return {
    run: {
      capability: step.id,
      summary: result.summary,
      findings: result.findings?.length ?? 0,
      durationMs: performance.now() - started,
      data: result.data,
    },
    result,
    suppressed,
  };
}
