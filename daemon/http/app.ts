/**
 * The express app: the security chain (headers, CORS, rate limit, auth), the webhook route on raw bytes
 * (before any JSON parsing, so its signature is checked on what GitHub sent), JSON parsing (1 MB), the
 * routes, then 404 and the one error mapper.
 */
import express, { type Express } from 'express';
import type { AppContext } from './app-context.js';
import { errorHandler, notFound } from './error-handler.js';
import { healthRoutes } from './routes/health-routes.js';
import { infoRoutes } from './routes/info-routes.js';
import { jobEventsRoute } from './routes/job-events-route.js';
import { jobsRoutes } from './routes/jobs-routes.js';
import { plansRoute } from './routes/plans-route.js';
import { jobResultRoutes } from './routes/job-result-routes.js';
import { logsRoutes } from './routes/logs-routes.js';
import { authRoutes } from './routes/auth-routes.js';
import { webhookRoutes } from './routes/webhook-routes.js';
import { eventsRoute } from './routes/events-route.js';
import { dashboardRoutes } from './routes/dashboard-routes.js';
import { securityMiddleware } from './security-middleware.js';
import { requestLog } from './request-log.js';
import { rejectDeepJson } from '../security/json-depth.js';

export function createApp(ctx: AppContext): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  app.set('query parser', 'simple');
  // Every JSON answer (records, errors, logs) and every SSE event (sse.ts) passes the redactor.
  if (ctx.redactor?.active) app.set('json replacer', ctx.redactor.replacer);
  app.use(requestLog(ctx.logger));
  if (ctx.security) app.use(...securityMiddleware(ctx.security, ctx.logger), webhookRoutes(ctx.security, ctx.logger));
  app.use(express.json({ limit: '1mb', type: 'application/json', verify: rejectDeepJson() }));
  if (ctx.security) app.use(authRoutes(ctx.security));
  app.use(healthRoutes(ctx), infoRoutes(ctx), jobsRoutes(ctx), plansRoute(ctx), jobResultRoutes(ctx), jobEventsRoute(ctx), eventsRoute(ctx), logsRoutes(ctx), dashboardRoutes());
  app.use(notFound);
  app.use(errorHandler(ctx.logger));
  return app;
}
