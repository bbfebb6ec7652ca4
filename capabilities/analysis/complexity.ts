/**
 * analysis.complexity: per function, cyclomatic complexity (counted exactly as ESLint's `complexity`
 * rule counts it), cognitive complexity (SonarSource), nesting depth (as ESLint `max-depth`), lines and
 * parameters; per file, the maintainability index. Findings for what is over the thresholds; `data`
 * holds every function's and file's metrics. The measuring lives in ./complexity/.
 */
import {
  isDeclarationFile,
  selectFindings,
  type CapabilityContext,
  type CapabilityMeta,
  type MemoScope,
  type ParsedFile,
  type StepResult,
} from '../../core/index.js';
import { RULES } from './complexity/rules.js';
import { INPUT_SCHEMA, resolveThresholds, type ComplexityInput } from './complexity/options.js';
import { fileMetricsOf, listSources, measureProject, type ProjectReport } from './complexity/project-report.js';
import { PLANNING } from './complexity/planning.js';

export const meta: CapabilityMeta = {
  id: 'analysis.complexity',
  group: 'analysis',
  title: 'Complexity',
  description:
    'Cyclomatic (ESLint-identical counting) and cognitive complexity, nesting depth, length and parameters per function, and the maintainability index per file.',
  version: '1.0.0',
  inputSchema: INPUT_SCHEMA,
  writes: false,
  rules: RULES,
  planning: PLANNING,
  // The parse threads measure each file's metrics beside its tree (native/flat-metrics.c).
  execution: { testCode: 'leave-out', metrics: true },
};

export async function run(input: ComplexityInput, ctx: CapabilityContext): Promise<StepResult> {
  const thresholds = resolveThresholds(input ?? {});
  const files = await listSources(ctx, input ?? {});
  const report = await measureProject(ctx, files, thresholds, input ?? {});
  return {
    summary: summarise(report),
    findings: selectFindings(report.findings, input?.rules),
    data: { thresholds, totals: totals(report), files: report.files, skipped: report.skipped },
  };
}

/** A file's metrics, memoised as run() memoises them (declaration files have no bodies to measure). */
export function perFile(file: ParsedFile, ctx: MemoScope): void {
  if (!isDeclarationFile(file.path)) fileMetricsOf(ctx, file);
}

function totals(report: ProjectReport): Record<string, number> {
  const functions = report.files.flatMap((f) => f.functions);
  const mean = (values: number[]): number =>
    values.length === 0 ? 0 : Math.round((values.reduce((a, b) => a + b, 0) / values.length) * 100) / 100;
  return {
    files: report.files.length,
    functions: functions.length,
    lines: report.files.reduce((sum, f) => sum + f.lines, 0),
    averageCyclomatic: mean(functions.map((f) => f.cyclomatic)),
    maxCyclomatic: functions.reduce((max, f) => Math.max(max, f.cyclomatic), 0),
    averageCognitive: mean(functions.map((f) => f.cognitive)),
    averageMaintainability: mean(report.files.map((f) => f.maintainability)),
  };
}

function summarise(report: ProjectReport): string {
  const functions = report.files.reduce((sum, f) => sum + f.functions.length, 0);
  const over = new Set(
    report.findings
      .filter((f) => f.ruleId !== 'complexity/maintainability')
      .map((f) => `${f.file}:${f.range.startLine}:${f.range.startColumn}`),
  ).size;
  const skipped = report.skipped.length > 0 ? ` (${report.skipped.length} skipped)` : '';
  return `Measured ${functions} functions in ${report.files.length} files${skipped}: ${over} over a threshold, ${report.findings.length} findings.`;
}
