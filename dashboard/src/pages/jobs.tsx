/**
 * The jobs list: live (GET /events), filtered, paged by cursor ("Load more" follows `Link: rel=next`);
 * each row can be cancelled (not finished), or retried or deleted (finished), after a confirmation.
 */
import { Component } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import { getJson } from '../api/client.js';
import { capabilities as loadCapabilities } from '../api/capabilities.js';
import { STATUSES, type CapabilityMeta, type JobSummary, type PublicJob } from '../api/types.js';
import { Confirm } from '../components/confirm.js';
import { ACTION_TEXT, FINAL, perform } from '../job-actions.js';
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
type RowAction = 'cancel' | 'retry' | 'delete';
interface RowProps {
  job: JobSummary;
  /** Stable for the list's lifetime (rows compare only `job`). */
  onAct(job: JobSummary, action: RowAction): void;
}

const FINAL_SET = new Set<string>(FINAL);
const ROW_LABEL: Record<RowAction, string> = { cancel: 'Cancel', retry: 'Retry', delete: 'Delete' };

class JobRow extends Component<RowProps> {
  override shouldComponentUpdate(next: RowProps): boolean {
    return next.job !== this.props.job;
  }

  override render({ job, onAct }: RowProps) {
    const actions: RowAction[] = FINAL_SET.has(job.status) ? ['retry', 'delete'] : ['cancel'];
    return (
      <tr data-job={job.id} data-status={job.status}>
        <td>
          <a href={hrefOf({ page: 'job', id: job.id })}>
            <code>{job.id.slice(0, 8)}</code>
          </a>
        </td>
        <td>
          <StatusBadge status={job.status} />
        </td>
        <td class="what">
          {job.task ?? job.capabilities.join(' → ')}
          {job.summary ? <div class="summary">{job.summary}</div> : null}
          {job.error ? <div class="summary failed">{job.error.message}</div> : null}
        </td>
        <td>{job.workspace || '.'}</td>
        <td>
          <progress max={100} value={job.progress.percent} aria-label={`Progress of job ${job.id.slice(0, 8)}`}>
            {job.progress.percent}%
          </progress>{' '}
          <span class="pct">{job.progress.percent}%</span>
        </td>
        <td>{when(job.createdAt)}</td>
        <td>
          {actions.map((action) => (
            <button
              key={action}
              type="button"
              class={action === 'retry' ? 'small' : 'danger small'}
              data-row-action={action}
              aria-label={`${ROW_LABEL[action]} job ${job.id.slice(0, 8)}`}
              onClick={() => onAct(job, action)}
            >
              {ROW_LABEL[action]}
            </button>
          ))}
        </td>
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
  const [asking, setAsking] = useState<{ job: JobSummary; action: RowAction } | null>(null);
  const [actionError, setActionError] = useState<unknown>(null);
  const onAct = useRef((job: JobSummary, action: RowAction) => setAsking({ job, action })).current;
  // The row's action on the whole record (a retry re-submits its steps); the list then moves live.
  const confirmed = async () => {
    if (!asking) return;
    const { job, action } = asking;
    setAsking(null);
    try {
      await perform(action, await getJson<PublicJob>(`/jobs/${encodeURIComponent(job.id)}`));
      if (action === 'delete') list.drop(job.id);
      setActionError(null);
    } catch (failure) {
      setActionError(failure);
    }
  };
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
              <input
                type="checkbox"
                name="status"
                value={status}
                checked={filter.statuses.includes(status)}
                onChange={(e) => toggleStatus(status, e.currentTarget.checked)}
              />
              {statusLabel(status)}
            </label>
          ))}
        </fieldset>
        <label>
          Capability
          <select name="capability" value={filter.capability} onChange={(e) => setFilter({ ...filter, capability: e.currentTarget.value })}>
            <option value="">any</option>
            {capabilities.map((c) => (
              <option key={c.id} value={c.id}>
                {c.id}
              </option>
            ))}
          </select>
        </label>
        <label>
          Workspace
          <input
            name="workspace"
            type="search"
            value={filter.workspace}
            onInput={(e) => setFilter({ ...filter, workspace: e.currentTarget.value })}
          />
        </label>
        <label>
          Text
          <input
            name="text"
            type="search"
            placeholder="id, task, summary, error"
            value={filter.text}
            onInput={(e) => setFilter({ ...filter, text: e.currentTarget.value })}
          />
        </label>
        <label>
          Per page
          <select name="limit" value={String(pageSize)} onChange={(e) => setPageSize(Number(e.currentTarget.value))}>
            {PAGE_SIZES.map((n) => (
              <option key={n} value={String(n)}>
                {n}
              </option>
            ))}
          </select>
        </label>
      </form>
      <p id="list-count" class="count" aria-live="polite">
        {list.live ? (
          <span class="live" title="Updates arrive as jobs move">
            ● live
          </span>
        ) : (
          <span class="offline">○ not live</span>
        )}{' '}
        {shown.length} shown{list.total !== null ? ` of ${list.total}${filter.statuses.length ? ' with these statuses' : ''}` : ''}
        {list.next && isFiltered(filter) ? '; the daemon looks at a bounded number of jobs per page, load more to look further back' : ''}
      </p>
      <ErrorBox error={list.error} />
      <ErrorBox error={actionError} />
      <div class="table-wrap">
        <table class="jobs">
          <caption class="sr-only">Jobs, newest first</caption>
          <thead>
            <tr>
              <th scope="col">Job</th>
              <th scope="col">Status</th>
              <th scope="col">What</th>
              <th scope="col">Workspace</th>
              <th scope="col">Progress</th>
              <th scope="col">Created</th>
              <th scope="col">
                <span class="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {shown.map((job) => (
              <JobRow key={job.id} job={job} onAct={onAct} />
            ))}
          </tbody>
        </table>
      </div>
      {list.jobs.length === 0 && !list.loading ? (
        <p>
          No jobs yet. <a href="#/new">Start one</a>.
        </p>
      ) : null}
      {list.next ? (
        <button type="button" id="load-more" disabled={list.loading} onClick={() => void list.loadMore()}>
          Load more
        </button>
      ) : null}
      {asking ? (
        <Confirm
          title={`${ACTION_TEXT[asking.action].title.replace('this job', `job ${asking.job.id.slice(0, 8)}`)}`}
          message={ACTION_TEXT[asking.action].message}
          confirmLabel={ACTION_TEXT[asking.action].confirm}
          onConfirm={() => void confirmed()}
          onCancel={() => setAsking(null)}
        />
      ) : null}
    </main>
  );
}
