/**
 * POST /webhooks/github. Order matters, and no body parser runs on this route: without
 * github.webhookSecret the route answers 404 before reading anything (an unverifiable endpoint is not
 * offered at all); a missing or malformed X-Hub-Signature-256, or a declared size over 25 MB, is
 * refused before reading too; the body is hashed as it streams in and verified in constant time, and
 * only then parsed, deduplicated and published. Every refusal closes the connection once the answer
 * is out (close-after-refusal.ts), so nothing of a refused body is kept. A replayed X-GitHub-Delivery
 * is 202 with `duplicate: true`; an event nothing subscribes to (the GitHub App off, or an event it
 * does not act on) is 202 with `handled: false`.
 */
import type { Request } from 'express';
import { AgentdError } from '../../../core/index.js';
import { readSignedBody } from '../../security/webhook-body.js';
import { closeAfterRefusal } from '../close-after-refusal.js';
import { defineRoute, json, type RouteSpec } from '../route-spec.js';

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
    throw new AgentdError(
      'invalid_json',
      'The webhook body is not valid JSON; configure the GitHub webhook with content type application/json.',
    );
  }
}

const deliveryHeaders = Object.fromEntries(
  ['X-Hub-Signature-256', 'X-GitHub-Delivery', 'X-GitHub-Event'].map((name) => [name, { type: 'string' }]),
);

export const webhookRoutes: RouteSpec[] = [
  defineRoute({
    method: 'post',
    path: '/webhooks/github',
    auth: 'signature',
    mount: 'raw',
    headers: deliveryHeaders,
    body: { what: 'webhook delivery', schema: { type: 'object' }, raw: true },
    summary:
      'A GitHub webhook delivery; X-Hub-Signature-256 is verified on the raw body before parsing (404 without github.webhookSecret).',
    responses: { '202': json('Accepted (or a replayed delivery, ignored: {duplicate: true}).', { type: 'object' }) },
    errors: [400, 401, 404, 413, 503],
    when: (ctx) => ctx.security !== undefined,
    handler: (ctx) => {
      const security = ctx.security!;
      const logger = ctx.logger;
      return async (req, res) => {
        const webhook = security.webhook;
        if (!webhook) {
          closeAfterRefusal(req, res);
          throw new AgentdError(
            'not_found',
            'GitHub webhooks are off because github.webhookSecret is not set; set GITHUB_WEBHOOK_SECRET to receive them.',
          );
        }
        const body = await readSignedBody(req, webhook.secret).catch((error: unknown) => {
          closeAfterRefusal(req, res);
          if ((error as AgentdError).code === 'unauthorized')
            logger.warn('webhook signature rejected', { path: req.path, remote: req.socket.remoteAddress });
          throw error;
        });
        const id = header(req, 'x-github-delivery', DELIVERY_ID);
        const event = header(req, 'x-github-event', EVENT_NAME);
        const payload = parsePayload(body);
        const first = await webhook.guard.firstSeen(id).catch((error: unknown) => {
          throw new AgentdError(
            'unavailable',
            'The webhook replay guard (Redis) is unreachable, so the delivery was not processed; GitHub can redeliver it later.',
            { cause: error },
          );
        });
        if (!first) {
          logger.info('webhook delivery replayed, ignored', { delivery: id, event });
          res
            .status(202)
            .json({ accepted: false, duplicate: true, delivery: id, note: 'This delivery id was already processed; it was ignored.' });
          return;
        }
        const action = typeof (payload as { action?: unknown })?.action === 'string' ? (payload as { action: string }).action : null;
        const handled = security.webhooks.publish({ id, event, action, payload, receivedAt: new Date().toISOString() });
        logger.info(handled ? 'webhook delivery accepted' : 'webhook delivery accepted, ignored (no handler for this event)', {
          delivery: id,
          event,
          action,
          handled,
        });
        // Acted on (or not) after the answer: GitHub times deliveries out at 10 s.
        res.status(202).json({ accepted: true, duplicate: false, delivery: id, event, handled });
      };
    },
  }),
];
