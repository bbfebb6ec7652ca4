import { createHash } from 'node:crypto';

/** sha-256 of a text, hex: the identity of a file's content in every cache. */
export function contentHash(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}
