/**
 * Every REST route of the daemon, in the order express tries them. Adding a route is one entry here
 * (usually in one of the routes/ files it gathers): mount-routes.ts mounts it with its request
 * validation, openapi.ts publishes it at GET /openapi.json, the auth middleware opens it or not from
 * its `auth`, and test/daemon/http/route-table.test.ts fails on any express route missing here.
 */
import type { RouteSpec } from './route-spec.js';
import { authRoutes } from './routes/auth-routes.js';
import { dashboardRoutesOfTable } from './routes/dashboard-routes.js';
import { eventsRoutes } from './routes/events-route.js';
import { healthRoutes } from './routes/health-routes.js';
import { infoRoutes } from './routes/info-routes.js';
import { jobEventsRoutes } from './routes/job-events-route.js';
import { jobResultRoutes } from './routes/job-result-routes.js';
import { jobsRoutes } from './routes/jobs-routes.js';
import { logsRoutes } from './routes/logs-routes.js';
import { plansRoutes } from './routes/plans-route.js';
import { webhookRoutes } from './routes/webhook-routes.js';

export const ROUTE_TABLE: readonly RouteSpec[] = [
  ...webhookRoutes,
  ...authRoutes,
  ...healthRoutes,
  ...infoRoutes,
  ...jobsRoutes,
  ...plansRoutes,
  ...jobResultRoutes,
  ...jobEventsRoutes,
  ...eventsRoutes,
  ...logsRoutes,
  ...dashboardRoutesOfTable,
];
