/**
 * Plugin list benchmark: loads 100,000 plugins (with tags, versions and comments) into the
 * PostgreSQL database of DATABASE_URL, then measures GET /api/plugins as a plain list, a search and
 * a tag filter over HTTP (autocannon, 50 connections, 10 s), and the same SQL run directly through a
 * pg pool of the app's size with the same concurrency. Prints requests/s, p50, p99 and HTTP/direct.
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
  const config = loadConfig({ NODE_ENV: 'production', DATABASE_URL: databaseUrl, DATA_DIR: dataDir, LOG_LEVEL: 'silent', JWT_SECRET: 'bench-secret-bench-secret-bench-secret!!' });
  const { app } = await buildApp(config, { database, logger: false, webDist: path.join(dataDir, 'no-web') });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

  const dialect = new PgDialect();
  const run = async (q: SQL) => {
    const { sql: text, params } = dialect.sqlToQuery(q);
    return (await pool.query(text, params)).rows;
  };

  const cases: Array<{ label: string; query: Record<string, string | string[]> }> = [
    { label: 'list (downloads desc)', query: {} },
    { label: 'search "aerial trainer"', query: { search: 'aerial trainer' } },
    { label: 'search "iron stas 4817"', query: { search: 'iron stas 4817' } },
    { label: 'tags bench3 + bench11', query: { tags: 'bench3,bench11' } },
  ];

  const results: string[] = [];
  for (const c of cases) {
    const qs = new URLSearchParams(c.query as Record<string, string>).toString();
    const url = `${base}/api/plugins${qs ? `?${qs}` : ''}`;
    const check = await fetch(url);
    const page = (await check.json()) as { totalCount: number; items: unknown[] };
    if (!check.ok) throw new Error(`${url} answered ${check.status}`);

    // The same statements the service runs for this query, straight through a pool of the app's size.
    const parsed = pluginListQuery.parse(c.query);
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
      let tagIds: number[] = [];
      if (parsed.tags.length) tagIds = resolveTagIds(parsed.tags, (await run(tagLookupSql(parsed.tags))) as Array<{ id: number; shortName: string }>) ?? [];
      await runPluginList({ ...parsed, tagIds, viewerId: null }, { rows: run, count });
    };

    await autocannon({ url, connections: CONNECTIONS, duration: 2 }); // warm up
    const http = await autocannon({ url, connections: CONNECTIONS, duration: SECONDS });
    if (http.non2xx || http.errors) throw new Error(`${c.label}: ${http.non2xx} non-2xx answers, ${http.errors} errors`);
    await direct(CONNECTIONS, 2, work);
    const sqlOnly = await direct(CONNECTIONS, SECONDS, work);
    const line =
      `${c.label.padEnd(27)} ${String(page.totalCount).padStart(6)} matches | ` +
      `HTTP ${http.requests.average.toFixed(0).padStart(6)} req/s p50 ${String(http.latency.p50).padStart(4)} ms p99 ${String(http.latency.p99).padStart(4)} ms | ` +
      `SQL ${sqlOnly.rps.toFixed(0).padStart(6)} req/s p50 ${sqlOnly.p50.toFixed(1).padStart(5)} ms p99 ${sqlOnly.p99.toFixed(1).padStart(5)} ms | ` +
      `HTTP/SQL ${(http.requests.average / sqlOnly.rps).toFixed(2)}`;
    console.log(line);
    results.push(line);
  }

  console.log(`\n${CONNECTIONS} connections, ${SECONDS} s each, ${PLUGINS} plugins, ${os.cpus().length} CPUs; pools of 10 connections on both sides.`);
  console.log(results.join('\n'));
  await app.close();
  await pool.end();
  await database.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});

