import { hash as digest } from 'node:crypto';
import { LRUCache } from 'lru-cache';

// Unchanged files come back from the workspace's read cache as the very same string, and V8 keeps a
// string's hash in the string: looking such a text up here is cheap, where sha-256 over every file
// of a project for every analysis of a scan was not. Texts under 4 KB are hashed directly (crypto's
// one-shot hash(), a few times cheaper than a Hash object per text).
const MIN_MEMO_CHARS = 4096;
const recent = new LRUCache<string, string>({
  max: 10_000,
  maxSize: 32 * 1024 * 1024,
  sizeCalculation: (_hash, text) => Math.max(1, text.length),
});

/** sha-256 of a text, hex: the identity of a file's content in every cache. */
export function contentHash(text: string): string {
  if (text.length < MIN_MEMO_CHARS) return digest('sha256', text, 'hex');
  let hash = recent.get(text);
  if (hash === undefined) {
    hash = digest('sha256', text, 'hex');
    recent.set(text, hash);
  }
  return hash;
}
