/**
 * Reads a GitHub delivery's body only when it can be worth it, hashing it as it streams in. Before any
 * byte is read: the signature header must be there and well-formed (401 otherwise) and a declared
 * Content-Length must be within the limit (413). While reading: the HMAC is updated chunk by chunk and
 * the byte count checked, so an oversized body is cut off at the limit instead of being buffered
 * whole. Nothing of a refused body is kept (60 unsigned 24 MB posts used to grow the daemon from 174
 * to 655 MB); the caller answers and closes the connection (http/close-after-refusal.ts).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { AgentdError } from '../../core/index.js';
import { claimedSignature } from './webhook-signature.js';

/** GitHub caps deliveries at 25 MB; push events with many commits exceed the API's 1 MB. */
export const WEBHOOK_BODY_LIMIT_BYTES = 25 * 1024 * 1024;

function unsigned(): AgentdError {
  return new AgentdError(
    'unauthorized',
    'The "X-Hub-Signature-256" header is missing or does not match the body; check the webhook secret configured on GitHub.',
  );
}

function tooLarge(limit: number): AgentdError {
  return new AgentdError(
    'payload_too_large',
    `The webhook body is over the ${limit / (1024 * 1024)} MB limit of GitHub deliveries; GitHub never sends more.`,
  );
}

/**
 * The body, once its HMAC-SHA256 matched the claimed signature (compared in constant time). Throws
 * unauthorized, payload_too_large, or invalid_json for a body cut short by the client.
 */
export async function readSignedBody(req: IncomingMessage, secret: string, limit = WEBHOOK_BODY_LIMIT_BYTES): Promise<Buffer> {
  const claimed = claimedSignature(req.headers['x-hub-signature-256']);
  if (!claimed) throw unsigned();
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > limit) throw tooLarge(limit);
  const hmac = createHmac('sha256', secret);
  const chunks: Buffer[] = [];
  let received = 0;
  // Listeners, not for-await: leaving a for-await early destroys the request, and with it the socket
  // the 413 still has to go out on.
  await new Promise<void>((resolve, reject) => {
    const stop = (error?: AgentdError): void => {
      req.off('data', onData).off('end', onEnd).off('error', onCut).off('aborted', onCut);
      if (!error) return resolve();
      req.pause();
      reject(error);
    };
    const onData = (chunk: Buffer): void => {
      received += chunk.length;
      if (received > limit) return stop(tooLarge(limit));
      hmac.update(chunk);
      chunks.push(chunk);
    };
    const onEnd = (): void => stop();
    const onCut = (cause?: unknown): void =>
      stop(new AgentdError('invalid_json', 'The webhook body was cut short before it ended; GitHub can redeliver it.', { cause }));
    if (req.readableEnded) return resolve();
    req.on('data', onData).on('end', onEnd).on('error', onCut).on('aborted', onCut);
  });
  // Both are 32 bytes (the header's format fixes the length), so timingSafeEqual cannot throw.
  if (!timingSafeEqual(claimed, hmac.digest())) throw unsigned();
  return Buffer.concat(chunks, received);
}
