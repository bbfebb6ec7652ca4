/**
 * Mounts route specs on an express app or router: the path in express form, `requireJson` and the
 * body checker when the route declares a body, the query checker when it declares a query, then the
 * handler with the validated input. A `prefix` route's middleware is mounted with `use`.
 */
import type { IRouter, RequestHandler } from 'express';
import type { AppContext } from './app-context.js';
import { requireJson } from './error-handler.js';
import { expressPath, type RouteHandler, type RouteSpec } from './route-spec.js';
import { bodyChecker, queryChecker } from './validate.js';

function handlerOf(route: RouteSpec, ctx: AppContext, table: readonly RouteSpec[]): RequestHandler[] {
  const built = route.handler(ctx, table);
  if (Array.isArray(built)) return built;
  const handle = built as RouteHandler<unknown, unknown>;
  const checkQuery = route.query ? queryChecker(route.query) : null;
  const checkBody = route.body && !route.body.raw ? bodyChecker(route.body) : null;
  const run: RequestHandler = async (req, res) => {
    const query = checkQuery ? checkQuery(req.query) : {};
    const body = checkBody ? checkBody(req.body ?? {}) : undefined;
    await handle(req, res, { query, body });
  };
  return checkBody ? [requireJson, run] : [run];
}

/** Mounts `routes` (a part of `table`, in order) on `target`. */
export function mountRoutes(target: IRouter, routes: readonly RouteSpec[], ctx: AppContext, table: readonly RouteSpec[] = routes): void {
  for (const route of routes) {
    if (route.when && !route.when(ctx)) continue;
    const handlers = handlerOf(route, ctx, table);
    if (route.mount === 'prefix') target.use(expressPath(route), ...handlers);
    else target[route.method](expressPath(route), ...handlers);
  }
}
