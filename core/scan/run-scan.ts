/**
 * runScan: the selected analysis checks run one after another in this thread, each with its own
 * context over the same root, so they share the thread's parse cache and per-file memo (each file is
 * parsed once across all of them, and a re-scan reuses every unchanged file). No daemon, no worker.
 */
import ignore from 'ignore';
import type { Capability, Finding, RegisteredCapability, StepResult, ToolBudget } from '../contracts/index.js';
import { createLocalContext } from '../context/local-context.js';
import { createToolBudget } from '../context/tool-budget.js';
import { AgentdError, isAgentdError } from '../errors/index.js';
import { assignFingerprints, type CapabilityRun, type ScanReport } from '../report/index.js';
import { loadCapability, sharedAnalysisCatalog } from './analysis-catalog.js';
import { changedFiles, exactPattern } from './changed-files.js';
import { findingSources, scannedFiles } from './scanned-files.js';
import type { ScanOptions, ScanResult } from './scan-types.js';
import { selectChecks } from './select-checks.js';
import { agentdToolInfo } from './tool-info.js';

export const DEFAULT_SCAN_TOOL_CALLS = 10_000;

interface Planned {
  registered: RegisteredCapability;
  input: Record<string, unknown>;
}

/** The include list: the user's globs, or with --changed-since the changed files they match (null: nothing to scan). */
async function includeList(options: ScanOptions): Promise<string[] | undefined | null> {
  if (options.changedSince === undefined) return options.include;
  const changed = await changedFiles(options.root, options.changedSince);
  const wanted = options.include?.length ? ignore().add(options.include) : null;
  const kept = wanted ? changed.filter((file) => wanted.ignores(file)) : changed;
  return kept.length === 0 ? null : kept.map(exactPattern);
}

function plan(options: ScanOptions, selected: RegisteredCapability[], include: string[] | undefined, validate: (id: string, input: unknown) => { valid: boolean; errors: { path: string; message: string }[] }): Planned[] {
  return selected.map((registered) => {
    const id = registered.meta.id;
    const input: Record<string, unknown> = { ...options.inputs?.[id] };
    if (include?.length) input.include = include;
    if (options.exclude?.length) input.exclude = options.exclude;
    const check = validate(id, input);
    if (!check.valid) {
      const problems = check.errors.map((e) => `${e.path} ${e.message}`).join('; ');
      throw new AgentdError('invalid_input', `The input for "${id}" is invalid (${problems}); fix the options given to that check.`, { details: check.errors });
    }
    return { registered, input };
  });
}

async function runOne(step: Planned, index: number, total: number, options: ScanOptions, budget: ToolBudget, previous: StepResult[]): Promise<{ run: CapabilityRun; result?: StepResult }> {
  const id = step.registered.meta.id;
  const started = performance.now();
  const report = (percent: number, message?: string): void => options.onProgress?.({ percent: ((index + Math.min(100, Math.max(0, percent)) / 100) / total) * 100, capability: id, message: message ?? id });
  report(0, `${id}: starting`);
  try {
    const capability: Capability = await loadCapability(step.registered);
    const { ctx } = await createLocalContext({
      root: options.root,
      jobId: 'scan',
      stepIndex: index,
      budget,
      previous,
      ...(options.signal ? { signal: options.signal } : {}),
      onProgress: report,
      onLog: (level, message) => options.onLog?.(id, level, message),
    });
    const result = await capability.run(step.input, ctx);
    report(100, `${id}: done`);
    return { run: { capability: id, summary: result.summary, findings: result.findings?.length ?? 0, durationMs: performance.now() - started, data: result.data }, result };
  } catch (error) {
    const code = isAgentdError(error) ? error.code : 'capability_error';
    const message = (error as Error)?.message ?? String(error);
    return { run: { capability: id, summary: `failed: ${message}`, findings: 0, durationMs: performance.now() - started, error: { code, message } } };
  }
}

/** The same finding reported twice (a composing check repeating another's) is kept once. */
function dedupe(findings: (Finding & { capability: string })[]): (Finding & { capability: string })[] {
  const seen = new Set<string>();
  return findings.filter((f) => {
    const key = JSON.stringify([f.ruleId, f.file, f.range, f.message]);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

export async function runScan(options: ScanOptions): Promise<ScanResult> {
  const startedAt = new Date();
  const started = performance.now();
  const catalog = options.catalog ?? (await sharedAnalysisCatalog());
  const selected = selectChecks(catalog, options.checks);
  const include = await includeList(options);
  const steps = plan(options, selected, include ?? undefined, (id, input) => catalog.registry.validateInput(id, input));
  const budget = createToolBudget(options.maxToolCalls ?? DEFAULT_SCAN_TOOL_CALLS);
  const runs: CapabilityRun[] = [];
  const results: StepResult[] = [];
  const found: (Finding & { capability: string })[] = [];
  for (const [index, step] of (include === null ? [] : steps).entries()) {
    if (options.signal?.aborted) throw new AgentdError('cancelled', 'The scan was cancelled; run it again to get a result.');
    const { run, result } = await runOne(step, index, steps.length, options, budget, [...results]);
    runs.push(run);
    if (result) results.push(result);
    for (const finding of result?.findings ?? []) found.push({ ...finding, capability: run.capability });
  }
  if (include === null) for (const step of steps) runs.push({ capability: step.registered.meta.id, summary: 'No changed files to scan.', findings: 0, durationMs: 0 });
  const { ctx } = await createLocalContext({ root: options.root, limits: { maxToolCalls: 10 } });
  const scanned = include === null ? { files: [], contents: new Map<string, string>(), lines: 0, folders: {} } : await scannedFiles(ctx.workspace, include, options.exclude);
  const findings = dedupe(found);
  const sources = await findingSources(options.root, findings, scanned.contents);
  return buildReport(options, { selected, runs, findings: assignFingerprints(findings, sources), sources, scanned, startedAt, durationMs: performance.now() - started });
}

function buildReport(
  options: ScanOptions,
  parts: { selected: RegisteredCapability[]; runs: CapabilityRun[]; findings: ScanReport['findings']; sources: Record<string, string>; scanned: Awaited<ReturnType<typeof scannedFiles>>; startedAt: Date; durationMs: number },
): ScanReport {
  return {
    tool: options.tool ?? agentdToolInfo(),
    root: options.root,
    startedAt: parts.startedAt.toISOString(),
    findings: parts.findings,
    capabilities: parts.selected.map((c) => c.meta),
    // Counted after de-duplication, so each run's number adds up to the findings listed.
    runs: parts.runs.map((run) => ({ ...run, findings: parts.findings.filter((f) => f.capability === run.capability).length })),
    sources: parts.sources,
    stats: { filesScanned: parts.scanned.files.length, linesScanned: parts.scanned.lines, durationMs: Math.round(parts.durationMs), suppressedByBaseline: 0, folders: parts.scanned.folders },
  };
}
