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
const PLUGINS = Number(process.env.BENCH_PLUGINS ?? 100_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const AUTHORS = 2000;
const MARK = 'bench_plugins_loaded_v2';

const ADJECTIVES = [
  'Turbo',
  'Aerial',
  'Rapid',
  'Smart',
  'Custom',
  'Better',
  'Simple',
  'Instant',
  'Advanced',
  'Pro',
  'Mini',
  'Super',
  'Quick',
  'Dynamic',
  'Classic',
  'Precise',
  'Infinite',
  'Silent',
  'Bright',
  'Shadow',
  'Golden',
  'Neon',
  'Ranked',
  'Casual',
  'Ultimate',
  'Tiny',
  'Mega',
  'Hyper',
  'Solid',
  'Clean',
  'Magic',
  'Wild',
  'Royal',
  'Cosmic',
  'Frozen',
  'Blazing',
  'Lucky',
  'Stealth',
  'Crystal',
  'Iron',
];
const NOUNS = [
  'Trainer',
  'Overlay',
  'Meter',
  'Camera',
  'Replay',
  'Tracker',
  'Loader',
  'Helper',
  'Viewer',
  'Timer',
  'Counter',
  'Display',
  'Coach',
  'Recorder',
  'Tweaks',
  'Filter',
  'Mod',
  'Toolkit',
  'Manager',
  'Practice',
  'Drills',
  'Stats',
  'Hud',
  'Map',
  'Bot',
  'Kickoff',
  'Dribble',
  'Flick',
  'Boost',
  'Ball',
  'Goal',
  'Save',
  'Shot',
  'Wall',
  'Ceiling',
  'Scoreboard',
  'Wavedash',
  'Speedometer',
  'Freestyle',
  'Chat',
];
/** Author names are two parts and a number ('NovaFox17'); tags are the catalogue's kind of tags. */
const AUTHOR_FIRST = [
  'Nova',
  'Pixel',
  'Echo',
  'Lunar',
  'Sonic',
  'Vortex',
  'Ember',
  'Frost',
  'Glitch',
  'Atlas',
  'Orbit',
  'Quartz',
  'Raven',
  'Sable',
  'Titan',
  'Umbra',
  'Vexel',
  'Wisp',
  'Yeti',
  'Zephyr',
];
const AUTHOR_SECOND = ['Fox', 'Wolf', 'Hawk', 'Byte', 'Smith', 'Craft', 'Works', 'Labs', 'Coder', 'Pilot'];
const TAGS: Array<[string, string]> = [
  ['training', 'Training'],
  ['camera', 'Camera'],
  ['overlay', 'Overlay and HUD'],
  ['freestyle', 'Freestyle'],
  ['replays', 'Replays'],
  ['statistics', 'Statistics'],
  ['cosmetics', 'Cosmetics'],
  ['utility', 'Utility'],
  ['custommaps', 'Custom maps'],
  ['multiplayer', 'Multiplayer'],
  ['competitive', 'Competitive'],
  ['fun', 'Just for fun'],
];
const WORDS = [
  'training',
  'freeplay',
  'settings',
  'camera',
  'boost',
  'ball',
  'aerial',
  'practice',
  'overlay',
  'replay',
  'stats',
  'ranked',
  'match',
  'workshop',
  'map',
  'mechanics',
  'kickoff',
  'dribble',
  'flick',
  'goal',
  'save',
  'shot',
  'speed',
  'timer',
  'controller',
  'input',
  'display',
  'colour',
  'team',
  'bot',
  'difficulty',
  'custom',
  'plugin',
  'game',
  'player',
  'car',
  'field',
  'wall',
  'ceiling',
  'recovery',
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
    throw new Error(
      `The database already holds ${existing[0]!.n} plugins that this benchmark did not load: use an empty scratch database.`,
    );
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
     select (${arr(AUTHOR_FIRST)})[1 + g % ${AUTHOR_FIRST.length}] || (${arr(AUTHOR_SECOND)})[1 + (g / ${AUTHOR_FIRST.length}) % ${AUTHOR_SECOND.length}] || (g / ${AUTHOR_FIRST.length * AUTHOR_SECOND.length}),
       'bench' || g || '@example.com', 'not-a-password-hash', now() from generate_series(0, ${AUTHORS - 1}) g
     on conflict do nothing`,
  );
  await step(
    `${TAGS.length} tags`,
    `insert into tags (short_name, long_name, help_text)
     select s, l, 'Benchmark tag' from unnest(${arr(TAGS.map((t) => t[0]))}, ${arr(TAGS.map((t) => t[1]))}) t(s, l) on conflict do nothing`,
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
     join members m on m.email = 'bench' || (g % ${AUTHORS}) || '@example.com'`,
  );
  await step(
    'tags on plugins (1 to 3 each)',
    `insert into plugin_tags (plugin_id, tag_id)
     select distinct p.id, t.id from plugins p
     cross join lateral generate_series(1, 1 + p.id % 3) i
     join tags t on t.short_name = (${arr(TAGS.map((t) => t[0]))})[1 + (p.id * (array[1, 7, 5])[i]) % ${TAGS.length}]
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
     select p.id, (select min(id) from members where email like 'bench%@example.com') + (g % ${AUTHORS}), 'Comment ' || g || ' on this plugin', g % 4,
       now() - (g % 900) * interval '1 hour', now() - (g % 900) * interval '1 hour'
     from generate_series(1::bigint, ${PLUGINS * 3}) g
     join plugins p on p.id = (select min(id) from plugins) + (g * 7919) % ${PLUGINS}`,
  );
  // A live database is vacuumed by autovacuum (off on some servers): without it, every index still
  // points at the rows the tag and search triggers replaced.
  await step('vacuum analyze', 'vacuum analyze');
  await pool.query(
    `insert into server_state (key, value) values ($1, $2) on conflict (key) do update set value = excluded.value`,
    [MARK, String(PLUGINS)],
  );
  console.log(`Loaded in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
}

/** A small deterministic random source, so every run asks the same stream. */
function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** One edit of a word: an insert, a delete, a substitution or a swap of neighbours, away from the first letter. */
function typo(word: string, kind: number, rnd: () => number): string {
  const i = 1 + Math.floor(rnd() * (word.length - 2));
  const letter = 'abcdefghijklmnopqrstuvwxyz'[Math.floor(rnd() * 26)]!;
  switch (kind % 4) {
    case 0:
      return word.slice(0, i) + letter + word.slice(i);
    case 1:
      return word.slice(0, i) + word.slice(i + 1);
    case 2:
      return word.slice(0, i) + (word[i] === letter ? 'z' : letter) + word.slice(i + 1);
    default:
      return word[i] === word[i + 1]
        ? word.slice(0, i) + word.slice(i + 1)
        : word.slice(0, i) + word[i + 1] + word[i] + word.slice(i + 2);
  }
}

/**
 * Distinct searches as visitors type them, shuffled: plugin names (with and without their number),
 * a word with one typo (5+ letters) or two (9+), the last word cut short while typing, several
 * words across the name and descriptions, author names (some misspelt) and tag names.
 */
function distinctSearches(): string[] {
  const rnd = random(14);
  const lower = (xs: string[]) => xs.map((x) => x.toLowerCase());
  const adjectives = lower(ADJECTIVES);
  const nouns = lower(NOUNS);
  const pick = <T>(xs: T[]) => xs[Math.floor(rnd() * xs.length)]!;
  const misspell = (w: string, kind: number) =>
    w.length >= 9 ? typo(typo(w, kind, rnd), kind + 1, rnd) : w.length >= 5 ? typo(w, kind, rnd) : w;
  const out = new Set<string>();
  let kind = 0;
  for (const a of adjectives) {
    for (const n of nouns) {
      out.add(`${a} ${n}`);
      out.add(`${a} ${n} ${1 + Math.floor(rnd() * PLUGINS)}`);
      out.add(`${misspell(a, kind++)} ${n}`);
      out.add(`${a} ${misspell(n, kind++)}`);
      out.add(`${a} ${n.slice(0, 2 + Math.floor(rnd() * (n.length - 2)))}`);
      out.add(`${n} ${pick(WORDS)}`);
      out.add(`${misspell(pick(WORDS), kind++)} ${a.slice(0, 3)}`);
    }
  }
  for (let g = 0; g < AUTHORS; g++) {
    const author =
      `${AUTHOR_FIRST[g % AUTHOR_FIRST.length]}${AUTHOR_SECOND[Math.floor(g / AUTHOR_FIRST.length) % AUTHOR_SECOND.length]}${Math.floor(g / (AUTHOR_FIRST.length * AUTHOR_SECOND.length))}`.toLowerCase();
    out.add(author);
    out.add(misspell(author, kind++));
    out.add(author.slice(0, 4 + (g % 4)));
  }
  for (const [short, long] of TAGS) {
    for (const n of nouns) out.add(`${short} ${n}`);
    out.add(long.toLowerCase());
    out.add(misspell(short, kind++));
  }
  const all = [...out];
  for (let i = all.length - 1; i > 0; i--) {
    const j = Math.floor(rnd() * (i + 1));
    [all[i], all[j]] = [all[j]!, all[i]!];
  }
  return all;
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
