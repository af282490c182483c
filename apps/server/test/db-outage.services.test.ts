import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import type { AppContext } from '../src/context.js';
import { openDatabase, type Database } from '../src/db/client.js';
import { ensureMember } from '../src/db/seed.js';
import { enqueueMail, smtpTransport } from '../src/platform/mailer.js';
import { startMailbox, templateCopyDatabase, type Mailbox } from './harness.js';
import { logIn, postAs } from './requests.js';
import { startTcpProxy } from './tcp-proxy.js';

const serverUrl = process.env.TEST_DATABASE_URL!;
let proxy: Awaited<ReturnType<typeof startTcpProxy>>;
let database: Database;
let app: FastifyInstance;
let ctx: AppContext;
let mailbox: Mailbox;
let dataDir: string;
let copy: Awaited<ReturnType<typeof templateCopyDatabase>>;

beforeAll(async () => {
  copy = await templateCopyDatabase(serverUrl);
  const target = new URL(serverUrl);
  proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
  const viaProxy = new URL(copy.url);
  viaProxy.hostname = '127.0.0.1';
  viaProxy.port = String(proxy.port);
  database = await openDatabase({ databaseUrl: viaProxy.toString() });
  mailbox = await startMailbox();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bm-outage-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    PUBLIC_URL: 'http://localhost:3000',
    LOG_LEVEL: 'silent',
  });
  ({ app, ctx } = await buildApp(config, {
    database,
    mailTransport: smtpTransport(mailbox.url),
    logger: false,
    webDist: path.join(dataDir, 'none'),
  }));
  await app.ready();
});

afterAll(async () => {
  proxy.restore();
  await app.close();
  await database.close();
  await proxy.close();
  await mailbox.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
  await copy.drop();
});

async function waitFor<T>(
  fn: () => Promise<T>,
  ok: (v: T) => boolean,
  ms: number,
): Promise<{ value: T; elapsedMs: number }> {
  const start = Date.now();
  for (;;) {
    const value = await fn();
    if (ok(value)) return { value, elapsedMs: Date.now() - start };
    if (Date.now() - start > ms) throw new Error(`not within ${ms} ms: ${JSON.stringify(value)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('a database outage', () => {
  it('answers 503 with Retry-After meanwhile, keeps the process and its loops alive, and recovers with nothing lost', async () => {
    const m = {
      username: `outage${randomBytes(3).toString('hex')}`,
      email: `o${randomBytes(3).toString('hex')}@example.com`,
      password: 'correct-horse-9',
    };
    await ensureMember(ctx.db, { ...m, roles: [] });
    const login = await logIn(app, m, { rememberMe: true });
    expect(login.statusCode).toBe(200);
    const auth = { authorization: `Bearer ${login.json<{ token: string }>().token}` };
    const sendFeedback = (content: string) => postAs(app, '/api/feedback', { auth }, { content, url: '/x' });
    expect((await app.inject({ url: '/api/plugins' })).statusCode).toBe(200);

    proxy.cut();

    const list = await app.inject({ url: '/api/plugins?search=outage' });
    expect(list.statusCode).toBe(503);
    expect(list.headers['retry-after']).toBe('5');
    expect(list.json()).toEqual({ message: expect.stringMatching(/unavailable/) });
    const me = await app.inject({ url: '/api/auth/me', headers: auth });
    expect(me.statusCode).toBe(503);
    const write = await sendFeedback('during the outage');
    expect(write.statusCode).toBe(503);
    expect((await app.inject({ url: '/api/ready' })).statusCode).toBe(503);
    expect((await app.inject({ url: '/api/health' })).statusCode).toBe(200);
    // The background loops run into the outage and must neither reject nor stop.
    await expect(ctx.mail.kick()).resolves.toBe(0);
    await expect(ctx.jobs.kick()).resolves.toBe(0);

    proxy.restore();

    const { elapsedMs } = await waitFor(
      () => app.inject({ url: '/api/ready' }),
      (r) => r.statusCode === 200,
      5000,
    );
    expect(elapsedMs).toBeLessThan(5000);
    expect((await app.inject({ url: '/api/auth/me', headers: auth })).statusCode).toBe(200);
    const after = await sendFeedback('after the outage');
    expect(after.statusCode).toBe(201);
    // Nothing half-written: the refused write left no row, the accepted one is there once.
    const rows = await database.db.execute<{ content: string }>(
      // eslint-disable-next-line @typescript-eslint/no-explicit-any
      (await import('drizzle-orm')).sql`select content from feedback order by id` as any,
    );
    expect((rows as unknown as { rows: Array<{ content: string }> }).rows.map((r) => r.content)).toEqual([
      'after the outage',
    ]);
  });

  it('mail queued before a cut is delivered exactly once after it', async () => {
    await enqueueMail(ctx.db, {
      to: 'queued@example.com',
      subject: 'Queued before the cut',
      text: 'hello',
      html: '<p>hello</p>',
    });
    proxy.cut();
    await expect(ctx.mail.kick()).resolves.toBe(0);
    proxy.restore();
    await waitFor(
      () => ctx.mail.kick().then(() => mailbox.to('queued@example.com').length),
      (n) => n >= 1,
      5000,
    );
    await ctx.mail.flush();
    expect(mailbox.to('queued@example.com')).toHaveLength(1);
  });

  it('leaks no pooled connection: more cuts than the pool has connections, each meeting a transaction, and it still recovers', async () => {
    for (let i = 0; i < 12; i++) {
      await enqueueMail(ctx.db, { to: `cycle${i}@example.com`, subject: 'Cycle', text: 'x', html: '<p>x</p>' });
      proxy.cut();
      // The outbox pass opens a transaction on a connection that is dying or refused.
      await expect(ctx.mail.kick()).resolves.toBe(0);
      proxy.restore();
    }
    await waitFor(
      () => app.inject({ url: '/api/ready' }),
      (r) => r.statusCode === 200,
      5000,
    );
    const sent = await waitFor(
      () => ctx.mail.kick().then(() => mailbox.received.filter((m) => m.subject === 'Cycle').length),
      (n) => n === 12,
      10_000,
    );
    expect(sent.value).toBe(12);
  });
});
