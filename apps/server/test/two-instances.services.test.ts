import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HUB_PATH } from '../src/platform/hub.js';
import { freePort, startMailbox, type Mailbox } from './harness.js';

/**
 * Two server processes (src/main.ts, as deployed) on one PostgreSQL database and one Redis: what one
 * instance does must reach, and be counted by, the other.
 */
const root = fileURLToPath(new URL('../../..', import.meta.url));
const serverUrl = process.env.TEST_DATABASE_URL!;
const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const dbName = `bm_two_${process.pid}_${randomBytes(3).toString('hex')}`;
const secret = randomBytes(32).toString('hex');
const children: ChildProcess[] = [];
const dirs: string[] = [];
let mailbox: Mailbox;
let a: string;
let b: string;
let socket: Socket | undefined;

async function startInstance(seed: boolean): Promise<string> {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bm-two-'));
  dirs.push(dataDir);
  const url = new URL(serverUrl);
  url.pathname = `/${dbName}`;
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'pipe'],
    env: {
      ...process.env,
      NODE_ENV: 'development',
      DATABASE_URL: url.toString(),
      REDIS_URL: redisUrl,
      SMTP_URL: mailbox.url,
      JWT_SECRET: secret,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      SEED_DEMO: seed ? 'true' : 'false',
      LOG_LEVEL: 'error',
      RATE_LIMIT_FACTOR: '1',
      // Both instances count together; apart from other runs on the same Redis.
      RATE_LIMIT_PREFIX: `rl-two-${dbName}`,
    },
  });
  let stderr = '';
  child.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
  children.push(child);
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 400; i++) {
    if (child.exitCode !== null) throw new Error(`instance exited: ${stderr}`);
    const ok = await fetch(`${base}/api/ready`)
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) return base;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`instance not ready: ${stderr}`);
}

const post = (base: string, p: string, body: unknown, token?: string) =>
  fetch(`${base}${p}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });

beforeAll(async () => {
  const c = new pg.Client({ connectionString: serverUrl });
  await c.connect();
  await c.query(`CREATE DATABASE ${dbName}`);
  await c.end();
  mailbox = await startMailbox();
  // One after the other: the first migrates and seeds.
  a = await startInstance(true);
  b = await startInstance(false);
}, 120_000);

afterAll(async () => {
  socket?.disconnect();
  for (const child of children) child.kill('SIGTERM');
  await Promise.all(
    children.map((child) => (child.exitCode !== null ? null : new Promise((r) => child.once('exit', r)))),
  );
  await mailbox.close();
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
  const c = new pg.Client({ connectionString: serverUrl });
  await c.connect();
  await c.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
  await c.end();
}, 60_000);

describe('two server processes on one database and one Redis', () => {
  it('a comment posted through one reaches a socket of the other', async () => {
    const login = (await (
      await post(a, '/api/auth/login', { username: 'BoostQueen', password: 'member-password', rememberMe: true })
    ).json()) as { token: string };
    const { items } = (await (await fetch(`${a}/api/plugins?pageSize=1`)).json()) as { items: Array<{ id: number }> };
    const pluginId = items[0]!.id;
    socket = connect(b, { path: HUB_PATH, transports: ['websocket'], reconnection: false });
    await new Promise<void>((resolve, reject) => {
      socket!.on('connect', () => resolve());
      socket!.on('connect_error', reject);
    });
    expect(await socket.emitWithAck('JoinPlugin', pluginId)).toBe(true);
    const got = new Promise<{ body: string }>((resolve) => socket!.once('plugin:commentCreated', resolve));
    const res = await post(
      a,
      `/api/plugins/${pluginId}/comments`,
      { body: 'Posted on instance A', turnstileToken: null },
      login.token,
    );
    expect(res.status).toBe(201);
    expect((await got).body).toBe('Posted on instance A');
  });

  it('a plugin changed through one is searched as changed on the other at once (each has its own match index)', async () => {
    const login = (await (
      await post(a, '/api/auth/login', { username: 'BoostQueen', password: 'member-password', rememberMe: true })
    ).json()) as { token: string };
    const auth = { authorization: `Bearer ${login.token}`, 'content-type': 'application/json' };
    const mine = (await (await fetch(`${a}/api/plugins/my`, { headers: auth })).json()) as Array<{
      id: number;
      isListed: boolean;
      isPubliclyVisible: boolean;
      publishedOnce: boolean;
      isActive: boolean;
    }>;
    const plugin = mine.find((p) => p.isListed && p.isPubliclyVisible && p.publishedOnce && p.isActive)!;

    const found = async (base: string, q: string) =>
      (
        (await (await fetch(`${base}/api/plugins?search=${encodeURIComponent(q)}`)).json()) as {
          items: Array<{ id: number }>;
        }
      ).items.map((p) => p.id);
    const put = (base: string, p: string, body: unknown) =>
      fetch(`${base}${p}`, { method: 'PUT', headers: auth, body: JSON.stringify(body) });
    const updated = await put(a, `/api/plugins/${plugin.id}/update`, {
      shortDescription: 'Now with zorblaxquint mode',
    });
    expect(updated.status, await updated.text()).toBe(200);
    expect(await found(b, 'zorblaxquint')).toEqual([plugin.id]);
    expect(await found(b, 'zorblaxqiunt')).toEqual([plugin.id]);
    // (Each instance here has its own PUBLIC_URL, the tokens' issuer: the owner writes through A.)
    const unlisted = await put(a, `/api/plugins/${plugin.id}/visibility`, { isPubliclyVisible: true, isListed: false });
    expect(unlisted.status, await unlisted.text()).toBe(200);
    expect(await found(b, 'zorblaxquin')).toEqual([]);
  });

  it('counts a rate limit across both', async () => {
    const username = `nobody-${randomBytes(3).toString('hex')}`;
    const codes: number[] = [];
    // The login limit allows 10 attempts per account in 15 minutes, wherever they land.
    for (let i = 0; i < 11; i++)
      codes.push((await post(i % 2 ? b : a, '/api/auth/login', { username, password: 'wrong-password' })).status);
    expect(codes.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(codes[10]).toBe(429);
  });

  it('delivers a mail job once though both instances run the outbox', async () => {
    expect((await post(b, '/api/auth/forgot-password', { email: 'ace@example.com' })).status).toBe(200);
    const deadline = Date.now() + 10_000;
    while (mailbox.to('ace@example.com').length === 0 && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 100));
    // Both workers poll every 2 s: give the other one time to deliver it a second time if it could.
    await new Promise((r) => setTimeout(r, 5000));
    expect(mailbox.to('ace@example.com')).toHaveLength(1);
  });
});
