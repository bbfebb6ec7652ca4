/** GET /logs (recent structured log lines) and GET /logs/stream (live, SSE) for `agentd logs`. */
import { Router } from 'express';
import type { LogFilter } from '../../logging/types.js';
import type { AppContext } from '../app-context.js';
import { openSse } from '../sse.js';
import { validateLogsQuery } from '../validate.js';

function filterOf(query: unknown): LogFilter {
  const { level, q, limit, jobId } = validateLogsQuery(query);
  const filter: LogFilter = { limit };
  if (level) filter.level = level;
  if (q) filter.text = q;
  if (jobId) filter.jobId = jobId;
  return filter;
}

export function logsRoutes(ctx: AppContext): Router {
  const router = Router();

  router.get('/logs', (req, res) => {
    res.json(ctx.logger.recent(filterOf(req.query)));
  });

  router.get('/logs/stream', (req, res) => {
    const { limit: _limit, ...filter } = filterOf(req.query);
    const stream = openSse(req, res);
    const unsubscribe = ctx.logger.subscribe((record) => stream.send('log', record), filter);
    stream.onClose(unsubscribe);
  });

  return router;
}
