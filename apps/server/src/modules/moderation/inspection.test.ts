import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testSigner } from '../builds/test-provenance.js';
import { asc, eq } from 'drizzle-orm';
import { INSPECTION_MESSAGES, type ModerationDetail, type PluginDetail } from '@bm/core';
import { moderationAudit, plugins, submissions } from '../../db/schema.js';
import { webhookHeaders } from '../../platform/webhooks.js';
import { signedInMember, startTestApp, type TestApp, type Member } from '../../../test/harness.js';
import { dllFixture, type DllFixture } from '../../../test/dll-fixtures.js';
import { demoSourceZip } from '../plugins/seed.js';
import { createPlugin, storedFiles, uploadVersion } from '../plugins/test-support.js';
import { makeZip } from '../plugins/zip.js';
import { multipartBody, zipPart } from '../../../test/requests.js';

const SECRET = 'inspection-test-secret-0123456789';

let t: TestApp;
const signer = testSigner();
let mod: Member;
let owner: Member;
beforeAll(async () => {
  // A builder is configured but never reached: the tests post its callbacks themselves.
  t = await startTestApp({
    env: {
      BUILDER_PUBLIC_KEYS: signer.entry,
      BUILD_WEBHOOK_URL: 'http://127.0.0.1:9/build',
      BUILD_WEBHOOK_SECRET: SECRET,
      PUBLIC_URL: 'http://127.0.0.1:9',
    },
  });
  mod = await signedInMember(t, ['moderator']);
  owner = await signedInMember(t);
});
afterAll(async () => {
  await t.close();
});

const binaryOf = (dll: DllFixture, name = 'Inspected') =>
  makeZip([
    { name: `plugins/${name}.dll`, data: dllFixture(dll) },
    { name: 'data/readme.txt', data: 'hi' },
  ]);

/** Each uploaded source by submission, for the builder's signed provenance. */
const sources = new Map<number, Buffer>();

async function upload(pluginId: number, versionString: string) {
  const source = await demoSourceZip('Inspected');
  const id = (await uploadVersion(t, owner, pluginId, source, 'source.zip', { versionString })).submissionId;
  sources.set(id, source);
  return id;
}

/** The builder's success callback, signed, delivering `binary` with its signed provenance. */
function buildSuccess(submissionId: number, binary: Buffer) {
  const provenance = signer.envelope({ source: sources.get(submissionId)!, binary, log: 'Built' });
  const raw = JSON.stringify({
    submissionId,
    status: 'success',
    log: 'Built',
    binaryZip: binary.toString('base64'),
    provenance,
  });
  return t.app.inject({
    method: 'POST',
    url: '/api/builds/callback',
    headers: { 'content-type': 'application/json', ...webhookHeaders(SECRET, raw) },
    payload: raw,
  });
}

const detail = async (id: number) => {
  const res = await t.app.inject({ method: 'GET', url: `/api/moderation/plugins/${id}`, headers: mod.auth });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<ModerationDetail>();
};

const approveJson = (id: number, body: Record<string, unknown> = {}) =>
  t.app.inject({ method: 'POST', url: `/api/moderation/plugins/${id}/approve`, headers: mod.auth, payload: body });

/** Approves with a binary ZIP attached (the multipart `binary` part) and text fields. */
function approveWith(id: number, binary: Buffer, fields: Record<string, string> = {}) {
  const { body: payload, headers } = multipartBody(fields, zipPart('binary', binary));
  return t.app.inject({
    method: 'POST',
    url: `/api/moderation/plugins/${id}/approve`,
    headers: { ...mod.auth, ...headers },
    payload,
  });
}

const subRow = async (id: number) => (await t.ctx.db.select().from(submissions).where(eq(submissions.id, id)))[0]!;
const approvals = async (id: number) =>
  (
    await t.ctx.db
      .select()
      .from(moderationAudit)
      .where(eq(moderationAudit.submissionId, id))
      .orderBy(asc(moderationAudit.id))
  ).filter((a) => a.action === 'approve');

describe('a look inside built binaries on review', () => {
  it('shows network and other-process memory, and refuses the approval until the flags are acknowledged', async () => {
    const plugin = await createPlugin(t, owner, { name: 'Injecting Plugin' });
    const id = await upload(plugin.id, '1.0.0');
    const built = await buildSuccess(id, await binaryOf('injector'));
    expect(built.statusCode, built.body).toBe(200);

    const { inspection } = await detail(id);
    expect(inspection!.dlls.map((d) => [d.path, d.machine])).toEqual([['plugins/Inspected.dll', 'x64']]);
    expect(inspection!.capabilities.map((c) => c.id)).toEqual(['network', 'processMemory']);
    expect(inspection!.capabilities[0]!.evidence).toEqual(['urlmon.dll!URLDownloadToFileA']);
    expect(inspection!.capabilities[1]!.evidence).toContain('KERNEL32.dll!CreateRemoteThread');
    expect(inspection!.hosts).toEqual(['api.example.com']);
    expect(inspection!.comparedWith).toBeNull();
    expect(inspection!.changes).toEqual({ added: [], removed: [], newHosts: [] });
    expect(inspection!.flags).toEqual([{ kind: 'risky', value: 'processMemory' }]);

    const refused = await approveJson(id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      message: INSPECTION_MESSAGES.acknowledge([{ kind: 'risky', value: 'processMemory' }]),
      code: 'inspection.acknowledge',
      params: { flags: "reading or writing other processes' memory" },
      flags: [{ kind: 'risky', value: 'processMemory' }],
    });
    expect(refused.json().message).toContain("reading or writing other processes' memory");
    expect((await subRow(id)).status).toBe('p');
    expect(await approvals(id)).toEqual([]);

    expect((await approveJson(id, { acknowledgeFlags: 'yes' })).statusCode).toBe(400);
    const ok = await approveJson(id, { acknowledgeFlags: true });
    expect(ok.statusCode, ok.body).toBe(204);
    const [row] = await approvals(id);
    expect(row!.acknowledgedFlags).toEqual(['risky:processMemory']);
    expect((await detail(id)).audit.find((a) => a.action === 'approve')!.acknowledgedFlags).toEqual([
      'risky:processMemory',
    ]);

    // The plugin page's plain summary of the live version.
    const page = await t.app.inject({ method: 'GET', url: `/api/plugins/${plugin.id}` });
    expect(page.json<PluginDetail>().abilities).toEqual({
      capabilities: ['network', 'processMemory'],
      hosts: ['api.example.com'],
    });

    // The next version adds WinExec: 'launching programs' is new since 1.0.0.
    const next = await upload(plugin.id, '1.1.0');
    expect((await buildSuccess(next, await binaryOf('launcher'))).statusCode).toBe(200);
    const second = (await detail(next)).inspection!;
    expect(second.comparedWith).toEqual({ submissionId: id, version: '1.0.0' });
    expect(second.changes).toEqual({ added: ['launch'], removed: [], newHosts: [] });
    expect(second.flags).toEqual([
      { kind: 'risky', value: 'launch' },
      { kind: 'risky', value: 'processMemory' },
      { kind: 'newCapability', value: 'launch' },
    ]);
    const again = await approveJson(next);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toContain('new: launching programs');
    expect((await approveJson(next, { acknowledgeFlags: true })).statusCode).toBe(204);
    expect((await approvals(next))[0]!.acknowledgedFlags).toEqual([
      'risky:launch',
      'risky:processMemory',
      'newCapability:launch',
    ]);
  });

  it('fails a build whose DLL is 32-bit, with the reason in its log, storing nothing', async () => {
    const plugin = await createPlugin(t, owner, { name: 'Thirty Two' });
    const id = await upload(plugin.id, '1.0.0');
    const files = storedFiles(t);
    const res = await buildSuccess(id, await binaryOf('x86'));
    const reason = INSPECTION_MESSAGES.machine('plugins/Inspected.dll', 'x86');
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe(reason);
    const row = await subRow(id);
    expect(row).toMatchObject({ status: 'r', denyReason: 'Build failed', binaryKey: null, binaryInspection: null });
    expect(row.buildLog).toBe(`Built\n\n${reason}`);
    expect(storedFiles(t)).toEqual(files);
  });
});

describe('a look inside binaries attached by a moderator', () => {
  /** A plugin whose uploads skip the builder, waiting for a moderator to attach the binary. */
  async function waitingForBinary(name: string) {
    const plugin = await createPlugin(t, owner, { name });
    await t.ctx.db.update(plugins).set({ skipBuildServer: true }).where(eq(plugins.id, plugin.id));
    return { plugin, id: await upload(plugin.id, '1.0.0') };
  }

  it.each([
    [
      'a 32-bit DLL',
      'x86' as const,
      INSPECTION_MESSAGES.machine('plugins/Inspected.dll', 'x86'),
      { code: 'inspection.machine', params: { path: 'plugins/Inspected.dll', machine: 'x86' } },
    ],
    [
      'a renamed text file',
      'not-a-dll' as const,
      INSPECTION_MESSAGES.notPe('plugins/Inspected.dll'),
      { code: 'inspection.notPe', params: { path: 'plugins/Inspected.dll' } },
    ],
  ])('refuses %s with 422 naming it, storing nothing', async (_label, dll, message, coded) => {
    const { id } = await waitingForBinary(`Attach ${dll}`);
    const files = storedFiles(t);
    const res = await approveWith(id, await binaryOf(dll), { acknowledgeFlags: 'true' });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ message, ...coded, errors: { binary: [message] } });
    expect(await subRow(id)).toMatchObject({ status: 'p', binaryKey: null, binaryInspection: null });
    expect(storedFiles(t)).toEqual(files);
  });

  it('publishes a clean binary without acknowledgement, then flags new hosts in the next one', async () => {
    const { plugin, id } = await waitingForBinary('Attach Clean');
    expect((await detail(id)).inspection).toBeNull();
    const first = await approveWith(id, await binaryOf('clean'));
    expect(first.statusCode, first.body).toBe(204);
    expect((await subRow(id)).binaryInspection).toMatchObject({ capabilities: [], hosts: [] });
    expect((await approvals(id))[0]!.acknowledgedFlags).toBeNull();

    const next = await upload(plugin.id, '1.1.0');
    const res = await approveWith(next, await binaryOf('urls'));
    expect(res.statusCode).toBe(409);
    const flags = res.json<{ flags: Array<{ kind: string; value: string }> }>().flags;
    expect(flags.map((f) => f.kind)).toEqual(['newHost', 'newHost', 'newHost']);
    expect(flags.map((f) => f.value)).toEqual(
      expect.arrayContaining(['updates.example.org', 'mirror.example.net', '203.0.113.7']),
    );
    expect(await subRow(next)).toMatchObject({ status: 'p', binaryKey: null });
    const ok = await approveWith(next, await binaryOf('urls'), { acknowledgeFlags: 'true' });
    expect(ok.statusCode, ok.body).toBe(204);
    const page = await t.app.inject({ method: 'GET', url: `/api/plugins/${plugin.id}` });
    expect(page.json<PluginDetail>().abilities).toMatchObject({ capabilities: [] });
  });
});
