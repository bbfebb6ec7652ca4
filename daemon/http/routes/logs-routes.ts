/** GET /logs (recent structured log lines) and GET /logs/stream (live, SSE) for `agentd logs`. */
import type { LogFilter } from '../../logging/types.js';
import { defineRoute, json, ref, sse, type RouteSpec } from '../route-spec.js';
import { logsQuerySchema } from '../schemas.js';
import { openSse } from '../sse.js';

interface LogsQuery {
  level?: 'debug' | 'info' | 'warn' | 'error';
  q?: string;
  limit: number;
  jobId?: string;
}

function filterOf({ level, q, limit, jobId }: LogsQuery): LogFilter {
  const filter: LogFilter = { limit };
  if (level) filter.level = level;
  if (q) filter.text = q;
  if (jobId) filter.jobId = jobId;
  return filter;
}

export const logsRoutes: RouteSpec[] = [
  defineRoute<LogsQuery>({
    method: 'get',
    path: '/logs',
    auth: 'credentials',
    summary: 'Recent structured log lines, oldest first.',
    query: { schema: logsQuerySchema },
    responses: { '200': json('Log records.', { type: 'array', items: ref('LogRecord') }) },
    errors: [400],
    handler:
      (ctx) =>
      (_req, res, { query }) => {
        res.json(ctx.logger.recent(filterOf(query)));
      },
  }),
  defineRoute<LogsQuery>({
    method: 'get',
    path: '/logs/stream',
    auth: 'credentials',
    summary: 'Live log lines (event "log").',
    query: { schema: logsQuerySchema },
    responses: { '200': sse('Server-Sent Events.') },
    errors: [400],
    handler:
      (ctx) =>
      (req, res, { query }) => {
        const { limit: _limit, ...filter } = filterOf(query);
        const stream = openSse(req, res);
        const unsubscribe = ctx.logger.subscribe((record) => stream.send('log', record), filter);
        stream.onClose(unsubscribe);
      },
  }),
];
