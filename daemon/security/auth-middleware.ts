/**
 * Authentication of every request, mounted after rate limiting and before the routes. When neither
 * security.apiKey nor security.jwtSecret is set the daemon is open (and bound to loopback, see
 * bind-policy.ts). Otherwise a request needs the API key (constant-time comparison) or a valid JWT.
 * Open paths: GET /health (probes), GET /ui (the dashboard's static assets, which hold no data), GET
 * /metrics unless protectMetrics, and the GitHub webhook, which
 * GitHub authenticates with its signature instead (webhook-signature.ts).
 */
import type { RequestHandler, Response } from 'express';
import { AgentdError } from '../../core/index.js';
import { safeEqual } from './constant-time.js';
import { looksLikeJwt, presentedCredential } from './credentials.js';
import type { JwtTokens } from './jwt-tokens.js';

/** Whether a request passes without credentials (the app builds it from the route table's `auth`). */
export type OpenPathMatcher = (method: string, path: string, protectMetrics: boolean) => boolean;

export interface AuthOptions {
  apiKey: string | null;
  jwt: JwtTokens | null;
  protectMetrics: boolean;
  /** Default: the open paths below, as the route table declares them (daemon/http/open-paths.ts). */
  isOpen?: OpenPathMatcher;
}

/** Who made a request, kept in `res.locals.principal` for the routes (POST /auth/token wants the key). */
export type Principal = { kind: 'open' } | { kind: 'api-key' } | { kind: 'jwt'; subject: string };

export const WEBHOOK_PATH = '/webhooks/github';

/** The open paths without a route table (apps built by hand); the daemon's app passes its table's instead. */
export const defaultOpenPaths: OpenPathMatcher = (method, path, protectMetrics) => {
  const reading = method === 'GET' || method === 'HEAD';
  if (reading && path === '/health') return true;
  // The dashboard's page, script and styles (no data: the page asks the user for a key or token).
  if (reading && (path === '/ui' || path.startsWith('/ui/'))) return true;
  if (reading && path === '/metrics' && !protectMetrics) return true;
  return method === 'POST' && path === WEBHOOK_PATH;
};

export function principalOf(res: Response): Principal {
  return (res.locals.principal as Principal | undefined) ?? { kind: 'open' };
}

/** Does this credential equal the API key? Constant time; false when no key is configured. */
export function isApiKey(credential: string | null, apiKey: string | null): boolean {
  return credential !== null && apiKey !== null && safeEqual(credential, apiKey);
}

function unauthorized(res: Response, presented: boolean): AgentdError {
  // RFC 6750: a challenge on every 401; error="invalid_token" only when a token was sent.
  res.setHeader('WWW-Authenticate', presented ? 'Bearer realm="agentd", error="invalid_token"' : 'Bearer realm="agentd"');
  const message = presented
    ? 'The credential sent is not valid (wrong API key, or an expired, tampered or foreign token); send the API key or a fresh token from POST /auth/token.'
    : 'This route needs credentials; send "Authorization: Bearer <api key or token>" or "X-API-Key: <api key>".';
  return new AgentdError('unauthorized', message);
}

export function authMiddleware(options: AuthOptions): RequestHandler {
  const enabled = options.apiKey !== null || options.jwt !== null;
  const isOpen = options.isOpen ?? defaultOpenPaths;
  return async (req, res, next) => {
    if (!enabled || isOpen(req.method, req.path, options.protectMetrics)) return next();
    const credential = presentedCredential(req.headers);
    if (isApiKey(credential, options.apiKey)) {
      res.locals.principal = { kind: 'api-key' } satisfies Principal;
      return next();
    }
    if (credential !== null && options.jwt && looksLikeJwt(credential)) {
      const subject = await options.jwt.verify(credential);
      if (subject !== null) {
        res.locals.principal = { kind: 'jwt', subject } satisfies Principal;
        return next();
      }
    }
    next(unauthorized(res, credential !== null));
  };
}
