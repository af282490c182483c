/**
 * Real-time benchmark: SOCKETS socket.io clients join one plugin's room on the hub (/api/hubs/app), a
 * signed-in demo member posts COMMENTS comments over HTTP, spaced SPACING_MS apart, and for every
 * socket the time from the POST being sent (client clock, so end to end: HTTP, database, fan-out,
 * Redis, WebSocket, client) to the plugin:commentCreated event's arrival is recorded.
 * Two scenarios against the compiled server (what `npm start` runs) with the demo data:
 *   - one instance on the embedded database (PGlite), no Redis;
 *   - two instances on one scratch PostgreSQL database (bm_bench_realtime) sharing Redis, half of
 *     the sockets on each, the comments posted to the first (the second's sockets get them through
 *     the Redis adapter).
 * Prints p50, p99, max and delivered/expected per scenario (and per instance), the load average and
 * the CPU time the servers and this client used. Figures only: the goals are printed, never asserted.
 * Rate limits are left as shipped: COMMENTS (at most 20) stays within the comment limit of one member.
 * Loopback only; the script ends by itself (every wait is bounded, TIME_LIMIT_S overall) and stops its
 * servers and drops its scratch database and data directories on the way out.
 *
 *   npm run bench:realtime
 *
 * Settings: BENCH_SOCKETS (1000), BENCH_COMMENTS (20), BENCH_SPACING_MS (500), BENCH_PORT (3320; the
 * two-instance run uses the next two ports), BENCH_PG_URL (postgres://postgres@127.0.0.1:5432/postgres;
 * '' skips the two-instance run), BENCH_REDIS_URL (redis://127.0.0.1:6379), BENCH_TIME_LIMIT_S (600),
 * BENCH_NODE_ARGS (node flags for the servers, e.g. --cpu-prof).
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { createClient } from 'redis';
import { io as connect, type Socket } from 'socket.io-client';
import { HUB_PATH } from '../src/platform/hub.js';

const SOCKETS = Number(process.env.BENCH_SOCKETS ?? 1000);
const COMMENTS = Math.min(20, Number(process.env.BENCH_COMMENTS ?? 20));
const SPACING_MS = Number(process.env.BENCH_SPACING_MS ?? 500);
const PORT = Number(process.env.BENCH_PORT ?? 3320);
const PG_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
const TIME_LIMIT_S = Number(process.env.BENCH_TIME_LIMIT_S ?? 600);
// Extra node flags for the servers, e.g. '--cpu-prof --cpu-prof-dir=/tmp/prof' to see where their time goes.
const NODE_ARGS = (process.env.BENCH_NODE_ARGS ?? '').split(/\s+/).filter(Boolean);
const DB_NAME = 'bm_bench_realtime';
const EVENT = 'plugin:commentCreated';
const root = path.resolve(import.meta.dirname, '../../..');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const now = () => performance.now();

for (const [name, v] of Object.entries({ SOCKETS, COMMENTS, SPACING_MS, PORT, TIME_LIMIT_S })) {
  if (!Number.isInteger(v) || v < 1) throw new Error(`BENCH_${name} must be a positive whole number (got ${v})`);
}

// ---- servers, and everything to undo on the way out ----

const children = new Set<ChildProcess>();
const startedAt = new Map<ChildProcess, number>();
const cleanups: Array<() => Promise<void> | void> = [];
const openSockets = new Set<Socket>();

async function cleanUp() {
  for (const s of openSockets) s.disconnect();
  openSockets.clear();
  await Promise.all([...children].map(stopServer));
  while (cleanups.length) {
    try {
      await cleanups.pop()!();
    } catch (err) {
      console.error('Clean-up step failed:', err);
    }
  }
}

// Bounded in time whatever happens: past the limit (or on Ctrl-C) clean up and leave.
let leaving = false;
async function leave(reason: string, code: number) {
  if (leaving) return;
  leaving = true;
  console.error(reason);
  await cleanUp().catch((err: unknown) => console.error(err));
  process.exit(code);
}
setTimeout(() => void leave(`Stopped: over the time limit of ${TIME_LIMIT_S} s`, 2), TIME_LIMIT_S * 1000).unref();
process.once('SIGINT', () => void leave('Interrupted', 130));
process.once('SIGTERM', () => void leave('Terminated', 143));

async function startServer(port: number, env: Record<string, string>): Promise<ChildProcess> {
  const base = `http://127.0.0.1:${port}`;
  if (
    await fetch(`${base}/api/health`).then(
      () => true,
      () => false,
    )
  )
    throw new Error(`Port ${port} is already in use`);
  const child = spawn(process.execPath, [...NODE_ARGS, 'apps/server/dist/main.js'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      NODE_ENV: 'development',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: base,
      REDIS_URL: '',
      SMTP_URL: '',
      SENTRY_DSN: '',
      LOG_LEVEL: 'warn',
      ...env,
    },
  });
  children.add(child);
  startedAt.set(child, now());
  child.once('exit', () => children.delete(child));
  const deadline = Date.now() + 300_000;
  for (;;) {
    if (child.exitCode !== null)
      throw new Error(`The server on port ${port} ended (${child.exitCode}) before it was ready`);
    if (Date.now() > deadline) throw new Error(`The server on port ${port} was not ready within 5 minutes`);
    if (
      await fetch(`${base}/api/ready`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return child;
    await sleep(100);
  }
}

async function stopServer(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
  await exited;
  clearTimeout(timer);
}

/** User plus system CPU time of a process so far, in ms (Linux /proc; 0 elsewhere). */
function cpuMs(pid: number | undefined): number {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const [utime, stime] = stat
      .slice(stat.lastIndexOf(')') + 2)
      .split(' ')
      .slice(11, 13)
      .map(Number);
    return ((utime! + stime!) * 1000) / 100; // clock ticks, 100 per second on Linux
  } catch {
    return 0;
  }
}

/**
 * The main thread's (the event loop's) time on a CPU and time ready to run but waiting for one, in ms
 * (Linux /proc schedstat). The waiting is what a loaded machine adds to every latency here.
 */
function sched(pid: number | undefined): { run: number; wait: number } {
  try {
    const [run, wait] = fs.readFileSync(`/proc/${pid}/task/${pid}/schedstat`, 'utf8').split(' ').map(Number);
    return { run: run! / 1e6, wait: wait! / 1e6 };
  } catch {
    return { run: 0, wait: 0 };
  }
}

// ---- one scenario ----

interface Instance {
  label: string;
  base: string;
  child: ChildProcess;
}

interface Result {
  scenario: string;
  latencies: number[];
  spreads: number[];
  byInstance: Map<string, number[]>;
  expected: number;
  postMs: number[];
  serverCpuMs: number;
  clientCpuMs: number;
  /** Per process (the servers', then this client's): event loop time on a CPU and waiting for one. */
  sched: Array<{ label: string; run: number; wait: number }>;
  wallMs: number;
  load: string;
}

const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');

function openSocket(base: string): Promise<Socket> {
  const s = connect(base, {
    path: HUB_PATH,
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
    timeout: 20_000,
  });
  openSockets.add(s);
  return new Promise((resolve, reject) => {
    s.once('connect', () => resolve(s));
    s.once('connect_error', (err) => reject(new Error(`Socket to ${base} did not connect: ${err.message}`)));
  });
}

async function json<T>(res: Response, what: string): Promise<T> {
  if (!res.ok) throw new Error(`${what}: HTTP ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

async function run(scenario: string, instances: Instance[]): Promise<Result> {
  const poster = instances[0]!;
  const { items } = await json<{ items: Array<{ id: number }> }>(
    await fetch(`${poster.base}/api/plugins?pageSize=1`),
    'GET /api/plugins',
  );
  const pluginId = items[0]?.id;
  if (!pluginId) throw new Error('No demo plugin to comment on');
  const { token } = await json<{ token: string }>(
    await fetch(`${poster.base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'BoostQueen', password: 'member-password' }),
    }),
    'Sign-in of the demo member BoostQueen',
  );

  // Connect and join in batches, spread over the instances in turn.
  const sockets: Array<{ socket: Socket; instance: string }> = [];
  const BATCH = 50;
  for (let i = 0; i < SOCKETS; i += BATCH) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(BATCH, SOCKETS - i) }, async (_, j) => {
        const instance = instances[(i + j) % instances.length]!;
        const socket = await openSocket(instance.base);
        const joined = (await socket.timeout(20_000).emitWithAck('JoinPlugin', pluginId)) as boolean;
        if (!joined) throw new Error(`A socket on ${instance.label} could not join plugin ${pluginId}`);
        return { socket, instance: instance.label };
      }),
    );
    sockets.push(...batch);
  }
  console.log(`  ${scenario}: ${sockets.length} sockets joined plugin ${pluginId} (load average ${load()})`);

  // Each comment's body carries its number; the send time is taken just before the POST goes out.
  const tag = randomBytes(4).toString('hex');
  const marker = new RegExp(`^bench ${tag} #(\\d+)`);
  const sentAt: number[] = [];
  const latencies: number[] = [];
  // The fan-out alone: each arrival after the comment's first arrival at any socket.
  const firstAt: number[] = [];
  const spreads: number[] = [];
  const perComment: number[][] = [];
  const byInstance = new Map<string, number[]>(instances.map((i) => [i.label, []]));
  const expected = sockets.length * COMMENTS;
  let onAllDelivered: () => void = () => undefined;
  const allDelivered = new Promise<void>((r) => (onAllDelivered = r));
  for (const { socket, instance } of sockets) {
    const seen = new Set<number>();
    socket.on(EVENT, (c: { body?: unknown }) => {
      const at = now();
      const m = typeof c?.body === 'string' ? marker.exec(c.body) : null;
      if (!m) return;
      const k = Number(m[1]);
      if (seen.has(k) || sentAt[k] === undefined) return;
      seen.add(k);
      const ms = at - sentAt[k]!;
      latencies.push(ms);
      (perComment[k] ??= []).push(ms);
      firstAt[k] ??= at;
      spreads.push(at - firstAt[k]!);
      byInstance.get(instance)!.push(ms);
      if (latencies.length === expected) onAllDelivered();
    });
  }

  await sleep(1000); // let the joins' work settle before measuring
  const cpu0 = instances.map((i) => cpuMs(i.child.pid));
  const pids = [
    ...instances.map((i) => ({ label: i.label, pid: i.child.pid })),
    { label: 'this client', pid: process.pid },
  ];
  const sched0 = pids.map((p) => sched(p.pid));
  const client0 = process.cpuUsage();
  const t0 = now();
  const postMs: number[] = [];
  const posts: Array<Promise<void>> = [];
  for (let k = 0; k < COMMENTS; k++) {
    const body = `bench ${tag} #${k}: a comment for the real-time benchmark`;
    sentAt[k] = now();
    posts.push(
      fetch(`${poster.base}/api/plugins/${pluginId}/comments`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ body, turnstileToken: null }),
      }).then(async (res) => {
        postMs.push(now() - sentAt[k]!);
        if (res.status !== 201) throw new Error(`POST comment #${k}: HTTP ${res.status} ${await res.text()}`);
      }),
    );
    if (k < COMMENTS - 1) await sleep(SPACING_MS);
  }
  await Promise.all(posts);
  // Wait for the last deliveries, at most 10 s after the last answer.
  await Promise.race([allDelivered, sleep(10_000)]);
  const wallMs = now() - t0;
  const serverCpuMs = instances.reduce((sum, i, n) => sum + cpuMs(i.child.pid) - cpu0[n]!, 0);
  const client = process.cpuUsage(client0);
  const schedDelta = pids.map((p, n) => {
    const s1 = sched(p.pid);
    return { label: p.label, run: s1.run - sched0[n]!.run, wait: s1.wait - sched0[n]!.wait };
  });

  if (process.env.BENCH_VERBOSE) {
    const since = (at: number) =>
      instances.map((i) => `${((at - startedAt.get(i.child)!) / 1000).toFixed(1)} s`).join(', ');
    console.log(
      `    measured from ${since(t0)} to ${since(t0 + wallMs)} after the server${instances.length > 1 ? 's' : ''} started`,
    );
    for (const [k, values] of perComment.entries()) {
      const s = [...(values ?? [])].sort((a, b) => a - b);
      console.log(
        `    comment #${k}: delivered ${s.length}, first ${ms(s[0] ?? NaN)}, p50 ${ms(pct(s, 50))}, last ${ms(s.at(-1) ?? NaN)}`,
      );
    }
  }
  for (const { socket } of sockets) {
    socket.disconnect();
    openSockets.delete(socket);
  }
  return {
    scenario,
    latencies,
    spreads,
    byInstance,
    expected,
    postMs,
    serverCpuMs,
    clientCpuMs: (client.user + client.system) / 1000,
    sched: schedDelta,
    wallMs,
    load: load(),
  };
}

// ---- figures ----

function pct(sorted: number[], p: number): number {
  if (!sorted.length) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}
const ms = (v: number) => (Number.isNaN(v) ? '-' : `${v.toFixed(1)} ms`);

function report(r: Result, goalMs: number) {
  const all = [...r.latencies].sort((a, b) => a - b);
  const posts = [...r.postMs].sort((a, b) => a - b);
  console.log(`\n${r.scenario}`);
  console.log(
    `  delivered ${all.length} / ${r.expected}   p50 ${ms(pct(all, 50))}   p99 ${ms(pct(all, 99))}   max ${ms(all.at(-1) ?? NaN)}   (goal: p99 at most ${goalMs} ms)`,
  );
  if (r.byInstance.size > 1) {
    for (const [label, values] of r.byInstance) {
      const s = [...values].sort((a, b) => a - b);
      console.log(
        `    sockets on ${label.padEnd(12)} delivered ${s.length}   p50 ${ms(pct(s, 50))}   p99 ${ms(pct(s, 99))}   max ${ms(s.at(-1) ?? NaN)}`,
      );
    }
  }
  const spreads = [...r.spreads].sort((a, b) => a - b);
  console.log(
    `  after the comment's first arrival (fan-out): p50 ${ms(pct(spreads, 50))}   p99 ${ms(pct(spreads, 99))}`,
  );
  console.log(`  POST answered: p50 ${ms(pct(posts, 50))}   max ${ms(posts.at(-1) ?? NaN)}`);
  console.log(
    `  CPU over ${(r.wallMs / 1000).toFixed(1)} s: server${r.byInstance.size > 1 ? 's' : ''} ${(r.serverCpuMs / 1000).toFixed(1)} s (${(r.serverCpuMs / COMMENTS).toFixed(0)} ms a comment), this client ${(r.clientCpuMs / 1000).toFixed(1)} s; load average ${r.load} on ${os.cpus().length} cores`,
  );
  const sched = r.sched
    .map((s) => `${s.label} ran ${(s.run / 1000).toFixed(2)} s, waited ${(s.wait / 1000).toFixed(2)} s`)
    .join('; ');
  console.log(`  event loop threads, ready but waiting for a CPU (other processes' load): ${sched}`);
}

// ---- main ----

const results: Array<{ result: Result; goal: number }> = [];
try {
  execFileSync(process.execPath, ['scripts/build-server.mjs'], { cwd: root, stdio: 'inherit' });
  console.log(
    `${SOCKETS} sockets, ${COMMENTS} comments ${SPACING_MS} ms apart (load average ${load()} on ${os.cpus().length} cores)`,
  );

  {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bm-bench-realtime-'));
    cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
    const base = `http://127.0.0.1:${PORT}`;
    const child = await startServer(PORT, { DATA_DIR: dataDir, DATABASE_URL: '', SEED_DEMO: 'true' });
    const result = await run('One instance (embedded database, no Redis)', [{ label: 'the instance', base, child }]);
    await stopServer(child);
    results.push({ result, goal: 100 });
    report(result, 100);
  }

  if (PG_URL) {
    const admin = new pg.Client({ connectionString: PG_URL });
    await admin.connect();
    cleanups.push(() => admin.end());
    await admin.query(`DROP DATABASE IF EXISTS ${DB_NAME} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${DB_NAME}`);
    cleanups.push(async () => void (await admin.query(`DROP DATABASE IF EXISTS ${DB_NAME} WITH (FORCE)`)));
    const url = new URL(PG_URL);
    url.pathname = `/${DB_NAME}`;
    const prefix = `rl-bench-realtime-${process.pid}`;
    const shared = {
      DATABASE_URL: url.toString(),
      REDIS_URL,
      JWT_SECRET: randomBytes(32).toString('hex'),
      // Both instances count together, apart from anything else on the same Redis.
      RATE_LIMIT_PREFIX: prefix,
    };
    // The rate-limit counters this run left in Redis go with it (they would expire anyway).
    cleanups.push(async () => {
      const redis = createClient({ url: REDIS_URL });
      redis.on('error', () => undefined);
      await redis.connect();
      try {
        for await (const keys of redis.scanIterator({ MATCH: `${prefix}*`, COUNT: 100 })) {
          const list = ([] as string[]).concat(keys);
          if (list.length) await redis.del(list);
        }
      } finally {
        await redis.quit();
      }
    });
    const instances: Instance[] = [];
    // One after the other: the first migrates and seeds.
    for (const [n, seed] of [
      [1, 'true'],
      [2, 'false'],
    ] as const) {
      const port = PORT + n;
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bm-bench-realtime-'));
      cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
      const child = await startServer(port, { ...shared, DATA_DIR: dataDir, SEED_DEMO: seed });
      instances.push({ label: n === 1 ? 'instance A' : 'instance B', base: `http://127.0.0.1:${port}`, child });
    }
    const result = await run('Two instances (PostgreSQL, Redis adapter; comments posted to A)', instances);
    results.push({ result, goal: 150 });
    report(result, 150);
  }
} catch (err) {
  console.error(err);
  process.exitCode = 1;
} finally {
  await cleanUp();
}
if (results.length) {
  console.log('');
  for (const { result, goal } of results) {
    const s = [...result.latencies].sort((a, b) => a - b);
    console.log(
      `${result.scenario.padEnd(66)} p99 ${ms(pct(s, 99)).padStart(10)}  (goal ${goal} ms)  delivered ${s.length}/${result.expected}`,
    );
  }
}
process.exit(process.exitCode ?? 0);
