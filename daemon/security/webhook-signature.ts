/**
 * GitHub's `X-Hub-Signature-256: sha256=<hex>` is an HMAC-SHA256 of the raw body bytes with the webhook
 * secret. It is checked on those bytes as received — never on re-serialised JSON, which differs in
 * whitespace and escapes — in constant time, before anything parses the body (webhook-body.ts hashes
 * the body while it streams in).
 */
import { createHmac } from 'node:crypto';

const SIGNATURE = /^sha256=([0-9a-f]{64})$/i;

export function signBody(secret: string, body: Uint8Array): string {
  return `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
}

/** The 32 signature bytes the header promises, or null when the header is missing or malformed. */
export function claimedSignature(header: string | string[] | undefined): Buffer | null {
  if (typeof header !== 'string') return null;
  const match = SIGNATURE.exec(header.trim());
  return match ? Buffer.from(match[1]!, 'hex') : null;
}
