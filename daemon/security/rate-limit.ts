/**
 * The rate limiter: security.rateLimiting.requests per window, per client. A client is its API key
 * (hashed — the raw key never reaches Redis or memory dumps) when it presents the right one, else its
 * address: a made-up key must not buy a fresh budget. Answers carry the IETF RateLimit-* headers;
 * over the limit it is 429 rate_limited with Retry-After. /health is never limited (probes).
 * When the store fails (Redis away) the request passes and a warning is logged: the queue itself is
 * then down and /health says so; locking every client out as well would help no one.
 */
import { createHash } from 'node:crypto';
import type { Request, RequestHandler, Response } from 'express';
import { AgentdError } from '../../core/index.js';
import type { Logger } from '../logging/types.js';
import { isApiKey } from './auth-middleware.js';
import { presentedCredential } from './credentials.js';
import type { RateLimitStore } from './rate-limit-store.js';

export interface RateLimitOptions {
  requests: number;
  windowMs: number;
  apiKey: string | null;
  store: RateLimitStore;
  logger: Logger;
}

const WARN_EVERY_MS = 60_000;

function clientKey(req: Request, apiKey: string | null): string {
  const credential = presentedCredential(req.headers);
  if (isApiKey(credential, apiKey))
    return `key:${createHash('sha256')
      .update(apiKey as string)
      .digest('hex')
      .slice(0, 32)}`;
  return `ip:${req.ip ?? req.socket.remoteAddress ?? 'unknown'}`;
}

function setHeaders(res: Response, options: RateLimitOptions, count: number, resetInMs: number): number {
  const resetSec = Math.max(1, Math.ceil(resetInMs / 1000));
  res.setHeader('RateLimit-Policy', `${options.requests};w=${Math.ceil(options.windowMs / 1000)}`);
  res.setHeader('RateLimit-Limit', String(options.requests));
  res.setHeader('RateLimit-Remaining', String(Math.max(0, options.requests - count)));
  res.setHeader('RateLimit-Reset', String(resetSec));
  return resetSec;
}

export function rateLimitMiddleware(options: RateLimitOptions): RequestHandler {
  let lastWarning = 0;
  return async (req, res, next) => {
    if (req.path === '/health') return next();
    let hit;
    try {
      hit = await options.store.hit(clientKey(req, options.apiKey), options.windowMs);
    } catch (error) {
      if (Date.now() - lastWarning > WARN_EVERY_MS) {
        lastWarning = Date.now();
        options.logger.warn('rate limiter store unavailable; requests pass unlimited until it is back', {
          store: options.store.name,
          error: (error as Error).message,
        });
      }
      return next();
    }
    const resetSec = setHeaders(res, options, hit.count, hit.resetInMs);
    if (hit.count <= options.requests) return next();
    res.setHeader('Retry-After', String(resetSec));
    next(
      new AgentdError(
        'rate_limited',
        `Too many requests: the limit is ${options.requests} per ${Math.ceil(options.windowMs / 1000)} s; retry after ${resetSec} s.`,
      ),
    );
  };
}
