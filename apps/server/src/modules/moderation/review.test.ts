import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { ModerationDetail } from '@bm/core';
import { submissions } from '../../db/schema.js';
import { signedInMember, startTestApp, type TestApp, type Member } from '../../../test/harness.js';
import { listenLocally, openHubSocket } from '../../../test/hub-client.js';
import { demoSourceZip } from '../plugins/seed.js';
import { createPlugin, multipart } from '../plugins/test-support.js';
import { demoDll } from '../plugins/demo-dll.js';
import { makeZip } from '../plugins/zip.js';
import { multipartBody, zipPart } from '../../../test/requests.js';

let t: TestApp;
let mod: Member;
let mod2: Member;
let member: Member;
let base: string;
const sockets: Socket[] = [];

beforeAll(async () => {
  t = await startTestApp();
  base = await listenLocally(t);
  mod = await signedInMember(t, ['moderator']);
  mod2 = await signedInMember(t, ['administrator']);
  member = await signedInMember(t);
});
afterAll(async () => {
  for (const s of sockets) s.disconnect();
  await t.close();
});

type Headers = Record<string, string>;
const inject = (method: 'GET' | 'POST', url: string, headers: Headers = {}, payload?: unknown) =>
  t.app.inject({ method, url: `/api${url}`, headers, payload: payload as object });

/** A multipart body with any number of file parts and text fields. */
function form(files: Record<string, Buffer>, fields: Record<string, string> = {}) {
  const { body, headers } = multipartBody(fields, ...Object.entries(files).map(([name, data]) => zipPart(name, data)));
  return { payload: body, headers };
}

const approve = (
  auth: Headers,
  id: number,
  files: Record<string, Buffer> = {},
  fields: Record<string, string> = {},
) => {
  if (!Object.keys(files).length && !Object.keys(fields).length)
    return inject('POST', `/moderation/plugins/${id}/approve`, auth);
  const f = form(files, fields);
  return inject('POST', `/moderation/plugins/${id}/approve`, { ...auth, ...f.headers }, f.payload);
};

const binaryZip = (name = 'Rocket') =>
  makeZip([
    { name: `plugins/${name}.dll`, data: demoDll(`${name} (review test)`) },
    { name: 'data/readme.txt', data: 'hi' },
  ]);

let nameCounter = 0;
/** A member's plugin with one source upload waiting for review (no builder configured: status p). */
async function pendingSubmission(owner: Member, name = `Queue Plugin ${++nameCounter}`, versionString = '1.0.0') {
  const p = await createPlugin(t, owner, { name, shortDescription: 'A plugin under review' });
  const sid = await uploadTo(owner, p.id, versionString);
  return { plugin: p, submissionId: sid };
}

async function uploadTo(owner: Member, pluginId: number, versionString: string) {
  const { payload, headers } = multipart(await demoSourceZip('Queued'), 'Queued source.zip', { versionString });
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/plugins/${pluginId}/files/source`,
    headers: { ...owner.auth, ...headers },
    payload,
  });
  expect(res.statusCode).toBe(201);
  return res.json<{ submission: { submissionId: number; status: string } }>().submission.submissionId;
}

describe('access before input', () => {
  it('answers 403 to a member whose body is not even JSON, and 401 to a visitor', async () => {
    const bad = { 'content-type': 'application/json' };
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/moderation/plugins/1/reject',
          headers: { ...member.auth, ...bad },
          payload: '{not json',
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/moderation/plugins/1/reject',
          headers: bad,
          payload: '{not json',
        })
      ).statusCode,
    ).toBe(401);
  });
});

describe('SubmissionUpdated', () => {
  it('tells the owner when a submission is approved or denied', async () => {
    const owner = await signedInMember(t);
    const s = await openHubSocket(base, sockets, { token: owner.token });
    const events: unknown[] = [];
    s.on('SubmissionUpdated', (e: unknown) => events.push(e));
    const one = await pendingSubmission(owner, 'Live Events', '1.0.0');
    const two = await uploadTo(owner, one.plugin.id, '1.1.0');
    expect((await approve(mod.auth, one.submissionId, { binary: await binaryZip() })).statusCode).toBe(204);
    const needs = async () =>
      (await t.app.inject({ method: 'GET', url: `/api/plugins/${one.plugin.id}` })).json<{ needsApproval: boolean }>()
        .needsApproval;
    // The second upload still waits for review.
    expect(await needs()).toBe(true);
    expect(
      (await inject('POST', `/moderation/plugins/${two}/reject`, mod.auth, { reason: 'Not this one, sorry.' }))
        .statusCode,
    ).toBe(204);
    expect(await needs()).toBe(false);
    await expect.poll(() => events.length).toBe(4);
    expect(events.slice(2)).toEqual([
      { id: one.submissionId, pluginId: one.plugin.id, pluginName: 'Live Events', status: 'a', versionString: '1.0.0' },
      { id: two, pluginId: one.plugin.id, pluginName: 'Live Events', status: 'r', versionString: '1.1.0' },
    ]);
  });
});

describe('approving what the builder produced', () => {
  it('needs no body when the submission already has a binary', async () => {
    const owner = await signedInMember(t);
    const { plugin, submissionId } = await pendingSubmission(owner, 'Built By Builder');
    const built = await binaryZip('Built');
    const key = `plugins/${plugin.id}/binary-from-builder.zip`;
    await t.ctx.storage.put(key, built);
    await t.ctx.db.update(submissions).set({ binaryKey: key }).where(eq(submissions.id, submissionId));
    // The web client sends an empty JSON object when there is nothing to attach.
    expect((await inject('POST', `/moderation/plugins/${submissionId}/approve`, mod.auth, {})).statusCode).toBe(204);
    const dl = await t.app.inject({
      method: 'GET',
      url: `/api/plugins/${plugin.id}/versions/${submissionId}/download`,
    });
    expect(dl.statusCode).toBe(302);
    expect((await t.app.inject({ method: 'GET', url: dl.headers.location as string })).rawPayload.equals(built)).toBe(
      true,
    );
  });

  it('lets another moderator claim a review whose lock has expired', async () => {
    const owner = await signedInMember(t);
    const { submissionId } = await pendingSubmission(owner);
    await inject('GET', `/moderation/plugins/${submissionId}`, mod.auth);
    await t.ctx.db
      .update(submissions)
      .set({ reviewLockUntil: new Date(Date.now() - 1000) })
      .where(eq(submissions.id, submissionId));
    const d = (await inject('GET', `/moderation/plugins/${submissionId}`, mod2.auth)).json<ModerationDetail>();
    expect(d.lock).toMatchObject({ username: mod2.username, mine: true });
    expect(d.audit.map((a) => [a.action, a.actor])).toEqual([
      ['claim', mod.username],
      ['claim', mod2.username],
    ]);
  });
});

describe('releasing a review', () => {
  it('gives up the caller’s own 15-minute hold at once, and leaves another moderator’s hold alone', async () => {
    const owner = await signedInMember(t);
    const { submissionId } = await pendingSubmission(owner);
    const opened = (await inject('GET', `/moderation/plugins/${submissionId}`, mod.auth)).json<ModerationDetail>();
    expect(opened.lock).toMatchObject({ username: mod.username, mine: true });
    const left = Date.parse(opened.lock!.until) - Date.now();
    expect(left).toBeGreaterThan(14 * 60_000);
    expect(left).toBeLessThanOrEqual(15 * 60_000);

    // Another moderator's release does not take the hold away.
    const other = await inject('POST', `/moderation/plugins/${submissionId}/release`, mod2.auth);
    expect(other.statusCode).toBe(200);
    expect(other.json<ModerationDetail>().lock).toMatchObject({ username: mod.username, mine: false });

    const released = await inject('POST', `/moderation/plugins/${submissionId}/release`, mod.auth);
    expect(released.statusCode).toBe(200);
    expect(released.json<ModerationDetail>().lock).toBeNull();
    // Free to claim by opening it.
    const d = (await inject('GET', `/moderation/plugins/${submissionId}`, mod2.auth)).json<ModerationDetail>();
    expect(d.lock).toMatchObject({ username: mod2.username, mine: true });
    expect((await inject('POST', `/moderation/plugins/${submissionId}/release`, member.auth)).statusCode).toBe(403);
  });
});
