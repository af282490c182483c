import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Socket } from 'socket.io-client';
import type { Submission, SubmissionUpdatedEvent } from '@bm/core';
import { jobs, mailMessages, moderationAudit, plugins, submissions, webhookDeliveries } from '../../db/schema.js';
import { verifyWebhook, webhookHeaders } from '../../platform/webhooks.js';
import { freePort, signedInMember, startTestApp, type TestApp, type Member } from '../../../test/harness.js';
import { openHubSocket } from '../../../test/hub-client.js';
import { demoBinaryZip, demoSourceZip } from '../plugins/seed.js';
import { createPlugin, storedFiles, uploadVersion } from '../plugins/test-support.js';
import { makeZip } from '../plugins/zip.js';
import { BUILD_JOBS, buildTimeoutKey } from './dispatch.js';
import { BuildService } from './service.js';
import { BUILD_MESSAGES, DISPATCH_ATTEMPTS, type BuildJob } from './protocol.js';
import { testSigner } from './test-provenance.js';

const SECRET = 'builds-test-secret-0123456789';
const signer = testSigner();

/** A real HTTP receiver standing in for the builder: keeps every request and answers as told. */
interface Received {
  headers: http.IncomingHttpHeaders;
  raw: Buffer;
}
const received: Received[] = [];
let answer: 'accept' | 'error' | 'drop' = 'accept';
const receiver = http.createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    received.push({ headers: req.headers, raw: Buffer.concat(chunks) });
    if (answer === 'drop') return req.socket.destroy();
    res.writeHead(answer === 'accept' ? 202 : 503, { 'content-type': 'application/json' });
    res.end(answer === 'accept' ? '{"accepted":true}' : '{"message":"builder busy"}');
  });
});

let t: TestApp;
let base: string;
const sockets: Socket[] = [];
beforeAll(async () => {
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const builderUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/build`;
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  t = await startTestApp({
    env: {
      BUILD_WEBHOOK_URL: builderUrl,
      BUILD_WEBHOOK_SECRET: SECRET,
      PUBLIC_URL: base,
      BUILD_TIMEOUT: '600',
      BUILDER_PUBLIC_KEYS: signer.entry,
    },
  });
  await t.app.listen({ port, host: '127.0.0.1' });
});
afterAll(async () => {
  for (const s of sockets) s.disconnect();
  await t.close();
  await new Promise<void>((resolve) => receiver.close(() => resolve()));
});

type Owner = Member;

const upload = async (owner: Owner, pluginId: number, source?: Buffer, versionString = '1.2.0') =>
  uploadVersion(t, owner, pluginId, source ?? (await demoSourceZip('Built')), 'built.zip', { versionString });

/** A plugin with one queued submission whose job has been posted to the receiver. */
async function dispatched(name: string) {
  const owner = await signedInMember(t);
  const plugin = await createPlugin(t, owner, { name });
  const sub = await upload(owner, plugin.id);
  answer = 'accept';
  await t.ctx.jobs.runDue();
  return { owner, plugin, sub };
}

/** Posts a callback the way a builder does: the exact bytes, signed (or not) with the given secret and time. */
function callback(
  body: Record<string, unknown> | string,
  opts: { secret?: string; now?: number; deliveryId?: string; headers?: Record<string, string> } = {},
) {
  const raw = typeof body === 'string' ? body : JSON.stringify(body);
  const signed = webhookHeaders(opts.secret ?? SECRET, raw, opts.deliveryId, opts.now);
  return t.app.inject({
    method: 'POST',
    url: '/api/builds/callback',
    headers: { 'content-type': 'application/json', ...signed, ...opts.headers },
    payload: raw,
  });
}

const subRow = async (id: number) => (await t.ctx.db.select().from(submissions).where(eq(submissions.id, id)))[0]!;
/** The signed provenance of `binary` built from submission `id`'s uploaded source. */
const provenanceOf = async (id: number, binary: Buffer, log?: string) =>
  signer.envelope({ source: (await t.ctx.storage.get((await subRow(id)).sourceKey))!, binary, log });
const inDeliveries = async (id: number) =>
  t.ctx.db
    .select()
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.submissionId, id), eq(webhookDeliveries.direction, 'in')));
const audits = async (id: number) =>
  t.ctx.db.select().from(moderationAudit).where(eq(moderationAudit.submissionId, id)).orderBy(asc(moderationAudit.id));
const jobsOf = async (id: number) =>
  t.ctx.db
    .select()
    .from(jobs)
    .where(sql`(${jobs.payload}->>'submissionId')::int = ${id}`)
    .orderBy(asc(jobs.id));
/** Everything a refused callback must leave as it was. */
const snapshot = async (id: number) => ({
  sub: await subRow(id),
  deliveries: await inDeliveries(id),
  audits: await audits(id),
  files: storedFiles(t),
});

const openSocket = (token: string) => openHubSocket(base, sockets, { token });

describe('dispatch to the builder', () => {
  it('posts a signed job with a working source URL and a callback URL, then waits for the build with a timeout', async () => {
    const owner = await signedInMember(t);
    const plugin = await createPlugin(t, owner, { name: 'Dispatched' });
    const source = await demoSourceZip('Dispatched');
    const sub = await upload(owner, plugin.id, source);
    expect(sub.status).toBe('q');
    const queued = await jobsOf(sub.submissionId);
    expect(queued.map((j) => [j.kind, j.status])).toEqual([[BUILD_JOBS.dispatch, 'pending']]);

    received.length = 0;
    answer = 'accept';
    await t.ctx.jobs.runDue();
    expect(received).toHaveLength(1);
    const got = received[0]!;
    const check = verifyWebhook(SECRET, got.headers, got.raw);
    expect(check.ok).toBe(true);
    expect(verifyWebhook('another-secret-of-some-length', got.headers, got.raw).ok).toBe(false);
    const job = JSON.parse(got.raw.toString()) as BuildJob;
    expect(job).toMatchObject({
      type: 'build',
      submissionId: sub.submissionId,
      pluginId: plugin.id,
      pluginName: 'Dispatched',
      versionString: '1.2.0',
      callbackUrl: `${base}/api/builds/callback`,
    });
    expect(check.ok && check.deliveryId).toBe(job.deliveryId);
    // The source URL works from outside (a real HTTP fetch), and only while signed.
    const file = await fetch(job.sourceUrl);
    expect(file.status).toBe(200);
    expect(Buffer.from(await file.arrayBuffer()).equals(source)).toBe(true);
    expect((await fetch(job.sourceUrl.replace(/sig=[0-9a-f]/, 'sig=x'))).status).not.toBe(200);

    const out = await t.ctx.db
      .select()
      .from(webhookDeliveries)
      .where(and(eq(webhookDeliveries.submissionId, sub.submissionId), eq(webhookDeliveries.direction, 'out')));
    expect(out).toHaveLength(1);
    expect(out[0]).toMatchObject({
      kind: 'build',
      statusCode: 202,
      error: null,
      deliveryId: job.deliveryId,
      responseBody: '{"accepted":true}',
    });
    expect(out[0]!.latencyMs).toBeGreaterThanOrEqual(0);

    const after = await jobsOf(sub.submissionId);
    expect(after.map((j) => [j.kind, j.status])).toEqual([
      [BUILD_JOBS.dispatch, 'done'],
      [BUILD_JOBS.timeout, 'pending'],
    ]);
    const timeout = after[1]!;
    expect(timeout.dedupeKey).toBe(buildTimeoutKey(sub.submissionId));
    expect(timeout.runAt.getTime() - Date.now()).toBeGreaterThan(590_000);
  });

  it('retries an unreachable builder with backoff, recording each attempt, and delivers the job once it answers', async () => {
    const owner = await signedInMember(t);
    const plugin = await createPlugin(t, owner, { name: 'Retried' });
    const sub = await upload(owner, plugin.id);
    received.length = 0;

    answer = 'error';
    await t.ctx.jobs.runDue();
    let [job] = await jobsOf(sub.submissionId);
    expect(job).toMatchObject({ status: 'pending', attempts: 1 });
    expect(job!.lastError).toContain('503');
    const firstWait = job!.runAt.getTime() - Date.now();
    expect(firstWait).toBeGreaterThan(8_000);
    expect(firstWait).toBeLessThanOrEqual(10_000);

    answer = 'drop';
    await t.ctx.db.update(jobs).set({ runAt: new Date() }).where(eq(jobs.id, job!.id));
    await t.ctx.jobs.runDue();
    [job] = await jobsOf(sub.submissionId);
    expect(job).toMatchObject({ status: 'pending', attempts: 2 });
    const secondWait = job!.runAt.getTime() - Date.now();
    expect(secondWait).toBeGreaterThan(18_000); // doubled
    expect(secondWait).toBeLessThanOrEqual(20_000);
    expect((await subRow(sub.submissionId)).status).toBe('q');

    answer = 'accept';
    await t.ctx.db.update(jobs).set({ runAt: new Date() }).where(eq(jobs.id, job!.id));
    await t.ctx.jobs.runDue();
    const out = await t.ctx.db
      .select()
      .from(webhookDeliveries)
      .where(and(eq(webhookDeliveries.submissionId, sub.submissionId), eq(webhookDeliveries.direction, 'out')))
      .orderBy(asc(webhookDeliveries.id));
    expect(out.map((d) => d.statusCode)).toEqual([503, null, 202]);
    expect(out[0]!.responseBody).toContain('builder busy');
    expect(out[1]!.error).toBeTruthy();
    expect(received).toHaveLength(3);
    expect((await jobsOf(sub.submissionId))[0]!.status).toBe('done');
  });

  it('fails the submission once the last attempt fails, and tells the author', async () => {
    const owner = await signedInMember(t);
    const plugin = await createPlugin(t, owner, { name: 'Never Reached' });
    const sub = await upload(owner, plugin.id);
    const [job] = await jobsOf(sub.submissionId);
    await t.ctx.db
      .update(jobs)
      .set({ attempts: DISPATCH_ATTEMPTS - 1 })
      .where(eq(jobs.id, job!.id));
    answer = 'error';
    await t.ctx.jobs.runDue();
    expect((await jobsOf(sub.submissionId))[0]!.status).toBe('dead');
    const row = await subRow(sub.submissionId);
    expect(row).toMatchObject({ status: 'r', denyReason: BUILD_MESSAGES.failed });
    expect(row.buildLog).toContain(`after ${DISPATCH_ATTEMPTS} attempts`);
    const inbox = await t.ctx.db.select().from(mailMessages).where(eq(mailMessages.memberId, owner.id));
    expect(inbox.map((m) => m.subject)).toEqual(['Build failed: Never Reached v1.2.0']);
  });
});

describe('builder callbacks', () => {
  it('refuses forged, stale, unsigned and unknown-submission callbacks, changing nothing', async () => {
    const { sub } = await dispatched('Refusals');
    const id = sub.submissionId;
    const before = await snapshot(id);
    const body = { submissionId: id, status: 'building' };

    const forged = await callback(body, { secret: 'not-the-builders-secret-at-all' });
    expect(forged.statusCode).toBe(401);
    const stale = await callback(body, { now: Date.now() - 6 * 60 * 1000 });
    expect(stale.statusCode).toBe(401);
    expect(stale.json().message).toMatch(/too old/);
    const unsigned = await t.app.inject({
      method: 'POST',
      url: '/api/builds/callback',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(body),
    });
    expect(unsigned.statusCode).toBe(401);
    // Signed over other bytes than those sent: the JSON re-spaced.
    const signed = webhookHeaders(SECRET, JSON.stringify(body));
    const reformatted = await t.app.inject({
      method: 'POST',
      url: '/api/builds/callback',
      headers: { 'content-type': 'application/json', ...signed },
      payload: JSON.stringify(body, null, 2),
    });
    expect(reformatted.statusCode).toBe(401);
    const unknown = await callback({ submissionId: 999999, status: 'building' });
    expect(unknown.statusCode).toBe(404);
    const malformed = await callback('{"submissionId":');
    expect(malformed.statusCode).toBe(400);
    const badStatus = await callback({ submissionId: id, status: 'done' });
    expect(badStatus.statusCode).toBe(400);

    // A large body without a signature is refused before it is read.
    const big = await t.app.inject({
      method: 'POST',
      url: '/api/builds/callback',
      headers: { 'content-type': 'application/json' },
      payload: 'x'.repeat(3 * 1024 * 1024),
    });
    expect(big.statusCode).toBe(401);

    expect(await snapshot(id)).toEqual(before);
  });

  it('building: q -> b, and the owner hears SubmissionUpdated on their socket', async () => {
    const { owner, plugin, sub } = await dispatched('Socket Build');
    const s = await openSocket(owner.token);
    const event = new Promise<SubmissionUpdatedEvent>((resolve) => s.once('SubmissionUpdated', resolve));
    const res = await callback({ submissionId: sub.submissionId, status: 'building', log: 'starting' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ ok: true, duplicate: false, status: 'b' });
    expect(await event).toEqual({
      id: sub.submissionId,
      pluginId: plugin.id,
      pluginName: 'Socket Build',
      status: 'b',
      versionString: '1.2.0',
    });
    const row = await subRow(sub.submissionId);
    expect(row.status).toBe('b');
    expect(row.buildStartedAt).toBeInstanceOf(Date);
    expect((await audits(sub.submissionId)).map((a) => [a.action, a.actorId])).toEqual([['build-building', null]]);
    expect(await inDeliveries(sub.submissionId)).toHaveLength(1);
  });

  it('success: b -> p with the binary and debug ZIPs stored and shown; a replay of the same delivery changes nothing', async () => {
    const { owner, plugin, sub } = await dispatched('Successful');
    const id = sub.submissionId;
    expect((await callback({ submissionId: id, status: 'building' })).statusCode).toBe(200);
    const binary = await demoBinaryZip('Successful', '1.2.0');
    const debug = await makeZip([{ name: 'Successful.pdb', data: 'pdb bytes' }]);
    const body = {
      submissionId: id,
      status: 'success',
      log: 'Build succeeded',
      binaryZip: binary.toString('base64'),
      debugZip: debug.toString('base64'),
      provenance: await provenanceOf(id, binary, 'Build succeeded'),
    };
    const deliveryId = 'delivery-success-1';
    const res = await callback(body, { deliveryId });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ ok: true, duplicate: false, status: 'p' });

    const row = await subRow(id);
    expect(row).toMatchObject({ status: 'p', buildLog: 'Build succeeded' });
    expect(row.buildFinishedAt).toBeInstanceOf(Date);
    expect((await t.ctx.storage.get(row.binaryKey!))!.equals(binary)).toBe(true);
    expect((await t.ctx.storage.get(row.debugKey!))!.equals(debug)).toBe(true);
    const timeout = (await jobsOf(id)).find((j) => j.kind === BUILD_JOBS.timeout)!;
    expect(timeout).toMatchObject({ status: 'done', lastError: 'cancelled' });

    const list = await t.app.inject({
      method: 'GET',
      url: `/api/plugins/my/${plugin.id}/submissions`,
      headers: owner.auth,
    });
    const shown = list.json<Submission[]>().find((s) => s.submissionId === id)!;
    expect(shown).toMatchObject({ status: 'p', hasBinary: true, hasDebugFiles: true, buildLog: 'Build succeeded' });
    expect(shown.queuePosition).toBeGreaterThanOrEqual(1);

    const before = await snapshot(id);
    const replay = await callback(body, { deliveryId });
    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toMatchObject({ duplicate: true });
    expect(await snapshot(id)).toEqual(before);
    expect((await audits(id)).map((a) => a.action)).toEqual(['build-building', 'build-success']);
  });
});

describe('builder callbacks: concurrent, invalid and failed results', () => {
  it('applies one of two copies of a delivery arriving at once, and keeps only its files', async () => {
    const { plugin, sub } = await dispatched('Twice At Once');
    const id = sub.submissionId;
    const binary = await demoBinaryZip('TwiceAtOnce', '1');
    const body = {
      submissionId: id,
      status: 'success',
      binaryZip: binary.toString('base64'),
      provenance: await provenanceOf(id, binary),
    };
    const filesBefore = storedFiles(t).length;
    const answers = await Promise.all([
      callback(body, { deliveryId: 'same-delivery' }),
      callback(body, { deliveryId: 'same-delivery' }),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
    expect(answers.map((a) => a.json<{ duplicate: boolean }>().duplicate).sort()).toEqual([false, true]);
    expect(storedFiles(t).filter((f) => f.startsWith(`plugins/${plugin.id}/binary-`))).toHaveLength(1);
    expect(storedFiles(t).length).toBe(filesBefore + 1);
    expect((await audits(id)).map((a) => a.action)).toEqual(['build-success']);
  });

  it('refuses a success whose binary is not an installable plugin ZIP, keeping no file', async () => {
    const { sub } = await dispatched('Bad Binary');
    const id = sub.submissionId;
    const before = await snapshot(id);
    const noDll = await makeZip([{ name: 'readme.txt', data: 'no plugin here' }]);
    const res = await callback({ submissionId: id, status: 'success', binaryZip: noDll.toString('base64') });
    expect(res.statusCode).toBe(400);
    expect((await callback({ submissionId: id, status: 'success', binaryZip: '%%%not base64' })).statusCode).toBe(400);
    expect((await callback({ submissionId: id, status: 'success' })).statusCode).toBe(400);
    expect(await snapshot(id)).toEqual(before);
  });

  it("failure: -> r with the log, Build failed as the reason and a notice in the author's inbox; a late success is refused (409)", async () => {
    const { owner, plugin, sub } = await dispatched('Failing');
    const id = sub.submissionId;
    const res = await callback({ submissionId: id, status: 'failure', log: 'error C2065: undeclared identifier' });
    expect(res.statusCode, res.body).toBe(200);
    const row = await subRow(id);
    expect(row).toMatchObject({
      status: 'r',
      denyReason: 'Build failed',
      buildLog: 'error C2065: undeclared identifier',
    });
    const [notice] = await t.ctx.db.select().from(mailMessages).where(eq(mailMessages.memberId, owner.id));
    expect(notice).toMatchObject({
      subject: 'Build failed: Failing v1.2.0',
      link: `/plugins/${plugin.id}/manage`,
      category: 'plugin',
    });
    expect(notice!.body).toContain('error C2065');
    expect((await t.ctx.db.select().from(plugins).where(eq(plugins.id, plugin.id)))[0]!.needsApproval).toBe(false);

    const before = await snapshot(id);
    const late = await callback({
      submissionId: id,
      status: 'success',
      binaryZip: (await demoBinaryZip('Failing', '1')).toString('base64'),
    });
    expect(late.statusCode).toBe(409);
    const again = await callback({ submissionId: id, status: 'building' });
    expect(again.statusCode).toBe(409);
    expect(await snapshot(id)).toEqual(before);
  });
});

describe('build timeout', () => {
  it('fails a build that stays silent past BUILD_TIMEOUT', async () => {
    const { owner, sub } = await dispatched('Silent');
    const id = sub.submissionId;
    expect((await callback({ submissionId: id, status: 'building' })).statusCode).toBe(200);
    // Not yet due: nothing happens.
    await t.ctx.jobs.runDue();
    expect((await subRow(id)).status).toBe('b');
    await t.ctx.db
      .update(jobs)
      .set({ runAt: new Date() })
      .where(eq(jobs.dedupeKey, buildTimeoutKey(id)));
    await t.ctx.jobs.runDue();
    const row = await subRow(id);
    expect(row).toMatchObject({ status: 'r', denyReason: 'Build timed out' });
    expect(row.buildLog).toContain('10 minutes');
    expect((await audits(id)).map((a) => a.action)).toEqual(['build-building', 'build-timeout']);
    const inbox = await t.ctx.db.select().from(mailMessages).where(eq(mailMessages.memberId, owner.id));
    expect(inbox.map((m) => m.subject)).toEqual(['Build timed out: Silent v1.2.0']);
  });
});

describe('skipping the builder', () => {
  it('sends a queued submission to review when the builder was switched off after it was queued', async () => {
    const owner = await signedInMember(t);
    const plugin = await createPlugin(t, owner, { name: 'Builder Gone' });
    const sub = await upload(owner, plugin.id);
    const withoutBuilder = new BuildService({ ...t.ctx, config: { ...t.ctx.config, buildWebhookUrl: undefined } });
    await withoutBuilder.dispatch(sub.submissionId, { attempt: 1, maxAttempts: DISPATCH_ATTEMPTS });
    expect((await subRow(sub.submissionId)).status).toBe('p');
    expect((await audits(sub.submissionId)).map((a) => [a.action, a.note])).toEqual([
      ['build-skipped', BUILD_MESSAGES.noBuilder],
    ]);
  });

  it('sends a plugin with skip-build-server straight to review, with no job', async () => {
    const owner = await signedInMember(t);
    const admin = await signedInMember(t, ['administrator']);
    const plugin = await createPlugin(t, owner, { name: 'Skips Builds' });
    const skip = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/plugins/${plugin.id}/skip-build-server`,
      headers: admin.auth,
      payload: { skipBuildServer: true },
    });
    expect(skip.statusCode).toBe(200);
    const sub = await upload(owner, plugin.id);
    expect(sub.status).toBe('p');
    expect(sub.queuePosition).toBeGreaterThanOrEqual(1);
    expect(await jobsOf(sub.submissionId)).toEqual([]);
  });
});
