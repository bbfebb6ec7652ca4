/**
 * One job: status and progress live (GET /jobs/:id/events), its log lines, the plan of a task job,
 * each step with what it staged (diffs), findings, artifacts, turns, and the actions the API allows.
 * Keys as the CLI's: y approve, n reject, v unified / side-by-side diffs (each asks to confirm).
 */
import { useCallback, useEffect, useRef, useState } from 'preact/hooks';
import { getJson, getPage, request, type Page } from '../api/client.js';
import { openEvents } from '../api/sse.js';
import type { ArtifactView, ChangeView, JobEvent, PublicJob } from '../api/types.js';
import { Confirm } from '../components/confirm.js';
import { DiffView } from '../components/diff-view.js';
import { ErrorBox } from '../components/error-box.js';
import { FindingsTable } from '../components/findings-table.js';
import { StatusBadge } from '../components/status-badge.js';
import { ACTION_TEXT, actionsFor, followUp, perform, type Action } from '../job-actions.js';
import { between, when } from '../format.js';
import { go } from '../router.js';

type LogLine = Extract<JobEvent, { type: 'log' }>;
const MAX_LOG_LINES = 1000;

async function download(jobId: string, artifact: ArtifactView): Promise<void> {
  const response = await request('GET', `/jobs/${encodeURIComponent(jobId)}/artifacts/${artifact.index}`);
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = artifact.name;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

function Changes({ changes, sideBySide, label, whole }: { changes: ChangeView[]; sideBySide: boolean; label: string; whole: Map<string, ChangeView> | null }) {
  if (changes.length === 0) return null;
  return (
    <div class="changes" aria-label={label}>
      {changes.map((change) => {
        const full = change.diffTruncated ? whole?.get(`${change.action} ${change.path}`) : undefined;
        return <DiffView key={`${change.index}-${change.path}`} change={full ?? change} sideBySide={sideBySide} />;
      })}
    </div>
  );
}

export function JobDetail({ id }: { id: string }) {
  const [job, setJob] = useState<PublicJob | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [logs, setLogs] = useState<LogLine[]>([]);
  const [sideBySide, setSideBySide] = useState(false);
  const [asking, setAsking] = useState<Action | null>(null);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState('');
  const [generation, setGeneration] = useState(0);
  const [wholeChanges, setWholeChanges] = useState<ChangeView[] | null>(null);
  const [loadingChanges, setLoadingChanges] = useState(false);
  const reload = useRef<() => void>(() => {});

  const load = useCallback(async () => {
    try {
      setJob(await getJson<PublicJob>(`/jobs/${encodeURIComponent(id)}`));
      setError(null);
    } catch (failure) {
      setError(failure);
    }
  }, [id]);
  reload.current = () => void load();

  useEffect(() => {
    setJob(null);
    setLogs([]);
    setWholeChanges(null);
    void load();
  }, [id]);
  // A new run (approval, follow-up) makes new changes: whole diffs loaded before are stale.
  useEffect(() => setWholeChanges(null), [job?.attempts, job?.finishedAt]);

  /** Every change of the result with its whole diff (GET /jobs/:id/changes, followed page by page). */
  const loadWholeChanges = async () => {
    setLoadingChanges(true);
    try {
      const rows: ChangeView[] = [];
      let next: string | null = `/jobs/${encodeURIComponent(id)}/changes?limit=100`;
      while (next) {
        const page: Page<ChangeView> = await getPage<ChangeView>(next);
        rows.push(...page.items);
        next = page.next;
      }
      setWholeChanges(rows);
    } catch (failure) {
      setError(failure);
    } finally {
      setLoadingChanges(false);
    }
  };

  // A job's stream ends after `done`; an approval or follow-up queues the job again, so a new one opens.
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | null = null;
    const stream = openEvents(`/jobs/${encodeURIComponent(id)}/events`, {
      onEvent: (_type, data) => {
        const event = data as JobEvent;
        if (event.type === 'log') {
          setLogs((old) => [...old.slice(-(MAX_LOG_LINES - 1)), event]);
        } else if (event.type === 'progress') {
          setJob((old) => (old ? { ...old, progress: { completedSteps: event.completedSteps, totalSteps: event.totalSteps, percent: event.percent, message: event.message } } : old));
        } else if (!timer) {
          timer = setTimeout(() => {
            timer = null;
            reload.current();
          }, 150);
        }
      },
      onEnd: () => reload.current(),
    });
    return () => {
      stream.close();
      if (timer) clearTimeout(timer);
    };
  }, [id, generation]);

  const act = async (action: Action) => {
    if (!job) return;
    setAsking(null);
    setBusy(true);
    try {
      const next = await perform(action, job);
      if (action === 'retry') go({ page: 'job', id: next.id });
      else setJob(next);
      setGeneration((g) => g + 1);
      setError(null);
    } catch (failure) {
      setError(failure);
    } finally {
      setBusy(false);
    }
  };

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const target = event.target as HTMLElement | null;
      if (asking || event.ctrlKey || event.metaKey || event.altKey) return;
      if (target && /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName)) return;
      if (event.key === 'v') setSideBySide((on) => !on);
      if (job?.status === 'awaiting_approval' && event.key === 'y') setAsking('approve');
      if (job?.status === 'awaiting_approval' && event.key === 'n') setAsking('reject');
    };
    addEventListener('keydown', onKey);
    return () => removeEventListener('keydown', onKey);
  }, [job?.status, asking]);

  const sendFollowUp = async (event: Event) => {
    event.preventDefault();
    if (!job || !message.trim()) return;
    setBusy(true);
    try {
      setJob(await followUp(job, message.trim()));
      setGeneration((g) => g + 1);
      setMessage('');
      setError(null);
    } catch (failure) {
      setError(failure);
    } finally {
      setBusy(false);
    }
  };

  if (!job) {
    return <main id="main"><h1>Job <code>{id.slice(0, 8)}</code></h1>{error ? <ErrorBox error={error} /> : <p>Loading…</p>}</main>;
  }
  const result = job.result;
  const stepChanges = job.steps.some((step) => (step.changes?.length ?? 0) > 0);
  const shownChanges = [...job.steps.flatMap((step) => (step.changes ?? []) as ChangeView[]), ...(result?.changes ?? [])];
  const moreToLoad = wholeChanges === null && result !== null &&
    (shownChanges.some((change) => change.diffTruncated) || (!stepChanges && result.counts.changes > result.changes.length));
  const whole = wholeChanges ? new Map(wholeChanges.map((change) => [`${change.action} ${change.path}`, change])) : null;
  const loadButton = moreToLoad ? (
    <button type="button" id="load-changes" disabled={loadingChanges} onClick={() => void loadWholeChanges()}>
      Load {result!.counts.changes > result!.changes.length ? `all ${result!.counts.changes} changes` : 'the whole diffs'}
    </button>
  ) : null;
  return (
    <main id="main" data-job={job.id} data-status={job.status}>
      <h1>Job <code>{job.id.slice(0, 8)}</code> <StatusBadge status={job.status} /></h1>
      <p class="what">{job.task ?? job.steps.map((s) => s.capability).join(' → ')}</p>
      <dl class="facts">
        <dt>Id</dt><dd><code>{job.id}</code></dd>
        <dt>Workspace</dt><dd>{job.workspace || '.'}</dd>
        <dt>Mode</dt><dd>{job.mode}</dd>
        <dt>Created</dt><dd>{when(job.createdAt)}</dd>
        <dt>Ran</dt><dd>{between(job.startedAt, job.finishedAt)}</dd>
        <dt>Attempts</dt><dd>{job.attempts}</dd>
      </dl>
      <p>
        <progress id="job-progress" max={100} value={job.progress.percent} aria-label="Job progress">{job.progress.percent}%</progress>{' '}
        <span aria-live="polite">{job.progress.percent}% {job.progress.message}</span>
      </p>
      <div class="actions" role="group" aria-label="Job actions">
        {actionsFor(job.status).map((action) => (
          <button key={action} type="button" data-action={action} class={action === 'approve' ? 'primary' : action === 'retry' ? '' : 'danger'} disabled={busy} onClick={() => setAsking(action)}>
            {ACTION_TEXT[action].label}
          </button>
        ))}
        {stepChanges || (result?.changes.length ?? 0) > 0 ? <button type="button" aria-pressed={sideBySide} onClick={() => setSideBySide(!sideBySide)}>Side by side (v)</button> : null}
      </div>
      <ErrorBox error={error} />
      {job.error ? <div class="error" role="status"><p>{job.error.message} <code>{job.error.code}</code></p></div> : null}
      {job.question ? <p class="question">The agent asks: {job.question.message} {job.question.options.length ? `(${job.question.options.join(', ')})` : ''}</p> : null}

      {job.plan ? (
        <section aria-labelledby="plan-title">
          <h2 id="plan-title">Plan</h2>
          <p>{job.plan.summary}</p>
          <ol class="plan">
            {job.plan.steps.map((planned) => {
              const step = job.steps[planned.index];
              return <li key={planned.index}><code>{planned.capability}</code> {planned.summary} {step ? <StatusBadge status={step.status} /> : planned.available ? null : <span class="badge">not built yet</span>}</li>;
            })}
          </ol>
        </section>
      ) : null}

      <section aria-labelledby="steps-title">
        <h2 id="steps-title">Steps</h2>
        <ol class="steps">
          {job.steps.map((step) => (
            <li key={step.index} data-step={step.index}>
              <h3><code>{step.capability}</code> <StatusBadge status={step.status} /></h3>
              {step.summary ? <p>{step.summary}</p> : null}
              <p class="hint">{between(step.startedAt, step.finishedAt)}</p>
              <Changes changes={(step.changes ?? []) as ChangeView[]} sideBySide={sideBySide} label={`Changes of step ${step.index + 1}`} whole={whole} />
            </li>
          ))}
        </ol>
        {stepChanges ? loadButton : null}
      </section>

      {result && !stepChanges && result.changes.length > 0 ? (
        <section aria-labelledby="changes-title">
          <h2 id="changes-title">{job.status === 'awaiting_approval' ? 'Staged changes' : 'Changes'} ({result.counts.changes})</h2>
          <Changes changes={wholeChanges ?? result.changes} sideBySide={sideBySide} label="Changes" whole={null} />
          {wholeChanges === null && result.counts.changes > result.changes.length ? <p>The first {result.changes.length} are shown.</p> : null}
          {loadButton}
        </section>
      ) : null}

      {result ? (
        <section aria-labelledby="result-title">
          <h2 id="result-title">Result</h2>
          <p class="result-summary">{result.summary}</p>
        </section>
      ) : null}
      {result && result.counts.findings > 0 ? <FindingsTable jobId={job.id} preview={result.findings} total={result.counts.findings} /> : null}
      {result && result.artifacts.length > 0 ? (
        <section aria-labelledby="artifacts-title">
          <h2 id="artifacts-title">Artifacts</h2>
          <ul>
            {result.artifacts.map((artifact) => (
              <li key={artifact.index}>
                <button type="button" class="link" onClick={() => void download(job.id, artifact).catch(setError)}>{artifact.name}</button> <span class="hint">{artifact.mediaType}, {artifact.size} characters</span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <section aria-labelledby="logs-title">
        <h2 id="logs-title">Log</h2>
        {logs.length === 0 ? <p class="hint">No log lines since this page opened.</p> : (
          <pre class="logs" tabIndex={0} aria-label="Job log">{logs.map((line, i) => <div key={i} class={`log ${line.level}`}>{new Date(line.at).toLocaleTimeString()} {line.level} {line.step !== undefined ? `[step ${line.step + 1}] ` : ''}{line.message}</div>)}</pre>
        )}
      </section>

      <section aria-labelledby="turns-title">
        <h2 id="turns-title">Conversation</h2>
        <ol class="turns">
          {job.turns.map((turn, i) => <li key={i} class={`turn ${turn.role}`}><strong>{turn.role}</strong> <span class="hint">{when(turn.at)}</span><p>{turn.message}</p></li>)}
        </ol>
        {job.status !== 'running' && job.status !== 'queued' ? (
          <form class="followup" onSubmit={sendFollowUp}>
            <label for="followup">Follow-up message (refines or continues the job)</label>
            <textarea id="followup" rows={3} maxLength={20000} value={message} onInput={(e) => setMessage(e.currentTarget.value)} />
            <button type="submit" disabled={busy || !message.trim()}>Send</button>
          </form>
        ) : null}
      </section>

      {asking ? <Confirm title={ACTION_TEXT[asking].title} message={ACTION_TEXT[asking].message} confirmLabel={ACTION_TEXT[asking].confirm} onConfirm={() => void act(asking)} onCancel={() => setAsking(null)} /> : null}
    </main>
  );
}
