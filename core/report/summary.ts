/** Counts a report opens with: by severity, by category, by check. */
import type { Severity } from '../contracts/index.js';
import type { ScanReport } from './report-model.js';
import { categoryOf, checkName, ruleCatalog, ruleMap, type RuleEntry } from './rule-catalog.js';
import { countBySeverity } from './severity.js';

export interface ReportSummary {
  total: number;
  bySeverity: Record<Severity, number>;
  /** Category -> count, most frequent first. */
  byCategory: [string, number][];
  /** Check name -> count, in the order the checks ran. */
  byCheck: [string, number][];
  rules: Map<string, RuleEntry>;
}

export function summarise(report: ScanReport): ReportSummary {
  const rules = ruleMap(ruleCatalog(report.capabilities, report.findings));
  const categories = new Map<string, number>();
  for (const finding of report.findings) {
    const category = categoryOf(finding, rules);
    categories.set(category, (categories.get(category) ?? 0) + 1);
  }
  const byCheck = report.runs.map((run): [string, number] => [
    checkName(run.capability),
    report.findings.filter((f) => f.capability === run.capability).length,
  ]);
  return {
    total: report.findings.length,
    bySeverity: countBySeverity(report.findings),
    byCategory: [...categories.entries()].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)),
    byCheck,
    rules,
  };
}

/** "3 findings (1 high, 2 low)" */
export function countsLine(summary: ReportSummary): string {
  const parts = (Object.entries(summary.bySeverity) as [Severity, number][]).filter(([, n]) => n > 0).map(([s, n]) => `${n} ${s}`);
  return parts.length === 0 ? '0 findings' : `${plural(summary.total, 'finding')} (${parts.join(', ')})`;
}

/** "1 file", "3 files" */
export function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}
