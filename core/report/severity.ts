/** Severity order and its mappings to SARIF levels and GitHub's security-severity scores. */
import type { Severity } from '../contracts/index.js';

/** Most severe first. */
export const SEVERITIES: readonly Severity[] = ['critical', 'high', 'medium', 'low', 'info'];

export function severityRank(severity: Severity): number {
  const rank = SEVERITIES.indexOf(severity);
  return rank < 0 ? SEVERITIES.length : rank;
}

export function isSeverity(value: unknown): value is Severity {
  return typeof value === 'string' && (SEVERITIES as readonly string[]).includes(value);
}

/** True when `severity` is `threshold` or more severe. */
export function atOrAbove(severity: Severity, threshold: Severity): boolean {
  return severityRank(severity) <= severityRank(threshold);
}

export type SarifLevel = 'error' | 'warning' | 'note';

export function sarifLevel(severity: Severity): SarifLevel {
  if (severity === 'critical' || severity === 'high') return 'error';
  return severity === 'medium' ? 'warning' : 'note';
}

/**
 * GitHub code scanning ranks security alerts by `security-severity` (CVSS-like, 0.0-10.0): over 9.0
 * is critical, 7.0-8.9 high, 4.0-6.9 medium, 0.1-3.9 low. Written as a string, as CodeQL does.
 */
export function securitySeverity(severity: Severity): string {
  const score: Record<Severity, string> = { critical: '9.5', high: '8.0', medium: '5.5', low: '3.0', info: '0.0' };
  return score[severity];
}

export function countBySeverity<T extends { severity: Severity }>(items: readonly T[]): Record<Severity, number> {
  const counts: Record<Severity, number> = { critical: 0, high: 0, medium: 0, low: 0, info: 0 };
  for (const item of items) counts[item.severity] += 1;
  return counts;
}
