import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import type { PluginVersion, Submission } from '@bm/core';
import { mailMessages, moderationAudit, submissions } from '../../db/schema.js';
import { PROVENANCE_MESSAGES, parseBuilderKeys, sha256Hex, verifyProvenance } from '../../platform/provenance.js';
import { webhookHeaders } from '../../platform/webhooks.js';
import { signedInMember, startTestApp, type TestApp, type Member } from '../../../test/harness.js';
import { demoBinaryZip, demoSourceZip } from '../plugins/seed.js';
import { createPlugin, multipart, storedFiles } from '../plugins/test-support.js';
import { testSigner } from './test-provenance.js';
import { multipartBody, zipPart } from '../../../test/requests.js';

/**
 * A success callback is taken only with provenance that verifies against BUILDER_PUBLIC_KEYS and
 * names what was uploaded and received; otherwise 422, nothing stored, the build failed with the reason.
 */
const SECRET = 'provenance-test-secret-0123456789';
const trusted = testSigner('ci-builder', 'https://github.com/example/builds/.github/workflows/build.yml');
const stranger = testSigner('stranger');

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({
    // No job is ever run here: uploads stay queued (q), from where a success callback applies.
    env: { BUILD_WEBHOOK_URL: 'http://127.0.0.1:9/', BUILD_WEBHOOK_SECRET: SECRET, BUILDER_PUBLIC_KEYS: trusted.entry },
  });
});
afterAll(async () => t.close());

type Owner = Member;

async function queued(name: string) {
  const owner = await signedInMember(t);
  const plugin = await createPlugin(t, owner, { name });
  const { payload, headers } = multipart(await demoSourceZip(name), 'source.zip', { versionString: '3.1.0' });
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/plugins/${plugin.id}/files/source`,
    headers: { ...owner.auth, ...headers },
    payload,
  });
  expect(res.statusCode, res.body).toBe(201);
  const sub = res.json<{ submission: Submission }>().submission;
  expect(sub.status).toBe('q');
  const row = await subRow(sub.submissionId);
  return { owner, plugin, id: sub.submissionId, source: (await t.ctx.storage.get(row.sourceKey))! };
}

const subRow = async (id: number) => (await t.ctx.db.select().from(submissions).where(eq(submissions.id, id)))[0]!;

function callback(body: Record<string, unknown>) {
  const raw = JSON.stringify(body);
  return t.app.inject({
    method: 'POST',
    url: '/api/builds/callback',
    headers: { 'content-type': 'application/json', ...webhookHeaders(SECRET, raw) },
    payload: raw,
  });
}

/** Posts a success with `envelope` and checks the refusal: 422 with `reason`, no file, r with the reason, the author told. */
async function refused(name: string, envelope: (f: { source: Buffer; binary: Buffer }) => unknown, reason: RegExp) {
  const { owner, id, source } = await queued(name);
  const binary = await demoBinaryZip(name.replace(/\W/g, ''), '3.1.0');
  const files = storedFiles(t).length;
  const res = await callback({
    submissionId: id,
    status: 'success',
    log: 'Build succeeded',
    binaryZip: binary.toString('base64'),
    provenance: envelope({ source, binary }),
  });
  expect(res.statusCode, res.body).toBe(422);
  expect(res.json<{ message: string }>().message).toMatch(reason);
  expect(storedFiles(t)).toHaveLength(files);
  const row = await subRow(id);
  expect(row).toMatchObject({ status: 'r', binaryKey: null, provenance: null, binarySha256: null });
  expect(row.denyReason).toMatch(reason);
  expect(row.buildLog).toContain('Build succeeded');
  expect(row.buildLog).toContain('The site refused this build');
  const audit = await t.ctx.db
    .select()
    .from(moderationAudit)
    .where(eq(moderationAudit.submissionId, id))
    .orderBy(asc(moderationAudit.id));
  expect(audit.map((a) => a.action)).toEqual(['build-refused']);
  const inbox = await t.ctx.db.select().from(mailMessages).where(eq(mailMessages.memberId, owner.id));
  expect(inbox).toHaveLength(1);
  expect(inbox[0]!.body).toContain('did not succeed');
  // Refused for good: sending the same success again finds a failed build (409).
  const again = await callback({ submissionId: id, status: 'success', binaryZip: binary.toString('base64') });
  expect(again.statusCode).toBe(409);
  return row;
}

describe('a success callback is refused unless its provenance verifies and matches', () => {
  it('without an envelope', async () => {
    await refused('No Envelope', () => undefined, new RegExp(PROVENANCE_MESSAGES.missing));
  });

  it('with a forged signature (another key claiming the trusted keyid)', async () => {
    const forger = testSigner('ci-builder');
    await refused('Forged', (f) => forger.envelope(f), /signature by ci-builder does not verify/);
  });

  it('with a payload changed after signing', async () => {
    await refused(
      'Tampered',
      (f) => {
        const env = trusted.envelope(f);
        const statement = JSON.parse(Buffer.from(env.payload, 'base64').toString()) as { predicate: object };
        const changed = { ...statement, predicate: { ...statement.predicate, extra: 'x' } };
        return { ...env, payload: Buffer.from(JSON.stringify(changed)).toString('base64') };
      },
      /does not verify/,
    );
  });

  it('signed by a key the site does not trust', async () => {
    await refused('Unknown Key', (f) => stranger.envelope(f), /signed by no trusted builder key \(keyid stranger\)/);
  });

  it('naming another source', async () => {
    await refused(
      'Other Source',
      (f) => trusted.envelope({ ...f, source: Buffer.from('another source') }),
      new RegExp(`names another source \\(sha256 ${sha256Hex('another source')}\\)`),
    );
  });

  it('whose subject differs from the artifact received', async () => {
    await refused(
      'Other Subject',
      (f) => trusted.envelope({ ...f, binary: Buffer.from('another binary') }),
      new RegExp(`subject \\(sha256 ${sha256Hex('another binary')}\\) is not the artifact received`),
    );
  });

  it('whose build log is not the one signed', async () => {
    await refused(
      'Other Log',
      (f) => trusted.envelope({ ...f, log: 'a different log' }),
      /build log .* is not the one signed/,
    );
  });

  it('with no builder key trusted at all (BUILDER_PUBLIC_KEYS empty)', async () => {
    const keep = t.ctx.config.builderKeys;
    (t.ctx.config as { builderKeys: unknown[] }).builderKeys = [];
    try {
      await refused('No Keys', (f) => trusted.envelope({ ...f, log: 'Build succeeded' }), /No builder key is trusted/);
    } finally {
      (t.ctx.config as { builderKeys: typeof keep }).builderKeys = keep;
    }
  });
});

describe('GET /plugins/{id}/versions/{versionId}/provenance', () => {
  const approve = (mod: Owner, id: number, binary?: Buffer) => {
    const form = multipartBody({}, ...(binary ? [zipPart('binary', binary, 'b.zip')] : []));
    return t.app.inject({
      method: 'POST',
      url: `/api/moderation/plugins/${id}/approve`,
      headers: { ...mod.auth, ...form.headers },
      payload: form.body,
    });
  };
  const get = (pluginId: number, id: number) =>
    t.app.inject({ method: 'GET', url: `/api/plugins/${pluginId}/versions/${id}/provenance` });

  it('answers the envelope of a built version once published, and 404 when a moderator attached the binary', async () => {
    const mod = await signedInMember(t, ['moderator']);
    const { plugin, id, source } = await queued('Served');
    const binary = await demoBinaryZip('Served', '3.1.0');
    const envelope = trusted.envelope({ source, binary, log: 'ok' });
    const ok = await callback({
      submissionId: id,
      status: 'success',
      log: 'ok',
      binaryZip: binary.toString('base64'),
      provenance: envelope,
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(await subRow(id)).toMatchObject({
      status: 'p',
      provenanceBuilderId: 'https://github.com/example/builds/.github/workflows/build.yml',
      provenanceKeyId: 'ci-builder',
    });
    // Pending review: not public yet.
    expect((await get(plugin.id, id)).statusCode).toBe(404);
    expect((await approve(mod, id)).statusCode).toBe(204);
    const served = await get(plugin.id, id);
    expect(served.statusCode, served.body).toBe(200);
    expect(served.json()).toEqual(envelope);
    const verdict = verifyProvenance(served.json(), parseBuilderKeys(`BUILDER_PUBLIC_KEYS=${trusted.entry}`), {
      artifactSha256: sha256Hex(binary),
      sourceSha256: sha256Hex(source),
    });
    expect(verdict.ok).toBe(true);
    const versions = await t.app.inject({ method: 'GET', url: `/api/plugins/${plugin.id}/versions` });
    expect(versions.json<PluginVersion[]>()[0]!.provenance).toEqual({
      builderId: 'https://github.com/example/builds/.github/workflows/build.yml',
      keyId: 'ci-builder',
    });
    // Another plugin's id, or a version of none: 404.
    expect((await get(plugin.id + 1000, id)).statusCode).toBe(404);
    expect((await get(plugin.id, id + 1000)).statusCode).toBe(404);
  });

  it('404 for a binary attached by hand, also when it replaces a built one', async () => {
    const mod = await signedInMember(t, ['moderator']);
    const { plugin, id, source } = await queued('Replaced');
    const built = await demoBinaryZip('Replaced', '3.1.0');
    const res = await callback({
      submissionId: id,
      status: 'success',
      binaryZip: built.toString('base64'),
      provenance: trusted.envelope({ source, binary: built }),
    });
    expect(res.statusCode, res.body).toBe(200);
    const byHand = await demoBinaryZip('ReplacedByHand', '3.1.1');
    expect((await approve(mod, id, byHand)).statusCode).toBe(204);
    const answer = await get(plugin.id, id);
    expect(answer.statusCode).toBe(404);
    expect(answer.json<{ message: string }>().message).toMatch(/attached by a moderator/);
    expect(await subRow(id)).toMatchObject({ provenance: null, provenanceBuilderId: null, provenanceKeyId: null });
    const versions = await t.app.inject({ method: 'GET', url: `/api/plugins/${plugin.id}/versions` });
    expect(versions.json<PluginVersion[]>()[0]).toMatchObject({ sha256: sha256Hex(byHand), provenance: null });
  });
});
