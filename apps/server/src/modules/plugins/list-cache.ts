import { LRUCache } from 'lru-cache';

/**
 * Answers kept for a few seconds, for the public plugin lists: the same page of the same search is
 * asked for over and over (the front page, a popular word, every visitor typing the same prefix),
 * and ranking thousands of matches for each of them is what a busy server spends its time on.
 *
 * - Concurrent requests for an entry that is not there share one load (lru-cache's fetch).
 * - invalidate() starts a new generation: loads already running finish into the old one, which
 *   nobody reads again, so an answer read before a write is never served after it.
 * - Writes made by other server instances are seen when the entry expires (ttlMs).
 * - ttlMs 0 turns it off: every get loads.
 */
export class ListCache<V extends object> {
  private generation = 0;
  private readonly cache: LRUCache<string, V, () => Promise<V>> | null;

  constructor(ttlMs: number, opts: { maxSize: number; size: (value: V) => number }) {
    this.cache =
      ttlMs > 0
        ? new LRUCache<string, V, () => Promise<V>>({
            ttl: ttlMs,
            maxSize: opts.maxSize,
            sizeCalculation: (v) => Math.max(1, opts.size(v)),
            // A load running when invalidate() clears the cache still answers its callers.
            ignoreFetchAbort: true,
            fetchMethod: (_key, _stale, { context }) => context(),
          })
        : null;
  }

  async get(key: string, load: () => Promise<V>): Promise<V> {
    if (!this.cache) return load();
    const value = await this.cache.fetch(`${this.generation}|${key}`, { context: load });
    // fetch answers undefined only when the load does; ours always return a value.
    return value ?? load();
  }

  invalidate(): void {
    this.generation += 1;
    this.cache?.clear();
  }
}
