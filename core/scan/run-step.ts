/** One analysis check run in this thread with its own local context over the scan's root (shared by runScan and the scan worker). */
import { pathToFileURL } from 'node:url';
import type { Capability, CapabilityExecution, StepResult, ToolBudget } from '../contracts/index.js';
import { createLocalContext } from '../context/local-context.js';
import { isAgentdError } from '../errors/index.js';
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

export async function runStep(step: StepSpec, hooks: StepHooks, previous: StepResult[]): Promise<StepOutcome> {
  const started = performance.now();
  const report = (percent: number, message?: string): void =>
    hooks.onProgress?.({ percent: ((step.index + Math.min(100, Math.max(0, percent)) / 100) / hooks.total) * 100, capability: step.id, message: message ?? step.id });
  report(0, `${step.id}: starting`);
  try {
    const mod = (await import(pathToFileURL(step.modulePath).href)) as Capability & { bindCapability?: (binding: unknown) => Capability };
    const capability = step.binding !== undefined && typeof mod.bindCapability === 'function' ? mod.bindCapability(step.binding) : mod;
    const { ctx } = await createLocalContext({
      root: hooks.root,
      jobId: 'scan',
      stepIndex: step.index,
      budget: hooks.budget,
      permissions: { projectCode: hooks.projectCode === true },
      previous,
      ...(hooks.signal ? { signal: hooks.signal } : {}),
      onProgress: report,
      onLog: (level, message) => hooks.onLog?.(step.id, level, message),
      ...(hooks.walk ? { walk: hooks.walk } : {}),
    });
    const run = (input: unknown, context: typeof ctx): Promise<StepResult> => capability.run(input, context);
    const { result, suppressed } = hooks.review ? await runReviewed(run, step.id, step.input, ctx, hooks.review) : { result: await run(step.input, ctx), suppressed: [] };
    report(100, `${step.id}: done`);
    return { run: { capability: step.id, summary: result.summary, findings: result.findings?.length ?? 0, durationMs: performance.now() - started, data: result.data }, result, suppressed };
  } catch (error) {
    const code = isAgentdError(error) ? error.code : 'capability_error';
    const message = (error as Error)?.message ?? String(error);
    return { run: { capability: step.id, summary: `failed: ${message}`, findings: 0, durationMs: performance.now() - started, error: { code, message } } };
  }
}
