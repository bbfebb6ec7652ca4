/** Severity words of advisory sources mapped to agentd severities (GitHub says "moderate" for medium). */
import type { AdvisorySeverity } from './advisory-types.js';

const SEVERITIES: Record<string, AdvisorySeverity> = {
  critical: 'critical',
  high: 'high',
  medium: 'medium',
  moderate: 'medium',
  low: 'low',
};

export function normaliseSeverity(value: unknown): AdvisorySeverity | null {
  return typeof value === 'string' ? (SEVERITIES[value.toLowerCase()] ?? null) : null;
}
