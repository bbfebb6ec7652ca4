/**
 * A job's result beside its record (job-result.ts): findings and changes paged by cursor, one change's
 * file texts, an artifact and a step's large data — each read by range from the store's parts, never
 * the whole result on the daemon's thread. Texts come as they are (text/plain, the artifact's own
 * type as a download, JSON text as stored). These answers bypass express's JSON replacer, so each text
 * passes the daemon's secret redactor here (a staged file or report that holds the API key is served
 * redacted; the apply writes the real text).
 */
import { Router, type Request } from 'express';
import { AgentdError } from '../../../core/index.js';
import { changesPage, findingsPage, oneArtifact, oneChange, stepDataJson, type Page } from '../../jobs/job-result-parts.js';
import type { StoredJob } from '../../jobs/job-record.js';
import { decodePartCursor, encodePartCursor } from '../../jobs/page-cursor.js';
import type { AppContext } from '../app-context.js';
import { nextLink, sendPage } from '../paging.js';
import { validatePageQuery } from '../validate.js';

function indexParam(req: Request): number {
  const text = String(req.params.index);
  if (!/^\d{1,9}$/.test(text)) throw new AgentdError('not_found', `"${text.slice(0, 20)}" is not an index; indices are 0, 1, 2, ...`);
  return Number(text);
}

function missing(what: string, job: StoredJob, index: number): AgentdError {
  return new AgentdError('not_found', `Job "${job.id}" has no ${what} ${index}; its record's result lists what it has.`);
}

export function jobResultRoutes(ctx: AppContext): Router {
  const router = Router();
  const store = ctx.store;
  const redact = <T>(content: T): T => (typeof content === 'string' && ctx.redactor?.active ? (ctx.redactor.text(content) as T) : content);

  const paged = (name: 'findings' | 'changes', read: (job: StoredJob, start: number, count: number) => Promise<Page<unknown>>) =>
    router.get(`/jobs/:id/${name}`, async (req, res) => {
      const query = validatePageQuery(req.query);
      const job = await ctx.service.get(String(req.params.id));
      const start = decodePartCursor(job, query.cursor);
      const page = await read(job, start, query.limit);
      const end = start + page.items.length;
      const next = end < page.total ? nextLink(`/jobs/${job.id}/${name}`, { limit: String(query.limit), cursor: encodePartCursor(job, end) }) : null;
      sendPage(res, page.items, page.total, next);
    });
  paged('findings', (job, start, count) => findingsPage(store, job, start, count));
  paged('changes', (job, start, count) => changesPage(store, job, start, count));

  router.get('/jobs/:id/changes/:index/:side', async (req, res) => {
    const side = String(req.params.side);
    if (side !== 'before' && side !== 'after') throw new AgentdError('not_found', `No route matches "${req.path}"; a change's texts are at .../before and .../after.`);
    const job = await ctx.service.get(String(req.params.id));
    const index = indexParam(req);
    const change = await oneChange(store, job, index);
    if (!change) throw missing('change', job, index);
    const text = side === 'before' ? change.before : change.after;
    if (text === null || text === undefined) throw new AgentdError('not_found', `Change ${index} of job "${job.id}" ${side === 'before' ? 'creates' : 'deletes'} "${change.path}": it has no ${side} text.`);
    res.type('text/plain; charset=utf-8').send(redact(text));
  });

  router.get('/jobs/:id/artifacts/:index', async (req, res) => {
    const job = await ctx.service.get(String(req.params.id));
    const index = indexParam(req);
    const artifact = await oneArtifact(store, job, index);
    if (!artifact) throw missing('artifact', job, index);
    // A download, never rendered in the API's origin (an HTML report stays inert here).
    res.attachment(artifact.name).type(artifact.mediaType).send(redact(artifact.content));
  });

  router.get('/jobs/:id/data/:index', async (req, res) => {
    const job = await ctx.service.get(String(req.params.id));
    const index = indexParam(req);
    const json = await stepDataJson(store, job, index);
    if (json === null) throw missing('step data for step', job, index);
    res.type('application/json').send(redact(json));
  });

  return router;
}
