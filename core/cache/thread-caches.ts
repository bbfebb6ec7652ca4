/**
 * The caches of this thread (a module-level singleton: each worker thread has its own module
 * instances), reused across the steps and jobs the thread runs.
 */
import type { ParsedFile, ProjectContext } from '../contracts/index.js';
import { HashedCache, type HashedCacheLimits } from './keyed-by-hash.js';
import type { CounterSnapshot } from './cache-stats.js';

export interface CacheLimits {
  maxParsedFiles: number;
  /** Approximate bytes of parsed files (source text plus an estimate of the native syntax tree). */
  maxParsedBytes: number;
  maxMemoEntries: number;
  maxProjects: number;
}

/**
 * Bounded by bytes, not by a file count: with at most 5,000 parsed files and 20,000 memo entries, a
 * 20,000-file workspace re-parsed and re-measured every file in each of the ten analyses of a pipeline
 * (140,000 parse misses; the 10-analysis pipeline took minutes). The entry caps now only stop a
 * pathological count; the byte bound (with a fixed cost per tree, so tiny files count) is what holds.
 * Measured on 20,000 tiny files: four analyses 72 s -> 40 s, peak RSS no higher (less churn).
 */
export const DEFAULT_CACHE_LIMITS: CacheLimits = {
  maxParsedFiles: 50_000,
  maxParsedBytes: 256 * 1024 * 1024,
  maxMemoEntries: 100_000,
  maxProjects: 64,
};

// A tree-sitter tree takes several times its source in native memory; 8x is a measured-order guess,
// plus a fixed cost per tree and per cached plain copy that a tiny file's length says nothing about.
const TREE_BYTES_PER_CHAR = 8;
const BYTES_PER_TREE = 4096;

function parsedLimits(limits: CacheLimits): HashedCacheLimits {
  return {
    maxEntries: limits.maxParsedFiles,
    maxBytes: limits.maxParsedBytes,
    sizeOf: (value) => (value as ParsedFile).source.length * (2 + TREE_BYTES_PER_CHAR) + BYTES_PER_TREE,
  };
}

let limits = DEFAULT_CACHE_LIMITS;
export const parsedFiles = new HashedCache<ParsedFile>(parsedLimits(limits));
export const memoResults = new HashedCache<unknown>({ maxEntries: limits.maxMemoEntries, maxBytes: 0 });
export const projectContexts = new HashedCache<ProjectContext>({ maxEntries: limits.maxProjects, maxBytes: 0 });

/** Changes the bounds (the entries are dropped). */
export function configureCaches(next: Partial<CacheLimits>): void {
  limits = { ...limits, ...next };
  parsedFiles.resize(parsedLimits(limits));
  memoResults.resize({ maxEntries: limits.maxMemoEntries, maxBytes: 0 });
  projectContexts.resize({ maxEntries: limits.maxProjects, maxBytes: 0 });
}

export interface CacheStats {
  parse: CounterSnapshot & { bytes: number };
  memo: CounterSnapshot;
  project: CounterSnapshot;
}

export function cacheStats(): CacheStats {
  const { bytes: _m, ...memo } = memoResults.stats();
  const { bytes: _p, ...project } = projectContexts.stats();
  return { parse: parsedFiles.stats(), memo, project };
}

/** Zeroes the counters, keeping the entries. */
export function resetCacheStats(): void {
  parsedFiles.counter.reset();
  memoResults.counter.reset();
  projectContexts.counter.reset();
}

/** Drops every entry and zeroes the counters. */
export function clearCaches(): void {
  parsedFiles.clear();
  memoResults.clear();
  projectContexts.clear();
}

/**
 * A derived per-file result (e.g. a file's complexity) cached by content hash: `compute` runs only
 * when no result for this key was computed from content with this hash. Treat the result as immutable.
 */
export function memo<T>(key: string, hash: string, compute: () => T): T {
  return memoResults.getOrCompute(key, hash, compute) as T;
}

/**
 * `memo` for one workspace: keys scoped by its root, so two workspaces never share a derived result
 * under the same relative key (a capability context's `tools.memo`, and a scan's per-file steps).
 */
export function memoIn(root: string): <T>(key: string, hash: string, compute: () => T) => T {
  return (key, hash, compute) => memo(`${root}\0${key}`, hash, compute);
}
