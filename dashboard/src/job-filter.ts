/**
 * The list's filters. Status goes to the daemon (`GET /jobs?status=`); capability, workspace and text
 * are matched here against the summaries loaded so far (the API has no such query yet), and the page
 * says so: "Load more" follows the cursor to look further back.
 */
import type { JobSummary } from './api/types.js';

export interface JobFilter {
  statuses: string[];
  capability: string;
  workspace: string;
  text: string;
}

export const NO_FILTER: JobFilter = { statuses: [], capability: '', workspace: '', text: '' };

export function listPath(filter: JobFilter, limit: number): string {
  const query = new URLSearchParams();
  for (const status of filter.statuses) query.append('status', status);
  query.set('limit', String(limit));
  return `/jobs?${query.toString()}`;
}

export function matches(job: JobSummary, filter: JobFilter): boolean {
  if (filter.statuses.length > 0 && !filter.statuses.includes(job.status)) return false;
  if (filter.capability && !job.capabilities.includes(filter.capability)) return false;
  if (filter.workspace && !job.workspace.toLowerCase().includes(filter.workspace.toLowerCase())) return false;
  if (filter.text) {
    const needle = filter.text.toLowerCase();
    const haystack = [job.id, job.task ?? '', job.summary ?? '', job.workspace, job.capabilities.join(' '), job.error?.message ?? ''].join('\n').toLowerCase();
    if (!haystack.includes(needle)) return false;
  }
  return true;
}

export const clientSide = (filter: JobFilter): boolean => Boolean(filter.capability || filter.workspace || filter.text);
