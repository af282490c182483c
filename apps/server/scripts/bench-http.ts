/**
 * HTTP benchmark of the catalogue reads: requests/s and p99 latency of GET /api/health,
 * /api/plugins, /api/plugins/{id}, /api/cars, /api/cars/{id}, /api/tags, /api/plugins?search=... and the
 * in-game plugin manager's /api/v1/plugins/get/short (1 id, 10 ids, and 10 ids answered 304 on If-None-Match)
 * under 50 connections (autocannon), against the compiled server (what `npm start` runs) with the
 * demo data, on the embedded database and on the PostgreSQL server, printed side by side.
 * Figures only: the goals are printed next to them, never asserted. The server's CPU time per request
 * is printed too: unlike requests/s it hardly moves when other work loads the machine.
 *
 *   npm run bench:http
 *
 * Settings: BENCH_SECONDS (5 per path), BENCH_CONNECTIONS (50), BENCH_PORT (3305),
 * BENCH_PG_URL (postgres://postgres@127.0.0.1:5432/postgres: where a scratch database
 * bm_bench_http_<pid> is created and dropped; set it to '' to measure the embedded database only).
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

interface AutocannonResult {
  requests: { average: number };
  latency: { p50: number; p99: number };
  non2xx: number;
  errors: number;
  statusCodeStats?: Record<string, { count: number }>;
}
const autocannon = createRequire(import.meta.url)('autocannon') as (opts: {
  url: string;
  connections: number;
  duration: number;
  headers?: Record<string, string>;
}) => Promise<AutocannonResult>;

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const PORT = Number(process.env.BENCH_PORT ?? 3305);
const PG_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const root = path.resolve(import.meta.dirname, '../../..');
const base = `http://127.0.0.1:${PORT}`;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function startServer(env: Record<string, string>): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--max-semi-space-size=4', 'apps/server/dist/main.js'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      NODE_ENV: 'development',
      MALLOC_ARENA_MAX: '2',
      PORT: String(PORT),
      HOST: '127.0.0.1',
      PUBLIC_URL: base,
      REDIS_URL: '',
      SMTP_URL: '',
      SENTRY_DSN: '',
      SEED_DEMO: 'true',
      LOG_LEVEL: 'warn',
      ...env,
    },
  });
  const deadline = Date.now() + 300_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The server ended (${child.exitCode}) before it was ready`);
    if (Date.now() > deadline) throw new Error('The server was not ready within 5 minutes');
    const ok = await fetch(`${base}/api/ready`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return child;
    await sleep(100);
  }
}

async function stopServer(child: ChildProcess) {
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
}

async function json<T>(url: string): Promise<T> {
  const res = await fetch(`${base}${url}`);
  if (!res.ok) throw new Error(`GET ${url}: ${res.status}`);
  return (await res.json()) as T;
}

/** The paths measured, with ids and a search word taken from the demo data; a third item is If-None-Match. */
async function paths(): Promise<Array<[string, string, string?]>> {
  const plugins = await json<{ items: Array<{ id: number; name: string }> }>('/api/plugins');
  const cars = await json<{ items: Array<{ id: number }> }>('/api/cars');
  const plugin = plugins.items[0];
  const car = cars.items[0];
  if (!plugin || !car) throw new Error('No demo plugin or car to read');
  const word = (plugin.name.split(/\s+/).find((w) => w.length >= 4) ?? plugin.name).toLowerCase();
  const ten = plugins.items.slice(0, 10).map((p) => p.id);
  const manager = (ids: number[]) => `/api/v1/plugins/get/short?pluginids=${ids.join(',')}`;
  const tenTag = (await fetch(`${base}${manager(ten)}`)).headers.get('etag') ?? '';
  return [
    ['health', '/api/health'],
    ['plugin list', '/api/plugins'],
    ['plugin', `/api/plugins/${plugin.id}`],
    ['car list', '/api/cars'],
    ['car', `/api/cars/${car.id}`],
    ['tags', '/api/tags'],
    [`search "${word}"`, `/api/plugins?search=${encodeURIComponent(word)}`],
    ['manager, 1 id', manager([plugin.id])],
    [`manager, ${ten.length} ids`, manager(ten)],
    [`manager, ${ten.length} ids, 304`, manager(ten), tenTag],
  ];
}

type Figures = Map<string, { rps: number; p99: number; bad: number; cpuUs: number }>;

/** CPU time (user + system) the process has used, in microseconds. */
function cpuUs(pid: number): number {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1_000_000) / 100;
}

async function measure(label: string, pid: number): Promise<{ figures: Figures; order: string[] }> {
  const figures: Figures = new Map();
  const order: string[] = [];
  for (const [name, url, ifNoneMatch] of await paths()) {
    const headers = ifNoneMatch ? { 'if-none-match': ifNoneMatch } : undefined;
    // A short warm-up, so the first measured second is not the JIT's or the caches'.
    await autocannon({ url: `${base}${url}`, connections: 10, duration: 1, headers });
    const cpuBefore = cpuUs(pid);
    const r = await autocannon({ url: `${base}${url}`, connections: CONNECTIONS, duration: SECONDS, headers });
    const cpu = (cpuUs(pid) - cpuBefore) / Math.max(1, r.requests.average * SECONDS);
    // A 304 is the answer asked for when If-None-Match is sent; autocannon counts it as non-2xx.
    const notModified = r.statusCodeStats?.['304']?.count ?? 0;
    const bad = r.non2xx + r.errors - (ifNoneMatch ? notModified : 0);
    if (ifNoneMatch) console.log(`  ${label.padEnd(10)} ${name}: ${notModified} answers were 304 Not Modified`);
    figures.set(name, { rps: r.requests.average, p99: r.latency.p99, bad, cpuUs: cpu });
    order.push(name);
    console.log(
      `  ${label.padEnd(10)} ${name.padEnd(24)} ${r.requests.average.toFixed(0).padStart(7)} req/s  p99 ${String(r.latency.p99).padStart(5)} ms  server CPU ${cpu.toFixed(0).padStart(5)} µs/request${bad ? `  (${bad} unexpected answers or errors)` : ''}`,
    );
  }
  return { figures, order };
}

execFileSync(process.execPath, ['scripts/build-server.mjs'], { cwd: root, stdio: 'inherit' });
console.log(
  `GET under ${CONNECTIONS} connections, ${SECONDS} s per path (load average ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')} on ${os.cpus().length} cores)`,
);

const results: Array<{ label: string; figures: Figures; order: string[] }> = [];

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bm-bench-http-'));
try {
  const server = await startServer({ DATA_DIR: dataDir, DATABASE_URL: '' });
  try {
    results.push({ label: 'embedded', ...(await measure('embedded', server.pid!)) });
  } finally {
    await stopServer(server);
  }
} finally {
  fs.rmSync(dataDir, { recursive: true, force: true });
}

if (PG_URL) {
  const name = `bm_bench_http_${process.pid}`;
  const admin = new pg.Client({ connectionString: PG_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(PG_URL);
  url.pathname = `/${name}`;
  const pgDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bm-bench-http-'));
  try {
    const server = await startServer({ DATA_DIR: pgDataDir, DATABASE_URL: url.toString() });
    try {
      results.push({ label: 'PostgreSQL', ...(await measure('PostgreSQL', server.pid!)) });
    } finally {
      await stopServer(server);
    }
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
    fs.rmSync(pgDataDir, { recursive: true, force: true });
  }
}

console.log('');
console.log(
  `${'path'.padEnd(26)}${results.map((r) => `${r.label} req/s`.padStart(20) + `${'p99'.padStart(9)}${'CPU/req'.padStart(10)}`).join('')}`,
);
for (const name of results[0]!.order) {
  const cells = results.map((r) => {
    const f = r.figures.get(name);
    if (!f) return ''.padStart(39);
    const health = r.figures.get('health')!.rps;
    const share = name === 'health' ? '' : ` (${((f.rps / health) * 100).toFixed(0)}%)`;
    return (
      `${f.rps.toFixed(0)}${share}`.padStart(20) + `${f.p99} ms`.padStart(9) + `${f.cpuUs.toFixed(0)} µs`.padStart(10)
    );
  });
  console.log(`${name.padEnd(26)}${cells.join('')}`);
}
console.log(
  'Goal: every catalogue read at least 50% of the requests/s of health, p99 at most 100 ms, on both databases;',
);
console.log('the plugin manager (get/short, 1 and 10 ids) at least 80% of health in the same run.');
