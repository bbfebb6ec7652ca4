/**
 * Security headers on every response (helmet), tuned for a JSON API: nothing here is ever rendered as
 * a page, so the content security policy forbids everything and framing is denied; responses carry
 * job data, so caches must not keep them.
 */
import helmet from 'helmet';
import type { RequestHandler } from 'express';

export function securityHeaders(): RequestHandler[] {
  const noStore: RequestHandler = (_req, res, next) => {
    res.setHeader('Cache-Control', 'no-store');
    next();
  };
  const headers = helmet({
    contentSecurityPolicy: { useDefaults: false, directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] } },
    crossOriginResourcePolicy: { policy: 'same-origin' },
    frameguard: { action: 'deny' },
  }) as unknown as RequestHandler;
  return [headers, noStore];
}
