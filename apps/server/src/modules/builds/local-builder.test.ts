import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import yauzl from 'yauzl';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import type { Submission } from '@bm/core';
import { moderationAudit, plugins, submissions } from '../../db/schema.js';
import { parseBuilderKeys, statementSourceSha256, verifyProvenance } from '../../platform/provenance.js';
import { webhookHeaders } from '../../platform/webhooks.js';
import { signedInMember, type TestApp, type Member } from '../../../test/harness.js';
import { createPlugin, uploadVersion } from '../plugins/test-support.js';
import { demoDll } from '../plugins/demo-dll.js';
import { checkBinaryZip, checkDebugZip, makeZip } from '../plugins/zip.js';
import { BUILDER_KEY_FILE, loadBuilderKey } from './builder-key.js';
import { startLocalBuilder } from './local-builder.js';
import { startSiteWithLocalBuilder } from './test-provenance.js';
import { packagePrebuilt } from './package-prebuilt.js';

const SECRET = 'local-builder-test-secret-42';

/** Names and texts of a ZIP's files. */
function listZip(data: Buffer): Promise<Record<string, string>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(data, { lazyEntries: true }, (err, zip) => {
      if (err || !zip) return reject(err);
      const out: Record<string, string> = {};
      zip.on('end', () => resolve(out));
      zip.on('entry', (e: yauzl.Entry) =>
        zip.openReadStream(e, (_e, s) => {
          const chunks: Buffer[] = [];
          s!.on('data', (c: Buffer) => chunks.push(c));
          s!.on('end', () => {
            out[e.fileName] = Buffer.concat(chunks).toString();
            zip.readEntry();
          });
        }),
      );
      zip.readEntry();
    });
  });
}

/** A real (minimal) x64 DLL: the site reads every DLL a build delivers. */
const ROCKET_DLL = demoDll('Rocket 1.0');
const sln = { name: 'Rocket/Rocket.sln', data: 'Microsoft Visual Studio Solution File\n' };
const prebuiltSource = () =>
  makeZip([
    sln,
    { name: 'Rocket/Rocket/Rocket.cpp', data: 'int main() {}\n' },
    { name: 'Rocket/plugins/Rocket.dll', data: ROCKET_DLL },
    { name: 'Rocket/plugins/Rocket.pdb', data: 'pdb symbols' },
    { name: 'Rocket/data/rocket/settings.txt', data: 'speed=1' },
  ]);

describe('packagePrebuilt', () => {
  it('packages a prebuilt plugins/ folder (with data/) as an installable ZIP and the .pdb files as the debug ZIP', async () => {
    const result = await packagePrebuilt(await prebuiltSource());
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(await listZip(result.binaryZip)).toEqual({
      'plugins/Rocket.dll': ROCKET_DLL.toString(),
      'data/rocket/settings.txt': 'speed=1',
    });
    expect(await listZip(result.debugZip!)).toEqual({ 'Rocket.pdb': 'pdb symbols' });
    // What it makes passes the site's own checks.
    await expect(checkBinaryZip(result.binaryZip)).resolves.toBeTruthy();
    await expect(checkDebugZip(result.debugZip!)).resolves.toBeTruthy();
    expect(result.log).toContain('Rocket/plugins/Rocket.dll');
  });

  it('finds plugins/ at the top level, and leaves the debug ZIP out when there is no .pdb', async () => {
    const result = await packagePrebuilt(
      await makeZip([
        { name: 'Top.sln', data: 'x' },
        { name: 'plugins/Top.dll', data: 'MZ' },
      ]),
    );
    expect(result.ok && (await listZip(result.binaryZip))).toEqual({ 'plugins/Top.dll': 'MZ' });
    expect(result.ok && result.debugZip).toBeNull();
  });

  it('fails with a log explaining that it only packages prebuilt plugins/ folders', async () => {
    const result = await packagePrebuilt(await makeZip([sln, { name: 'Rocket/Rocket/Rocket.cpp', data: 'x' }]));
    expect(result.ok).toBe(false);
    expect(result.log).toContain('only packages a prebuilt plugins/ folder');
    const unsafe = await packagePrebuilt(
      await makeZip([sln, { name: 'plugins/link.dll', data: '/etc/passwd', mode: 0o120777 }]),
    );
    expect(unsafe).toMatchObject({ ok: false });
    expect(unsafe.log).toContain('refused');
  });
});

/** The version's provenance verifies with the printed key, names the source uploaded and has the downloaded ZIP as its subject. */
async function expectSignedBuild(
  t: TestApp,
  envLine: string,
  v: { pluginId: number; id: number; zipSha256: string; source: Buffer },
) {
  const envelope = await t.app.inject({ method: 'GET', url: `/api/plugins/${v.pluginId}/versions/${v.id}/provenance` });
  expect(envelope.statusCode, envelope.body).toBe(200);
  const sourceSha = createHash('sha256').update(v.source).digest('hex');
  const verdict = verifyProvenance(envelope.json(), parseBuilderKeys(envLine), {
    artifactSha256: v.zipSha256,
    sourceSha256: sourceSha,
  });
  expect(verdict).toMatchObject({ ok: true, builderId: 'local-builder@test' });
  expect(verdict.ok && statementSourceSha256(verdict.statement)).toBe(sourceSha);
  const versions = await t.app.inject({ method: 'GET', url: `/api/plugins/${v.pluginId}/versions` });
  expect(versions.json()[0].provenance).toEqual({
    builderId: 'local-builder@test',
    keyId: envLine.split('=')[1]!.split(':')[0],
  });
}

describe('the builder key', () => {
  it('is kept in its data folder (mode 0600): the same BUILDER_PUBLIC_KEYS line at every start', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bm-builder-key-'));
    const first = loadBuilderKey(dir);
    expect(first.created).toBe(true);
    expect(first.envLine).toMatch(/^BUILDER_PUBLIC_KEYS=local-builder-[0-9a-f]{12}:[A-Za-z0-9_-]{43}$/);
    expect(fs.statSync(path.join(dir, BUILDER_KEY_FILE)).mode & 0o777).toBe(0o600);
    expect(loadBuilderKey(dir)).toMatchObject({ envLine: first.envLine, created: false });
    fs.rmSync(dir, { recursive: true, force: true });
  });
});

describe('the local builder with the site', () => {
  let t: TestApp;
  let builder: Awaited<ReturnType<typeof startLocalBuilder>>;
  const lines: string[] = [];
  const keyDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bm-builder-key-'));
  let envLine = '';

  beforeAll(async () => {
    ({ t, builder, envLine } = await startSiteWithLocalBuilder({ keyDir, secret: SECRET, log: (l) => lines.push(l) }));
  });
  afterAll(async () => {
    await builder.close();
    await t.close();
    fs.rmSync(keyDir, { recursive: true, force: true });
  });

  const upload = (owner: Member, pluginId: number, source: Buffer) =>
    uploadVersion(t, owner, pluginId, source, 'rocket.zip', { versionString: '2.0' });

  it('refuses a job not signed with its secret', async () => {
    const body = JSON.stringify({ type: 'build', submissionId: 1, sourceUrl: 'http://x', callbackUrl: 'http://x' });
    const forged = await fetch(builder.url, {
      method: 'POST',
      headers: webhookHeaders('some-other-secret-value', body),
      body,
    });
    expect(forged.status).toBe(401);
    const signed = await fetch(builder.url, {
      method: 'POST',
      headers: webhookHeaders(SECRET, 'not json'),
      body: 'not json',
    });
    expect(signed.status).toBe(400);
  });

  it('upload -> signed job -> building -> success: the submission waits for review with the packaged binary, and once approved it is the download', async () => {
    const owner = await signedInMember(t);
    const plugin = await createPlugin(t, owner, { name: 'Rocket' });
    const sub = await upload(owner, plugin.id, await prebuiltSource());
    expect(sub.status).toBe('q');

    await t.ctx.jobs.runDue();
    await builder.idle();
    const [row] = await t.ctx.db.select().from(submissions).where(eq(submissions.id, sub.submissionId));
    expect(row!.status, lines.join('\n')).toBe('p');
    expect(row!.buildLog).toContain('Packaged.');
    const audit = await t.ctx.db
      .select()
      .from(moderationAudit)
      .where(eq(moderationAudit.submissionId, sub.submissionId))
      .orderBy(asc(moderationAudit.id));
    expect(audit.map((a) => a.action)).toEqual(['build-building', 'build-success']);
    expect(await listZip((await t.ctx.storage.get(row!.binaryKey!))!)).toEqual({
      'plugins/Rocket.dll': ROCKET_DLL.toString(),
      'data/rocket/settings.txt': 'speed=1',
    });
    expect(await listZip((await t.ctx.storage.get(row!.debugKey!))!)).toEqual({ 'Rocket.pdb': 'pdb symbols' });
    // Not published yet: no provenance to serve.
    const early = await t.app.inject({
      method: 'GET',
      url: `/api/plugins/${plugin.id}/versions/${sub.submissionId}/provenance`,
    });
    expect(early.statusCode).toBe(404);

    // A moderator's approval (the moderation module does this; here directly in the database).
    await t.ctx.db
      .update(submissions)
      .set({ status: 'a', approvedAt: new Date() })
      .where(eq(submissions.id, sub.submissionId));
    await t.ctx.db.update(plugins).set({ publishedOnce: true, needsApproval: false }).where(eq(plugins.id, plugin.id));
    const short = await t.app.inject({ method: 'GET', url: `/api/v1/plugins/get/short?pluginids=${plugin.id}` });
    expect(short.json().response.plugins[String(plugin.id)].version).toBe(sub.submissionId);
    const download = await t.app.inject({
      method: 'GET',
      url: `/api/plugins/${plugin.id}/versions/${sub.submissionId}/download`,
    });
    expect(download.statusCode).toBe(302);
    const file = await fetch(
      new URL(download.headers.location as string, `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`),
    );
    const bytes = Buffer.from(await file.arrayBuffer());
    expect(await listZip(bytes)).toMatchObject({ 'plugins/Rocket.dll': ROCKET_DLL.toString() });
    // The callback stored the hash of the ZIP it delivered: it is the hash of the bytes downloaded.
    const fresh = createHash('sha256').update(bytes).digest('hex');
    expect(row!.binarySha256).toBe(fresh);
    expect(short.json().response.plugins[String(plugin.id)].sha256).toBe(fresh);
    expect(file.headers.get('repr-digest')).toBe(`sha-256=:${Buffer.from(fresh, 'hex').toString('base64')}:`);

    // Its provenance: an envelope that verifies with the key the builder printed, names the
    // uploaded source's SHA-256 and has the downloaded bytes as its subject.
    const source = (await t.ctx.storage.get(row!.sourceKey))!;
    await expectSignedBuild(t, envLine, { pluginId: plugin.id, id: sub.submissionId, zipSha256: fresh, source });
  });

  it("a source without a prebuilt plugins/ folder fails with the builder's explanation", async () => {
    const owner = await signedInMember(t);
    const plugin = await createPlugin(t, owner, { name: 'Uncompiled' });
    const sub = await upload(owner, plugin.id, await makeZip([sln, { name: 'Rocket/Rocket/Rocket.cpp', data: 'x' }]));
    await t.ctx.jobs.runDue();
    await builder.idle();
    const [row] = await t.ctx.db.select().from(submissions).where(eq(submissions.id, sub.submissionId));
    expect(row).toMatchObject({ status: 'r', denyReason: 'Build failed' });
    expect(row!.buildLog).toContain('only packages a prebuilt plugins/ folder');
    const list = await t.app.inject({
      method: 'GET',
      url: `/api/plugins/my/${plugin.id}/submissions`,
      headers: owner.auth,
    });
    expect(list.json<Submission[]>()[0]).toMatchObject({
      status: 'r',
      buildLog: expect.stringContaining('prebuilt'),
      queuePosition: null,
    });
  });
});
