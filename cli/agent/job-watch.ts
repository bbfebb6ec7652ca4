/**
 * Follows a task job's events (GET /jobs/:id/events) until it settles — it ends, or it waits for
 * approval — drawing its progress, and returns the record as it then is.
 */
import type { Writable } from 'node:stream';
import { AgentdError } from '../../core/errors/index.js';
import { apiUrl } from '../api-client.js';
import { streamEvents } from '../sse-client.js';
import type { Palette } from './palette.js';
import { StepProgress, type StepEvent } from './step-progress.js';
import type { TaskApi } from './task-api.js';
import { isSettled, type TaskJob } from './task-job.js';

function parse(data: string): Record<string, unknown> {
  try {
    const value = JSON.parse(data) as unknown;
    return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/**
 * Steps already shown with this outcome: the stream's opening snapshot repeats them (e.g. when an
 * approval only applies the staged changes), and the settled record is checked for outcomes the
 * stream did not show, so none is printed twice. A step that runs again leaves the set when it starts.
 */
class ShownSteps {
  private readonly shown = new Set<string>();

  constructor(job: TaskJob) {
    for (const step of job.steps) if (step.status !== 'pending' && step.status !== 'running') this.shown.add(ShownSteps.key(step));
  }

  static key(step: { index: number; status: string; summary?: string | null }): string {
    return `${step.index}|${step.status}|${step.summary ?? ''}`;
  }

  isRepeat(step: StepEvent): boolean {
    if (step.status === 'running') {
      for (const key of this.shown) if (key.startsWith(`${step.index}|`)) this.shown.delete(key);
      return false;
    }
    const key = ShownSteps.key(step);
    if (this.shown.has(key)) return true;
    if (step.status !== 'pending') this.shown.add(key);
    return false;
  }
}

/** True when the event says the job has settled. */
function feed(view: StepProgress, shown: ShownSteps, event: string, data: Record<string, unknown>): boolean {
  if (event === 'status') {
    view.status(String(data.status));
    return isSettled(String(data.status));
  }
  if (event === 'step' && !shown.isRepeat(data as unknown as StepEvent)) view.step(data as unknown as StepEvent);
  else if (event === 'progress') view.progress(Number(data.percent), Number(data.totalSteps ?? 0), String(data.message ?? ''));
  return event === 'done';
}

export async function watchJob(
  api: TaskApi,
  job: TaskJob,
  out: Writable & { isTTY?: boolean },
  palette: Palette,
  signal?: AbortSignal,
): Promise<TaskJob> {
  const jobId = job.id;
  const view = new StepProgress(out, palette);
  const shown = new ShownSteps(job);
  const url = apiUrl(api.target, `jobs/${encodeURIComponent(jobId)}/events`);
  let settled = false;
  let latest: TaskJob;
  try {
    for await (const { event, data } of streamEvents(api.target, url, { signal })) {
      if (feed(view, shown, event, parse(data))) {
        settled = true;
        break;
      }
    }
    latest = await api.get(jobId);
    // The stream stops at the settled status, before a snapshot's step events when the job had already
    // settled when it was opened: show the outcomes that were missed from the record.
    for (const step of latest.steps) if (step.status !== 'pending' && step.status !== 'running' && !shown.isRepeat(step)) view.step(step);
  } finally {
    view.finish();
  }
  if (!settled && !signal?.aborted && !isSettled(latest.status)) {
    throw new AgentdError(
      'unavailable',
      `The event stream of job "${jobId}" ended while it is ${latest.status}; check the daemon with /status and resume with agentd agent --resume ${jobId}.`,
    );
  }
  return latest;
}
