/** The thread's caches: parsed files, derived per-file results and project contexts, keyed by content hash. */
export { contentHash } from './content-hash.js';
export { HashedCache, type HashedCacheLimits } from './keyed-by-hash.js';
export {
  parsedFiles,
  memoResults,
  projectContexts,
  memo,
  memoIn,
  cacheStats,
  resetCacheStats,
  clearCaches,
  configureCaches,
  DEFAULT_CACHE_LIMITS,
  type CacheLimits,
  type CacheStats,
} from './thread-caches.js';
export type { CounterSnapshot } from './cache-stats.js';
