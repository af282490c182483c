/**
 * Plugin list benchmark: loads 100,000 plugins (with tags, versions and comments) into the
 * PostgreSQL database of DATABASE_URL, then measures GET /api/plugins as a plain list, searches and
 * a tag filter over HTTP (autocannon, 50 connections, 10 s), and the same SQL run directly through a
 * pg pool of the app's size with the same concurrency. Prints requests/s, p50, p99 and HTTP/direct.
 *
 * HTTP runs twice: as shipped (pages kept LIST_CACHE_SECONDS, 5 s) and with the cache off, which
 * shows what every miss costs. The "1600 searches" case asks a different search each request, so
 * the cache rarely helps there.
 *
 *   createdb -h 127.0.0.1 -U postgres bm_bench
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/bm_bench npm run bench:plugins
 *
 * Settings: BENCH_PLUGINS (100000), BENCH_SECONDS (10), BENCH_CONNECTIONS (50).
 * It refuses a database holding plugins it did not load itself.
 */
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
import { openDatabase } from '../src/db/client.js';
import { resolveTagIds, runPluginList, tagLookupSql } from '../src/modules/plugins/search.js';

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
  console.error('Set DATABASE_URL to a scratch PostgreSQL database, e.g.\n  createdb -h 127.0.0.1 -U postgres bm_bench\n  DATABASE_URL=postgres://postgres@127.0.0.1:5432/bm_bench npm run bench:plugins');
  process.exit(1);
}
const PLUGINS = Number(process.env.BENCH_PLUGINS ?? 100_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const AUTHORS = 2000;
const MARK = 'bench_plugins_loaded';

const ADJECTIVES = [
  'Turbo', 'Aerial', 'Rapid', 'Smart', 'Custom', 'Better', 'Simple', 'Instant', 'Advanced', 'Pro', 'Mini', 'Super', 'Quick', 'Dynamic',
  'Classic', 'Precise', 'Infinite', 'Silent', 'Bright', 'Shadow', 'Golden', 'Neon', 'Ranked', 'Casual', 'Ultimate', 'Tiny', 'Mega', 'Hyper',
  'Solid', 'Clean', 'Magic', 'Wild', 'Royal', 'Cosmic', 'Frozen', 'Blazing', 'Lucky', 'Stealth', 'Crystal', 'Iron',
];
const NOUNS = [
  'Trainer', 'Overlay', 'Meter', 'Camera', 'Replay', 'Tracker', 'Loader', 'Helper', 'Viewer', 'Timer', 'Counter', 'Display', 'Coach',
  'Recorder', 'Tweaks', 'Filter', 'Mod', 'Toolkit', 'Manager', 'Practice', 'Drills', 'Stats', 'Hud', 'Map', 'Bot', 'Kickoff', 'Dribble',
  'Flick', 'Boost', 'Ball', 'Goal', 'Save', 'Shot', 'Wall', 'Ceiling', 'Musty', 'Wavedash', 'Recovery', 'Rotation', 'Chat',
];
const WORDS = [
  'training', 'freeplay', 'settings', 'camera', 'boost', 'ball', 'aerial', 'practice', 'overlay', 'replay', 'stats', 'ranked', 'match',
  'workshop', 'map', 'mechanics', 'kickoff', 'dribble', 'flick', 'goal', 'save', 'shot', 'speed', 'timer', 'controller', 'input',
  'display', 'colour', 'team', 'bot', 'difficulty', 'custom', 'plugin', 'game', 'player', 'car', 'field', 'wall', 'ceiling', 'recovery',
];

const arr = (xs: string[]) => `array[${xs.map((x) => `'${x}'`).join(',')}]`;

async function load(pool: pg.Pool) {
  const { rows: marked } = await pool.query<{ value: string }>('select value from server_state where key = $1', [MARK]);
  if (marked[0]?.value === String(PLUGINS)) {
    console.log(`Data already loaded (${PLUGINS} plugins).`);
    return;
  }
  const { rows: existing } = await pool.query<{ n: number }>('select count(*)::int as n from plugins');
  if (existing[0]!.n > 0) {
    throw new Error(`The database already holds ${existing[0]!.n} plugins that this benchmark did not load: use an empty scratch database.`);
  }
  const t0 = Date.now();
  const step = async (label: string, text: string) => {
    const t = Date.now();
    await pool.query(text);
    console.log(`  ${label} (${((Date.now() - t) / 1000).toFixed(1)} s)`);
  };
  console.log(`Loading ${PLUGINS} plugins...`);
  await step(
    `${AUTHORS} authors`,
    `insert into members (username, email, password_hash, email_verified_at)
     select 'bench_author_' || g, 'bench' || g || '@example.com', 'not-a-password-hash', now() from generate_series(1, ${AUTHORS}) g
     on conflict do nothing`,
  );
  await step(
    '12 tags',
    `insert into tags (short_name, long_name, help_text)
     select 'bench' || g, 'Bench tag ' || g, 'Benchmark tag' from generate_series(1, 12) g on conflict do nothing`,
  );
  const a = arr(ADJECTIVES);
  const n = arr(NOUNS);
  const w = arr(WORDS);
  const word = (expr: string) => `(${w})[1 + ((${expr}) % ${WORDS.length})::int]`;
  await step(
    `${PLUGINS} plugins`,
    `insert into plugins (member_id, name, short_description, description, source_code_url, published_once,
       download_count, view_count, rating_sum, rating_count, created_at, updated_at)
     select m.id,
       (${a})[1 + ((g * 7) % ${ADJECTIVES.length})::int] || ' ' || (${n})[1 + ((g * 13 + g / ${ADJECTIVES.length}) % ${NOUNS.length})::int] || ' ' || g,
       'A ' || ${word('g * 3')} || ' plugin for ' || ${word('g * 5 + 1')} || ' and ' || ${word('g * 11 + 2')},
       '## About' || chr(10) || 'This plugin helps with ' || ${word('g * 17')} || ' ' || ${word('g * 19 + 3')} || ' in ' || ${word('g * 23 + 5')}
         || '. It adds ' || ${word('g * 29 + 7')} || ' ' || ${word('g * 31 + 11')} || ' and ' || ${word('g * 37 + 13')} || ' options'
         || ' to the ' || ${word('g * 41 + 17')} || ' menu.',
       case when g % 3 = 0 then 'https://github.com/bench/plugin' || g end,
       true,
       ((g * 2654435761) % 1000003)::int / 7,
       ((g * 2246822519) % 1000003)::int / 3,
       (g % 5 + 1) * (g % 20), g % 20,
       now() - ((g * 48271) % 1000) * interval '1 day',
       now() - ((g * 16807) % 500) * interval '1 day'
     from generate_series(1::bigint, ${PLUGINS}) g
     join members m on m.username = 'bench_author_' || (1 + g % ${AUTHORS})`,
  );
  await step(
    'tags on plugins (1 to 3 each)',
    `insert into plugin_tags (plugin_id, tag_id)
     select distinct p.id, t.id from plugins p
     cross join lateral generate_series(1, 1 + p.id % 3) i
     join tags t on t.short_name = 'bench' || (1 + (p.id * (array[1, 7, 5])[i]) % 12)
     on conflict do nothing`,
  );
  await step(
    'an approved version each',
    `insert into submissions (plugin_id, source_key, source_name, source_size, version_string, status, binary_key, created_at, updated_at, approved_at)
     select p.id, 'bench/source.zip', 'source.zip', 1000, '1.' || (p.id % 10) || '.0', 'a', 'bench/binary.zip', p.created_at, p.created_at, p.created_at
     from plugins p`,
  );
  await step(
    `${PLUGINS * 3} comments`,
    `insert into plugin_comments (plugin_id, member_id, body, upvotes, created_at, updated_at)
     select p.id, (select min(id) from members where username like 'bench_author_%') + (g % ${AUTHORS}), 'Comment ' || g || ' on this plugin', g % 4,
       now() - (g % 900) * interval '1 hour', now() - (g % 900) * interval '1 hour'
     from generate_series(1::bigint, ${PLUGINS * 3}) g
     join plugins p on p.id = (select min(id) from plugins) + (g * 7919) % ${PLUGINS}`,
  );
  await step('analyze', 'analyze');
  await pool.query(`insert into server_state (key, value) values ($1, $2) on conflict (key) do update set value = excluded.value`, [MARK, String(PLUGINS)]);
  console.log(`Loaded in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
}

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

  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bm-bench-'));
  const server = async (listCacheSeconds?: string) => {
    const env = { NODE_ENV: 'production', DATABASE_URL: databaseUrl, DATA_DIR: dataDir, LOG_LEVEL: 'silent', JWT_SECRET: 'bench-secret-bench-secret-bench-secret!!' };
    const config = loadConfig(listCacheSeconds === undefined ? env : { ...env, LIST_CACHE_SECONDS: listCacheSeconds });
    const { app } = await buildApp(config, { database, logger: false, webDist: path.join(dataDir, 'no-web') });
    await app.listen({ port: 0, host: '127.0.0.1' });
    return { app, base: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}` };
  };
  const shipped = await server();
  const uncached = await server('0');

  const dialect = new PgDialect();
  const run = async (q: SQL) => {
    const { sql: text, params } = dialect.sqlToQuery(q);
    return (await pool.query(text, params)).rows;
  };

  // Every adjective-noun pair of the loaded names: 1600 searches, a few hundred matches each.
  const pairs = ADJECTIVES.flatMap((a) => NOUNS.map((n) => `${a.toLowerCase()} ${n.toLowerCase()}`));
  const cases: Array<{ label: string; queries: Array<Record<string, string>> }> = [
    { label: 'list (downloads desc)', queries: [{}] },
    { label: 'search "aerial trainer"', queries: [{ search: 'aerial trainer' }] },
    { label: 'search "iron stas 4817"', queries: [{ search: 'iron stas 4817' }] },
    { label: `${pairs.length} searches in turn`, queries: pairs.map((search) => ({ search })) },
    { label: 'tags bench3 + bench11', queries: [{ tags: 'bench3,bench11' }] },
  ];
  const pathOf = (query: Record<string, string>) => {
    const qs = new URLSearchParams(query).toString();
    return `/api/plugins${qs ? `?${qs}` : ''}`;
  };
  /** autocannon against one server, asking the case's queries in turn. */
  const measure = async (base: string, queries: Array<Record<string, string>>, duration: number) => {
    let next = 0;
    const paths = queries.map(pathOf);
    const result = await autocannon({
      url: base + paths[0],
      connections: CONNECTIONS,
      duration,
      requests: [{ setupRequest: (req) => ({ ...req, path: paths[next++ % paths.length]! }) }],
    });
    if (result.non2xx || result.errors) throw new Error(`${base}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
    return result;
  };

  const results: string[] = [];
  for (const c of cases) {
    const url = shipped.base + pathOf(c.queries[0]!);
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
    let next = 0;
    const work = async () => {
      const query = parsed[next++ % parsed.length]!;
      let tagIds: number[] = [];
      if (query.tags.length) tagIds = resolveTagIds(query.tags, (await run(tagLookupSql(query.tags))) as Array<{ id: number; shortName: string }>) ?? [];
      await runPluginList({ ...query, tagIds, viewerId: null }, { rows: run, count });
    };

    await measure(shipped.base, c.queries, 2); // warm up
    const http = await measure(shipped.base, c.queries, SECONDS);
    await measure(uncached.base, c.queries, 2);
    const miss = await measure(uncached.base, c.queries, SECONDS);
    await direct(CONNECTIONS, 2, work);
    const sqlOnly = await direct(CONNECTIONS, SECONDS, work);
    const rps = (r: AutocannonResult) => r.requests.average.toFixed(0).padStart(5);
    const ms = (v: number) => String(Math.round(v)).padStart(4);
    const line =
      `${c.label.padEnd(25)} ${String(page.totalCount).padStart(6)} | ` +
      `${rps(http)} ${ms(http.latency.p50)} ${ms(http.latency.p99)} | ` +
      `${rps(miss)} ${ms(miss.latency.p50)} ${ms(miss.latency.p99)} | ` +
      `${sqlOnly.rps.toFixed(0).padStart(5)} ${ms(sqlOnly.p50)} ${ms(sqlOnly.p99)} | ` +
      `${(http.requests.average / sqlOnly.rps).toFixed(2).padStart(6)} ${(miss.requests.average / sqlOnly.rps).toFixed(2).padStart(6)}`;
    console.log(line);
    results.push(line);
  }

  console.log(`\n${CONNECTIONS} connections, ${SECONDS} s each, ${PLUGINS} plugins, ${os.cpus().length} CPUs; pools of 10 connections on both sides.`);
  console.log('HTTP: as shipped (pages kept 5 s); no cache: LIST_CACHE_SECONDS=0; SQL: the same statements through a pg pool. Latencies in ms.');
  console.log(`${'case'.padEnd(25)} ${'found'.padStart(6)} | ${'HTTP req/s p50  p99'} | ${'no cache  p50  p99'} | ${'SQL req/s p50  p99'} | HTTP/SQL  no cache/SQL`);
  console.log(results.join('\n'));
  await shipped.app.close();
  await uncached.app.close();
  await pool.end();
  await database.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});

