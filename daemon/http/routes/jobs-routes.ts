/** The job routes: submit, list, read, cancel, follow up. Bodies and queries are schema-checked first. */
import { Router } from 'express';
import { toPublicJob, type JobStatus } from '../../jobs/job-record.js';
import type { CreateJobBody } from '../../jobs/job-submission.js';
import type { FollowUpBody } from '../../jobs/job-service.js';
import type { AppContext } from '../app-context.js';
import { requireJson } from '../error-handler.js';
import { validateCreateJob, validateFollowUp, validateListJobsQuery } from '../validate.js';
import { nextLink, sendPage } from '../paging.js';
import { hasFilter } from '../../jobs/job-list-filter.js';

export function jobsRoutes(ctx: AppContext): Router {
  const router = Router();

  router.post('/jobs', requireJson, async (req, res) => {
    const body = validateCreateJob<CreateJobBody>(req.body ?? {});
    const { job, created } = await ctx.service.submit(body);
    if (created) ctx.logger.info('job submitted', { jobId: job.id, kind: job.kind, steps: job.steps.length });
    res.status(202).location(`/jobs/${job.id}`).json(toPublicJob(job));
  });

  // Summaries, newest first; the next page is in `Link: <...>; rel="next"` (as GitHub's API pages).
  router.get('/jobs', async (req, res) => {
    const query = validateListJobsQuery(req.query);
    const filter = { capability: query.capability, workspace: query.workspace, q: query.q };
    const page = await ctx.service.list({ statuses: query.status as JobStatus[] | undefined, limit: query.limit, cursor: query.cursor, offset: query.offset }, filter);
    const kept = Object.fromEntries(Object.entries(filter).filter((entry): entry is [string, string] => entry[1] !== undefined));
    const next = page.nextCursor === null ? null : nextLink('/jobs', { status: query.status ?? [], ...kept, limit: String(query.limit), cursor: page.nextCursor });
    // Filtered by capability, workspace or text, matches are not counted (job-list-filter.ts): no total.
    sendPage(res, page.jobs, hasFilter(filter) ? null : page.total, next);
  });

  router.get('/jobs/:id', async (req, res) => {
    res.json(toPublicJob(await ctx.service.get(String(req.params.id))));
  });

  router.delete('/jobs/:id', async (req, res) => {
    const job = await ctx.service.cancel(String(req.params.id));
    ctx.logger.info('job cancelled', { jobId: job.id });
    res.json(toPublicJob(job));
  });

  router.post('/jobs/:id/followup', requireJson, async (req, res) => {
    const body = validateFollowUp<FollowUpBody>(req.body ?? {});
    const job = await ctx.service.followUp(String(req.params.id), body);
    ctx.logger.info('job follow-up', { jobId: job.id, action: 'action' in body ? body.action : 'message' });
    res.status(202).location(`/jobs/${job.id}`).json(toPublicJob(job));
  });

  return router;
}
