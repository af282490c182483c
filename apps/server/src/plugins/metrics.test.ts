import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, startTestApp, type TestApp } from '../../test/harness.js';

const TOKEN = 'a-metrics-token-for-tests';

/** The value of one series in Prometheus text format (null when absent). */
function value(text: string, series: string): number | null {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : null;
}

describe('GET /metrics', () => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    port = await freePort();
    t = await startTestApp({ env: { METRICS_TOKEN: TOKEN, METRICS_PORT: String(port) } });
  });
  afterAll(() => t.close());

  const scrape = (authorization?: string) =>
    t.app.inject({ method: 'GET', url: '/metrics', headers: authorization ? { authorization } : {} });

  it('answers 404 without the token or with another one, as for any unknown path', async () => {
    for (const auth of [undefined, 'Bearer wrong-token-of-some-length', TOKEN, `Basic ${TOKEN}`]) {
      const res = await scrape(auth);
      expect(res.statusCode, String(auth)).toBe(404);
      expect(res.body).not.toContain('http_requests_total');
    }
  });

  it('counts requests by route pattern with durations, and the read cache, jobs, outbox, sockets and search index', async () => {
    for (let i = 0; i < 3; i++) await t.app.inject({ method: 'GET', url: '/api/plugins' });
    await t.app.inject({ method: 'GET', url: '/api/plugins/987654' });
    await t.ctx.db.execute(
      sql`insert into jobs (kind, status) values ('metrics-test', 'dead'), ('metrics-test', 'dead')`,
    );
    await t.ctx.db.execute(
      sql`insert into mail_outbox ("to", subject, text, html, created_at, next_attempt_at) values ('a@example.com', 's', 't', 'h', now() - interval '90 seconds', now() + interval '1 hour')`,
    );

    const res = await scrape(`Bearer ${TOKEN}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    const text = res.body;
    expect(value(text, 'http_requests_total{route="/api/plugins",method="GET",status="200"}')).toBe(3);
    // One series per route pattern, never per id.
    expect(value(text, 'http_requests_total{route="/api/plugins/:id",method="GET",status="404"}')).toBe(1);
    expect(text).not.toContain('987654');
    expect(value(text, 'http_request_duration_seconds_count{route="/api/plugins",method="GET",status="200"}')).toBe(3);
    expect(value(text, 'read_cache_lookups_total{cache="plugin_pages",result="miss"}')).toBeGreaterThanOrEqual(1);
    expect(value(text, 'read_cache_lookups_total{cache="plugin_pages",result="hit"}')).toBeGreaterThanOrEqual(1);
    expect(value(text, 'jobs{kind="metrics-test",state="dead"}')).toBe(2);
    expect(value(text, 'mail_outbox_pending')).toBeGreaterThanOrEqual(1);
    expect(value(text, 'mail_outbox_oldest_seconds')).toBeGreaterThanOrEqual(89);
    expect(value(text, 'sockets_connected')).toBe(0);
    expect(value(text, 'search_index_lag_changes')).not.toBeNull();
    expect(text).toContain('process_resident_memory_bytes');
    if (t.ctx.database.kind === 'postgres') {
      // The pool of the PostgreSQL server (the embedded database has one connection and no pool).
      expect(value(text, 'db_pool_connections{state="idle"}')).toBeGreaterThanOrEqual(0);
      expect(value(text, 'db_pool_waiting')).toBe(0);
    }
  });

  it('serves the same metrics on METRICS_PORT, bound to 127.0.0.1', async () => {
    const res = await fetch(`http://127.0.0.1:${port}/metrics`);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('http_requests_total');
  });
});

describe('without METRICS_TOKEN', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('answers 404 to everyone', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: 'Bearer anything-at-all-1234' },
    });
    expect(res.statusCode).toBe(404);
  });
});
