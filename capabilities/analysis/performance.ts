/**
 * analysis.performance: slow algorithms, memory leaks, inefficient queries, bundle size and React render
 * performance, from syntax alone (tree-sitter). The checks live in ./performance/.
 */
import {
  isDeclarationFile,
  unitOf,
  type CapabilityContext,
  type CapabilityMeta,
  type FileStepContext,
  type ParsedFile,
  type StepResult,
} from '../../core/index.js';
import { analyzePerformance } from './performance/analyze-performance.js';
import { isBrowserProject, memoisedPerformance } from './performance/memoised-performance.js';
import { PERFORMANCE_INPUT_SCHEMA, type PerformanceInput } from './performance/options.js';
import { PERFORMANCE_RULES } from './performance/rules.js';
import { selectFindings } from '../../core/index.js';
import { loadSources } from '../../core/index.js';
import { PLANNING } from './performance/planning.js';

export const meta: CapabilityMeta = {
  id: 'analysis.performance',
  group: 'analysis',
  title: 'Performance',
  description:
    'Slow algorithms, memory leaks, N+1 and unbounded queries, whole-library imports with their sizes, and React render problems (keys, inline props, memoisation, hook dependencies).',
  version: '1.0.0',
  inputSchema: PERFORMANCE_INPUT_SCHEMA,
  writes: false,
  rules: PERFORMANCE_RULES,
  planning: PLANNING,
};

export async function run(input: PerformanceInput, ctx: CapabilityContext): Promise<StepResult> {
  const browser = input?.browser ?? 'auto';
  const browserProject = isBrowserProject(input, ctx.project);
  const { units, skipped } = await loadSources(ctx, input ?? {}, meta.id);
  const files = units.map((unit) => {
    ctx.signal.throwIfAborted();
    return memoisedPerformance(ctx, unit, browserProject);
  });
  let findings = analyzePerformance(files);
  if (browser === 'no') findings = findings.filter((f) => f.ruleId !== 'performance/whole-library-import');
  findings = selectFindings(findings, input?.rules);
  const counts: Record<string, number> = {};
  for (const f of findings) counts[f.ruleId] = (counts[f.ruleId] ?? 0) + 1;
  return {
    summary: `Found ${findings.length} performance problems in ${units.length} files${skipped.length ? ` (${skipped.length} skipped)` : ''}.`,
    findings,
    data: { counts, browser: browserProject, files: units.length, skipped },
  };
}

/** A file's performance facts and findings, memoised as run() memoises them (run() reads no declaration files). */
export function perFile(file: ParsedFile, ctx: FileStepContext, input: PerformanceInput): void {
  if (!isDeclarationFile(file.path)) memoisedPerformance(ctx, unitOf(file), isBrowserProject(input, ctx.project));
}
