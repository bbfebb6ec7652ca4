/**
 * GET /jobs/:id/events: the job's current state first (status, each started step, progress, and `done`
 * when it is already final), then live events until `done`. The bus subscription starts before the
 * record is read, so nothing that happens in between is lost (at worst an event repeats the snapshot).
 */
import type { JobEvent } from '../../events/job-events.js';
import { isFinal, type StoredJob } from '../../jobs/job-record.js';
import { defineRoute, sse, type RouteSpec } from '../route-spec.js';
import { ID_PARAM } from './route-parts.js';
import { openSse, type SseStream } from '../sse.js';

function snapshotEvents(job: StoredJob): JobEvent[] {
  const jobId = job.id;
  const events: JobEvent[] = [{ type: 'status', jobId, status: job.status, at: job.updatedAt }];
  for (const step of job.steps) {
    if (step.status === 'pending') continue;
    const at = step.finishedAt ?? step.startedAt ?? job.updatedAt;
    events.push({ type: 'step', jobId, index: step.index, capability: step.capability, status: step.status, summary: step.summary, at });
  }
  events.push({ type: 'progress', jobId, ...job.progress, at: job.updatedAt });
  if (isFinal(job.status)) {
    const durationMs = job.startedAt && job.finishedAt ? Date.parse(job.finishedAt) - Date.parse(job.startedAt) : null;
    events.push({
      type: 'done',
      jobId,
      status: job.status,
      error: job.error,
      notRun: job.notRun ?? [],
      durationMs,
      at: job.finishedAt ?? job.updatedAt,
    });
  }
  return events;
}

function forward(stream: SseStream, event: JobEvent): void {
  stream.send(event.type, event);
  if (event.type === 'done') stream.end();
}

export const jobEventsRoutes: RouteSpec[] = [
  defineRoute({
    method: 'get',
    path: '/jobs/{id}/events',
    auth: 'credentials',
    params: ID_PARAM,
    summary: "The job's events (status, step, progress, log, done); ends after done.",
    responses: { '200': sse('Server-Sent Events.') },
    errors: [404],
    handler: (ctx) => async (req, res) => {
      await ctx.service.get(String(req.params.id)); // 404 as JSON before the stream opens
      const buffered: JobEvent[] = [];
      let live = false;
      let stream: SseStream | null = null;
      const unsubscribe = ctx.bus.subscribe(String(req.params.id), (event) => {
        if (live && stream) forward(stream, event);
        else buffered.push(event);
      });
      try {
        const job = await ctx.service.get(String(req.params.id));
        stream = openSse(req, res);
        stream.onClose(unsubscribe);
        for (const event of snapshotEvents(job)) forward(stream, event);
        for (const event of buffered.splice(0)) if (!stream.closed) forward(stream, event);
        live = true;
      } catch (error) {
        unsubscribe();
        throw error;
      }
    },
  }),
];
