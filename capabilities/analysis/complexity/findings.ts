/**
 * Findings for functions over a threshold and files under the maintainability threshold. Severity by
 * how far over: up to 1.5x the threshold is low, up to 2.5x medium, beyond that high (complexity is
 * never critical: it is a cost, not a vulnerability).
 */
import type { Finding, Severity } from '../../../core/index.js';
import type { FunctionMetrics } from './metrics-walker.js';
import type { FileMetrics } from './file-metrics.js';
import type { Thresholds } from './options.js';

type FunctionMetric = 'cyclomatic' | 'cognitive' | 'nesting' | 'params' | 'lines';

const DESCRIBED: Record<FunctionMetric, string> = {
  cyclomatic: 'a cyclomatic complexity of',
  cognitive: 'a cognitive complexity of',
  nesting: 'a nesting depth of',
  params: 'a parameter count of',
  lines: 'a length in lines of',
};

const FIXES: Record<FunctionMetric, string> = {
  cyclomatic: 'split it into smaller functions or replace branches with a lookup',
  cognitive: 'flatten nested conditions with early returns and extract helpers',
  nesting: 'return early or extract the inner blocks into functions',
  params: 'group related parameters into an options object',
  lines: 'extract cohesive parts into their own functions',
};

export function severityFor(value: number, threshold: number): Severity {
  const ratio = threshold > 0 ? value / threshold : Infinity;
  return ratio <= 1.5 ? 'low' : ratio <= 2.5 ? 'medium' : 'high';
}

function upperFirst(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

export function functionFindings(file: string, fn: FunctionMetrics, thresholds: Thresholds): Finding[] {
  const findings: Finding[] = [];
  for (const metric of Object.keys(DESCRIBED) as FunctionMetric[]) {
    const value = fn[metric];
    const threshold = thresholds[metric];
    if (value <= threshold) continue;
    findings.push({
      ruleId: `complexity/${metric}`,
      severity: severityFor(value, threshold),
      message: `${upperFirst(fn.name)} has ${DESCRIBED[metric]} ${value} (threshold ${threshold}); ${FIXES[metric]}.`,
      file,
      range: { startLine: fn.line, startColumn: fn.column, endLine: fn.endLine, endColumn: fn.endColumn },
      data: { metric, value, threshold, function: fn.name },
    });
  }
  return findings;
}

export function fileFinding(file: string, metrics: FileMetrics, thresholds: Thresholds): Finding | undefined {
  const mi = metrics.maintainability;
  if (mi >= thresholds.maintainability) return undefined;
  return {
    ruleId: 'complexity/maintainability',
    severity: mi < thresholds.maintainability / 2 ? 'medium' : 'low',
    message: `File "${file}" has a maintainability index of ${mi} (threshold ${thresholds.maintainability}); split it by concern and simplify its most complex functions.`,
    file,
    range: { startLine: 1, startColumn: 1, endLine: 1, endColumn: 1 },
    data: { metric: 'maintainability', value: mi, threshold: thresholds.maintainability },
  };
}
