import http from 'node:http';
import { timingSafeEqual } from 'node:crypto';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/** Seconds: the request duration buckets, from a kept read (a few ms) to a slow upload. */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export type CacheLookup = 'hit' | 'miss';

/**
 * The server's Prometheus metrics (prom-client), one registry per server: what requests it
 * answered and how fast, and gauges read when scraped (database pool, jobs, sockets, read cache,
 * search index, mail outbox) that src/metrics.ts registers for each subsystem. docs/ops/metrics.md
 * lists them.
 */
export class Metrics {
  readonly registry = new Registry();
  private readonly requests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests answered, by route pattern, method and status code',
    labelNames: ['route', 'method', 'status'] as const,
    registers: [this.registry],
  });
  private readonly duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by route pattern, method and status code',
    labelNames: ['route', 'method', 'status'] as const,
    buckets: DURATION_BUCKETS,
    registers: [this.registry],
  });
  private readonly cacheLookups = new Counter({
    name: 'read_cache_lookups_total',
    help: 'Lookups in the read cache, by cache and result (hit: answered from memory; miss: loaded)',
    labelNames: ['cache', 'result'] as const,
    registers: [this.registry],
  });

  /** `process`: also the process's own metrics (memory, CPU, event loop delay, GC); only when they are served. */
  constructor(opts: { process: boolean }) {
    if (opts.process) collectDefaultMetrics({ register: this.registry });
  }

  /** One answered request. `route` is the route's pattern (never the raw URL, which would make a series per id). */
  request(route: string, method: string, status: number, seconds: number): void {
    const labels = { route, method, status: String(status) };
    this.requests.inc(labels);
    this.duration.observe(labels, seconds);
  }

  /** Counts the lookups of one read cache (ReadCache's `count` option). */
  cacheCounter(cache: string): (result: CacheLookup) => void {
    const hit = this.cacheLookups.labels({ cache, result: 'hit' });
    const miss = this.cacheLookups.labels({ cache, result: 'miss' });
    return (result) => (result === 'hit' ? hit : miss).inc();
  }

  /**
   * A gauge whose values are read when the metrics are scraped. `read` sets them through `set`;
   * an error is logged by the caller's `onError` and the gauge keeps no value for that scrape,
   * so a database away for a moment never fails the whole scrape.
   */
  gauge<L extends string>(
    def: { name: string; help: string; labelNames?: readonly L[] },
    read: (set: (value: number, labels?: Partial<Record<L, string>>) => void) => Promise<void> | void,
    onError: (err: unknown) => void,
  ): void {
    new Gauge<L>({
      name: def.name,
      help: def.help,
      labelNames: def.labelNames ?? [],
      registers: [this.registry],
      async collect() {
        this.reset();
        try {
          await read((value, labels) => (labels ? this.set(labels, value) : this.set(value)));
        } catch (err) {
          onError(err);
        }
      },
    });
  }

  async text(): Promise<{ body: string; contentType: string }> {
    return { body: await this.registry.metrics(), contentType: this.registry.contentType };
  }
}

/** Whether an Authorization header carries `token` as a bearer token (compared in constant time). */
export function bearerMatches(header: string | undefined, token: string): boolean {
  const given = Buffer.from(header?.startsWith('Bearer ') ? header.slice(7) : '');
  const wanted = Buffer.from(token);
  return given.length === wanted.length && timingSafeEqual(given, wanted);
}

/** The metrics on their own port, bound to 127.0.0.1 (METRICS_PORT): any path answers them. */
export async function listenMetrics(metrics: Metrics, port: number): Promise<http.Server> {
  const server = http.createServer((_req, res) => {
    metrics.text().then(
      ({ body, contentType }) => res.writeHead(200, { 'content-type': contentType }).end(body),
      () => res.writeHead(500).end(),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  return server;
}
