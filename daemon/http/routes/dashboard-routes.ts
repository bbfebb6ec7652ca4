/**
 * The web dashboard (docs/dashboard.md) under /ui: the static page, script and styles built into
 * dist/ui by scripts/build-dashboard.mjs. They hold no data, so they load without credentials (auth
 * opens GET /ui); everything the page shows comes from the API with the key or token the user types.
 * Its answers carry their own Content-Security-Policy: scripts, styles and connections from this
 * origin only, nothing inline, no frames, no forms posting anywhere.
 */
import express, { Router, type RequestHandler } from 'express';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { AgentdError } from '../../../core/index.js';
import { DASHBOARD_DIR } from '../dashboard-dir.js';
import { mountRoutes } from '../mount-routes.js';
import { defineRoute, text, type RouteSpec } from '../route-spec.js';
import type { AppContext } from '../app-context.js';

export { DASHBOARD_DIR };
export const DASHBOARD_PATH = '/ui';

export const DASHBOARD_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "connect-src 'self'",
  "img-src 'self' data:",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

const dashboardHeaders: RequestHandler = (_req, res, next) => {
  res.setHeader('Content-Security-Policy', DASHBOARD_CSP);
  next();
};

/** server.dashboard (default true): false leaves the dashboard's routes out. */
const servesDashboard = (ctx: AppContext): boolean => ctx.dashboard !== false;

/** The dashboard's two routes, serving the files of `dir`. */
export function dashboardRouteSpecs(dir = DASHBOARD_DIR): RouteSpec[] {
  return [
    defineRoute({
      method: 'get',
      path: DASHBOARD_PATH,
      auth: 'open',
      when: servesDashboard,
      summary: 'The web dashboard: redirects to /ui/.',
      responses: { '301': { description: 'To /ui/.' } },
      // Routing is not strict ('/ui' also matches '/ui/'): only the bare path is sent on to its folder.
      handler: () => [
        (req, res, next) => {
          if (req.originalUrl.split('?')[0] !== DASHBOARD_PATH) return next();
          res.redirect(301, `${DASHBOARD_PATH}/`);
        },
      ],
    }),
    defineRoute({
      method: 'get',
      path: `${DASHBOARD_PATH}/{file}`,
      auth: 'open',
      when: servesDashboard,
      mount: 'prefix',
      params: { file: { type: 'string' } },
      summary: "The web dashboard's static files (index.html, app.js, style.css), with their own Content-Security-Policy; no data.",
      responses: { '200': text('The file.', '*/*') },
      errors: [404],
      handler: () => [
        dashboardHeaders,
        (req, _res, next) => {
          if (req.method !== 'GET' && req.method !== 'HEAD') return next();
          if (!existsSync(path.join(dir, 'index.html'))) {
            return next(
              new AgentdError(
                'not_found',
                'The dashboard is not built in this installation; run "npm run build" (scripts/build-dashboard.mjs) to build it.',
              ),
            );
          }
          next();
        },
        express.static(dir, { index: 'index.html', dotfiles: 'ignore', redirect: false, fallthrough: true }),
      ],
    }),
  ];
}

export const dashboardRoutesOfTable: RouteSpec[] = dashboardRouteSpecs();

/** The dashboard's routes alone on a router (tests serve a folder of their own with it). */
export function dashboardRoutes(dir = DASHBOARD_DIR): Router {
  const router = Router();
  mountRoutes(router, dashboardRouteSpecs(dir), {} as AppContext);
  return router;
}
