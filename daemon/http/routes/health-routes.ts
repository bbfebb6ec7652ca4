/** /health, /stats and /metrics: cheap reads of the queue backend, answered while jobs run in workers. */
import { AgentdError } from '../../../core/index.js';
import type { Health, Instance, Stats, ThroughputBucket } from '../api-types.js';
import { historyQuerySchema } from '../schemas.js';
import { defineRoute, json, ref, text, type RouteSpec } from '../route-spec.js';

const PING_TIMEOUT_MS = 1000;

function withTimeout<T>(promise: Promise<T>, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not answer within ${PING_TIMEOUT_MS} ms`)), PING_TIMEOUT_MS);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

export const healthRoutes: RouteSpec[] = [
  defineRoute({
    method: 'get',
    path: '/health',
    auth: 'open',
    summary: 'Liveness and readiness.',
    responses: { '200': json('Healthy.', ref('Health')), '503': json('Unhealthy.', ref('Health')) },
    handler: (ctx) => async (_req, res) => {
      const base = { uptime: Math.floor((Date.now() - ctx.startedAt) / 1000), timestamp: new Date().toISOString(), version: ctx.version };
      try {
        await withTimeout(Promise.all([ctx.queue.ping(), ctx.store.ping()]), 'The queue backend');
        const counts = await withTimeout(ctx.store.counts(), 'The job store');
        res.json({
          status: 'healthy',
          ...base,
          jobs: { queued: counts.queued, running: counts.running, total: counts.total },
        } satisfies Health);
      } catch (error) {
        res.status(503).json({ status: 'unhealthy', ...base, reason: (error as Error).message } satisfies Health);
      }
    },
  }),
  defineRoute({
    method: 'get',
    path: '/stats',
    auth: 'credentials',
    summary: 'Job counts.',
    responses: { '200': json('Counts.', ref('Stats')) },
    errors: [503],
    handler: (ctx) => async (_req, res) => {
      const counts = await withTimeout(ctx.store.counts(), 'The job store').catch((error: Error) => {
        throw new AgentdError('unavailable', `The queue backend is unreachable (${error.message}); check it and retry.`, { cause: error });
      });
      res.json({
        queued: counts.queued,
        running: counts.running,
        awaitingApproval: counts.awaiting_approval,
        succeeded: counts.succeeded,
        incomplete: counts.incomplete,
        failed: counts.failed,
        cancelled: counts.cancelled,
        total: counts.total,
        maxConcurrent: ctx.maxConcurrent,
        instance: ctx.instance,
      } satisfies Stats);
    },
  }),
  defineRoute<{ minutes: number }>({
    method: 'get',
    path: '/stats/history',
    auth: 'credentials',
    query: { schema: historyQuerySchema },
    summary: 'Jobs finished per minute by final status, oldest first, across the daemons of the queue (kept 24 h).',
    responses: { '200': json('One bucket per minute, empty minutes as zeros.', { type: 'array', items: ref('ThroughputBucket') }) },
    errors: [400, 503],
    handler:
      (ctx) =>
      async (_req, res, { query }) => {
        const read = ctx.throughput ? ctx.throughput(query.minutes) : Promise.resolve([]);
        const buckets = await withTimeout(read, 'The queue backend').catch((error: Error) => {
          throw new AgentdError('unavailable', `The queue backend is unreachable (${error.message}); check it and retry.`, {
            cause: error,
          });
        });
        res.json(buckets satisfies ThroughputBucket[]);
      },
  }),
  defineRoute({
    method: 'get',
    path: '/instances',
    auth: 'credentials',
    summary: 'The daemons serving this queue (several on a shared Redis), oldest first, from their heartbeats.',
    responses: { '200': json('Instances.', { type: 'array', items: ref('Instance') }) },
    errors: [503],
    handler: (ctx) => async (_req, res) => {
      const list = ctx.instances ? ctx.instances() : Promise.resolve([]);
      const instances = await withTimeout(list, 'The queue backend').catch((error: Error) => {
        throw new AgentdError('unavailable', `The queue backend is unreachable (${error.message}); check it and retry.`, { cause: error });
      });
      res.json(instances.map((instance) => ({ ...instance, self: instance.id === ctx.instance })) satisfies Instance[]);
    },
  }),
  defineRoute({
    method: 'get',
    path: '/metrics',
    auth: 'open-unless-protected',
    summary: 'Prometheus metrics (open unless security.protectMetrics).',
    responses: { '200': text('Text exposition.') },
    handler: (ctx) => async (_req, res) => {
      res.type(ctx.metrics.contentType).send(await ctx.metrics.render());
    },
  }),
];
