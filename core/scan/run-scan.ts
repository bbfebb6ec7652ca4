/**
 * runScan: the selected analysis checks, each with its own context over the same root. Checks in one
 * thread share its parse cache and per-file memo (each file is parsed once across them, and a re-scan
 * reuses every unchanged file); with `parallel` a few independent, expensive checks run at the same
 * time in a second thread (run-checks.ts, second-thread.ts; by default only when a core is idle). No daemon.
 */
import ignore from 'ignore';
import type { Finding, RegisteredCapability } from '../contracts/index.js';
import { createLocalContext } from '../context/local-context.js';
import { createToolBudget } from '../context/tool-budget.js';
import { AgentdError } from '../errors/index.js';
import { assignFingerprints, type CapabilityRun, type ScanReport } from '../report/index.js';
import { sharedAnalysisCatalog } from './analysis-catalog.js';
import { changedFiles, exactPattern } from './changed-files.js';
import { prefetchSources } from './prefetch-sources.js';
import { walkOnce } from '../workspace/list-files.js';
import { findingSources, scannedFiles } from './scanned-files.js';
import type { ScanOptions, ScanResult } from './scan-types.js';
import { runChecks } from './run-checks.js';
import type { StepSpec } from './run-step.js';
import { selectChecks } from './select-checks.js';
import { agentdToolInfo } from './tool-info.js';

export const DEFAULT_SCAN_TOOL_CALLS = 10_000;

interface Planned {
  registered: RegisteredCapability;
  input: Record<string, unknown>;
}

/**
 * The include list: the user's globs, or with --changed-since the changed files they match (null:
 * nothing to scan); `changed` is that file set, to which findings are then confined.
 */
async function includeList(options: ScanOptions): Promise<{ include: string[] | undefined | null; changed?: Set<string> }> {
  if (options.changedSince === undefined) return { include: options.include };
  const changed = await changedFiles(options.root, options.changedSince);
  const wanted = options.include?.length ? ignore().add(options.include) : null;
  const kept = wanted ? changed.filter((file) => wanted.ignores(file)) : changed;
  return { include: kept.length === 0 ? null : kept.map(exactPattern), changed: new Set(kept) };
}

/**
 * Checks that read project files beyond their include list (security's package.json/lock-file
 * advisories, dependencies' manifest) would otherwise report unchanged files and fail a pull request
 * for what its base branch already had.
 */
function inChanged<T extends Finding>(findings: T[], changed: Set<string> | undefined): T[] {
  return changed ? findings.filter((f) => changed.has(f.file)) : findings;
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
  // Every check lists the project as one walk saw it (and the report's file count comes from the same
  // walk). Parsing starts off this thread while it loads the checks' modules (a caller that loads
  // the catalog itself, like the CLI, calls prefetchSources before doing so, with this walk).
  const walk = options.walk ?? walkOnce();
  if (!options.catalog) await prefetchSources({ ...options, walk });
  const catalog = options.catalog ?? (await sharedAnalysisCatalog());
  const selected = selectChecks(catalog, options.checks);
  const { include, changed } = await includeList(options);
  const steps = plan(options, selected, include ?? undefined, (id, input) => catalog.registry.validateInput(id, input));
  const budget = createToolBudget(options.maxToolCalls ?? DEFAULT_SCAN_TOOL_CALLS);
  const specs: StepSpec[] = (include === null ? [] : steps).map((step, index) => ({ id: step.registered.meta.id, modulePath: step.registered.modulePath, input: step.input, index }));
  const hooks = { root: options.root, total: steps.length, budget, walk, ...(options.signal ? { signal: options.signal } : {}), onProgress: options.onProgress, onLog: options.onLog };
  if (options.signal?.aborted) throw new AgentdError('cancelled', 'The scan was cancelled; run it again to get a result.');
  const outcomes = await runChecks(specs, hooks, options.parallel ?? 'auto');
  const runs: CapabilityRun[] = outcomes.map((o) => o.run);
  const found: (Finding & { capability: string })[] = outcomes.flatMap((o) => (o.result?.findings ?? []).map((finding) => ({ ...finding, capability: o.run.capability })));
  if (include === null) for (const step of steps) runs.push({ capability: step.registered.meta.id, summary: 'No changed files to scan.', findings: 0, durationMs: 0 });
  const { ctx } = await createLocalContext({ root: options.root, limits: { maxToolCalls: 10 }, walk });
  const scanned = include === null ? { files: [], skipped: [], contents: new Map<string, string>(), lines: 0, folders: {} } : await scannedFiles(ctx.workspace, include, options.exclude);
  const findings = inChanged(dedupe(found), changed);
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
    skipped: parts.scanned.skipped,
  };
}
