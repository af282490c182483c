import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import {
  WEBHOOK_MESSAGES as WM,
  type WebhookDelivery,
  type WebhookEndpoint,
  type WebhookEndpointWithSecret,
} from '@bm/core';
import { cars, jobs, plugins, submissions, webhookDeliveries, webhookEndpoints } from '../../db/schema.js';
import { verifyWebhook } from '../../platform/webhooks.js';
import { signedInMember, startTestApp, type TestApp, type Member } from '../../../test/harness.js';
import { demoBinaryZip, demoSourceZip } from '../plugins/seed.js';
import { createPlugin, multipart } from '../plugins/test-support.js';

let t: TestApp;
let admin: Member;
let mod: Member;

/** What the receiver the test starts was sent. */
interface Hit {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}
let hits: Hit[] = [];
let failNext = 0;
let receiver: http.Server;
let base: string;

beforeAll(async () => {
  receiver = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      hits.push({ path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      if (failNext > 0) {
        failNext--;
        res.statusCode = 500;
        res.end('try later');
      } else res.end('ok');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  t = await startTestApp();
  admin = await signedInMember(t, ['administrator']);
  mod = await signedInMember(t, ['moderator']);
});
afterAll(async () => {
  await t.close();
  await new Promise<void>((resolve) => receiver.close(() => resolve()));
});
beforeEach(async () => {
  hits = [];
  failNext = 0;
  await t.ctx.db.delete(webhookEndpoints);
});

type Headers = Record<string, string>;
const api = (
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  headers: Headers = {},
  payload?: unknown,
) => t.app.inject({ method, url: `/api${url}`, headers, payload: payload as object });
const addEndpoint = async (body: object) => {
  const res = await api('POST', '/admin/webhooks', admin.auth, body);
  expect(res.statusCode).toBe(201);
  return res.json<WebhookEndpointWithSecret>();
};

/** A plugin's source submitted and approved by the moderator (a build's binary stands in). */
async function approveVersion(owner: Member, pluginId: number, versionString: string) {
  const body = multipart(await demoSourceZip(`Hook${versionString.replace(/\W/g, '')}`), 'source.zip', {
    versionString,
  });
  const up = await t.app.inject({
    method: 'POST',
    url: `/api/plugins/${pluginId}/files/source`,
    headers: { ...owner.auth, ...body.headers },
    payload: body.payload,
  });
  expect(up.statusCode).toBe(201);
  const submissionId = up.json<{ submission: { submissionId: number } }>().submission.submissionId;
  const key = `plugins/${pluginId}/binary-built-${versionString}.zip`;
  await t.ctx.storage.put(key, await demoBinaryZip('Hooked', versionString));
  await t.ctx.db.update(submissions).set({ binaryKey: key }).where(eq(submissions.id, submissionId));
  expect((await api('POST', `/moderation/plugins/${submissionId}/approve`, mod.auth)).statusCode).toBe(204);
  return submissionId;
}

describe('release webhook endpoints', () => {
  it('are for administrators, with an http(s) URL and events; the secret is shown once', async () => {
    const body = { url: `${base}/hook`, events: ['plugin.published'] };
    expect((await api('GET', '/admin/webhooks')).statusCode).toBe(401);
    expect((await api('POST', '/admin/webhooks', mod.auth, body)).statusCode).toBe(403);
    const bad = await api('POST', '/admin/webhooks', admin.auth, { url: 'ftp://example.com/x', events: [] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ message: string }>().message).toBe(WM.url);
    const noEvents = await api('POST', '/admin/webhooks', admin.auth, { url: `${base}/hook`, events: [] });
    expect(noEvents.json<{ message: string }>().message).toBe(WM.events);

    const made = await addEndpoint(body);
    expect(made.secret).toMatch(/^whsec_[0-9a-f]{64}$/);
    const [row] = await t.ctx.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, made.id));
    expect(row!.secretSealed).not.toContain(made.secret.slice(6));
    const list = (await api('GET', '/admin/webhooks', admin.auth)).json<WebhookEndpoint[]>();
    expect(list).toEqual([
      expect.objectContaining({ id: made.id, secretHint: `••••${made.secret.slice(-4)}`, discord: false }),
    ]);
    expect(JSON.stringify(list)).not.toContain(made.secret);

    const changed = await api('PATCH', `/admin/webhooks/${made.id}`, admin.auth, {
      events: ['plugin.updated', 'car.published'],
      active: false,
    });
    expect(changed.json<WebhookEndpoint>()).toMatchObject({
      events: ['plugin.updated', 'car.published'],
      active: false,
    });
    expect((await api('PATCH', '/admin/webhooks/999999', admin.auth, { active: true })).statusCode).toBe(404);
    expect((await api('DELETE', `/admin/webhooks/${made.id}`, admin.auth)).statusCode).toBe(204);
    expect((await api('GET', '/admin/webhooks', admin.auth)).json()).toEqual([]);
  });

  it('a published version reaches the receiver signed; a later one is plugin.updated; a redelivery signs again', async () => {
    const secret = 'a-receiver-secret-of-some-length';
    const hook = await addEndpoint({ url: `${base}/generic`, events: ['plugin.published', 'plugin.updated'], secret });
    await addEndpoint({ url: `${base}/cars-only`, events: ['car.published'] });
    const owner = await signedInMember(t);
    const p = await createPlugin(t, owner, { name: 'Webhooked Plugin', shortDescription: 'Sends events' });
    await approveVersion(owner, p.id, '1.0.0');
    expect(hits).toEqual([]); // queued with the approval, sent by the job runner
    await t.ctx.jobs.runDue();
    expect(hits.map((h) => h.path)).toEqual(['/generic']);
    const first = hits[0]!;
    expect(verifyWebhook(secret, first.headers, first.body)).toMatchObject({ ok: true });
    expect(verifyWebhook('another-secret-entirely', first.headers, first.body)).toMatchObject({ ok: false });
    const event = JSON.parse(first.body) as { type: string; id: string; plugin: Record<string, unknown> };
    expect(event.type).toBe('plugin.published');
    expect(event.plugin).toMatchObject({
      id: p.id,
      name: 'Webhooked Plugin',
      version: '1.0.0',
      author: { username: owner.username },
      url: `${t.ctx.config.publicUrl}/plugin/${p.id}`,
    });

    // The next version, with the receiver down once: retried, and every attempt is in the log.
    failNext = 1;
    hits = [];
    const second = await approveVersion(owner, p.id, '1.1.0');
    await t.ctx.jobs.runDue();
    await t.ctx.db
      .update(jobs)
      .set({ runAt: sql`now()` })
      .where(eq(jobs.kind, 'release-webhook'));
    await t.ctx.jobs.runDue();
    expect(hits.map((h) => JSON.parse(h.body).type)).toEqual(['plugin.updated', 'plugin.updated']);
    expect(new Set(hits.map((h) => JSON.parse(h.body).id)).size).toBe(1);
    const log = await t.ctx.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.submissionId, second));
    expect(log.map((d) => [d.kind, d.statusCode, d.endpointId])).toEqual([
      ['plugin.updated', 500, hook.id],
      ['plugin.updated', 200, hook.id],
    ]);

    hits = [];
    const again = await api('POST', `/admin/webhooks/deliveries/${log[1]!.id}/redeliver`, admin.auth);
    expect(again.json<WebhookDelivery>().statusCode).toBe(200);
    expect(verifyWebhook(secret, hits[0]!.headers, hits[0]!.body)).toMatchObject({ ok: true });
  });

  it('a Discord webhook URL gets an embed: name, version, author, banner and link', async () => {
    const discord = await addEndpoint({ url: `${base}/api/webhooks/123456789/a-token_x`, events: ['car.published'] });
    expect(discord.discord).toBe(true);
    const owner = await signedInMember(t);
    const res = await api('POST', '/cars', owner.auth, { name: 'Hooked Octane', code: 'hAMwB1wABMItCGEWAAA=' });
    const carId = res.json<{ id: number }>().id;
    await t.ctx.db
      .update(cars)
      .set({ bannerKey: `cars/${carId}/banner-hook.webp` })
      .where(eq(cars.id, carId));
    await t.ctx.jobs.runDue();
    expect(hits.map((h) => h.path)).toEqual(['/api/webhooks/123456789/a-token_x']);
    const body = JSON.parse(hits[0]!.body) as { embeds: Array<Record<string, unknown>> };
    expect(body.embeds[0]).toMatchObject({
      title: 'New car: Hooked Octane',
      url: `${t.ctx.config.publicUrl}/cars/${carId}`,
      author: { name: owner.username },
      image: { url: `${t.ctx.config.publicUrl}${t.ctx.storage.url(`cars/${carId}/banner-hook.webp`)}` },
    });

    // A plugin's embed carries its version as a field; the test button sends one at once.
    hits = [];
    const test = await api('POST', `/admin/webhooks/${discord.id}/test`, admin.auth);
    expect(test.json<WebhookDelivery>()).toMatchObject({ kind: 'test', statusCode: 200 });
    const embed = (JSON.parse(hits[0]!.body) as { embeds: Array<Record<string, unknown>> }).embeds[0]!;
    expect(embed.fields).toEqual([{ name: 'Version', value: '1.0.0', inline: true }]);
    expect(embed.author).toEqual({ name: 'BakkesMod Community' });
  });

  it('a moderator approving a plugin sends a Discord URL its embed: name, version, author, banner and link', async () => {
    const path = '/api/webhooks/987654321/plugin-token_y';
    await addEndpoint({ url: `${base}${path}`, events: ['plugin.published', 'plugin.updated'] });
    const owner = await signedInMember(t);
    const p = await createPlugin(t, owner, { name: 'Discord Plugin', shortDescription: 'Tells a channel' });
    const banner = `plugins/${p.id}/banner-hook.webp`;
    await t.ctx.db.update(plugins).set({ bannerKey: banner }).where(eq(plugins.id, p.id));
    await approveVersion(owner, p.id, '2.3.4');
    await t.ctx.jobs.runDue();
    expect(hits.map((h) => h.path)).toEqual([path]);
    const body = JSON.parse(hits[0]!.body) as { username: string; embeds: Array<Record<string, unknown>> };
    expect(body.username).toBe('BakkesMod Community');
    expect(body.embeds).toHaveLength(1);
    expect(body.embeds[0]).toMatchObject({
      title: 'New plugin: Discord Plugin v2.3.4',
      url: `${t.ctx.config.publicUrl}/plugin/${p.id}`,
      description: 'Tells a channel',
      author: { name: owner.username },
      image: { url: `${t.ctx.config.publicUrl}${t.ctx.storage.url(banner)}` },
      fields: [{ name: 'Version', value: '2.3.4', inline: true }],
    });
  });
});

describe('release webhooks never announce what the public cannot see', () => {
  const releaseJobs = () =>
    t.ctx.db
      .select({ status: jobs.status, lastError: jobs.lastError, payload: jobs.payload })
      .from(jobs)
      .where(eq(jobs.kind, 'release-webhook'));
  const jobsOf = async (what: { pluginId?: number; carId?: number }) =>
    (await releaseJobs()).filter((j) =>
      what.carId !== undefined ? j.payload.carId === what.carId : j.payload.pluginId === what.pluginId,
    );
  const sent = () => hits.map((h) => JSON.parse(h.body) as { plugin?: { id: number }; car?: { id: number } });
  const newCar = async (owner: Member, name: string) => {
    const res = await api('POST', '/cars', owner.auth, { name, code: 'hAMwB1wABMItCGEWAAA=' });
    expect(res.statusCode).toBe(201);
    return res.json<{ id: number }>().id;
  };

  it("queues nothing for a private plugin's version", async () => {
    await addEndpoint({ url: `${base}/all`, events: ['plugin.published', 'plugin.updated', 'car.published'] });
    const owner = await signedInMember(t);
    const p = await createPlugin(t, owner, { name: 'Private Hooked', shortDescription: 'Only mine' });
    const hidden = await api('PUT', `/plugins/${p.id}/visibility`, owner.auth, {
      isPubliclyVisible: false,
      isListed: false,
    });
    expect(hidden.statusCode).toBe(200);
    await approveVersion(owner, p.id, '1.0.0');
    expect(await jobsOf({ pluginId: p.id })).toEqual([]);
    await t.ctx.jobs.runDue();
    expect(hits).toEqual([]);
  });

  it('drops a queued release whose plugin or car was hidden, or whose owner was disabled, before it was sent', async () => {
    await addEndpoint({ url: `${base}/all`, events: ['plugin.published', 'plugin.updated', 'car.published'] });
    await addEndpoint({ url: `${base}/api/webhooks/1/discord-token`, events: ['plugin.published', 'car.published'] });
    const owner = await signedInMember(t);
    const leaving = await signedInMember(t);
    const hiddenPlugin = await createPlugin(t, owner, { name: 'Hidden Later', shortDescription: 'Reported' });
    const leavingPlugin = await createPlugin(t, leaving, { name: 'Leaving Plugin', shortDescription: 'Gone soon' });
    const publicPlugin = await createPlugin(t, owner, { name: 'Public Hooked', shortDescription: 'For all' });
    await approveVersion(owner, hiddenPlugin.id, '1.0.0');
    await approveVersion(leaving, leavingPlugin.id, '1.0.0');
    await approveVersion(owner, publicPlugin.id, '1.0.0');
    const hiddenCar = await newCar(owner, 'Hidden Octane');
    const leavingCar = await newCar(leaving, 'Leaving Octane');
    const publicCar = await newCar(owner, 'Public Octane');
    // Queued while public: two endpoints each.
    for (const what of [{ pluginId: hiddenPlugin.id }, { pluginId: leavingPlugin.id }, { carId: hiddenCar }])
      expect(await jobsOf(what)).toHaveLength(2);

    // Hidden by a moderator, and a member disabled, before the job runner comes round.
    expect((await api('POST', `/moderation/reported/${hiddenPlugin.id}/hide-plugin`, mod.auth)).statusCode).toBe(204);
    expect((await api('POST', `/moderation/cars/${hiddenCar}/hide`, mod.auth)).statusCode).toBe(204);
    expect((await api('POST', `/admin/members/${leaving.id}/disable`, admin.auth)).statusCode).toBe(204);
    await t.ctx.jobs.runDue();

    const announced = sent().map((b) => (b.plugin ? `plugin ${b.plugin.id}` : b.car ? `car ${b.car.id}` : 'discord'));
    expect(announced.sort()).toEqual([`car ${publicCar}`, `plugin ${publicPlugin.id}`, 'discord', 'discord'].sort());
    const discordTitles = hits
      .filter((h) => h.path.startsWith('/api/webhooks/'))
      .map((h) => (JSON.parse(h.body) as { embeds: Array<{ title: string }> }).embeds[0]!.title);
    expect(discordTitles.sort()).toEqual(['New car: Public Octane', 'New plugin: Public Hooked v1.0.0']);
    expect(hits.map((h) => h.body).join('\n')).not.toMatch(/Hidden Later|Leaving Plugin|Hidden Octane|Leaving Octane/);
    // Dropped for good, with the reason kept on the job; never in the delivery log.
    for (const [what, name] of [
      [{ pluginId: hiddenPlugin.id }, `plugin ${hiddenPlugin.id}`],
      [{ pluginId: leavingPlugin.id }, `plugin ${leavingPlugin.id}`],
      [{ carId: hiddenCar }, `car ${hiddenCar}`],
      [{ carId: leavingCar }, `car ${leavingCar}`],
    ] as const) {
      expect((await jobsOf(what)).map((j) => [j.status, j.lastError])).toEqual([
        ['dead', `Release webhook dropped: ${name} is no longer public`],
        ['dead', `Release webhook dropped: ${name} is no longer public`],
      ]);
    }
    const logged = await t.ctx.db.select({ body: webhookDeliveries.requestBody }).from(webhookDeliveries);
    expect(logged.map((d) => d.body).join('\n')).not.toMatch(
      /Hidden Later|Leaving Plugin|Hidden Octane|Leaving Octane/,
    );
  });
});
