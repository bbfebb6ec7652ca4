/**
 * A job's result beside its record (job-result.ts): findings and changes paged by cursor, one change's
 * file texts, an artifact and a step's large data — each read by range from the store's parts, never
 * the whole result on the daemon's thread. Texts come as they are (text/plain, the artifact's own
 * type as a download, JSON text as stored). These answers bypass express's JSON replacer, so each text
 * passes the daemon's secret redactor here (a staged file or report that holds the API key is served
 * redacted; the apply writes the real text).
 */
import type { Request } from 'express';
import { AgentdError } from '../../../core/index.js';
import { changesPage, findingsPage, oneArtifact, oneChange, stepDataJson, type Page } from '../../jobs/job-result-parts.js';
import type { StoredJob } from '../../jobs/job-record.js';
import { decodePartCursor, encodePartCursor } from '../../jobs/page-cursor.js';
import type { AppContext } from '../app-context.js';
import { nextLink, sendPage } from '../paging.js';
import { findingFrameQuerySchema, pageQuerySchema } from '../result-schemas.js';
import { defineRoute, json, ref, text, type RouteSpec, type Schema } from '../route-spec.js';
import { ID_INDEX_PARAMS, ID_PARAM, pageHeaders } from './route-parts.js';

function indexParam(req: Request): number {
  const value = String(req.params.index);
  if (!/^\d{1,9}$/.test(value)) throw new AgentdError('not_found', `"${value.slice(0, 20)}" is not an index; indices are 0, 1, 2, ...`);
  return Number(value);
}

function missing(what: string, job: StoredJob, index: number): AgentdError {
  return new AgentdError('not_found', `Job "${job.id}" has no ${what} ${index}; its record's result lists what it has.`);
}

const redactorOf =
  (ctx: AppContext) =>
  <T>(content: T): T =>
    typeof content === 'string' && ctx.redactor?.active ? (ctx.redactor.text(content) as T) : content;

type PageRead = (ctx: AppContext, job: StoredJob, start: number, count: number) => Promise<Page<unknown>>;

function pagedRoute(name: 'findings' | 'changes', summary: string, item: Schema, read: PageRead): RouteSpec {
  return defineRoute<{ cursor?: string; limit: number }>({
    method: 'get',
    path: `/jobs/{id}/${name}`,
    auth: 'credentials',
    params: ID_PARAM,
    summary,
    query: { schema: pageQuerySchema },
    responses: {
      '200': { description: `${name[0]!.toUpperCase()}${name.slice(1)}.`, headers: pageHeaders, schema: { type: 'array', items: item } },
    },
    errors: [400, 404],
    handler:
      (ctx) =>
      async (req, res, { query }) => {
        const job = await ctx.service.get(String(req.params.id));
        const start = decodePartCursor(job, query.cursor);
        const page = await read(ctx, job, start, query.limit);
        const end = start + page.items.length;
        const next =
          end < page.total ? nextLink(`/jobs/${job.id}/${name}`, { limit: String(query.limit), cursor: encodePartCursor(job, end) }) : null;
        sendPage(res, page.items, page.total, next);
      },
  });
}

function changeTextRoute(side: 'before' | 'after', summary: string): RouteSpec {
  return defineRoute({
    method: 'get',
    path: `/jobs/{id}/changes/{index}/${side}`,
    auth: 'credentials',
    params: ID_INDEX_PARAMS,
    summary,
    responses: { '200': text('The text.') },
    errors: [404],
    handler: (ctx) => {
      const redact = redactorOf(ctx);
      return async (req, res) => {
        const job = await ctx.service.get(String(req.params.id));
        const index = indexParam(req);
        const change = await oneChange(ctx.store, job, index);
        if (!change) throw missing('change', job, index);
        const content = side === 'before' ? change.before : change.after;
        if (content === null || content === undefined)
          throw new AgentdError(
            'not_found',
            `Change ${index} of job "${job.id}" ${side === 'before' ? 'creates' : 'deletes'} "${change.path}": it has no ${side} text.`,
          );
        res.type('text/plain; charset=utf-8').send(redact(content));
      };
    },
  });
}

export const jobResultRoutes: RouteSpec[] = [
  pagedRoute('findings', "All of the result's findings, paged.", ref('Finding'), (ctx, job, start, count) =>
    findingsPage(ctx.store, job, start, count),
  ),
  pagedRoute('changes', "All of the result's changes with whole diffs, paged.", ref('ChangeView'), (ctx, job, start, count) =>
    changesPage(ctx.store, job, start, count),
  ),
  defineRoute<{ context: number }>({
    method: 'get',
    path: '/jobs/{id}/findings/{index}/frame',
    auth: 'credentials',
    params: ID_INDEX_PARAMS,
    query: { schema: findingFrameQuerySchema },
    summary: "A finding's code frame: the lines of its range and around it, from its file as it is now in the job's workspace.",
    responses: { '200': json('The frame.', ref('FindingFrame')) },
    errors: [400, 404],
    handler:
      (ctx) =>
      async (req, res, { query }) => {
        // res.json passes the daemon's secret redactor (express's JSON replacer).
        res.json(await ctx.service.findingFrame(String(req.params.id), indexParam(req), query.context));
      },
  }),
  changeTextRoute('before', 'The file text before a change (404 for a created file).'),
  changeTextRoute('after', 'The file text after a change (404 for a deleted file).'),
  defineRoute({
    method: 'get',
    path: '/jobs/{id}/artifacts/{index}',
    auth: 'credentials',
    params: ID_INDEX_PARAMS,
    summary: 'An artifact, as a download with its media type.',
    responses: { '200': text('The artifact.', '*/*') },
    errors: [404],
    handler: (ctx) => {
      const redact = redactorOf(ctx);
      return async (req, res) => {
        const job = await ctx.service.get(String(req.params.id));
        const index = indexParam(req);
        const artifact = await oneArtifact(ctx.store, job, index);
        if (!artifact) throw missing('artifact', job, index);
        // A download, never rendered in the API's origin (an HTML report stays inert here).
        res.attachment(artifact.name).type(artifact.mediaType).send(redact(artifact.content));
      };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/jobs/{id}/data/{index}',
    auth: 'credentials',
    params: ID_INDEX_PARAMS,
    summary: "A step's data (large data is only here).",
    responses: { '200': text('JSON.', 'application/json') },
    errors: [404],
    handler: (ctx) => {
      const redact = redactorOf(ctx);
      return async (req, res) => {
        const job = await ctx.service.get(String(req.params.id));
        const index = indexParam(req);
        const data = await stepDataJson(ctx.store, job, index);
        if (data === null) throw missing('step data for step', job, index);
        res.type('application/json').send(redact(data));
      };
    },
  }),
];
