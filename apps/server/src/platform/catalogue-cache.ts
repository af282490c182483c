import type { AppContext } from '../context.js';
import { ReadCache } from './read-cache.js';

/**
 * One of the server's catalogue read caches (ReadCache): entries kept LIST_CACHE_SECONDS unless
 * `ttlMs` says otherwise, at most `maxSize` in all as `size` counts them, and every lookup counted
 * in the metrics' read_cache_lookups_total under `name`.
 */
export function catalogueCache<V extends object>(
  ctx: AppContext,
  name: string,
  opts: { maxSize: number; size: (value: V) => number; ttlMs?: number },
): ReadCache<V> {
  return new ReadCache(opts.ttlMs ?? ctx.config.listCacheMs, {
    count: ctx.metrics.cacheCounter(name),
    maxSize: opts.maxSize,
    size: opts.size,
  });
}
