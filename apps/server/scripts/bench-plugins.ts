/**
 * Plugin list benchmark: loads 100,000 plugins (with tags, versions and comments) into the
 * PostgreSQL database of DATABASE_URL, then measures GET /api/plugins as a plain list, searches and
 * a tag filter over HTTP (autocannon, 50 connections, 10 s), and the same SQL run directly through a
 * pg pool of the app's size with the same concurrency. Prints requests/s, p50, p99 and HTTP/direct.
 *
 * HTTP runs three times: as shipped (pages kept LIST_CACHE_SECONDS, 5 s; searches matched in each
 * server's match index), with the cache off, which shows what every miss costs, and with the cache
 * off and SEARCH_INDEX=sql (PostgreSQL's GIN indexes match, as the direct SQL does). The "1600 searches" case asks a different search each request, so
 * the cache rarely helps there. The "distinct stream" case never asks the same search twice in the
 * whole run (no cache hit anywhere): plugin names, a word typed with one edit (insert, delete,
 * substitute, swap), long words with two, prefixes while typing, several words, author and tag names.
 *
 *   createdb -h 127.0.0.1 -U postgres bm_bench
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/bm_bench npm run bench:plugins
 *
 * Settings: BENCH_PLUGINS (100000), BENCH_SECONDS (10), BENCH_CONNECTIONS (50), BENCH_ONLY (run only
 * the cases whose label holds this text, e.g. 'distinct').
 * The two HTTP servers run in a process of their own, as in production: autocannon's own work (it
 * writes and reads every request) does not share their event loop.
 * It refuses a database holding plugins it did not load itself.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { pluginListQuery } from '@bm/core';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { openDatabase, preparedName } from '../src/db/client.js';
import { resolveTagIds, runPluginList, tagLookupSql } from '../src/modules/plugins/search.js';
import { matchSyncOf } from '../src/modules/plugins/caches.js';
import { ADJECTIVES, distinctSearches, load, NOUNS, PLUGINS } from './bench-plugins-data.js';

interface AutocannonRequest {
  path: string;
}
interface AutocannonResult {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number };
  non2xx: number;
  errors: number;
}
const autocannon = createRequire(import.meta.url)('autocannon') as (opts: {
  url: string;
  connections: number;
  duration: number;
  requests?: Array<{ setupRequest: (req: AutocannonRequest) => AutocannonRequest }>;
}) => Promise<AutocannonResult>;

const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) {
  console.error(
    'Set DATABASE_URL to a scratch PostgreSQL database, e.g.\n  createdb -h 127.0.0.1 -U postgres bm_bench\n  DATABASE_URL=postgres://postgres@127.0.0.1:5432/bm_bench npm run bench:plugins',
  );
  process.exit(1);
}
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);

/** Runs `work` from `concurrency` loops for `seconds`, timing each call. */
async function direct(concurrency: number, seconds: number, work: () => Promise<void>) {
  const latencies: number[] = [];
  const end = Date.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (Date.now() < end) {
        const t = performance.now();
        await work();
        latencies.push(performance.now() - t);
      }
    }),
  );
  latencies.sort((x, y) => x - y);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
  return { rps: latencies.length / seconds, p50: at(0.5), p99: at(0.99) };
}

async function main() {
  const database = await openDatabase({ databaseUrl });
  await database.migrate();
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
  await load(pool);

  const servers = await startServers();

  const dialect = new PgDialect();
  // Statements to prepare are prepared once per connection under their text's hash, as the app does
  // (Database.prepared).
  const run = async (q: SQL, prepare?: boolean) => {
    const { sql: text, params } = dialect.sqlToQuery(q);
    const name = prepare ? preparedName(text) : undefined;
    return (await pool.query({ name, text, values: params })).rows;
  };

  // Every adjective-noun pair of the loaded names: 1600 searches, a few hundred matches each.
  const pairs = ADJECTIVES.flatMap((a) => NOUNS.map((n) => `${a.toLowerCase()} ${n.toLowerCase()}`));
  const stream = distinctSearches();
  const cases: Array<{ label: string; queries: Array<Record<string, string>>; distinct?: boolean }> = [
    { label: 'list (downloads desc)', queries: [{}] },
    { label: 'search "aerial trainer"', queries: [{ search: 'aerial trainer' }] },
    { label: 'search "iron stast 4817"', queries: [{ search: 'iron stast 4817' }] },
    { label: `${pairs.length} searches in turn`, queries: pairs.map((search) => ({ search })) },
    { label: 'tags overlay + competitive', queries: [{ tags: 'overlay,competitive' }] },
    // The sorts of issue 29 (docs/search.md): no index serves them.
    { label: 'list (rating)', queries: [{ sortBy: 'rating' }] },
    { label: 'list (trending)', queries: [{ sortBy: 'trending' }] },
    { label: 'search "aerial" rating', queries: [{ search: 'aerial trainer', sortBy: 'rating' }] },
    { label: 'search "aerial" trending', queries: [{ search: 'aerial trainer', sortBy: 'trending' }] },
    { label: `distinct stream (${stream.length})`, queries: stream.map((search) => ({ search })), distinct: true },
  ];
  const pathOf = (query: Record<string, string>) => {
    const qs = new URLSearchParams(query).toString();
    return `/api/plugins${qs ? `?${qs}` : ''}`;
  };
  /** The next query of a case: one cursor per case across all its runs, so a distinct stream never repeats. */
  let cursor = 0;
  /** autocannon against one server, asking the case's queries in turn. */
  const measure = async (base: string, queries: Array<Record<string, string>>, duration: number) => {
    const paths = queries.map(pathOf);
    const result = await autocannon({
      url: base + paths[cursor % paths.length],
      connections: CONNECTIONS,
      duration,
      requests: [{ setupRequest: (req) => ({ ...req, path: paths[cursor++ % paths.length]! }) }],
    });
    if (result.non2xx || result.errors)
      throw new Error(`${base}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
    return result;
  };

  const results: string[] = [];
  const notes: string[] = [];
  const only = process.env.BENCH_ONLY;
  const load0 = os.loadavg()[0]!;
  const cpu0 = process.cpuUsage();
  const t0 = Date.now();
  for (const c of cases.filter((x) => !only || x.label.includes(only))) {
    cursor = 0;
    const url = servers.shipped + pathOf(c.queries[0]!);
    const check = await fetch(url);
    if (!check.ok) throw new Error(`${url} answered ${check.status}`);
    const page = (await check.json()) as { totalCount: number; items: unknown[] };

    // The same statements the service runs for these queries, straight through a pool of the app's size.
    const parsed = c.queries.map((q) => pluginListQuery.parse(q));
    // Like the service: totals of plain lists are kept 5 seconds, concurrent misses share one count.
    const totals = new Map<string, { value: Promise<number>; expires: number }>();
    const count = (q: SQL, key?: string) => {
      const hit = key ? totals.get(key) : undefined;
      if (hit && hit.expires > Date.now()) return hit.value;
      const value = run(q).then((rows) => Number((rows[0] as { totalCount: number }).totalCount));
      if (key) totals.set(key, { value, expires: Date.now() + 5000 });
      return value;
    };
    const work = async () => {
      const query = parsed[cursor++ % parsed.length]!;
      let tagIds: number[] = [];
      if (query.tags.length)
        tagIds =
          resolveTagIds(
            query.tags,
            (await run(tagLookupSql(query.tags))) as Array<{ id: number; shortName: string }>,
          ) ?? [];
      await runPluginList(
        { ...query, tagIds, viewerId: null },
        { rows: run as <R>(q: SQL, prepare?: boolean) => Promise<R[]>, count },
      );
    };

    await measure(servers.shipped, c.queries, 2); // warm up
    const http = await measure(servers.shipped, c.queries, SECONDS);
    await measure(servers.uncached, c.queries, 2);
    const miss = await measure(servers.uncached, c.queries, SECONDS);
    await measure(servers.sqlOnly, c.queries, 2);
    const gin = await measure(servers.sqlOnly, c.queries, SECONDS);
    await direct(CONNECTIONS, 2, work);
    const sqlOnly = await direct(CONNECTIONS, SECONDS, work);
    // What one search costs with no queue in front of it: at 50 connections on 2 cores most of p50 and
    // p99 is waiting for a CPU.
    if (c.distinct) {
      const alone = await direct(1, SECONDS, work);
      notes.push(
        `${c.label} on one connection (SQL): ${alone.rps.toFixed(0)} searches/s, p50 ${alone.p50.toFixed(1)} ms, p99 ${alone.p99.toFixed(1)} ms`,
      );
    }
    const rps = (r: AutocannonResult) => r.requests.average.toFixed(0).padStart(5);
    const ms = (v: number) => String(Math.round(v)).padStart(4);
    if (c.distinct && cursor > c.queries.length)
      console.warn(`${c.label}: ${cursor} requests went round the ${c.queries.length} searches (some repeated)`);
    const line =
      `${c.label.padEnd(25)} ${String(page.totalCount).padStart(6)} | ` +
      `${rps(http)} ${ms(http.latency.p50)} ${ms(http.latency.p99)} | ` +
      `${rps(miss)} ${ms(miss.latency.p50)} ${ms(miss.latency.p99)} | ` +
      `${rps(gin)} ${ms(gin.latency.p50)} ${ms(gin.latency.p99)} | ` +
      `${sqlOnly.rps.toFixed(0).padStart(5)} ${ms(sqlOnly.p50)} ${ms(sqlOnly.p99)} | ` +
      `${(http.requests.average / sqlOnly.rps).toFixed(2).padStart(6)} ${(miss.requests.average / sqlOnly.rps).toFixed(2).padStart(6)}`;
    console.log(line);
    results.push(line);
  }

  console.log(
    `\n${CONNECTIONS} connections, ${SECONDS} s each, ${PLUGINS} plugins, ${os.cpus().length} CPUs; pools of 10 connections on both sides.`,
  );
  console.log(
    'HTTP: as shipped (pages kept 5 s, searches matched in the match index); no cache: LIST_CACHE_SECONDS=0; GIN only: no cache and',
  );
  console.log(
    'SEARCH_INDEX=sql (PostgreSQL matches); SQL: the GIN-only statements through a pg pool, no HTTP. Latencies in ms.',
  );
  console.log(
    `${'case'.padEnd(25)} ${'found'.padStart(6)} | ${'HTTP req/s p50  p99'} | ${'no cache  p50  p99'} | ${'GIN only  p50  p99'} | ${'SQL req/s p50  p99'} | HTTP/SQL  no cache/SQL`,
  );
  console.log(results.join('\n'));
  if (notes.length) console.log(notes.join('\n'));
  const cpu = process.cpuUsage(cpu0);
  const wall = (Date.now() - t0) / 1000;
  console.log(
    `\nLoad average (1 min) ${load0.toFixed(2)} before, ${os.loadavg()[0]!.toFixed(2)} after; this process used ${((cpu.user + cpu.system) / 1e6).toFixed(0)} s CPU in ${wall.toFixed(0)} s` +
      ' (the servers and PostgreSQL run in their own processes). Other work on the machine shows in these figures.',
  );
  await servers.stop();
  await pool.end();
  await database.close();
}

/** The app as shipped and with the cache off, listening on two ports of this process (BENCH_SERVE). */
async function serve() {
  const database = await openDatabase({ databaseUrl });
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bm-bench-'));
  const server = async (more: Record<string, string> = {}) => {
    const env = {
      NODE_ENV: 'production',
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      JWT_SECRET: 'bench-secret-bench-secret-bench-secret!!',
    };
    const config = loadConfig({ ...env, ...more });
    const { app, ctx } = await buildApp(config, { database, logger: false, webDist: path.join(dataDir, 'no-web') });
    await app.listen({ port: 0, host: '127.0.0.1' });
    // Measured once its match index is loaded (until then searches run in SQL).
    await matchSyncOf(ctx)?.start();
    return { app, base: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}` };
  };
  const shipped = await server();
  const uncached = await server({ LIST_CACHE_SECONDS: '0' });
  const sqlOnly = await server({ LIST_CACHE_SECONDS: '0', SEARCH_INDEX: 'sql' });
  process.stdout.write(
    `${JSON.stringify({ shipped: shipped.base, uncached: uncached.base, sqlOnly: sqlOnly.base })}\n`,
  );
  process.once('SIGTERM', () => {
    void (async () => {
      await shipped.app.close();
      await uncached.app.close();
      await sqlOnly.app.close();
      await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
      process.exit(0);
    })();
  });
}

/** Starts serve() in a child process (this script again, through the same loader) and reads its addresses. */
async function startServers(): Promise<{
  shipped: string;
  uncached: string;
  sqlOnly: string;
  stop: () => Promise<void>;
}> {
  const child = spawn(process.execPath, [...process.execArgv, process.argv[1]!], {
    env: { ...process.env, BENCH_SERVE: '1' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const addresses = await new Promise<{ shipped: string; uncached: string; sqlOnly: string }>((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const line = out.split('\n')[0];
      if (out.includes('\n') && line)
        resolve(JSON.parse(line) as { shipped: string; uncached: string; sqlOnly: string });
    });
    child.once('exit', (code) => reject(new Error(`the bench servers exited with ${code}`)));
  });
  return {
    ...addresses,
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

(process.env.BENCH_SERVE ? serve() : main()).catch((e) => {
  console.error(e);
  process.exit(1);
});
