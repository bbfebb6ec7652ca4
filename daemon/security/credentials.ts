/** Where a client's credential comes from: `Authorization: Bearer <key or JWT>` or `X-API-Key: <key>`. */
import type { IncomingHttpHeaders } from 'node:http';

export function presentedCredential(headers: IncomingHttpHeaders): string | null {
  const apiKey = headers['x-api-key'];
  if (typeof apiKey === 'string' && apiKey !== '') return apiKey;
  const authorization = headers.authorization;
  if (typeof authorization !== 'string') return null;
  const match = /^Bearer[ ]+(\S+)\s*$/i.exec(authorization);
  return match ? match[1]! : null;
}

/** JWTs are three base64url parts; API keys rarely are, and a key that is also verifies as a key first. */
export const looksLikeJwt = (credential: string): boolean => /^[\w-]+\.[\w-]+\.[\w-]*$/.test(credential);
