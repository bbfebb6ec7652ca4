/** The jobs list: live (GET /events), filtered, paged by cursor ("Load more" follows `Link: rel=next`). */
import { Component } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { capabilities as loadCapabilities } from '../api/capabilities.js';
import { STATUSES, type CapabilityMeta, type JobSummary } from '../api/types.js';
import { StatusBadge } from '../components/status-badge.js';
import { ErrorBox } from '../components/error-box.js';
import { isFiltered, listPath, NO_FILTER, type JobFilter } from '../job-filter.js';
import { useLiveJobs } from '../live-jobs.js';
import { statusLabel, when } from '../format.js';
import { hrefOf } from '../router.js';

const PAGE_SIZES = [50, 100, 200, 500];
const TYPING_PAUSE_MS = 300;

/** The value after the user paused typing, so each keystroke does not ask the daemon. */
function useSettled(value: string, ms: number): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/**
 * One row; it renders again only when its summary object changed (a list grown by "Load more" or a
 * live update replaces only the rows that moved), so a list of 10,000 rows stays cheap to update.
 */
class JobRow extends Component<{ job: JobSummary }> {
  override shouldComponentUpdate(next: { job: JobSummary }): boolean {
    return next.job !== this.props.job;
  }

  override render({ job }: { job: JobSummary }) {
    return (
      <tr data-job={job.id} data-status={job.status}>
        <td><a href={hrefOf({ page: 'job', id: job.id })}><code>{job.id.slice(0, 8)}</code></a></td>
        <td><StatusBadge status={job.status} /></td>
        <td class="what">{job.task ?? job.capabilities.join(' → ')}{job.summary ? <div class="summary">{job.summary}</div> : null}{job.error ? <div class="summary failed">{job.error.message}</div> : null}</td>
        <td>{job.workspace || '.'}</td>
        <td><progress max={100} value={job.progress.percent} aria-label={`Progress of job ${job.id.slice(0, 8)}`}>{job.progress.percent}%</progress> <span class="pct">{job.progress.percent}%</span></td>
        <td>{when(job.createdAt)}</td>
      </tr>
    );
  }
}

export function Jobs() {
  const [filter, setFilter] = useState<JobFilter>(NO_FILTER);
  const [capabilities, setCapabilities] = useState<CapabilityMeta[]>([]);
  useEffect(() => {
    loadCapabilities().then(setCapabilities, () => setCapabilities([]));
  }, []);
  const [pageSize, setPageSize] = useState(PAGE_SIZES[0]!);
  const workspace = useSettled(filter.workspace, TYPING_PAUSE_MS);
  const text = useSettled(filter.text, TYPING_PAUSE_MS);
  const path = listPath({ ...filter, workspace, text }, pageSize);
  const list = useLiveJobs(path);
  const shown = list.jobs;
  const toggleStatus = (status: string, on: boolean) =>
    setFilter((old) => ({ ...old, statuses: on ? [...old.statuses, status] : old.statuses.filter((s) => s !== status) }));

  return (
    <main id="main">
      <h1>Jobs</h1>
      <form class="filters" role="search" aria-label="Filter jobs" onSubmit={(e) => e.preventDefault()}>
        <fieldset>
          <legend>Status</legend>
          {STATUSES.map((status) => (
            <label key={status} class="check">
              <input type="checkbox" name="status" value={status} checked={filter.statuses.includes(status)} onChange={(e) => toggleStatus(status, e.currentTarget.checked)} />
              {statusLabel(status)}
            </label>
          ))}
        </fieldset>
        <label>
          Capability
          <select name="capability" value={filter.capability} onChange={(e) => setFilter({ ...filter, capability: e.currentTarget.value })}>
            <option value="">any</option>
            {capabilities.map((c) => <option key={c.id} value={c.id}>{c.id}</option>)}
          </select>
        </label>
        <label>
          Workspace
          <input name="workspace" type="search" value={filter.workspace} onInput={(e) => setFilter({ ...filter, workspace: e.currentTarget.value })} />
        </label>
        <label>
          Text
          <input name="text" type="search" placeholder="id, task, summary, error" value={filter.text} onInput={(e) => setFilter({ ...filter, text: e.currentTarget.value })} />
        </label>
        <label>
          Per page
          <select name="limit" value={String(pageSize)} onChange={(e) => setPageSize(Number(e.currentTarget.value))}>
            {PAGE_SIZES.map((n) => <option key={n} value={String(n)}>{n}</option>)}
          </select>
        </label>
      </form>
      <p id="list-count" class="count" aria-live="polite">
        {list.live ? <span class="live" title="Updates arrive as jobs move">● live</span> : <span class="offline">○ not live</span>}{' '}
        {shown.length} shown{list.total !== null ? ` of ${list.total}${filter.statuses.length ? ' with these statuses' : ''}` : ''}
        {list.next && isFiltered(filter) ? '; the daemon looks at a bounded number of jobs per page, load more to look further back' : ''}
      </p>
      <ErrorBox error={list.error} />
      <div class="table-wrap">
        <table class="jobs">
          <caption class="sr-only">Jobs, newest first</caption>
          <thead>
            <tr><th scope="col">Job</th><th scope="col">Status</th><th scope="col">What</th><th scope="col">Workspace</th><th scope="col">Progress</th><th scope="col">Created</th></tr>
          </thead>
          <tbody>
            {shown.map((job) => <JobRow key={job.id} job={job} />)}
          </tbody>
        </table>
      </div>
      {list.jobs.length === 0 && !list.loading ? <p>No jobs yet. <a href="#/new">Start one</a>.</p> : null}
      {list.next ? <button type="button" id="load-more" disabled={list.loading} onClick={() => void list.loadMore()}>Load more</button> : null}
    </main>
  );
}
