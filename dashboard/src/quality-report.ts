/**
 * The report analysis.quality returns as its step data (capabilities/analysis/quality/report.ts,
 * docs/quality-score.md), read defensively: step data is `unknown` in the API, so a shape that does not
 * fit gives null and the page shows no quality view rather than a broken one.
 */
import type { Severity } from './api/types.js';

export interface Scored {
  score: number;
  grade: string;
}

export interface QualityReport {
  overall: Scored & { files: number; sloc: number; findings: number; effortMinutes: number; debtRatio: number };
  folders: (Scored & { folder: string; files: number; findings: number })[];
  files: (Scored & { file: string; sloc: number; findings: number })[];
  topIssues: { rank: number; ruleId: string; severity: Severity; file: string; line: number; message: string; effortMinutes: number }[];
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const scored = (value: unknown): boolean => isObject(value) && typeof value.score === 'number' && typeof value.grade === 'string';

export function qualityReportOf(data: unknown): QualityReport | null {
  if (!isObject(data) || !scored(data.overall)) return null;
  const { folders, files, topIssues } = data;
  if (!Array.isArray(folders) || !Array.isArray(files) || !Array.isArray(topIssues)) return null;
  if (!folders.every(scored) || !files.every(scored)) return null;
  return data as unknown as QualityReport;
}

/** The lowest scores first (what needs attention), at most `count`. */
export const worstFirst = <T extends Scored>(items: T[], count: number): T[] =>
  [...items].sort((a, b) => a.score - b.score).slice(0, count);
