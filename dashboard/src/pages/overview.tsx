/**
 * Overview: health, queue depth by status (GET /stats, all daemons sharing the store), the daemons of
 * the queue (GET /instances), jobs finished per minute over the last hour (GET /stats/history, every
 * daemon's), running jobs (live), and this daemon's totals (GET /metrics), sampled every 10 s while the
 * page is open: four rate-limited requests a sample (GET /health is never limited), paused for
 * Retry-After when the daemon answers 429.
 */
import { useEffect, useState } from 'preact/hooks';
import { ApiError, getJson, request } from '../api/client.js';
import type { Health, Instance, Stats, ThroughputBucket } from '../api/types.js';
import { ErrorBox } from '../components/error-box.js';
import { StatusBadge } from '../components/status-badge.js';
import { useLiveJobs } from '../live-jobs.js';
import { parseMetrics, type DaemonFigures } from '../metrics.js';
import { duration } from '../format.js';
import { hrefOf } from '../router.js';

const SAMPLE_MS = 10_000;
const HISTORY_MINUTES = 60;

/** Jobs finished per minute over the last hour, from GET /stats/history (every daemon of the queue). */
function ThroughputChart({ buckets }: { buckets: ThroughputBucket[] }) {
  if (buckets.length === 0) return <p class="hint">No throughput history yet.</p>;
  const rows = buckets.map((b) => ({ ok: b.succeeded, other: b.incomplete + b.failed + b.cancelled }));
  const max = Math.max(1, ...rows.map((r) => r.ok + r.other));
  const total = rows.reduce((sum, r) => sum + r.ok + r.other, 0);
  const ok = rows.reduce((sum, r) => sum + r.ok, 0);
  const width = 300;
  const height = 60;
  const bar = width / rows.length;
  const y = (n: number) => (n / max) * height;
  return (
    <figure class="spark">
      <svg
        viewBox={`0 0 ${width} ${height}`}
        width={width}
        height={height}
        role="img"
        aria-label={`Jobs finished per minute over the last ${rows.length} minutes: ${total} in all, ${ok} succeeded`}
      >
        {rows.map((r, i) => (
          <g key={i}>
            <rect class="ok" x={i * bar} y={height - y(r.ok)} width={Math.max(1, bar - 1)} height={y(r.ok)} />
            <rect class="bad" x={i * bar} y={height - y(r.ok + r.other)} width={Math.max(1, bar - 1)} height={y(r.other)} />
          </g>
        ))}
      </svg>
      <figcaption id="throughput">
        {total} jobs finished in the last {rows.length} minutes{total ? `, ${Math.round((ok / total) * 100)}% succeeded` : ''} (peak {max} a
        minute)
      </figcaption>
    </figure>
  );
}

export function Overview() {
  const [health, setHealth] = useState<Health | null>(null);
  const [stats, setStats] = useState<Stats | null>(null);
  const [figures, setFigures] = useState<DaemonFigures | null>(null);
  const [instances, setInstances] = useState<Instance[]>([]);
  const [history, setHistory] = useState<ThroughputBucket[]>([]);
  const [error, setError] = useState<unknown>(null);
  const running = useLiveJobs('/jobs?status=running&limit=20');

  useEffect(() => {
    let stale = false;
    // Over the daemon's rate limit (429), sampling pauses for the Retry-After it sent.
    let pausedUntil = 0;
    const sample = async () => {
      if (Date.now() < pausedUntil) return;
      try {
        const [h, s, i, t, m] = await Promise.all([
          fetch('/health', { cache: 'no-store' }).then((r) => r.json() as Promise<Health>),
          getJson<Stats>('/stats'),
          getJson<Instance[]>('/instances'),
          getJson<ThroughputBucket[]>(`/stats/history?minutes=${HISTORY_MINUTES}`),
          request('GET', '/metrics')
            .then((r) => r.text())
            .then(parseMetrics)
            .catch(() => null),
        ]);
        if (stale) return;
        setHealth(h);
        setStats(s);
        setInstances(i);
        setFigures(m);
        setHistory(t);
        setError(null);
      } catch (failure) {
        if (failure instanceof ApiError && failure.status === 429) pausedUntil = Date.now() + (failure.retryAfterSec ?? 60) * 1000;
        if (!stale) setError(failure);
      }
    };
    void sample();
    const timer = setInterval(() => void sample(), SAMPLE_MS);
    return () => {
      stale = true;
      clearInterval(timer);
    };
  }, []);

  const finished = figures ? Object.values(figures.finished).reduce((a, b) => a + b, 0) : 0;
  const succeeded = figures?.finished.succeeded ?? 0;
  return (
    <main id="main">
      <h1>Overview</h1>
      <ErrorBox error={error} />
      <section aria-labelledby="health-title" class="cards">
        <h2 id="health-title" class="sr-only">
          Health
        </h2>
        <div class="card">
          <h3>Health</h3>
          <p id="health-status" class={health?.status === 'healthy' ? 'ok' : 'bad'}>
            {health ? health.status : '…'}
          </p>
          {health?.reason ? <p>{health.reason}</p> : null}
          <p class="hint">{health ? `version ${health.version}, up ${duration(health.uptime * 1000)}` : ''}</p>
          {stats ? (
            <p class="hint">instance {typeof stats.instance === 'string' ? stats.instance : JSON.stringify(stats.instance)}</p>
          ) : null}
        </div>
        {stats ? (
          <div class="card">
            <h3>Queue</h3>
            <table class="depth" aria-label="Jobs by status">
              <tbody>
                <tr>
                  <th scope="row">queued</th>
                  <td>{stats.queued}</td>
                </tr>
                <tr>
                  <th scope="row">running</th>
                  <td>
                    {stats.running} of {stats.maxConcurrent} slots
                  </td>
                </tr>
                <tr>
                  <th scope="row">awaiting approval</th>
                  <td>{stats.awaitingApproval}</td>
                </tr>
                <tr>
                  <th scope="row">succeeded</th>
                  <td>{stats.succeeded}</td>
                </tr>
                <tr>
                  <th scope="row">failed</th>
                  <td>{stats.failed}</td>
                </tr>
                <tr>
                  <th scope="row">cancelled</th>
                  <td>{stats.cancelled}</td>
                </tr>
                <tr>
                  <th scope="row">total</th>
                  <td>{stats.total}</td>
                </tr>
              </tbody>
            </table>
          </div>
        ) : null}
        <div class="card">
          <h3>Throughput</h3>
          {figures ? (
            <p>
              This daemon since it started: {finished} jobs finished,{' '}
              {finished ? `${Math.round((succeeded / finished) * 100)}% succeeded` : 'none yet'}; mean run{' '}
              {figures.durationCount ? duration((figures.durationSum / figures.durationCount) * 1000) : '—'}
            </p>
          ) : (
            <p class="hint">GET /metrics is not readable here.</p>
          )}
          <ThroughputChart buckets={history} />
        </div>
      </section>
      <section aria-labelledby="instances-title">
        <h2 id="instances-title">Daemons on this queue</h2>
        <table class="instances">
          <thead>
            <tr>
              <th scope="col">Instance</th>
              <th scope="col">Version</th>
              <th scope="col">Running</th>
              <th scope="col">Up</th>
              <th scope="col">Last heartbeat</th>
            </tr>
          </thead>
          <tbody>
            {instances.map((instance) => (
              <tr key={instance.id} data-instance={instance.id}>
                <td>
                  <code>{instance.id}</code>
                  {instance.self ? ' (this one)' : ''}
                </td>
                <td>{instance.version}</td>
                <td>
                  {instance.running} of {instance.maxConcurrent}
                </td>
                <td>{duration(Date.parse(instance.seenAt) - Date.parse(instance.startedAt))}</td>
                <td>{new Date(instance.seenAt).toLocaleTimeString()}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      <section aria-labelledby="running-title">
        <h2 id="running-title">Running now</h2>
        {running.jobs.length === 0 ? (
          <p>Nothing is running.</p>
        ) : (
          <ul class="running">
            {running.jobs
              .filter((job) => job.status === 'running')
              .map((job) => (
                <li key={job.id}>
                  <a href={hrefOf({ page: 'job', id: job.id })}>
                    <code>{job.id.slice(0, 8)}</code>
                  </a>{' '}
                  <StatusBadge status={job.status} /> {job.task ?? job.capabilities.join(' → ')}{' '}
                  <progress max={100} value={job.progress.percent} aria-label={`Progress of job ${job.id.slice(0, 8)}`} />{' '}
                  {job.progress.percent}% {job.progress.message}
                </li>
              ))}
          </ul>
        )}
      </section>
    </main>
  );
}
