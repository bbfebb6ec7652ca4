/** Parsing through the thread's cache: an unchanged file (same path, same content hash) is parsed once. */
import type { ParsedFile } from '../contracts/index.js';
import { contentHash } from '../cache/content-hash.js';
import { parsedFiles } from '../cache/thread-caches.js';
import { flatParserAvailable } from './flat-parser.js';
import { withPath } from './parsed-file.js';
import { parseSource, parseSourceFlat } from './parse-source.js';

/**
 * `cacheKey` identifies the file across jobs (the absolute path); `path` is what the ParsedFile
 * reports (relative to the workspace root).
 */
export function parseCached(cacheKey: string, path: string, source: string): ParsedFile {
  const hash = contentHash(source);
  return cachedParse(cacheKey, path, hash) ?? remember(cacheKey, parseSource(path, source, hash));
}

function cachedParse(cacheKey: string, path: string, hash: string): ParsedFile | undefined {
  const cached = parsedFiles.get(cacheKey, hash);
  return cached && (cached.path === path ? cached : withPath(cached, path));
}

function remember(cacheKey: string, parsed: ParsedFile): ParsedFile {
  parsedFiles.set(cacheKey, parsed.hash, parsed);
  return parsed;
}

/**
 * The same, parsing on libuv's thread pool through the flat-tree addon when it is available (a batch
 * of these awaited together parses on every core); otherwise as parseCached.
 */
export async function parseCachedAsync(cacheKey: string, path: string, source: string): Promise<ParsedFile> {
  if (!flatParserAvailable()) return parseCached(cacheKey, path, source);
  const hash = contentHash(source);
  return cachedParse(cacheKey, path, hash) ?? remember(cacheKey, await parseSourceFlat(path, source, hash));
}
