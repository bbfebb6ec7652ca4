/**
 * Secret comparison in constant time. Both sides are hashed first so inputs of different lengths
 * compare in the same time too (timingSafeEqual alone throws on a length mismatch, and an early
 * `length !==` check would leak the secret's length).
 */
import { createHash, timingSafeEqual } from 'node:crypto';

const digest = (value: string | Uint8Array): Buffer => createHash('sha256').update(value).digest();

export function safeEqual(given: string | Uint8Array, expected: string | Uint8Array): boolean {
  return timingSafeEqual(digest(given), digest(expected));
}
