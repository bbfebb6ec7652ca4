/**
 * GET /jobs filtered by capability, workspace and text (`capability`, `workspace`, `q`), beside the
 * stores' status indexes. The stores page by status only, so a filtered page walks the status-filtered
 * pages below the cursor and keeps the summaries that match — at most FILTER_SCAN of them per request,
 * so a request costs the same with 100,000 jobs as with 1,000. A page may therefore hold fewer jobs
 * than `limit` (even none) and still have a next link: follow it to look further back.
 */
import type { JobStore, JobPage, ListJobsOptions } from './job-store.js';
import type { JobSummary } from './job-summary.js';

export interface JobListFilter {
  /** Jobs one of whose steps runs this capability (exact id). */
  capability?: string;
  /** Jobs in this workspace folder or below it (relative to workspace.path; "." is the root). */
  workspace?: string;
  /** Case-insensitive text in the id, task, summary, workspace, capabilities or error message. */
  q?: string;
}

/** Summaries examined per request at most. */
export const FILTER_SCAN = 5000;
const BATCH = 500;

export function hasFilter(filter: JobListFilter): boolean {
  return Boolean(filter.capability || filter.workspace || filter.q);
}

const folder = (path: string): string =>
  path
    .replace(/\\/g, '/')
    .replace(/^\.\/+/, '')
    .replace(/\/+$/, '') || '.';

export function matchesFilter(job: JobSummary, filter: JobListFilter): boolean {
  if (filter.capability && !job.capabilities.includes(filter.capability)) return false;
  if (filter.workspace) {
    const wanted = folder(filter.workspace);
    const own = folder(job.workspace);
    if (wanted !== '.' && own !== wanted && !own.startsWith(`${wanted}/`)) return false;
  }
  if (filter.q) {
    const needle = filter.q.toLowerCase();
    const text = [job.id, job.task ?? '', job.summary ?? '', job.workspace, job.capabilities.join(' '), job.error?.message ?? '']
      .join('\n')
      .toLowerCase();
    if (!text.includes(needle)) return false;
  }
  return true;
}

/** One filtered page; `total` is the count of the status filter alone (matches are never counted: that would read every job). */
export async function listFiltered(
  store: JobStore,
  options: ListJobsOptions,
  filter: JobListFilter,
): Promise<JobPage & { scanned: number }> {
  const jobs: JobSummary[] = [];
  const cursors: string[] = [];
  let cursor = options.cursor;
  let scanned = 0;
  let skip = options.cursor === undefined ? (options.offset ?? 0) : 0;
  for (;;) {
    const page = await store.list({ statuses: options.statuses, limit: Math.min(BATCH, FILTER_SCAN - scanned), cursor });
    for (const [index, job] of page.jobs.entries()) {
      scanned += 1;
      if (!matchesFilter(job, filter)) continue;
      if (skip > 0) {
        skip -= 1;
        continue;
      }
      jobs.push(job);
      cursors.push(page.cursors[index]!);
      if (jobs.length === options.limit) {
        const last = index === page.jobs.length - 1 && page.nextCursor === null;
        return { jobs, cursors, nextCursor: last ? null : page.cursors[index]!, total: page.total, scanned };
      }
    }
    if (page.nextCursor === null) return { jobs, cursors, nextCursor: null, total: page.total, scanned };
    cursor = page.nextCursor;
    if (scanned >= FILTER_SCAN) return { jobs, cursors, nextCursor: cursor, total: page.total, scanned };
  }
}
