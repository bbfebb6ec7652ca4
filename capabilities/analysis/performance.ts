/**
 * analysis.performance: slow algorithms, memory leaks, inefficient queries, bundle size and React render
 * performance, from syntax alone (tree-sitter). The checks live in ./performance/.
 */
import type { CapabilityContext, CapabilityMeta, StepResult } from '../../core/index.js';
import { analyzePerformance, performanceOfFile } from './performance/analyze-performance.js';
import { PERFORMANCE_INPUT_SCHEMA, type PerformanceInput } from './performance/options.js';
import { PERFORMANCE_RULES } from './performance/rules.js';
import { selectFindings } from '../../core/index.js';
import { loadSources, memoised } from '../../core/index.js';
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

export const PERFORMANCE_VERSION = 2;
const BROWSER_FRAMEWORKS = new Set(['react', 'next', 'vue', 'svelte']);

export async function run(input: PerformanceInput, ctx: CapabilityContext): Promise<StepResult> {
  const browser = input?.browser ?? 'auto';
  const browserProject = browser === 'yes' || (browser === 'auto' && ctx.project.frameworks.some((f) => BROWSER_FRAMEWORKS.has(f)));
  const { units, skipped } = await loadSources(ctx, input ?? {}, meta.id);
  const key = `analysis.performance@${PERFORMANCE_VERSION}:${browserProject}`;
  const perFile = units.map((unit) => {
    ctx.signal.throwIfAborted();
    return memoised(ctx, key, unit, () => performanceOfFile(unit, browserProject));
  });
  let findings = analyzePerformance(units, perFile);
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
