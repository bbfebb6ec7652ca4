/** Counts by severity and category, and the one-line summary. */
import type { Finding, Severity } from '../../../core/index.js';
import { ruleDoc } from './rules/index.js';

export type SeverityCounts = Record<'critical' | 'high' | 'medium' | 'low' | 'info', number>;

export function countBySeverity(findings: Finding[]): SeverityCounts {
  const counts: SeverityCounts = { critical: 0, high: 0, medium: 0, low: 0, info: 0 };
  for (const f of findings) counts[f.severity as Severity] += 1;
  return counts;
}

export function countByCategory(findings: Finding[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const f of findings) {
    const category = String(f.data?.category ?? ruleDoc(f.ruleId)?.category ?? 'other');
    counts[category] = (counts[category] ?? 0) + 1;
  }
  return counts;
}

export function summarise(counts: SeverityCounts, files: number): string {
  const total = counts.critical + counts.high + counts.medium + counts.low;
  const parts = (['critical', 'high', 'medium', 'low'] as const).filter((s) => counts[s] > 0).map((s) => `${counts[s]} ${s}`);
  const info = counts.info > 0 ? ` (+${counts.info} info in test files)` : '';
  const what = total === 1 ? 'finding' : 'findings';
  return `${total} ${what}${parts.length > 0 ? `: ${parts.join(', ')}` : ''} in ${files} files${info}.`;
}
