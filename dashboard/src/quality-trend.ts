/**
 * A workspace's quality over time, from its analysis.quality jobs' summaries ("Quality 81.8/100, grade B,
 * …: 120 issues, …", capabilities/analysis/quality.ts): GET /jobs filtered by capability and workspace,
 * newest first, so no record is read whole. A job whose summary does not start that way (a pipeline
 * whose last step is another capability) is left out and counted.
 */
import { getPage } from './api/client.js';
import type { JobSummary } from './api/types.js';

export interface QualityPoint {
  id: string;
  at: string;
  score: number;
  grade: string;
  findings: number | null;
}

const SCORE = /\bQuality (\d{1,3}(?:\.\d+)?)\/100, grade ([A-F])\b/;

export function pointOf(job: JobSummary): QualityPoint | null {
  const match = job.summary ? SCORE.exec(job.summary) : null;
  if (!match) return null;
  return {
    id: job.id,
    at: job.finishedAt ?? job.createdAt,
    score: Number(match[1]),
    grade: match[2]!,
    findings: job.counts?.findings ?? null,
  };
}

/** The latest `limit` succeeded quality jobs of `workspace` (that folder and below), oldest first. */
export async function qualityTrend(workspace: string, limit = 100): Promise<{ points: QualityPoint[]; unreadable: number }> {
  const query = new URLSearchParams({ capability: 'analysis.quality', workspace, status: 'succeeded', limit: String(limit) });
  const page = await getPage<JobSummary>(`/jobs?${query}`);
  const points = page.items.map(pointOf);
  return { points: points.filter((p): p is QualityPoint => p !== null).reverse(), unreadable: points.filter((p) => p === null).length };
}
