/**
 * Chaos run: the real server (its own process, `src/main.ts`) on a scratch PostgreSQL database
 * reached through a TCP proxy; 200 connections of mixed reads and writes for 2 minutes, with the
 * database cut off for 10 seconds in the middle. Then it checks every write that was answered 2xx
 * is stored, and prints the count of each status code.
 *
 * Goal: every 2xx write stored; no 5xx other than 503 (with Retry-After) while the database is away.
 *
 *   npm run chaos
 *
 * Settings: CHAOS_DATABASE_URL (a PostgreSQL server; default postgres://postgres@127.0.0.1:5432/postgres,
 * where a scratch database is created and dropped), CHAOS_SECONDS (120), CHAOS_CUT_SECONDS (10),
 * CHAOS_CONNECTIONS (200). Traffic stays on 127.0.0.1.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { startTcpProxy } from '../test/tcp-proxy.js';

const root = fileURLToPath(new URL('../../..', import.meta.url));
const SERVER_URL = process.env.CHAOS_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const SECONDS = Number(process.env.CHAOS_SECONDS ?? 120);
const CUT_SECONDS = Number(process.env.CHAOS_CUT_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.CHAOS_CONNECTIONS ?? 200);
const PORT = 3000 + Math.floor(Math.random() * 900) + 4000;
const dbName = `bm_chaos_${process.pid}`;

async function admin<T>(fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: SERVER_URL });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The server under test, in a process of its own, on the database through the proxy. */
function startServer(databaseUrl: string, dataDir: string) {
  return spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      NODE_ENV: 'development',
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      PORT: String(PORT),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://127.0.0.1:${PORT}`,
      SEED_DEMO: 'true',
      REDIS_URL: '',
      SMTP_URL: '',
      RATE_LIMIT_FACTOR: '1000',
      LIST_CACHE_SECONDS: '0',
      LOG_LEVEL: 'error',
    },
  });
}

/** The feedback markers the database holds, read directly (not through the proxy). */
async function storedMarkers(connectionString: string): Promise<string[]> {
  const c = new pg.Client({ connectionString });
  await c.connect();
  try {
    const { rows } = await c.query<{ content: string }>(`select content from feedback where url = '/chaos'`);
    return rows.map((r) => r.content);
  } finally {
    await c.end();
  }
}

async function main() {
  await admin((c) => c.query(`CREATE DATABASE ${dbName}`));
  const target = new URL(SERVER_URL);
  const proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
  const viaProxy = new URL(SERVER_URL);
  viaProxy.hostname = '127.0.0.1';
  viaProxy.port = String(proxy.port);
  viaProxy.pathname = `/${dbName}`;
  const direct = new URL(SERVER_URL);
  direct.pathname = `/${dbName}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bm-chaos-'));

  const server = startServer(viaProxy.toString(), dataDir);
  let serverExit: string | null = null;
  server.on('exit', (code, signal) => (serverExit = `exited (${code ?? signal})`));
  const base = `http://127.0.0.1:${PORT}`;
  const call = async (method: 'GET' | 'POST', p: string, body?: unknown, token?: string) => {
    const res = await fetch(`${base}${p}`, {
      method,
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(30_000),
    });
    const text = await res.text();
    return { status: res.status, retryAfter: res.headers.get('retry-after'), text };
  };

  try {
    for (let i = 0; ; i++) {
      if (serverExit) throw new Error(`the server ${serverExit} before it was ready`);
      if (i > 600) throw new Error('the server did not get ready in 60 s');
      const ok = await call('GET', '/api/ready')
        .then((r) => r.status === 200)
        .catch(() => false);
      if (ok) break;
      await sleep(100);
    }
    const tokens: string[] = [];
    for (const username of ['RocketRyan', 'BoostQueen', 'AerialAce', 'FlipReset']) {
      const r = await call('POST', '/api/auth/login', { username, password: 'member-password', rememberMe: true });
      tokens.push((JSON.parse(r.text) as { token: string }).token);
    }

    const statuses = new Map<string, number>();
    const count = (kind: string, status: number | string) =>
      statuses.set(`${kind} ${status}`, (statuses.get(`${kind} ${status}`) ?? 0) + 1);
    const acceptedWrites = new Set<string>();
    let writes = 0;
    let missingRetryAfter = 0;
    const started = Date.now();
    const cutAt = started + ((SECONDS - CUT_SECONDS) / 2) * 1000;
    const endAt = started + SECONDS * 1000;
    const reads = [
      '/api/plugins',
      '/api/plugins?search=trainer',
      '/api/cars',
      '/api/tags',
      '/api/plugins/1',
      '/api/auth/me',
    ];

    const worker = async (w: number) => {
      for (let n = 0; Date.now() < endAt; n++) {
        const token = tokens[(w + n) % tokens.length]!;
        const write = n % 4 === 0;
        try {
          if (write) {
            const marker = `chaos-${w}-${n}`;
            writes++;
            const r = await call('POST', '/api/feedback', { content: marker, url: '/chaos' }, token);
            count('write', r.status);
            if (r.status >= 200 && r.status < 300) acceptedWrites.add(marker);
            if (r.status === 503 && !r.retryAfter) missingRetryAfter++;
          } else {
            const p = reads[(w + n) % reads.length]!;
            const r = await call('GET', p, undefined, p === '/api/auth/me' ? token : undefined);
            count('read', r.status);
            if (r.status === 503 && !r.retryAfter) missingRetryAfter++;
          }
        } catch (e) {
          count(
            write ? 'write' : 'read',
            `error:${(e as { cause?: { code?: string }; name?: string }).cause?.code ?? (e as Error).name}`,
          );
          await sleep(50);
        }
      }
    };

    const cutter = (async () => {
      await sleep(cutAt - Date.now());
      console.log(`t=${((Date.now() - started) / 1000).toFixed(1)}s: database cut`);
      proxy.cut();
      await sleep(CUT_SECONDS * 1000);
      proxy.restore();
      const back = Date.now();
      console.log(`t=${((back - started) / 1000).toFixed(1)}s: database restored`);
      for (;;) {
        const r = await call('GET', '/api/ready').catch(() => ({ status: 0 }));
        if (r.status === 200) break;
        await sleep(50);
      }
      console.log(`ready again ${Date.now() - back} ms after the database came back`);
    })();

    await Promise.all([...Array.from({ length: CONNECTIONS }, (_, w) => worker(w)), cutter]);

    const stored = await storedMarkers(direct.toString());
    const storedSet = new Set(stored);
    const lost = [...acceptedWrites].filter((m) => !storedSet.has(m));
    const duplicates = stored.length - storedSet.size;
    const fiveHundreds = [...statuses]
      .filter(([k]) => /\s5\d\d$/.test(k) && !k.endsWith(' 503'))
      .reduce((s, [, v]) => s + v, 0);

    console.log(
      `\nchaos: ${CONNECTIONS} connections, ${SECONDS} s, database cut for ${CUT_SECONDS} s; server ${serverExit ?? 'still running'}`,
    );
    console.log(`writes sent            ${writes}`);
    console.log(`writes answered 2xx    ${acceptedWrites.size}`);
    console.log(
      `writes found stored    ${stored.length} (of the 2xx: ${acceptedWrites.size - lost.length}; lost ${lost.length}; duplicates ${duplicates})`,
    );
    console.log(`503 without Retry-After ${missingRetryAfter}`);
    console.log('status codes:');
    for (const [k, v] of [...statuses].sort()) console.log(`  ${k.padEnd(22)} ${v}`);
    const goal = lost.length === 0 && fiveHundreds === 0 && !serverExit && missingRetryAfter === 0;
    console.log(`\ngoal (every 2xx write stored, no 5xx but 503, the server alive): ${goal ? 'met' : 'NOT met'}`);
    process.exitCode = goal ? 0 : 1;
  } finally {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r).once('error', r));
    await proxy.close();
    await admin((c) => c.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`)).catch(() => undefined);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
