import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import http from 'node:http';
import { asc, eq } from 'drizzle-orm';
import { jobs, mailMessages, plugins, submissions } from '../../db/schema.js';
import { signedInMember, startTestApp, type TestApp, type Member } from '../../../test/harness.js';
import { postAs } from '../../../test/requests.js';
import { createPlugin } from '../plugins/test-support.js';
import { demoDll } from '../plugins/demo-dll.js';
import { makeZip } from '../plugins/zip.js';
import { startLocalBuilder } from './local-builder.js';
import { startSiteWithLocalBuilder } from './test-provenance.js';
import { REBUILD_MESSAGES, REBUILD_TIMEOUT_JOB } from './rebuilds.js';

const SECRET = 'rebuild-test-secret-4242';

const sln = { name: 'Rocket/Rocket.sln', data: 'Microsoft Visual Studio Solution File\n' };
const prebuilt = () =>
  makeZip([
    sln,
    { name: 'Rocket/plugins/Rocket.dll', data: demoDll('Rocket 1.0') },
    { name: 'Rocket/a.cpp', data: 'x' },
  ]);
const uncompiled = () => makeZip([sln, { name: 'Rocket/a.cpp', data: 'int main() {}\n' }]);

/** A published plugin whose live version (approved, with a binary) was uploaded as `source`. */
async function approvedPlugin(t: TestApp, owner: Member, name: string, source: Buffer) {
  const plugin = await createPlugin(t, owner, { name });
  const sourceKey = `plugins/${plugin.id}/source-test.zip`;
  await t.ctx.storage.put(sourceKey, source);
  const binaryKey = `plugins/${plugin.id}/binary-test.zip`;
  await t.ctx.storage.put(binaryKey, await prebuilt());
  const [sub] = await t.ctx.db
    .insert(submissions)
    .values({
      pluginId: plugin.id,
      sourceKey,
      sourceName: 'source.zip',
      sourceSize: source.length,
      versionString: '1.0',
      status: 'a',
      binaryKey,
      approvedAt: new Date(),
    })
    .returning();
  await t.ctx.db.update(plugins).set({ publishedOnce: true }).where(eq(plugins.id, plugin.id));
  return { pluginId: plugin.id, submission: sub! };
}

/** An administrator adds a game version; answers its id. */
async function addGameVersion(t: TestApp, admin: Member, name: string, bakkesmodVersion: string) {
  const gv = await postAs(t.app, '/api/admin/game-versions', admin, { name, bakkesmodVersion });
  expect(gv.statusCode, gv.body).toBe(201);
  return gv.json<{ id: number }>().id;
}

/** Starts (POST) or reads (GET) the rebuild of every plugin for a game version, as `who`. */
const rebuildCall = (t: TestApp, method: 'POST' | 'GET', versionId: number, who: Member) =>
  t.app.inject({ method, url: `/api/admin/game-versions/${versionId}/rebuild`, headers: who.auth });

const rows = (t: TestApp, pluginId: number) =>
  t.ctx.db.select().from(submissions).where(eq(submissions.pluginId, pluginId)).orderBy(asc(submissions.id));

describe('rebuilds with the local builder', () => {
  let t: TestApp;
  let builder: Awaited<ReturnType<typeof startLocalBuilder>>;
  const keyDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bm-rebuild-key-'));
  let admin: Member;

  beforeAll(async () => {
    ({ t, builder } = await startSiteWithLocalBuilder({ keyDir, secret: SECRET, log: () => undefined }));
    admin = await signedInMember(t, ['administrator']);
  });
  afterAll(async () => {
    await builder.close();
    await t.close();
    fs.rmSync(keyDir, { recursive: true, force: true });
  });

  it('rebuilds every approved plugin: passed with a plugins/ folder, failed (logged, author told) without; nothing published', async () => {
    const owner = await signedInMember(t);
    const good = await approvedPlugin(t, owner, 'Rebuilt Fine', await prebuilt());
    const bad = await approvedPlugin(t, owner, 'Rebuilt Broken', await uncompiled());
    const versionId = await addGameVersion(t, admin, 'v2.50', '2.0.60');
    const before = { good: await rows(t, good.pluginId), bad: await rows(t, bad.pluginId) };

    // Members and moderators may not start one.
    const moderator = await signedInMember(t, ['moderator']);
    for (const who of [owner, moderator]) {
      const res = await rebuildCall(t, 'POST', versionId, who);
      expect(res.statusCode).toBe(403);
    }
    const unknown = await rebuildCall(t, 'POST', 999999, admin);
    expect(unknown.statusCode).toBe(404);

    const start = await rebuildCall(t, 'POST', versionId, admin);
    expect(start.statusCode, start.body).toBe(202);
    expect(start.json()).toMatchObject({ total: 2, queued: 2, building: 0, passed: 0, failed: 0 });

    await t.ctx.jobs.runDue();
    await builder.idle();
    const progress = await rebuildCall(t, 'GET', versionId, admin);
    expect(progress.statusCode).toBe(200);
    const p = progress.json<{ items: Array<{ pluginId: number; status: string; logUrl: string | null }> }>();
    expect(p).toMatchObject({ total: 2, queued: 0, building: 0, passed: 1, failed: 1 });
    const goodItem = p.items.find((i) => i.pluginId === good.pluginId)!;
    const badItem = p.items.find((i) => i.pluginId === bad.pluginId)!;
    expect(goodItem).toMatchObject({ pluginName: 'Rebuilt Fine', status: 'passed' });
    expect(badItem).toMatchObject({ pluginName: 'Rebuilt Broken', status: 'failed' });
    // The log is a file behind a signed link.
    const log = await t.app.inject({ method: 'GET', url: badItem.logUrl! });
    expect(log.statusCode).toBe(200);
    expect(log.body).toContain('only packages a prebuilt plugins/ folder');
    expect((await t.app.inject({ method: 'GET', url: goodItem.logUrl! })).body).toContain('Packaged.');

    // Nothing published or changed: the same submissions, as they were.
    expect(await rows(t, good.pluginId)).toEqual(before.good);
    expect(await rows(t, bad.pluginId)).toEqual(before.bad);

    // The compatibility for this game version follows the results.
    const compat = async (id: number) =>
      (await t.app.inject({ method: 'GET', url: `/api/plugins/${id}/compatibility` })).json<{
        versions: Array<{ gameVersionId: number; status: string; rebuild: { status: string; logUrl: string } | null }>;
      }>();
    expect((await compat(good.pluginId)).versions.find((v) => v.gameVersionId === versionId)).toMatchObject({
      status: 'works',
      rebuild: { status: 'passed' },
    });
    // The same log file: each answer signs its link anew, so the expiry (whole seconds) may differ.
    const logFile = new URLSearchParams({ key: new URL(badItem.logUrl!, 'http://site').searchParams.get('key')! });
    expect((await compat(bad.pluginId)).versions.find((v) => v.gameVersionId === versionId)).toMatchObject({
      status: 'broken',
      rebuild: { status: 'failed', logUrl: expect.stringContaining(`?${logFile}&`) },
    });

    // The author is told of the failure only, with the log's link.
    const inbox = await t.ctx.db.select().from(mailMessages).where(eq(mailMessages.memberId, owner.id));
    const notices = inbox.filter((m) => m.subject.startsWith('Rebuild failed'));
    expect(notices.map((m) => m.subject)).toEqual(['Rebuild failed: Rebuilt Broken for v2.50']);
    expect(notices[0]!.body).toContain(`?${logFile}&`);
  });
});

describe('rebuilds without a builder', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ env: { BUILD_WEBHOOK_URL: '' } });
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers 409 with the reason, and queues nothing', async () => {
    const admin = await signedInMember(t, ['administrator']);
    const id = await addGameVersion(t, admin, 'v2.51', '2.0.61');
    const res = await rebuildCall(t, 'POST', id, admin);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ message: REBUILD_MESSAGES.noBuilder });
    const progress = await rebuildCall(t, 'GET', id, admin);
    expect(progress.json()).toEqual({ total: 0, queued: 0, building: 0, passed: 0, failed: 0, items: [] });
  });
});

describe('a rebuild the builder never finishes', () => {
  let t: TestApp;
  let silent: http.Server;
  beforeAll(async () => {
    // Takes every job and never calls back.
    silent = http.createServer((req, res) => {
      req.resume();
      req.on('end', () => res.writeHead(202).end('{}'));
    });
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const port = (silent.address() as AddressInfo).port;
    t = await startTestApp({
      env: { BUILD_WEBHOOK_URL: `http://127.0.0.1:${port}/`, BUILD_WEBHOOK_SECRET: SECRET, BUILD_TIMEOUT: '600' },
    });
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => silent.close(() => resolve()));
    await t.close();
  });

  it('fails once BUILD_TIMEOUT has passed, with the reason as its log', async () => {
    const admin = await signedInMember(t, ['administrator']);
    const owner = await signedInMember(t);
    const { pluginId } = await approvedPlugin(t, owner, 'Never Answered', await prebuilt());
    const id = await addGameVersion(t, admin, 'v2.52', '2.0.62');
    expect((await rebuildCall(t, 'POST', id, admin)).statusCode).toBe(202);
    await t.ctx.jobs.runDue();
    expect((await rebuildCall(t, 'GET', id, admin)).json()).toMatchObject({ building: 1 });
    await t.ctx.db.update(jobs).set({ runAt: new Date() }).where(eq(jobs.kind, REBUILD_TIMEOUT_JOB));
    await t.ctx.jobs.runDue();
    const p = (await rebuildCall(t, 'GET', id, admin)).json<{
      failed: number;
      items: Array<{ pluginId: number; logUrl: string }>;
    }>();
    expect(p).toMatchObject({ failed: 1, building: 0, items: [{ pluginId, status: 'failed' }] });
    expect((await t.app.inject({ method: 'GET', url: p.items[0]!.logUrl })).body).toContain('10 minutes');
  });
});
