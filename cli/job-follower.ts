import type { Writable } from 'node:stream';
import { apiUrl, getJson, httpError, type ApiTarget } from './api-client.js';
import { BarJobView, LineJobView, type JobEventData, type JobSnapshot, type JobView } from './job-view.js';
import { streamEvents } from './sse-client.js';

const FINAL = new Set(['succeeded', 'incomplete', 'failed', 'cancelled']);

/** Exit code of a job that ended `incomplete` (planned steps did not run); the same as `agentd agent`'s. */
export const INCOMPLETE = 4;

function exitCodeOf(job: JobSnapshot): number {
  if (job.status === 'succeeded') return 0;
  return job.status === 'incomplete' ? INCOMPLETE : 1;
}

/** Exit code when the user stops following with Ctrl-C (128 + SIGINT), as shells report it. */
export const INTERRUPTED = 130;

async function fetchJob(target: ApiTarget, jobId: string): Promise<JobSnapshot> {
  const path = `jobs/${encodeURIComponent(jobId)}`;
  const response = await getJson<JobSnapshot>(target, path);
  if (!response.ok) throw httpError(apiUrl(target, path), response.status, response.body);
  return response.body;
}

function summarize(job: JobSnapshot): string {
  const took = job.usage?.durationMs ? ` in ${(job.usage.durationMs / 1000).toFixed(1)} s` : '';
  if (job.status === 'succeeded') return `job ${job.id} succeeded${took}${job.result?.summary ? `: ${job.result.summary}` : ''}`;
  if (job.status === 'incomplete') {
    const steps = (job.notRun ?? []).map((step) => `step ${step.index + 1} ${step.capability} (${step.reason})`).join(', ');
    return `job ${job.id} incomplete${took}: ${job.notRun?.length ?? 0} planned step(s) did not run: ${steps}`;
  }
  const error = job.error ? `: ${job.error.code}: ${job.error.message}` : '';
  return `job ${job.id} ${job.status}${took}${error}`;
}

/**
 * Follows one job's events (GET /jobs/:id/events) until `done`, showing them through a progress bar on
 * a terminal or plain lines otherwise. Returns the exit code: 0 when the job succeeded, 1 when it
 * failed or was cancelled, 4 when it ended incomplete (planned steps did not run), 130 when the user stopped following (the job itself keeps running).
 */
export async function followJob(
  target: ApiTarget,
  jobId: string,
  out: Writable & { isTTY?: boolean },
  signal?: AbortSignal,
): Promise<number> {
  let job = await fetchJob(target, jobId);
  if (FINAL.has(job.status)) {
    out.write(`${summarize(job)}\n`);
    return exitCodeOf(job);
  }
  const view: JobView = out.isTTY ? new BarJobView(out, job.steps.length) : new LineJobView(out, job.steps.length);
  const url = apiUrl(target, `jobs/${encodeURIComponent(jobId)}/events`);
  for await (const { event, data } of streamEvents(target, url, { signal })) {
    const parsed = parseData(data);
    view.event(event, parsed);
    if (event === 'done') break;
    // The job sends nothing more until someone decides: say how, rather than sit there silently.
    if (event === 'status' && parsed.status === 'awaiting_approval') view.note(awaitingApproval(jobId));
  }
  if (signal?.aborted) {
    view.end(`stopped following job ${jobId}; it keeps running on the daemon`);
    return INTERRUPTED;
  }
  job = await fetchJob(target, jobId);
  if (!FINAL.has(job.status)) {
    view.end(`the event stream of job ${jobId} ended while it is still ${job.status}; run "agentd logs --job ${jobId}" again`);
    return 1;
  }
  view.end(summarize(job));
  return exitCodeOf(job);
}

function awaitingApproval(jobId: string): string {
  return `waiting for approval: review the plan with GET /jobs/${jobId}, then POST /jobs/${jobId}/followup {"action":"approve"} or {"action":"reject"} (or use agentd agent); Ctrl-C stops following`;
}

function parseData(data: string): JobEventData {
  try {
    const parsed = JSON.parse(data) as unknown;
    return typeof parsed === 'object' && parsed !== null ? (parsed as JobEventData) : { message: data };
  } catch {
    return { message: data };
  }
}
