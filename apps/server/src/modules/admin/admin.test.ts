import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Socket } from 'socket.io-client';
import { eq } from 'drizzle-orm';
import {
  ADMIN_MESSAGES as M,
  type ConnectionsResponse,
  type FeedbackItem,
  type FeedbackListResponse,
  type WebhookDelivery,
} from '@bm/core';
import { jobs, mailOutbox, webhookDeliveries } from '../../db/schema.js';
import { verifyWebhook } from '../../platform/webhooks.js';
import {
  freePort,
  signedInMember,
  startMailbox,
  startTestApp,
  type Mailbox,
  type TestApp,
  type Member,
} from '../../../test/harness.js';
import { listenLocally, openHubSocket } from '../../../test/hub-client.js';
import { postAs } from '../../../test/requests.js';

const SECRET = 'builder-secret-for-tests-0123456789';

/** A real HTTP receiver on a free local port that keeps what it gets and answers with `status`. */
async function startReceiver() {
  const got: Array<{ method: string; headers: http.IncomingHttpHeaders; body: string }> = [];
  const state = { status: 200 };
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString('utf8')));
    req.on('end', () => {
      got.push({ method: req.method ?? '', headers: req.headers, body });
      res.writeHead(state.status, { 'content-type': 'text/plain' });
      res.end(req.method === 'HEAD' ? undefined : `received ${'x'.repeat(5000)}`);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
  return { url, got, state, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

let t: TestApp;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
let smtp: Mailbox;
let admin: Member;
let moderator: Member;
let member: Member;

beforeAll(async () => {
  receiver = await startReceiver();
  smtp = await startMailbox();
  t = await startTestApp({
    env: { BUILD_WEBHOOK_URL: receiver.url, BUILD_WEBHOOK_SECRET: SECRET, SMTP_URL: smtp.url },
  });
  admin = await signedInMember(t, ['administrator']);
  moderator = await signedInMember(t, ['moderator']);
  member = await signedInMember(t);
});
afterAll(async () => {
  await t.close();
  await receiver.close();
  await smtp.close();
});

type Call = { method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'; url: string; payload?: unknown };
/** Every call with input that is wrong, so that a 400 would show if it were checked before the caller. */
const reads: Call[] = [
  { method: 'GET', url: '/api/admin/connections' },
  { method: 'GET', url: '/api/admin/webhooks/deliveries' },
  { method: 'GET', url: '/api/admin/feedback?status=nonsense' },
  { method: 'GET', url: '/api/admin/feedback/abc' },
  { method: 'GET', url: '/api/admin/members?page=x' },
];
const writes: Call[] = [
  { method: 'POST', url: '/api/webhooks/test', payload: { url: 'ftp://nope' } },
  { method: 'POST', url: '/api/admin/webhooks/deliveries/abc/redeliver' },
  { method: 'PATCH', url: '/api/admin/feedback/abc', payload: { status: 'archived' } },
  { method: 'PUT', url: '/api/admin/members/abc/roles/superuser' },
  { method: 'DELETE', url: '/api/admin/members/abc/roles/superuser' },
  { method: 'POST', url: '/api/admin/members/abc/disable' },
  { method: 'POST', url: '/api/admin/members/abc/enable' },
];

/** Makes call `c` with the caller's `headers` (none: anonymous). */
const send = (c: Call, headers?: Record<string, string>) =>
  t.app.inject({ method: c.method, url: c.url, payload: c.payload as object, headers });

describe('who may call the admin area', () => {
  it('answers 401 to anonymous callers and 403 to members before looking at the input', async () => {
    for (const c of [...reads, ...writes]) {
      const anon = await send(c);
      expect(anon.statusCode, `${c.method} ${c.url} anonymous`).toBe(401);
      const plain = await send(c, member.auth);
      expect(plain.statusCode, `${c.method} ${c.url} member`).toBe(403);
    }
  });

  it('lets moderators read but not change anything', async () => {
    for (const c of writes) {
      const res = await send(c, moderator.auth);
      expect(res.statusCode, `${c.method} ${c.url} moderator`).toBe(403);
    }
    for (const url of [
      '/api/admin/connections',
      '/api/admin/webhooks/deliveries',
      '/api/admin/feedback',
      '/api/admin/members',
    ]) {
      const res = await t.app.inject({ method: 'GET', url, headers: moderator.auth });
      expect(res.statusCode, `${url} moderator`).toBe(200);
    }
  });

  it('answers 400 to an administrator sending bad input', async () => {
    for (const c of writes) {
      const res = await send(c, admin.auth);
      expect(res.statusCode, `${c.method} ${c.url} administrator`).toBe(400);
    }
    const badId = await t.app.inject({ method: 'GET', url: '/api/admin/feedback/abc', headers: admin.auth });
    expect(badId.statusCode).toBe(400);
  });
});

describe('connections', () => {
  it('probes every service, counts real-time clients and shows queue depths and dead jobs', async () => {
    await t.ctx.db.insert(jobs).values([
      { kind: 'build', status: 'dead', attempts: 8, lastError: 'builder unreachable' },
      { kind: 'notify', status: 'pending' },
    ]);
    await t.ctx.db
      .insert(mailOutbox)
      .values({ to: 'x@example.com', subject: 's', text: 't', html: 'h', status: 'failed' });

    const sockets: Socket[] = [];
    await openHubSocket(await listenLocally(t), sockets);
    try {
      const res = await t.app.inject({ method: 'GET', url: '/api/admin/connections', headers: admin.auth });
      expect(res.statusCode).toBe(200);
      const body = res.json<ConnectionsResponse>();
      const by = Object.fromEntries(body.services.map((s) => [s.name, s]));
      expect(by.database).toMatchObject({ state: 'up' });
      expect(by.database!.latencyMs).toBeGreaterThanOrEqual(0);
      expect(by.redis).toMatchObject({ state: 'off', latencyMs: null });
      expect(by.smtp).toMatchObject({ state: 'up' });
      expect(by.storage).toMatchObject({ state: 'up', detail: 'write, read and delete' });
      expect(by.builder).toMatchObject({ state: 'up', detail: 'HTTP 200' });
      expect(receiver.got.some((r) => r.method === 'HEAD')).toBe(true);
      expect(body.realtimeClients).toBe(1);
      expect(body.queues.jobs).toMatchObject({ dead: 1, pending: 1 });
      expect(body.queues.mail.failed).toBe(1);
      expect(body.deadJobs).toEqual([
        expect.objectContaining({ kind: 'build', attempts: 8, lastError: 'builder unreachable' }),
      ]);
    } finally {
      for (const s of sockets) s.disconnect();
    }
  });

  it('reports a service that does not answer as down instead of failing', async () => {
    const off = await startTestApp({
      env: { SMTP_URL: 'smtp://127.0.0.1:9', BUILD_WEBHOOK_URL: 'http://127.0.0.1:9/', BUILD_WEBHOOK_SECRET: SECRET },
    });
    try {
      const a = await signedInMember(off, ['administrator']);
      const res = await off.app.inject({ method: 'GET', url: '/api/admin/connections', headers: a.auth });
      expect(res.statusCode).toBe(200);
      const by = Object.fromEntries(res.json<ConnectionsResponse>().services.map((s) => [s.name, s]));
      expect(by.smtp).toMatchObject({ state: 'down', latencyMs: null });
      expect(by.builder).toMatchObject({ state: 'down', latencyMs: null });
      expect(by.database!.state).toBe('up');
      expect(res.json<ConnectionsResponse>().realtimeClients).toBe(0);
    } finally {
      await off.close();
    }
  });
});

describe('webhooks', () => {
  /** The administrator asks for a signed test delivery (to the builder's URL when the payload names none). */
  const testDelivery = (payload: { url?: string }) => postAs(t.app, '/api/webhooks/test', admin, payload);

  it('sends a signed test delivery to a given URL and records it', async () => {
    receiver.got.length = 0;
    const res = await testDelivery({ url: receiver.url });
    expect(res.statusCode).toBe(200);
    const d = res.json<WebhookDelivery>();
    expect(d).toMatchObject({ direction: 'out', kind: 'test', url: receiver.url, statusCode: 200, error: null });
    expect(d.responseBody!.length).toBe(4096);
    expect(JSON.parse(d.requestBody)).toMatchObject({ type: 'test', deliveryId: d.deliveryId });

    const got = receiver.got.find((r) => r.method === 'POST')!;
    expect(got.body).toBe(d.requestBody);
    expect(verifyWebhook(SECRET, got.headers, got.body)).toMatchObject({ ok: true, deliveryId: d.deliveryId });
  });

  it('sends to the configured builder URL when none is given', async () => {
    const res = await testDelivery({});
    expect(res.json<WebhookDelivery>()).toMatchObject({ url: receiver.url, statusCode: 200 });
  });

  it('records a failing delivery with its error and a non-2xx answer with its status', async () => {
    // A port nothing listens on.
    const down = await testDelivery({ url: `http://127.0.0.1:${await freePort()}/` });
    expect(down.statusCode).toBe(200);
    expect(down.json<WebhookDelivery>()).toMatchObject({ statusCode: null, latencyMs: expect.any(Number) });
    expect(down.json<WebhookDelivery>().error).toContain('ECONNREFUSED');
    const [stored] = await t.ctx.db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.id, down.json<WebhookDelivery>().id));
    expect(stored!.error).toContain('ECONNREFUSED');

    // Port 9 is one fetch refuses outright (the browser test uses it): still a recorded failure.
    const blocked = await testDelivery({ url: 'http://127.0.0.1:9/' });
    expect(blocked.json<WebhookDelivery>()).toMatchObject({ statusCode: null, error: 'bad port' });

    receiver.state.status = 500;
    const failed = await testDelivery({ url: receiver.url });
    receiver.state.status = 200;
    expect(failed.json<WebhookDelivery>()).toMatchObject({ statusCode: 500, error: 'HTTP 500' });
  });

  it('lists the last deliveries of both directions, newest first, and redelivers outgoing ones', async () => {
    await t.ctx.db.insert(webhookDeliveries).values({
      direction: 'in',
      kind: 'callback',
      url: '/api/builds/callback',
      deliveryId: 'in-1',
      requestBody: '{}',
    });
    const list = await t.app.inject({ method: 'GET', url: '/api/admin/webhooks/deliveries', headers: admin.auth });
    const items = list.json<WebhookDelivery[]>();
    expect(items[0]).toMatchObject({ direction: 'in', deliveryId: 'in-1' });
    const out = items.find((d) => d.direction === 'out' && d.statusCode === 200)!;

    receiver.got.length = 0;
    const again = await t.app.inject({
      method: 'POST',
      url: `/api/admin/webhooks/deliveries/${out.id}/redeliver`,
      headers: admin.auth,
    });
    expect(again.statusCode).toBe(200);
    const d = again.json<WebhookDelivery>();
    expect(d.id).not.toBe(out.id);
    expect(d.deliveryId).not.toBe(out.deliveryId);
    expect(d.requestBody).toBe(out.requestBody);
    expect(receiver.got[0]!.body).toBe(out.requestBody);
    expect(verifyWebhook(SECRET, receiver.got[0]!.headers, receiver.got[0]!.body)).toMatchObject({
      ok: true,
      deliveryId: d.deliveryId,
    });

    const incoming = items[0]!;
    const refused = await t.app.inject({
      method: 'POST',
      url: `/api/admin/webhooks/deliveries/${incoming.id}/redeliver`,
      headers: admin.auth,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ message: M.onlyOutgoing });
    const missing = await t.app.inject({
      method: 'POST',
      url: '/api/admin/webhooks/deliveries/999999/redeliver',
      headers: admin.auth,
    });
    expect(missing.statusCode).toBe(404);
  });
});

describe('feedback', () => {
  it('keeps the sender, page and browser, pages by status, and marks an opened item seen', async () => {
    const long = `Please add dark mode. ${'a'.repeat(300)}`;
    const sent = await t.app.inject({
      method: 'POST',
      url: '/api/feedback',
      headers: { ...member.auth, 'user-agent': 'TestBrowser/1.0' },
      payload: { content: long, url: '/plugins' },
    });
    expect(sent.statusCode).toBe(201);
    const id = sent.json<{ id: number }>().id;

    const list = await t.app.inject({ method: 'GET', url: '/api/admin/feedback?status=new', headers: moderator.auth });
    const body = list.json<FeedbackListResponse>();
    expect(body).toMatchObject({ page: 1, pageSize: 25, totalCount: 1 });
    expect(body.items[0]).toMatchObject({
      id,
      content: long,
      url: '/plugins',
      userAgent: 'TestBrowser/1.0',
      status: 'new',
      member: { id: member.id, username: member.username },
    });
    expect(body.items[0]!.excerpt).toBe(`${long.slice(0, 200)}…`);

    const opened = await t.app.inject({ method: 'GET', url: `/api/admin/feedback/${id}`, headers: moderator.auth });
    expect(opened.json<FeedbackItem>().status).toBe('seen');
    const stillNew = await t.app.inject({ method: 'GET', url: '/api/admin/feedback?status=new', headers: admin.auth });
    expect(stillNew.json<FeedbackListResponse>().totalCount).toBe(0);

    const done = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/feedback/${id}`,
      headers: admin.auth,
      payload: { status: 'done' },
    });
    expect(done.json<FeedbackItem>().status).toBe('done');
    const reopened = await t.app.inject({ method: 'GET', url: `/api/admin/feedback/${id}`, headers: admin.auth });
    expect(reopened.json<FeedbackItem>().status).toBe('done');

    const missing = await t.app.inject({ method: 'GET', url: '/api/admin/feedback/999999', headers: admin.auth });
    expect(missing.statusCode).toBe(404);
  });

  it('pages the list', async () => {
    for (let i = 0; i < 3; i++) {
      await t.app.inject({
        method: 'POST',
        url: '/api/feedback',
        headers: member.auth,
        payload: { content: `Idea ${i}` },
      });
    }
    const p2 = await t.app.inject({ method: 'GET', url: '/api/admin/feedback?page=2&pageSize=2', headers: admin.auth });
    const body = p2.json<FeedbackListResponse>();
    expect(body).toMatchObject({ page: 2, pageSize: 2, totalCount: 4 });
    expect(body.items).toHaveLength(2);
    expect(body.items.map((i) => i.content)).toEqual(['Idea 0', expect.stringContaining('dark mode')]);
  });
});
