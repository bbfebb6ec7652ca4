/**
 * GitHub's `X-Hub-Signature-256: sha256=<hex>` is an HMAC-SHA256 of the raw body bytes with the webhook
 * secret. It is checked on those bytes as received — never on re-serialised JSON, which differs in
 * whitespace and escapes — synchronously, and in constant time, before anything parses the body.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

const SIGNATURE = /^sha256=([0-9a-f]{64})$/i;

export function signBody(secret: string, body: Uint8Array): string {
  return `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
}

export function verifyGithubSignature(secret: string, body: Uint8Array, header: string | string[] | undefined): boolean {
  if (typeof header !== 'string') return false;
  const match = SIGNATURE.exec(header.trim());
  if (!match) return false;
  const expected = createHmac('sha256', secret).update(body).digest();
  // Both are 32 bytes here (the regex fixes the length), so timingSafeEqual cannot throw.
  return timingSafeEqual(Buffer.from(match[1]!, 'hex'), expected);
}
