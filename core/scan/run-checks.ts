/**
 * Runs the selected checks: the composing ones (`meta.execution.composes`, e.g. quality) last, after
 * every other result is in; third-party plugin checks in an executor process of their own, at the same
 * time as the rest (plugin-checks.ts); the others in this thread, except those whose
 * `meta.execution.thread` is `second`, which run at the same time in the scan's second thread when
 * there is work for both threads (second-thread.ts says why that pays).
 */
import type { StepResult, ToolBudget } from '../contracts/index.js';
import { runStep, type StepHooks, type StepOutcome, type StepSpec } from './run-step.js';
import { reviewResult } from '../project-config/index.js';
import { parseForSharing, type SharedParse } from './shared-parse.js';
import { runInSecondThread, secondThreadFree, type SecondThreadRun } from './second-thread.js';
import { AgentdError, isAgentdError } from '../errors/index.js';

export type CheckOutcome = StepOutcome;

/** A check that composes others' results (it sees them as ctx.previous) runs after them. */
export function composes(spec: StepSpec): boolean {
  return (spec.execution?.composes?.length ?? 0) > 0;
}

/** A third-party plugin's check (its spec carries the plugin's binding): run in an executor process (plugin-checks.ts). */
function isPluginCheck(spec: StepSpec): boolean {
  return spec.binding !== undefined;
}

/** Checks that neither compose others nor feed a composing check's per-file memo entries say so in their meta. */
export function takesSecondThread(spec: StepSpec): boolean {
  return spec.execution?.thread === 'second';
}

function cancelled(): AgentdError {
  return new AgentdError('cancelled', 'The scan was cancelled; run it again to get a result.');
}

async function inOrder(specs: StepSpec[], hooks: StepHooks, previous: StepResult[], outcomes: CheckOutcome[]): Promise<void> {
  for (const spec of specs) {
    if (hooks.signal?.aborted) throw cancelled();
    const outcome = await runStep(spec, hooks, [...previous]);
    outcomes[spec.index] = outcome;
    if (outcome.result) previous.push(outcome.result);
  }
}

function failedRuns(specs: StepSpec[], error: unknown): SecondThreadRun {
  const code = isAgentdError(error) ? error.code : 'capability_crashed';
  const message = (error as Error)?.message ?? String(error);
  return {
    steps: specs.map((s) => ({
      index: s.index,
      run: { capability: s.id, summary: `failed: ${message}`, findings: 0, durationMs: 0, error: { code, message } },
    })),
    toolCalls: 0,
  };
}

function countInto(budget: ToolBudget, calls: number): void {
  for (let i = 0; i < calls; i++) budget.count('second thread');
}

/**
 * "auto" (the default) is one thread now. The second thread paid while every check had to copy every
 * tree through the binding; since the flat-tree addon parses off the main thread anyway and the checks
 * got cheap, the second thread's own module loading, tree building and warm-up cost more than it
 * saves: measured on a 2-core machine over 141k lines, 1.98 s in one thread against 2.44 s with the
 * second (bench/scan-vs-eslint-jscpd.ts, runScan in a child). `parallel: true` still forces it.
 */
export function useSecondThread(parallel: boolean | 'auto'): boolean {
  return parallel === true;
}

/** Every check of a scan gets the same include/exclude (runScan's plan), so any spec's input names the files. */
async function sharedParses(spec: StepSpec, root: string): Promise<SharedParse[]> {
  const include = spec.input.include as string[] | undefined;
  const exclude = spec.input.exclude as string[] | undefined;
  try {
    return await parseForSharing(root, include, exclude);
  } catch {
    // Nothing shared: each thread parses for itself, and any real problem surfaces in the checks.
    return [];
  }
}

/** A check the second thread ran is reviewed here, where the scan's one review lives. */
async function reviewedHere(outcome: CheckOutcome, spec: StepSpec, hooks: StepHooks): Promise<CheckOutcome> {
  if (!hooks.review || !outcome.result) return outcome;
  const { result, suppressed } = await reviewResult(outcome.result, spec.id, spec.input, hooks.review);
  return { run: { ...outcome.run, summary: result.summary, findings: result.findings?.length ?? 0 }, result, suppressed };
}

/** Checks that ran away from this thread (the second thread, the plugins' executor): counted into the budget and reviewed here. */
async function adoptRuns(done: SecondThreadRun, specs: StepSpec[], hooks: StepHooks, outcomes: CheckOutcome[]): Promise<void> {
  if (hooks.signal?.aborted) throw cancelled();
  countInto(hooks.budget, done.toolCalls);
  for (const { index, ...outcome } of done.steps)
    outcomes[index] = await reviewedHere(
      outcome,
      specs.find((s) => s.index === index)!,
      hooks,
    );
}

export async function runChecks(specs: StepSpec[], hooks: StepHooks, parallel: boolean | 'auto'): Promise<CheckOutcome[]> {
  const outcomes: CheckOutcome[] = [];
  const composing = specs.filter(composes);
  // Plugin checks start first, in their own executor process, and run beside the rest (plugin-checks.ts).
  const plugins = specs.filter((s) => !composes(s) && isPluginCheck(s));
  const isolated =
    plugins.length > 0
      ? import('./plugin-checks.js')
          .then(({ runPluginChecks }) => runPluginChecks(plugins, hooks))
          .catch((error: unknown) => failedRuns(plugins, error))
      : null;
  const rest = specs.filter((s) => !composes(s) && !isPluginCheck(s));
  let offload = useSecondThread(parallel) && secondThreadFree() ? rest.filter(takesSecondThread) : [];
  // A thread with nothing to do beside it gains nothing and costs a second parse.
  if (offload.length === rest.length) offload = [];
  const local = rest.filter((s) => !offload.includes(s));
  const parsed = offload.length > 0 ? await sharedParses(offload[0]!, hooks.root) : [];
  const remote =
    offload.length > 0
      ? runInSecondThread(offload, { ...hooks, maxToolCalls: hooks.budget.max - hooks.budget.used, parsed }).catch((error: unknown) =>
          failedRuns(offload, error),
        )
      : null;
  const previous: StepResult[] = [];
  try {
    await inOrder(local, hooks, previous, outcomes);
  } catch (error) {
    // A cancelled or failed scan ends when its second thread and its plugin checks have ended too (they
    // were sent the cancel): nothing of it keeps parsing after the caller was told the scan is over.
    await Promise.all([remote, isolated]);
    throw error;
  }
  // Both are awaited before either is adopted: a scan cancelled now still ends after both have ended.
  const [pluginRuns, secondRuns] = await Promise.all([isolated, remote]);
  if (pluginRuns) await adoptRuns(pluginRuns, plugins, hooks, outcomes);
  if (secondRuns) await adoptRuns(secondRuns, offload, hooks, outcomes);
  const all = outcomes.filter((o): o is CheckOutcome => o !== undefined).flatMap((o) => (o.result ? [o.result] : []));
  await inOrder(composing, hooks, all, outcomes);
  return specs.map((s) => outcomes[s.index]!);
}
