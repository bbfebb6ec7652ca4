/**
 * The list's filters, all answered by the daemon: `GET /jobs?status=&capability=&workspace=&q=`. A
 * filtered page may hold fewer jobs than asked and still have a next page (the daemon looks at a
 * bounded number of jobs per request, docs/api.md), so "Load more" stays offered while there is one.
 */
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
  if (filter.capability) query.set('capability', filter.capability);
  if (filter.workspace.trim()) query.set('workspace', filter.workspace.trim());
  if (filter.text.trim()) query.set('q', filter.text.trim());
  query.set('limit', String(limit));
  return `/jobs?${query.toString()}`;
}

export const isFiltered = (filter: JobFilter): boolean =>
  Boolean(filter.statuses.length || filter.capability || filter.workspace.trim() || filter.text.trim());
