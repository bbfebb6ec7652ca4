/** The job routes: submit, list, read, cancel, follow up. Bodies and queries are schema-checked first (mount-routes.ts). */
import { toPublicJob, type JobStatus } from '../../jobs/job-record.js';
import type { CreateJobBody } from '../../jobs/job-submission.js';
import type { FollowUpBody } from '../../jobs/job-service.js';
import { hasFilter } from '../../jobs/job-list-filter.js';
import { nextLink, sendPage } from '../paging.js';
import { defineRoute, json, ref, type RouteSpec } from '../route-spec.js';
import { deleteJobQuerySchema, FOLLOW_UP_FORMS, JOB_FORMS, listJobsQuerySchema } from '../schemas.js';
import { ID_PARAM, pageHeaders } from './route-parts.js';

export interface ListJobsQuery {
  status?: string[];
  limit: number;
  cursor?: string;
  offset?: number;
  capability?: string;
  workspace?: string;
  q?: string;
}

export const jobsRoutes: RouteSpec[] = [
  defineRoute<Record<string, never>, CreateJobBody>({
    method: 'post',
    path: '/jobs',
    auth: 'credentials',
    summary: 'Submit a job: a free-text task, one capability, or a pipeline of capabilities.',
    body: { what: 'job request', forms: JOB_FORMS },
    responses: { '202': json('The job record (Location: /jobs/<id>).', ref('Job')) },
    errors: [400, 403, 413, 415, 422, 503],
    handler:
      (ctx) =>
      async (_req, res, { body }) => {
        const { job, created } = await ctx.service.submit(body);
        if (created) ctx.logger.info('job submitted', { jobId: job.id, kind: job.kind, steps: job.steps.length });
        res.status(202).location(`/jobs/${job.id}`).json(toPublicJob(job));
      },
  }),
  // Summaries, newest first; the next page is in `Link: <...>; rel="next"` (as GitHub's API pages).
  defineRoute<ListJobsQuery>({
    method: 'get',
    path: '/jobs',
    auth: 'credentials',
    summary: 'List jobs, newest first, as summaries; the next page is in the Link header (rel="next").',
    query: {
      schema: listJobsQuerySchema,
      explode: ['status'],
      refine: (query) =>
        query.cursor !== undefined && query.offset !== undefined
          ? { path: '/query/offset', message: 'must not be given with cursor' }
          : null,
    },
    responses: { '200': { description: 'Job summaries.', headers: pageHeaders, schema: { type: 'array', items: ref('JobSummary') } } },
    errors: [400],
    handler:
      (ctx) =>
      async (_req, res, { query }) => {
        const filter = { capability: query.capability, workspace: query.workspace, q: query.q };
        const page = await ctx.service.list(
          { statuses: query.status as JobStatus[] | undefined, limit: query.limit, cursor: query.cursor, offset: query.offset },
          filter,
        );
        const kept = Object.fromEntries(Object.entries(filter).filter((entry): entry is [string, string] => entry[1] !== undefined));
        const next =
          page.nextCursor === null
            ? null
            : nextLink('/jobs', { status: query.status ?? [], ...kept, limit: String(query.limit), cursor: page.nextCursor });
        // Filtered by capability, workspace or text, matches are not counted (job-list-filter.ts): no total.
        sendPage(res, page.jobs, hasFilter(filter) ? null : page.total, next);
      },
  }),
  defineRoute({
    method: 'get',
    path: '/jobs/{id}',
    auth: 'credentials',
    params: ID_PARAM,
    summary: 'Read a job.',
    responses: { '200': json('The job record.', ref('Job')) },
    errors: [404],
    handler: (ctx) => async (req, res) => {
      res.json(toPublicJob(await ctx.service.get(String(req.params.id))));
    },
  }),
  defineRoute<{ purge: boolean }>({
    method: 'delete',
    path: '/jobs/{id}',
    auth: 'credentials',
    params: ID_PARAM,
    query: { schema: deleteJobQuerySchema },
    summary: 'Cancel a queued, running or awaiting_approval job; with purge=true, delete a finished one.',
    responses: {
      '200': json('The cancelled job.', ref('Job')),
      '204': { description: 'purge=true: the finished job, its result parts and artifacts were deleted.' },
    },
    errors: [400, 404, 409],
    handler:
      (ctx) =>
      async (req, res, { query }) => {
        const id = String(req.params.id);
        if (query.purge) {
          await ctx.service.purge(id);
          ctx.logger.info('job deleted', { jobId: id });
          res.status(204).end();
          return;
        }
        const job = await ctx.service.cancel(id);
        ctx.logger.info('job cancelled', { jobId: job.id });
        res.json(toPublicJob(job));
      },
  }),
  defineRoute<Record<string, never>, FollowUpBody>({
    method: 'post',
    path: '/jobs/{id}/followup',
    auth: 'credentials',
    params: ID_PARAM,
    summary: 'Refine or continue a job ({message}) or approve/reject its staged changes ({action}).',
    body: { what: 'follow-up request', forms: FOLLOW_UP_FORMS },
    responses: { '202': json('The re-queued (or rejected) job.', ref('Job')) },
    errors: [400, 404, 409, 415, 503],
    handler:
      (ctx) =>
      async (req, res, { body }) => {
        const job = await ctx.service.followUp(String(req.params.id), body);
        ctx.logger.info('job follow-up', { jobId: job.id, action: 'action' in body ? body.action : 'message' });
        res.status(202).location(`/jobs/${job.id}`).json(toPublicJob(job));
      },
  }),
];
