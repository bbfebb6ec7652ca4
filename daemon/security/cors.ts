/**
 * CORS from security.corsOrigins. Only a listed origin gets `Access-Control-Allow-Origin` (its own
 * value, with `Vary: Origin`) and credentials; `"*"` in the list allows any origin but then never with
 * credentials (browsers reject that pair, and it would hand every site the user's session).
 * Preflights (OPTIONS with Access-Control-Request-Method) are answered here, before authentication,
 * because browsers send them without credentials: 204 with the allowances for a listed origin, 204
 * without any for the rest (the browser then blocks the real request).
 */
import type { RequestHandler, Response } from 'express';

const METHODS = 'GET, POST, DELETE, OPTIONS';
const ALLOWED_HEADERS = 'Authorization, X-API-Key, Content-Type, Last-Event-ID';
// Link and X-Total-Count page the lists (a dashboard on another origin follows them).
const EXPOSED_HEADERS =
  'Location, Retry-After, RateLimit-Limit, RateLimit-Remaining, RateLimit-Reset, RateLimit-Policy, Link, X-Total-Count';
const MAX_AGE_SEC = '600';

/** Origins are compared as the browser sends them: scheme://host[:port], no trailing slash, case-insensitive host. */
const normalise = (origin: string): string => origin.trim().replace(/\/+$/, '').toLowerCase();

function allow(res: Response, origin: string, wildcard: boolean): void {
  if (wildcard) {
    res.setHeader('Access-Control-Allow-Origin', '*');
  } else {
    res.setHeader('Access-Control-Allow-Origin', origin);
    res.setHeader('Access-Control-Allow-Credentials', 'true');
  }
  res.setHeader('Access-Control-Expose-Headers', EXPOSED_HEADERS);
}

export function corsMiddleware(origins: string[]): RequestHandler {
  const listed = new Set(origins.filter((o) => o !== '*').map(normalise));
  const wildcard = origins.includes('*');
  return (req, res, next) => {
    res.vary('Origin');
    const origin = req.headers.origin;
    const exact = typeof origin === 'string' && listed.has(normalise(origin));
    if (typeof origin === 'string' && (exact || wildcard)) allow(res, origin, !exact);
    const preflight = req.method === 'OPTIONS' && req.headers['access-control-request-method'] !== undefined;
    if (!preflight) return next();
    if (typeof origin === 'string' && (exact || wildcard)) {
      res.setHeader('Access-Control-Allow-Methods', METHODS);
      res.setHeader('Access-Control-Allow-Headers', ALLOWED_HEADERS);
      res.setHeader('Access-Control-Max-Age', MAX_AGE_SEC);
    }
    res.status(204).end();
  };
}
