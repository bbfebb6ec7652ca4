/**
 * POST /webhooks/github. Order matters: read the raw bytes (no JSON parser has run on this route),
 * verify X-Hub-Signature-256 on them in constant time, and only then parse, dedupe and publish.
 * Without github.webhookSecret the route answers 404: an unverifiable endpoint is not offered at all.
 * A bad or missing signature is 401 and nothing is parsed, logged as a delivery or published.
 * A replayed X-GitHub-Delivery is 202 with `duplicate: true` and is not published again.
 */
import express, { Router, type Request } from 'express';
import { AgentdError } from '../../../core/index.js';
import type { Logger } from '../../logging/types.js';
import type { SecurityParts } from '../../security/security-setup.js';
import { verifyGithubSignature } from '../../security/webhook-signature.js';

const DELIVERY_ID = /^[\w-]{1,100}$/;
const EVENT_NAME = /^[a-z_]{1,64}$/;

function header(req: Request, name: string, pattern: RegExp): string {
  const value = req.headers[name];
  if (typeof value !== 'string' || !pattern.test(value)) {
    throw new AgentdError('validation_failed', `Header "${name}" is missing or malformed; GitHub sends it with every delivery.`);
  }
  return value;
}

function parsePayload(body: Buffer): unknown {
  try {
    return JSON.parse(body.toString('utf8')) as unknown;
  } catch {
    throw new AgentdError('invalid_json', 'The webhook body is not valid JSON; configure the GitHub webhook with content type application/json.');
  }
}

export function webhookRoutes(security: SecurityParts, logger: Logger): Router {
  const router = Router();
  // GitHub caps deliveries at 25 MB; push events with many commits exceed the API's 1 MB.
  const raw = express.raw({ type: () => true, limit: '25mb' });
  router.post('/webhooks/github', raw, async (req, res) => {
    const webhook = security.webhook;
    if (!webhook) throw new AgentdError('not_found', 'GitHub webhooks are off because github.webhookSecret is not set; set GITHUB_WEBHOOK_SECRET to receive them.');
    const body = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
    if (!verifyGithubSignature(webhook.secret, body, req.headers['x-hub-signature-256'])) {
      logger.warn('webhook signature rejected', { path: req.path, remote: req.socket.remoteAddress });
      throw new AgentdError('unauthorized', 'The "X-Hub-Signature-256" header is missing or does not match the body; check the webhook secret configured on GitHub.');
    }
    const id = header(req, 'x-github-delivery', DELIVERY_ID);
    const event = header(req, 'x-github-event', EVENT_NAME);
    const payload = parsePayload(body);
    const first = await webhook.guard.firstSeen(id).catch((error: unknown) => {
      throw new AgentdError('unavailable', 'The webhook replay guard (Redis) is unreachable, so the delivery was not processed; GitHub can redeliver it later.', { cause: error });
    });
    if (!first) {
      logger.info('webhook delivery replayed, ignored', { delivery: id, event });
      res.status(202).json({ accepted: false, duplicate: true, delivery: id, note: 'This delivery id was already processed; it was ignored.' });
      return;
    }
    const action = typeof (payload as { action?: unknown })?.action === 'string' ? (payload as { action: string }).action : null;
    logger.info('webhook delivery accepted', { delivery: id, event, action });
    security.webhooks.publish({ id, event, action, payload, receivedAt: new Date().toISOString() });
    res.status(202).json({ accepted: true, duplicate: false, delivery: id, event });
  });
  return router;
}
