/**
 * One job: status and progress live (GET /jobs/:id/events), its log lines, the plan of a task job,
 * each step with what it staged (diffs), findings, artifacts, turns, and the actions the API allows.
 * Keys as the CLI's: y approve and n reject (each asks to confirm), v unified / side-by-side diffs.
 */
import { StepData } from '../components/step-data.js';
import { QualityView } from '../components/quality-view.js';
import { useCallback, useEffect, useRef, useState } from 'preact/hooks';
import { getJson } from '../api/client.js';
import { openEvents } from '../api/sse.js';
import type { ChangeView, JobEvent, PublicJob } from '../api/types.js';
import { ArtifactList } from '../components/artifact-list.js';
import { ChangesList } from '../components/changes-list.js';
import { Conversation } from '../components/conversation.js';
import { PlanList } from '../components/plan-list.js';
import { useWholeChanges } from '../whole-changes.js';
import { Confirm } from '../components/confirm.js';
import { ErrorBox } from '../components/error-box.js';
import { FindingsTable } from '../components/findings-table.js';
import { StatusBadge } from '../components/status-badge.js';
import { ACTION_TEXT, actionsFor, followUp, perform, type Action } from '../job-actions.js';
import { between, when } from '../format.js';
import { go } from '../router.js';

type LogLine = Extract<JobEvent, { type: 'log' }>;
const MAX_LOG_LINES = 1000;

export function JobDetail({ id }: { id: string }) {
  const [job, setJob] = useState<PublicJob | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [logs, setLogs] = useState<LogLine[]>([]);
  const [sideBySide, setSideBySide] = useState(false);
  const [asking, setAsking] = useState<Action | null>(null);
  const [busy, setBusy] = useState(false);
  const [generation, setGeneration] = useState(0);
  const whole = useWholeChanges(id, setError);
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
    void load();
  }, [id]);
  // A new run (approval, follow-up) makes new changes: whole diffs loaded before are stale.
  useEffect(() => whole.forget(), [id, job?.attempts, job?.finishedAt]);

  // A job's stream ends after `done`; an approval or follow-up queues the job again, so a new one opens.
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | null = null;
    const stream = openEvents(`/jobs/${encodeURIComponent(id)}/events`, {
      onEvent: (_type, data) => {
        const event = data as JobEvent;
        if (event.type === 'log') {
          setLogs((old) => [...old.slice(-(MAX_LOG_LINES - 1)), event]);
        } else if (event.type === 'progress') {
          setJob((old) =>
            old
              ? {
                  ...old,
                  progress: {
                    completedSteps: event.completedSteps,
                    totalSteps: event.totalSteps,
                    percent: event.percent,
                    message: event.message,
                  },
                }
              : old,
          );
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
      if (next === null) return go({ page: 'jobs' });
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

  const sendFollowUp = async (message: string): Promise<boolean> => {
    if (!job) return false;
    setBusy(true);
    try {
      setJob(await followUp(job, message));
      setGeneration((g) => g + 1);
      setError(null);
      return true;
    } catch (failure) {
      setError(failure);
      return false;
    } finally {
      setBusy(false);
    }
  };

  if (!job) {
    return (
      <main id="main">
        <h1>
          Job <code>{id.slice(0, 8)}</code>
        </h1>
        {error ? <ErrorBox error={error} /> : <p>Loading…</p>}
      </main>
    );
  }
  const result = job.result;
  const stepChanges = job.steps.some((step) => (step.changes?.length ?? 0) > 0);
  const shownChanges = [...job.steps.flatMap((step) => (step.changes ?? []) as ChangeView[]), ...(result?.changes ?? [])];
  const moreToLoad =
    whole.changes === null &&
    result !== null &&
    (shownChanges.some((change) => change.diffTruncated) || (!stepChanges && result.counts.changes > result.changes.length));
  const loadButton = moreToLoad ? (
    <button type="button" id="load-changes" disabled={whole.loading} onClick={() => void whole.load()}>
      Load {result!.counts.changes > result!.changes.length ? `all ${result!.counts.changes} changes` : 'the whole diffs'}
    </button>
  ) : null;
  return (
    <main id="main" data-job={job.id} data-status={job.status}>
      <h1>
        Job <code>{job.id.slice(0, 8)}</code> <StatusBadge status={job.status} />
      </h1>
      <p class="what">{job.task ?? job.steps.map((s) => s.capability).join(' → ')}</p>
      <dl class="facts">
        <dt>Id</dt>
        <dd>
          <code>{job.id}</code>
        </dd>
        <dt>Workspace</dt>
        <dd>{job.workspace || '.'}</dd>
        <dt>Mode</dt>
        <dd>{job.mode}</dd>
        <dt>Created</dt>
        <dd>{when(job.createdAt)}</dd>
        <dt>Ran</dt>
        <dd>{between(job.startedAt, job.finishedAt)}</dd>
        <dt>Attempts</dt>
        <dd>{job.attempts}</dd>
      </dl>
      <p>
        <progress id="job-progress" max={100} value={job.progress.percent} aria-label="Job progress">
          {job.progress.percent}%
        </progress>{' '}
        <span aria-live="polite">
          {job.progress.percent}% {job.progress.message}
        </span>
      </p>
      <div class="actions" role="group" aria-label="Job actions">
        {actionsFor(job.status).map((action) => (
          <button
            key={action}
            type="button"
            data-action={action}
            class={action === 'approve' ? 'primary' : action === 'retry' ? '' : 'danger'}
            disabled={busy}
            onClick={() => setAsking(action)}
          >
            {ACTION_TEXT[action].label}
          </button>
        ))}
        {stepChanges || (result?.changes.length ?? 0) > 0 ? (
          <button type="button" aria-pressed={sideBySide} onClick={() => setSideBySide(!sideBySide)}>
            Side by side (v)
          </button>
        ) : null}
      </div>
      <ErrorBox error={error} />
      {job.error ? (
        <div class="error" role="status">
          <p>
            {job.error.message} <code>{job.error.code}</code>
          </p>
        </div>
      ) : null}
      {job.question ? (
        <p class="question">
          The agent asks: {job.question.message} {job.question.options.length ? `(${job.question.options.join(', ')})` : ''}
        </p>
      ) : null}

      {job.plan ? <PlanList plan={job.plan} steps={job.steps} /> : null}

      <section aria-labelledby="steps-title">
        <h2 id="steps-title">Steps</h2>
        <ol class="steps">
          {job.steps.map((step) => (
            <li key={step.index} data-step={step.index}>
              <h3>
                <code>{step.capability}</code> <StatusBadge status={step.status} />
              </h3>
              {step.summary ? <p>{step.summary}</p> : null}
              <p class="hint">{between(step.startedAt, step.finishedAt)}</p>
              {step.capability === 'analysis.quality' && result?.data?.[step.index] !== undefined ? (
                <QualityView data={result.data[step.index]} />
              ) : null}
              {result?.data?.[step.index] !== undefined && result.data[step.index] !== null ? (
                <StepData data={result.data[step.index]} />
              ) : null}
              <ChangesList
                changes={(step.changes ?? []) as ChangeView[]}
                sideBySide={sideBySide}
                label={`Changes of step ${step.index + 1}`}
                whole={whole.byKey}
              />
            </li>
          ))}
        </ol>
        {stepChanges ? loadButton : null}
      </section>

      {result && !stepChanges && result.changes.length > 0 ? (
        <section aria-labelledby="changes-title">
          <h2 id="changes-title">
            {job.status === 'awaiting_approval' ? 'Staged changes' : 'Changes'} ({result.counts.changes})
          </h2>
          <ChangesList changes={whole.changes ?? result.changes} sideBySide={sideBySide} label="Changes" whole={null} />
          {whole.changes === null && result.counts.changes > result.changes.length ? (
            <p>The first {result.changes.length} are shown.</p>
          ) : null}
          {loadButton}
        </section>
      ) : null}

      {result ? (
        <section aria-labelledby="result-title">
          <h2 id="result-title">Result</h2>
          <p class="result-summary">{result.summary}</p>
        </section>
      ) : null}
      {result && result.counts.findings > 0 ? (
        <FindingsTable jobId={job.id} preview={result.findings} total={result.counts.findings} />
      ) : null}
      {result && result.artifacts.length > 0 ? <ArtifactList jobId={job.id} artifacts={result.artifacts} onError={setError} /> : null}

      <section aria-labelledby="logs-title">
        <h2 id="logs-title">Log</h2>
        {logs.length === 0 ? (
          <p class="hint">No log lines since this page opened.</p>
        ) : (
          <pre class="logs" tabIndex={0} aria-label="Job log">
            {logs.map((line, i) => (
              <div key={i} class={`log ${line.level}`}>
                {new Date(line.at).toLocaleTimeString()} {line.level} {line.step !== undefined ? `[step ${line.step + 1}] ` : ''}
                {line.message}
              </div>
            ))}
          </pre>
        )}
      </section>

      <Conversation job={job} busy={busy} onSend={sendFollowUp} />

      {asking ? (
        <Confirm
          title={ACTION_TEXT[asking].title}
          message={ACTION_TEXT[asking].message}
          confirmLabel={ACTION_TEXT[asking].confirm}
          onConfirm={() => void act(asking)}
          onCancel={() => setAsking(null)}
        />
      ) : null}
    </main>
  );
}
