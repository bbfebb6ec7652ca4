/**
 * POST /auth/token: trades the API key for a short-lived HS256 JWT ({token, expiresAt}). Only the API
 * key itself may ask — a token cannot mint its successor, so a leaked token dies at its `exp`.
 */
import { Router } from 'express';
import { AgentdError } from '../../../core/index.js';
import { principalOf } from '../../security/auth-middleware.js';
import type { SecurityParts } from '../../security/security-setup.js';

export function authRoutes(security: SecurityParts): Router {
  const router = Router();
  router.post('/auth/token', async (_req, res) => {
    if (!security.jwt) {
      throw new AgentdError('not_found', 'POST "/auth/token" is off because security.jwtSecret is not set; set JWT_SECRET to issue tokens.');
    }
    if (principalOf(res).kind !== 'api-key') {
      res.setHeader('WWW-Authenticate', 'Bearer realm="agentd"');
      throw new AgentdError('unauthorized', 'POST "/auth/token" needs the API key itself (a token cannot renew itself); send "Authorization: Bearer <api key>".');
    }
    const issued = await security.jwt.issue('api-key');
    res.json(issued);
  });
  return router;
}
