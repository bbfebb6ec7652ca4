/**
 * analysis.complexity and analysis.smells measure some things twice at different thresholds (a
 * function's length, parameters, nesting). When both report the same function, the score counts
 * only the more severe finding, so one problem is not charged twice.
 */
import type { Finding, Severity } from '../../../core/index.js';

const FAMILY: Record<string, string> = {
  'complexity/lines': 'lines',
  'smells/long-function': 'lines',
  'complexity/params': 'params',
  'smells/long-parameter-list': 'params',
  'complexity/nesting': 'nesting',
  'smells/deep-nesting': 'nesting',
};
const RANK: Record<Severity, number> = { critical: 4, high: 3, medium: 2, low: 1, info: 0 };

export function withoutOverlaps(findings: Finding[]): Finding[] {
  const kept = new Map<string, Finding>();
  const rest: Finding[] = [];
  for (const f of findings) {
    const family = FAMILY[f.ruleId];
    if (!family) {
      rest.push(f);
      continue;
    }
    const key = `${f.file}:${f.range.startLine}:${f.range.startColumn}:${family}`;
    const current = kept.get(key);
    if (!current || RANK[f.severity] > RANK[current.severity]) kept.set(key, f);
  }
  return [...rest, ...kept.values()];
}
