/** Parsing through the thread's cache: an unchanged file (same path, same content hash) is parsed once. */
import type { ParsedFile } from '../contracts/index.js';
import { contentHash } from '../cache/content-hash.js';
import { parsedFiles } from '../cache/thread-caches.js';
import { flatParserAvailable } from './flat-parser.js';
import { withPath } from './parsed-file.js';
import { parseSource, parseSourceFlat, type FlatParseOptions } from './parse-source.js';

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

/** Parses under way, by cache key and content hash: a second request waits for the first. */
const inFlight = new Map<string, Promise<ParsedFile>>();

/**
 * The same, parsing off the main thread through the flat-tree addon when it is available (a batch of
 * these queued together parses on the addon's threads); otherwise as parseCached. A file already being
 * parsed (a scan starts its parses early, see core/scan/prefetch-sources.ts) is not parsed twice.
 */
export async function parseCachedAsync(
  cacheKey: string,
  path: string,
  source: string,
  options: FlatParseOptions = {},
): Promise<ParsedFile> {
  if (!flatParserAvailable()) return parseCached(cacheKey, path, source);
  const hash = contentHash(source);
  return cachedParse(cacheKey, path, hash) ?? parseMissed(cacheKey, path, source, hash, options);
}

/**
 * A parse something waits on now, ahead of the parses already queued (a scan queues the whole project
 * first): the cache's if it has one, else its own, not joined to the same file's parse under way (that
 * one may be far back in the queue). The result is cached (a later parse of the same text replaces it:
 * either serves).
 */
export async function parseCachedFirst(cacheKey: string, path: string, source: string): Promise<ParsedFile> {
  if (!flatParserAvailable()) return parseCached(cacheKey, path, source);
  const hash = contentHash(source);
  const hit = cachedParse(cacheKey, path, hash);
  if (hit) return hit;
  const parsed = await parseSourceFlat(path, source, hash, { first: true });
  // A parse of the same text that arrived meanwhile is kept: it may carry what this one did not ask
  // for (a scan's parses make tokens and metrics with the tree).
  const arrived = parsedFiles.peek(cacheKey, hash);
  if (arrived) return arrived.path === path ? arrived : withPath(arrived, path);
  return remember(cacheKey, parsed);
}

/**
 * The file's parse as `hit` if the thread's cache holds it (no promise: each analysis of a scan asks
 * for hundreds of files the first one parsed), and its content hash either way.
 */
export function cachedParseOf(cacheKey: string, path: string, source: string): { hit?: ParsedFile; hash: string } {
  const hash = contentHash(source);
  const hit = cachedParse(cacheKey, path, hash);
  return hit ? { hit, hash } : { hash };
}

/**
 * After cachedParseOf found no parse: joins a parse of the same text under way, or starts one.
 * `tokens`: a parse started here also makes the lexical tokens (a joined one has them if it asked).
 */
export async function parseMissed(
  cacheKey: string,
  path: string,
  source: string,
  hash: string,
  options: FlatParseOptions = {},
): Promise<ParsedFile> {
  if (!flatParserAvailable()) return remember(cacheKey, parseSource(path, source, hash));
  const key = `${cacheKey}\0${hash}`;
  let pending = inFlight.get(key);
  if (!pending) {
    pending = parseSourceFlat(path, source, hash, options).then((parsed) => remember(cacheKey, parsed));
    inFlight.set(key, pending);
    const settled = (): void => {
      inFlight.delete(key);
    };
    pending.then(settled, settled);
  }
  const parsed = await pending;
  return parsed.path === path ? parsed : withPath(parsed, path);
}
