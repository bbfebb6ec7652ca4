/** Parsing through the thread's cache: an unchanged file (same path, same content hash) is parsed once. */
import type { ParsedFile } from '../contracts/index.js';
import { contentHash } from '../cache/content-hash.js';
import { parsedFiles } from '../cache/thread-caches.js';
import { parseSource } from './parse-source.js';

/**
 * `cacheKey` identifies the file across jobs (the absolute path); `path` is what the ParsedFile
 * reports (relative to the workspace root).
 */
export function parseCached(cacheKey: string, path: string, source: string): ParsedFile {
  const hash = contentHash(source);
  const cached = parsedFiles.get(cacheKey, hash);
  if (cached) return cached.path === path ? cached : { ...cached, path };
  const parsed = parseSource(path, source, hash);
  parsedFiles.set(cacheKey, hash, parsed);
  return parsed;
}
