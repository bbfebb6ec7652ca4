/**
 * analysis.quality: the scored report. Runs complexity, smells, naming, duplication and structure on
 * sources parsed once (reusing memoised per-file results and earlier steps' findings), then scores
 * every file, folder and the whole project 0-100 with an A-F grade by the formula in
 * docs/quality-score.md, and ranks the top issues. Its findings are the issues it scored, so the count
 * in its summary is the count of its findings (in a scan each is listed once, under the check that
 * reported it first).
 */
import {
  isDeclarationFile,
  type CapabilityContext,
  type CapabilityMeta,
  type FileStepContext,
  type Finding,
  type ParsedFile,
  type StepResult,
} from '../../core/index.js';
import { memoiseComponentsOf, runComponents } from './quality/component-runs.js';
import { QUALITY_INPUT_SCHEMA, type QualityInput } from './quality/options.js';
import { withoutOverlaps } from './quality/overlaps.js';
import { previousFindings } from './quality/previous-results.js';
import { buildReport } from './quality/report.js';
import { COMPONENTS, DEFAULT_WEIGHTS, type Component } from './quality/score.js';
import { loadSources } from '../../core/index.js';
import { PLANNING } from './quality/planning.js';

export const meta: CapabilityMeta = {
  id: 'analysis.quality',
  group: 'analysis',
  title: 'Quality score',
  description:
    'A 0-100 score and A-F grade per file, per folder and overall, composed from complexity, smells, duplication, naming, structure and dependency findings, with the top issues ranked.',
  version: '1.0.0',
  inputSchema: QUALITY_INPUT_SCHEMA,
  writes: false,
  execution: {
    composes: [
      'analysis.complexity',
      'analysis.smells',
      'analysis.duplication',
      'analysis.naming',
      'analysis.structure',
      'analysis.dependencies',
    ],
    cost: 'heavy',
    testCode: 'leave-out',
  },
  report: { folderScores: true },
  rules: [],
  planning: PLANNING,
};

export async function run(input: QualityInput, ctx: CapabilityContext): Promise<StepResult> {
  const weights: Record<Component, number> = { ...DEFAULT_WEIGHTS, ...(input?.weights ?? {}) };
  const reused = input?.usePrevious === false ? {} : previousFindings(ctx.previous);
  const { units, skipped } = await loadSources(ctx, input ?? {}, meta.id);
  const runs = await runComponents(ctx, units, new Set(Object.keys(reused) as Component[]));
  const inScope = new Set(units.map((u) => u.path));
  const findings: Finding[] = [];
  for (const component of COMPONENTS) {
    if (weights[component] === 0) continue;
    // Reused findings from a step with a wider scope keep only the files scored here (and project-level ones).
    const list = reused[component]?.filter((f) => inScope.has(f.file) || !/\.[cm]?[jt]sx?$/.test(f.file)) ?? runs.findings[component] ?? [];
    findings.push(...list);
  }
  // The issues scored are the issues reported: the project's rule settings and suppressions first
  // (the step's runner would drop them from the findings afterwards and the count would disagree).
  const scored = withoutOverlaps(ctx.reviewFindings ? await ctx.reviewFindings(findings) : findings);
  const report = buildReport(runs.basics, scored, weights, input?.top ?? 10);
  ctx.progress(100);
  const o = report.overall;
  const failed = runs.failed.length
    ? ` (${runs.failed.map((f) => f.component).join(', ')} failed and ${runs.failed.length === 1 ? 'is' : 'are'} left out)`
    : '';
  return {
    summary: `Quality ${o.score}/100, grade ${o.grade}, over ${o.files} files and ${o.sloc} lines of code: ${o.findings} issues, technical debt ${Math.round(o.effortMinutes)} min (${(o.debtRatio * 100).toFixed(1)}% of the code's development cost)${failed}.`,
    findings: scored,
    data: {
      ...report,
      weights,
      components: COMPONENTS.map((c) => ({
        component: c,
        source: reused[c] ? 'previous-step' : runs.findings[c] ? 'computed' : 'unavailable',
        weight: weights[c],
      })),
      failed: runs.failed,
      skipped,
    },
  };
}

/**
 * A file's component entries, memoised as run() memoises them (run() reads no declaration files),
 * except for the components whose own check the scan runs first: run() takes their findings instead.
 */
export function perFile(file: ParsedFile, ctx: FileStepContext, input: QualityInput): void {
  if (isDeclarationFile(file.path)) return;
  const reused = new Set<Component>();
  if (input?.usePrevious !== false)
    for (const component of ['naming', 'structure'] as const) if (ctx.checks.has(`analysis.${component}`)) reused.add(component);
  memoiseComponentsOf(ctx, file, reused);
}
