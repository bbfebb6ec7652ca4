/**
 * The express app: the security chain (headers, CORS, rate limit, auth), the routes that read the raw
 * body (the webhook: its signature is checked on what GitHub sent, before any JSON parsing), JSON
 * parsing (1 MB), every other route of the table (route-table.ts), then 404 and the one error mapper.
 */
import express, { type Express } from 'express';
import type { AppContext } from './app-context.js';
import { errorHandler, notFound } from './error-handler.js';
import { mountRoutes } from './mount-routes.js';
import { openPathMatcher } from './open-paths.js';
import { ROUTE_TABLE } from './route-table.js';
import { named, securityMiddleware } from './security-middleware.js';
import { requestLog } from './request-log.js';
import { rejectDeepJson } from '../security/json-depth.js';

export function createApp(ctx: AppContext, table = ROUTE_TABLE): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  app.set('query parser', 'simple');
  // Every JSON answer (records, errors, logs) and every SSE event (sse.ts) passes the redactor.
  if (ctx.redactor?.active) app.set('json replacer', ctx.redactor.replacer);
  app.use(named('requestLog', requestLog(ctx.logger)));
  if (ctx.security) app.use(...securityMiddleware(ctx.security, ctx.logger, openPathMatcher(table)));
  mountRoutes(
    app,
    table.filter((route) => route.mount === 'raw'),
    ctx,
    table,
  );
  app.use(express.json({ limit: '1mb', type: 'application/json', verify: rejectDeepJson() }));
  mountRoutes(
    app,
    table.filter((route) => route.mount !== 'raw'),
    ctx,
    table,
  );
  app.use(notFound);
  app.use(named('errorHandler', errorHandler(ctx.logger)));
  return app;
}
