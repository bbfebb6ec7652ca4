/** One ranked suggestion: what to do, why, and the exact step that would do it. */
import type { Finding } from '../../../core/index.js';

export interface FindingRef {
  ruleId: string;
  file: string;
  line: number;
}

export interface Suggestion {
  title: string;
  rationale: string;
  /** 0..100, higher first. */
  score: number;
  findings: FindingRef[];
  apply: { capability: string; input: Record<string, unknown> };
}

export const refOf = (finding: Finding): FindingRef => ({ ruleId: finding.ruleId, file: finding.file, line: finding.range.startLine });

export const clampScore = (value: number): number => Math.max(1, Math.min(100, Math.round(value)));

export function rank(suggestions: Suggestion[], limit: number): Suggestion[] {
  return [...suggestions].sort((a, b) => b.score - a.score || a.title.localeCompare(b.title)).slice(0, limit);
}
