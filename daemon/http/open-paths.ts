/**
 * Which requests pass without credentials, read from the route table's `auth`: `open` routes,
 * `open-unless-protected` ones unless security.protectMetrics, and `signature` ones (the webhook, whose
 * body's signature is its credential). Paths match exactly as written (a prefix route: everything
 * below it); a GET route is open for HEAD too.
 */
import type { OpenPathMatcher } from '../security/auth-middleware.js';
import { expressPath, type RouteSpec } from './route-spec.js';

interface OpenRoute {
  methods: string[];
  test: (path: string) => boolean;
  unlessProtected: boolean;
}

function pathTest(route: RouteSpec): (path: string) => boolean {
  if (route.mount === 'prefix') {
    const prefix = expressPath(route);
    return (path) => path.startsWith(prefix);
  }
  const pattern = new RegExp(
    `^${route.path
      .split(/\{[^}]+\}/)
      .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
      .join('[^/]+')}$`,
  );
  return (path) => pattern.test(path);
}

export function openPathMatcher(table: readonly RouteSpec[]): OpenPathMatcher {
  const open: OpenRoute[] = table
    .filter((route) => route.auth === 'open' || route.auth === 'open-unless-protected' || route.auth === 'signature')
    .map((route) => ({
      methods: route.method === 'get' ? ['GET', 'HEAD'] : [route.method.toUpperCase()],
      test: pathTest(route),
      unlessProtected: route.auth === 'open-unless-protected',
    }));
  return (method, path, protectMetrics) =>
    open.some((route) => route.methods.includes(method) && !(route.unlessProtected && protectMetrics) && route.test(path));
}
