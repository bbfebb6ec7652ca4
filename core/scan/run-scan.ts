/**
 * runScan: the selected analysis checks, each with its own context over the same root. Checks in one
 * thread share its parse cache and per-file memo (each file is parsed once across them, and a re-scan
 * reuses every unchanged file); with `parallel` a few independent, expensive checks run at the same
 * time in a second thread (run-checks.ts, second-thread.ts; by default only when a core is idle). No daemon.
 */
import ignore from 'ignore';
import type { CapabilityMeta, Finding, InvokeScope, RegisteredCapability } from '../contracts/index.js';
import { inputFor, SUPPRESSIONS_META, type ProjectSettings } from '../project-config/index.js';
import { scanExclude, scanInclude, scanReview, scanSettings, suppressionsRun, type SuppressedFinding } from './scan-review.js';
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
import { runChecks, useSecondThread } from './run-checks.js';
import { fileStepsSettled, startFileSteps } from './file-steps.js';
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
async function includeList(
  options: ScanOptions,
  given: string[] | undefined,
): Promise<{ include: string[] | undefined | null; changed?: Set<string> }> {
  if (options.changedSince === undefined) return { include: given };
  const changed = await changedFiles(options.root, options.changedSince);
  const wanted = given?.length ? ignore().add(given) : null;
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

function plan(
  options: ScanOptions,
  selected: RegisteredCapability[],
  include: string[] | undefined,
  settings: ProjectSettings,
  validate: (id: string, input: unknown) => { valid: boolean; errors: { path: string; message: string }[] },
): Planned[] {
  return selected.map((registered) => {
    const id = registered.meta.id;
    const given: Record<string, unknown> = { ...options.inputs?.[id] };
    if (include?.length) given.include = include;
    if (options.exclude?.length) given.exclude = options.exclude;
    const input = inputFor(settings, id, given);
    const check = validate(id, input);
    if (!check.valid) {
      const problems = check.errors.map((e) => `${e.path} ${e.message}`).join('; ');
      throw new AgentdError('invalid_input', `The input for "${id}" is invalid (${problems}); fix the options given to that check.`, {
        details: check.errors,
      });
    }
    return { registered, input };
  });
}

function specOf(step: Planned, index: number, invoke: InvokeScope | undefined): StepSpec {
  const { meta, modulePath, binding } = step.registered;
  return {
    id: meta.id,
    modulePath,
    ...(binding === undefined ? {} : { binding }),
    ...(meta.execution ? { execution: meta.execution } : {}),
    ...(invoke ? { invoke } : {}),
    input: step.input,
    index,
  };
}

interface Reported {
  capability: string;
  findings: readonly Finding[];
}

/**
 * The same finding reported twice (a composing check repeating another's) is kept once, under the
 * check that reported it first; `repeated` counts the others per check. analysis.quality hands back
 * the very objects the checks before it reported, so most repeats are found by identity, without a key.
 */
function dedupe(lists: readonly Reported[]): { kept: (Finding & { capability: string })[]; repeated: Map<string, number> } {
  const objects = new Set<Finding>();
  const keys = new Set<string>();
  const repeated = new Map<string, number>();
  const kept: (Finding & { capability: string })[] = [];
  for (const { capability, findings } of lists) {
    for (const f of findings) {
      const r = f.range;
      // A template rather than JSON.stringify of the four: a scan dedupes every finding it reports.
      const key = objects.has(f)
        ? undefined
        : `${f.ruleId}\0${f.file}\0${r.startLine}:${r.startColumn}:${r.endLine}:${r.endColumn}\0${f.message}`;
      if (key === undefined || keys.has(key)) {
        repeated.set(capability, (repeated.get(capability) ?? 0) + 1);
        continue;
      }
      objects.add(f);
      keys.add(key);
      kept.push({ ...f, capability });
    }
  }
  return { kept, repeated };
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
  const settings = scanSettings(options.root, catalog, options.settings);
  const given = scanInclude(settings, options.include);
  const { include, changed } = await includeList(options, given);
  const steps = plan(options, selected, include ?? undefined, settings, (id, input) => catalog.registry.validateInput(id, input));
  // The parses under way (or done) go through the checks' per-file steps from now on.
  const planned = steps.map((step) => ({ check: step.registered, input: step.input }));
  await startFileSteps(walk, planned, !useSecondThread(options.parallel ?? 'auto'));
  const budget = createToolBudget(options.maxToolCalls ?? DEFAULT_SCAN_TOOL_CALLS);
  const specs: StepSpec[] = (include === null ? [] : steps).map((step, index) =>
    specOf(step, index, catalog.registry.invokeScope(step.registered.meta.id)),
  );
  // The sources the scan covers, read once: the report counts them, the review finds agentd-ignore comments in them.
  const { ctx } = await createLocalContext({ root: options.root, limits: { maxToolCalls: 10 }, walk });
  const scanned =
    include === null
      ? { files: [], skipped: [], contents: new Map<string, string>(), lines: 0, folders: {} }
      : await scannedFiles(ctx.workspace, include, scanExclude(settings, options.exclude));
  const review = await scanReview(options.root, settings, walk, scanned.contents);
  const hooks = {
    root: options.root,
    total: steps.length,
    budget,
    walk,
    review,
    projectCode: options.projectCode === true,
    ...(options.signal ? { signal: options.signal } : {}),
    onProgress: options.onProgress,
    onLog: options.onLog,
  };
  if (options.signal?.aborted) throw new AgentdError('cancelled', 'The scan was cancelled; run it again to get a result.');
  await fileStepsSettled(walk);
  const outcomes = await runChecks(specs, hooks, options.parallel ?? 'auto');
  const runs: CapabilityRun[] = outcomes.map((o) => o.run);
  const reported: Reported[] = outcomes.map((o) => ({ capability: o.run.capability, findings: o.result?.findings ?? [] }));
  const suppressed: SuppressedFinding[] = outcomes.flatMap((o) =>
    (o.suppressed ?? []).map(({ finding, suppression }) => ({ ...finding, capability: o.run.capability, suppression })),
  );
  if (include === null)
    for (const step of steps)
      runs.push({ capability: step.registered.meta.id, summary: 'No changed files to scan.', findings: 0, durationMs: 0 });
  const about = suppressionsRun(review, scanned.contents, suppressed.length);
  if (about) {
    runs.push(about.run);
    reported.push({ capability: about.run.capability, findings: about.findings });
  }
  const { kept, repeated } = dedupe(reported);
  const findings = inChanged(kept, changed);
  const quiet = inChanged(suppressed, changed);
  const sources = await findingSources(options.root, [...findings, ...quiet], scanned.contents);
  const metas = [...selected.map((c) => c.meta), ...(about ? [SUPPRESSIONS_META] : [])];
  return buildReport(options, {
    metas,
    runs,
    repeated,
    findings: assignFingerprints(findings, sources),
    suppressed: assignFingerprints(quiet, sources),
    sources,
    scanned,
    startedAt,
    durationMs: performance.now() - started,
  });
}

interface ReportParts {
  metas: CapabilityMeta[];
  runs: CapabilityRun[];
  repeated: Map<string, number>;
  findings: ScanReport['findings'];
  suppressed: NonNullable<ScanReport['suppressed']>;
  sources: Record<string, string>;
  scanned: Awaited<ReturnType<typeof scannedFiles>>;
  startedAt: Date;
  durationMs: number;
}

function buildReport(options: ScanOptions, parts: ReportParts): ScanReport {
  return {
    tool: options.tool ?? agentdToolInfo(),
    root: options.root,
    startedAt: parts.startedAt.toISOString(),
    findings: parts.findings,
    suppressed: parts.suppressed,
    capabilities: parts.metas,
    // Counted after de-duplication, so each run's number adds up to the findings listed; what a check
    // reported that another had already is counted apart (analysis.quality scores the others' findings).
    runs: parts.runs.map((run) => {
      const repeated = parts.repeated.get(run.capability);
      return { ...run, findings: parts.findings.filter((f) => f.capability === run.capability).length, ...(repeated ? { repeated } : {}) };
    }),
    sources: parts.sources,
    stats: {
      filesScanned: parts.scanned.files.length,
      linesScanned: parts.scanned.lines,
      durationMs: Math.round(parts.durationMs),
      suppressedByBaseline: 0,
      folders: parts.scanned.folders,
    },
    skipped: parts.scanned.skipped,
  };
}
