import { createHash } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import { LRUCache } from 'lru-cache';

/** Keys remembered as asked once (ReadCache's `once: 'load'`), before the memory starts again. */
const DOORKEEPER_KEYS = 20_000;

/**
 * Catalogue answers kept for a few seconds (the one cache of the server's reads): plugin and car
 * list pages, plugin and car details, tags. The same page of the same search and the same popular
 * plugin are asked for over and over, and loading them again for each visitor is what a busy
 * server spends its time on. Values are what every visitor may be shown alike; per-viewer parts
 * (a member's own stars or vote) are added per request by the caller.
 *
 * - Concurrent requests for an entry that is not there share one load (lru-cache's fetch).
 * - invalidate() starts a new generation: loads already running finish into the old one, which
 *   nobody reads again, so an answer read before a write is never served after it.
 *   invalidate(key) drops that one entry the same way: a load of it under way still answers its
 *   callers but is not kept (lru-cache keeps a fetch's value only while its entry still holds it).
 * - Writes made by other server instances are seen when the entry expires (ttlMs).
 * - ttlMs 0 turns it off: every get loads.
 * - `once: 'load'` (for keys that are mostly asked once, like searches): a key is kept only when it
 *   is asked again while its first asking is remembered (the last DOORKEEPER_KEYS keys asked), so a
 *   stream of one-off searches does not fill the cache, and push out what is asked often, with
 *   answers nobody reads again.
 */
export class ReadCache<V extends object> {
  private gen = 0;
  private askedOnce = new Set<string>();
  private readonly cache: LRUCache<string, V, () => Promise<V>> | null;

  private readonly count: (result: 'hit' | 'miss') => void;

  /** `count` is told of every lookup, whether it was answered from memory (the metrics' read_cache_lookups_total). */
  constructor(
    ttlMs: number,
    opts: { maxSize: number; size: (value: V) => number; count?: (result: 'hit' | 'miss') => void },
  ) {
    this.count = opts.count ?? (() => {});
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

  async get(key: string, load: () => Promise<V>, opts: { once?: 'keep' | 'load' } = {}): Promise<V> {
    if (!this.cache) {
      this.count('miss');
      return load();
    }
    if (opts.once === 'load' && !this.cache.has(`${this.gen}|${key}`) && !this.askedOnce.has(key)) {
      if (this.askedOnce.size >= DOORKEEPER_KEYS) this.askedOnce = new Set();
      this.askedOnce.add(key);
      this.count('miss');
      return load();
    }
    const status: LRUCache.Status<string, V, () => Promise<V>> = {};
    const value = await this.cache.fetch(`${this.gen}|${key}`, { context: load, status });
    // 'inflight': another request's load is shared, so this one loaded nothing either.
    this.count(status.fetch === 'hit' || status.fetch === 'inflight' ? 'hit' : 'miss');
    // fetch answers undefined only when the load does; ours always return a value.
    return value ?? load();
  }

  /**
   * Counts the invalidate() calls that dropped every entry: what is built from the same data and
   * kept elsewhere (the sitemap) compares it to know that a write happened since it was built.
   */
  get generation(): number {
    return this.gen;
  }

  /** Drops every entry, or only `key`'s. */
  invalidate(key?: string): void {
    if (key === undefined) {
      this.gen += 1;
      this.cache?.clear();
    } else {
      this.cache?.delete(`${this.gen}|${key}`);
    }
  }
}

const keptBodies = new WeakMap<object, string>();

/**
 * Answers with a kept value that every visitor is shown alike (the same object for as long as it
 * is kept): its JSON is written once and sent as it is, instead of being checked against the
 * route's response schema and written again for every request, which is most of what a kept read
 * costs. The value must be exactly what the schema describes (read-cache tests compare the two).
 */
export function sendKept(reply: FastifyReply, value: object): FastifyReply {
  return reply.type('application/json; charset=utf-8').send(keptBody(value));
}

function keptBody(value: object): string {
  let body = keptBodies.get(value);
  if (body === undefined) {
    body = JSON.stringify(value);
    keptBodies.set(value, body);
  }
  return body;
}

const keptTags = new WeakMap<object, string>();

/**
 * sendKept with a strong ETag (the SHA-256 of the JSON sent, worked out once per kept value) and
 * 304 Not Modified when the request's If-None-Match names it: for answers that clients and
 * proxies ask for again and again (the in-game plugin manager's update check).
 */
export function sendKeptTagged(
  ifNoneMatch: string | undefined,
  reply: FastifyReply,
  value: object,
  cacheControl: string,
): FastifyReply {
  let etag = keptTags.get(value);
  if (etag === undefined) {
    etag = `"${createHash('sha256').update(keptBody(value)).digest('base64url')}"`;
    keptTags.set(value, etag);
  }
  reply.header('cache-control', cacheControl).header('etag', etag);
  if (ifNoneMatch && matchesEtag(ifNoneMatch, etag)) return reply.code(304).send();
  return sendKept(reply, value);
}

/** If-None-Match (RFC 9110 13.1.2) names `etag`: `*`, or it among the listed tags, weak ones compared weakly. */
export function matchesEtag(ifNoneMatch: string, etag: string): boolean {
  if (ifNoneMatch.trim() === '*') return true;
  return ifNoneMatch.split(',').some((t) => t.trim().replace(/^W\//, '') === etag);
}
