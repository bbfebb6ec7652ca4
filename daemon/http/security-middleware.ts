/**
 * The security middleware in the order it must run: security headers (on every answer, errors
 * included) -> CORS (preflights answered before auth, as browsers send them without credentials) ->
 * rate limiting (never /health; before auth so floods of bad credentials are throttled too) -> auth.
 */
import type { RequestHandler } from 'express';
import type { Logger } from '../logging/types.js';
import { authMiddleware, type OpenPathMatcher } from '../security/auth-middleware.js';
import { corsMiddleware } from '../security/cors.js';
import { rateLimitMiddleware } from '../security/rate-limit.js';
import type { SecurityParts } from '../security/security-setup.js';
import { securityHeaders } from '../security/security-headers.js';

export function securityMiddleware(security: SecurityParts, logger: Logger, isOpen?: OpenPathMatcher): RequestHandler[] {
  const chain: RequestHandler[] = [
    ...securityHeaders().map((handler) => named('securityHeaders', handler)),
    named('cors', corsMiddleware(security.corsOrigins)),
  ];
  if (security.rateLimit) chain.push(named('rateLimit', rateLimitMiddleware({ ...security.rateLimit, apiKey: security.apiKey, logger })));
  chain.push(
    named('auth', authMiddleware({ apiKey: security.apiKey, jwt: security.jwt, protectMetrics: security.protectMetrics, isOpen })),
  );
  return chain;
}

/** Names a middleware, so the app's stack says what each path-less layer is (test/daemon/http/route-table.test.ts). */
export function named<T extends (...args: never[]) => unknown>(name: string, handler: T): T {
  return Object.defineProperty(handler, 'name', { value: name });
}
