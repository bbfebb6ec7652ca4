/**
 * POST /auth/token: trades the API key for a short-lived HS256 JWT ({token, expiresAt}). Only the API
 * key itself may ask — a token cannot mint its successor, so a leaked token dies at its `exp`.
 */
import { AgentdError } from '../../../core/index.js';
import { principalOf } from '../../security/auth-middleware.js';
import type { IssuedToken } from '../api-types.js';
import { defineRoute, json, type RouteSpec } from '../route-spec.js';

const tokenSchema = {
  type: 'object',
  required: ['token', 'expiresAt'],
  properties: { token: { type: 'string' }, expiresAt: { type: 'string', format: 'date-time' } },
};

export const authRoutes: RouteSpec[] = [
  defineRoute({
    method: 'post',
    path: '/auth/token',
    auth: 'api-key',
    summary: 'Trade the API key for a short-lived HS256 JWT (needs security.jwtSecret; 404 without it).',
    responses: { '200': json('A token and when it expires.', tokenSchema) },
    errors: [401, 404, 429],
    when: (ctx) => ctx.security !== undefined,
    handler: (ctx) => async (_req, res) => {
      const security = ctx.security!;
      if (!security.jwt) {
        throw new AgentdError(
          'not_found',
          'POST "/auth/token" is off because security.jwtSecret is not set; set JWT_SECRET to issue tokens.',
        );
      }
      if (principalOf(res).kind !== 'api-key') {
        res.setHeader('WWW-Authenticate', 'Bearer realm="agentd"');
        throw new AgentdError(
          'unauthorized',
          'POST "/auth/token" needs the API key itself (a token cannot renew itself); send "Authorization: Bearer <api key>".',
        );
      }
      res.json((await security.jwt.issue('api-key')) satisfies IssuedToken);
    },
  }),
];
