import type { AddressInfo } from 'node:net';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  MODERATION_MESSAGES as MM,
  type ModerationDetail,
  type ModerationListResponse,
  type ModeratorDashboard,
} from '@bm/core';
import { mailMessages, moderationAudit, submissions } from '../../db/schema.js';
import { HUB_PATH } from '../../platform/hub.js';
import { signedInMember, startTestApp, type TestApp } from '../../../test/harness.js';
import { demoSourceZip } from '../plugins/seed.js';
import { createPlugin, multipart, publishedPlugin, storedFiles } from '../plugins/test-helpers.js';
import { makeZip, ZIP_MESSAGES } from '../plugins/zip.js';

let t: TestApp;
type Member = Awaited<ReturnType<typeof signedInMember>>;
let mod: Member;
let mod2: Member;
let member: Member;
let base: string;
const sockets: Socket[] = [];

beforeAll(async () => {
  t = await startTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
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
  const boundary = '----bmmodboundary';
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  for (const [name, data] of Object.entries(files)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${name}.zip"\r\nContent-Type: application/zip\r\n\r\n`), data, Buffer.from('\r\n'));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const approve = (auth: Headers, id: number, files: Record<string, Buffer> = {}, fields: Record<string, string> = {}) => {
  if (!Object.keys(files).length && !Object.keys(fields).length) return inject('POST', `/moderation/plugins/${id}/approve`, auth);
  const f = form(files, fields);
  return inject('POST', `/moderation/plugins/${id}/approve`, { ...auth, ...f.headers }, f.payload);
};

/** Rewrites every occurrence of an entry name inside a finished archive. */
function renamed(zip: Buffer, from: string, to: string) {
  const out = Buffer.from(zip);
  for (let at = out.indexOf(from); at !== -1; at = out.indexOf(from, at + 1)) out.write(to, at, 'latin1');
  return out;
}

const binaryZip = (name = 'Rocket') => makeZip([{ name: `plugins/${name}.dll`, data: `MZ fake dll ${name}` }, { name: 'data/readme.txt', data: 'hi' }]);

let nameCounter = 0;
/** A member's plugin with one source upload waiting for review (no builder configured: status p). */
async function pendingSubmission(owner: Member, name = `Queue Plugin ${++nameCounter}`, versionString = '1.0.0') {
  const p = await createPlugin(t, owner, { name, shortDescription: 'A plugin under review' });
  const sid = await uploadTo(owner, p.id, versionString);
  return { plugin: p, submissionId: sid };
}

async function uploadTo(owner: Member, pluginId: number, versionString: string) {
  const { payload, headers } = multipart(await demoSourceZip('Queued'), 'Queued source.zip', { versionString });
  const res = await t.app.inject({ method: 'POST', url: `/api/plugins/${pluginId}/files/source`, headers: { ...owner.auth, ...headers }, payload });
  expect(res.statusCode).toBe(201);
  return res.json<{ submission: { submissionId: number; status: string } }>().submission.submissionId;
}

describe('access', () => {
  const routes: Array<['GET' | 'POST', string, unknown?]> = [
    ['GET', '/moderation/dashboard'],
    ['GET', '/moderation/plugins/pending?page=abc'],
    ['GET', '/moderation/plugins/hidden'],
    ['GET', '/moderation/plugins/reported'],
    ['GET', '/moderation/plugins/not-a-number'],
    ['POST', '/moderation/plugins/1/takeover'],
    ['POST', '/moderation/plugins/1/approve', { nonsense: true }],
    ['POST', '/moderation/plugins/x/reject', { reason: '' }],
    ['POST', '/moderation/plugins/1/hide'],
    ['POST', '/moderation/reported/1/dismiss'],
    ['POST', '/moderation/reported/1/hide-plugin'],
    ['POST', '/moderation/reported/1/restore-plugin'],
    ['GET', '/moderation/cars?status=bad'],
    ['POST', '/moderation/cars/x/hide'],
    ['POST', '/moderation/cars/1/restore'],
  ];
  it('answers 401 to visitors and 403 to members on every call, before looking at the input', async () => {
    for (const [method, url, body] of routes) {
      expect((await inject(method, url, {}, body)).statusCode, `${method} ${url}`).toBe(401);
      expect((await inject(method, url, member.auth, body)).statusCode, `${method} ${url}`).toBe(403);
    }
  });
  it('lets moderators and administrators in', async () => {
    for (const who of [mod, mod2]) {
      const res = await inject('GET', '/moderation/dashboard', who.auth);
      expect(res.statusCode).toBe(200);
      expect(res.json<ModeratorDashboard>()).toHaveProperty('pending');
    }
  });
  it('answers 400 to staff for bad ids and bodies', async () => {
    expect((await inject('GET', '/moderation/plugins/abc', mod.auth)).statusCode).toBe(400);
    expect((await inject('POST', '/moderation/plugins/1/reject', mod.auth, { reason: 'no' })).statusCode).toBe(400);
  });
});

describe('the review queue', () => {
  it('lists pending submissions oldest first with paging and search (camelCase and PascalCase)', async () => {
    const owner = await signedInMember(t);
    const a = await pendingSubmission(owner, 'Zebra Listed One');
    const b = await pendingSubmission(owner, 'Zebra Listed Two');
    const page = await inject('GET', '/moderation/plugins/pending?search=%20zebra%20listed%20&pageSize=1', mod.auth);
    expect(page.statusCode).toBe(200);
    const first = page.json<ModerationListResponse>();
    expect(first.totalCount).toBe(2);
    expect(first.items.map((i) => i.id)).toEqual([a.submissionId]);
    expect(first.items[0]).toMatchObject({ pluginId: a.plugin.id, name: 'Zebra Listed One', submitter: owner.username, status: 'p', hiddenAt: null });
    const second = (await inject('GET', '/moderation/plugins/pending?Search=ZEBRA%20LISTED&PageSize=1&Page=2', mod.auth)).json<ModerationListResponse>();
    expect(second.page).toBe(2);
    expect(second.items.map((i) => i.id)).toEqual([b.submissionId]);
    const bySubmitter = (await inject('GET', `/moderation/plugins/pending?search=${owner.username.toUpperCase()}`, mod.auth)).json<ModerationListResponse>();
    expect(bySubmitter.items.map((i) => i.id).sort()).toEqual([a.submissionId, b.submissionId].sort());
  });

  it('gives the detail with a signed source link, claims the lock, and keeps others out until they take over', async () => {
    const owner = await signedInMember(t);
    const { submissionId } = await pendingSubmission(owner);
    const res = await inject('GET', `/moderation/plugins/${submissionId}`, mod.auth);
    expect(res.statusCode).toBe(200);
    const d = res.json<ModerationDetail>();
    expect(d.lock).toMatchObject({ memberId: mod.id, username: mod.username, mine: true });
    expect(d.source?.name).toBe('Queued source.zip');
    // The signed link downloads the source for whoever holds it; a tampered one is refused.
    const file = await t.app.inject({ method: 'GET', url: d.source!.downloadUrl });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(await demoSourceZip('Queued'))).toBe(true);
    const tampered = d.source!.downloadUrl.replace(/sig=([0-9a-f])/, (_m, c: string) => `sig=${c === '0' ? '1' : '0'}`);
    expect((await t.app.inject({ method: 'GET', url: tampered })).statusCode).toBe(403);

    // Opening again keeps one claim row.
    await inject('GET', `/moderation/plugins/${submissionId}`, mod.auth);
    const other = (await inject('GET', `/moderation/plugins/${submissionId}`, mod2.auth)).json<ModerationDetail>();
    expect(other.lock).toMatchObject({ username: mod.username, mine: false });
    const blocked = await approve(mod2.auth, submissionId, { binary: await binaryZip() });
    expect(blocked.statusCode).toBe(409);
    expect(blocked.json()).toMatchObject({ message: MM.lockedBy(mod.username) });
    expect(storedFiles(t).filter((f) => f.includes('binary-'))).toEqual([]);

    const taken = await inject('POST', `/moderation/plugins/${submissionId}/takeover`, mod2.auth);
    expect(taken.statusCode).toBe(200);
    expect(taken.json<ModerationDetail>().lock).toMatchObject({ username: mod2.username, mine: true });
    expect((await inject('POST', `/moderation/plugins/${submissionId}/hide`, mod2.auth)).statusCode).toBe(204);
    const audit = (await inject('GET', `/moderation/plugins/${submissionId}`, mod2.auth)).json<ModerationDetail>().audit;
    expect(audit.map((a) => [a.action, a.actor])).toEqual([
      ['claim', mod.username],
      ['takeover', mod2.username],
      ['hide', mod2.username],
    ]);
  });
});

describe('approving', () => {
  it('publishes the attached binary: the plugin manager and the download answer it, the author is told', async () => {
    const owner = await signedInMember(t);
    const { plugin, submissionId } = await pendingSubmission(owner, 'Approve Me', '2.0.0');
    const binary = await binaryZip('ApproveMe');
    const debug = await makeZip([{ name: 'ApproveMe.pdb', data: 'pdb bytes' }]);
    const res = await approve(mod.auth, submissionId, { binary, debugArchive: debug }, { approvalNote: '  Nice and tidy.  ' });
    expect(res.statusCode, res.body).toBe(204);

    const [sub] = await t.ctx.db.select().from(submissions).where(eq(submissions.id, submissionId));
    expect(sub).toMatchObject({ status: 'a', approvalNote: 'Nice and tidy.', reviewedById: mod.id, hiddenAt: null, reviewLockMemberId: null });
    expect(sub!.binaryKey).toBeTruthy();
    expect(sub!.debugKey).toBeTruthy();

    const short = (await t.app.inject({ method: 'GET', url: `/api/v1/plugins/get/short?pluginids=${plugin.id}` })).json<{
      response: { plugins: Record<string, { version: number; download_url: string }> };
    }>();
    expect(short.response.plugins[String(plugin.id)]?.version).toBe(submissionId);
    const dl = await t.app.inject({ method: 'GET', url: `/api/plugins/${plugin.id}/versions/${submissionId}/download` });
    expect(dl.statusCode).toBe(302);
    const zip = await t.app.inject({ method: 'GET', url: dl.headers.location as string });
    expect(zip.rawPayload.equals(binary)).toBe(true);

    const pub = (await t.app.inject({ method: 'GET', url: `/api/plugins/${plugin.id}` })).json<{ publishedOnce: boolean; needsApproval: boolean }>();
    expect(pub).toMatchObject({ publishedOnce: true, needsApproval: false });
    const inbox = await t.ctx.db.select().from(mailMessages).where(eq(mailMessages.memberId, owner.id));
    expect(inbox.find((m) => m.subject === 'Approve Me v2.0.0 was approved')?.body).toContain('Nice and tidy.');
    const audit = await t.ctx.db.select().from(moderationAudit).where(eq(moderationAudit.submissionId, submissionId));
    expect(audit.find((a) => a.action === 'approve')?.note).toBe('Nice and tidy.');
    // Approved: no longer reviewable.
    expect((await approve(mod.auth, submissionId, { binary })).statusCode).toBe(409);
  });

  it('refuses bad archives and a missing binary, leaving nothing written', async () => {
    const owner = await signedInMember(t);
    const { submissionId } = await pendingSubmission(owner);
    const before = storedFiles(t);
    const [subBefore] = await t.ctx.db.select().from(submissions).where(eq(submissions.id, submissionId));

    const noDll = await approve(mod.auth, submissionId, { binary: await makeZip([{ name: 'data/x.txt', data: 'x' }]) });
    expect(noDll.statusCode).toBe(400);
    expect(noDll.json()).toMatchObject({ message: ZIP_MESSAGES.noDll });
    // yazl refuses to write '..', so the name is patched in the finished archive (same length).
    const escaping = renamed(await makeZip([{ name: 'plugins/a.dll', data: 'MZ' }, { name: 'plugins/xx/evil.dll', data: 'MZ' }]), 'plugins/xx/', 'plugins/../');
    const traversal = await approve(mod.auth, submissionId, { binary: escaping });
    expect(traversal.statusCode).toBe(400);
    expect(traversal.json()).toMatchObject({ message: ZIP_MESSAGES.traversal('plugins/../evil.dll') });
    const badDebug = await approve(mod.auth, submissionId, {
      binary: await binaryZip(),
      debugArchive: await makeZip([{ name: 'a.pdb', data: 'x' }, { name: 'evil.exe', data: 'x' }]),
    });
    expect(badDebug.statusCode).toBe(400);
    expect(badDebug.json()).toMatchObject({ message: ZIP_MESSAGES.notPdb('evil.exe') });
    const noBinary = await approve(mod.auth, submissionId);
    expect(noBinary.statusCode).toBe(400);
    expect(noBinary.json()).toMatchObject({ message: MM.needsBinary });

    expect(storedFiles(t)).toEqual(before);
    const [subAfter] = await t.ctx.db.select().from(submissions).where(eq(submissions.id, submissionId));
    expect({ ...subAfter, reviewLockUntil: null }).toEqual({ ...subBefore, reviewLockUntil: null });
  });
});

describe('SubmissionUpdated', () => {
  it('tells the owner when a submission is approved or denied', async () => {
    const owner = await signedInMember(t);
    const s = connect(base, { path: HUB_PATH, auth: { token: owner.token }, transports: ['websocket'], reconnection: false });
    sockets.push(s);
    await new Promise<void>((resolve, reject) => {
      s.on('connect', () => resolve());
      s.on('connect_error', reject);
    });
    const events: unknown[] = [];
    s.on('SubmissionUpdated', (e: unknown) => events.push(e));
    const one = await pendingSubmission(owner, 'Live Events', '1.0.0');
    const two = await uploadTo(owner, one.plugin.id, '1.1.0');
    expect((await approve(mod.auth, one.submissionId, { binary: await binaryZip() })).statusCode).toBe(204);
    const needs = async () => (await t.app.inject({ method: 'GET', url: `/api/plugins/${one.plugin.id}` })).json<{ needsApproval: boolean }>().needsApproval;
    // The second upload still waits for review.
    expect(await needs()).toBe(true);
    expect((await inject('POST', `/moderation/plugins/${two}/reject`, mod.auth, { reason: 'Not this one, sorry.' })).statusCode).toBe(204);
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
    const dl = await t.app.inject({ method: 'GET', url: `/api/plugins/${plugin.id}/versions/${submissionId}/download` });
    expect(dl.statusCode).toBe(302);
    expect((await t.app.inject({ method: 'GET', url: dl.headers.location as string })).rawPayload.equals(built)).toBe(true);
  });

  it('lets another moderator claim a review whose lock has expired', async () => {
    const owner = await signedInMember(t);
    const { submissionId } = await pendingSubmission(owner);
    await inject('GET', `/moderation/plugins/${submissionId}`, mod.auth);
    await t.ctx.db.update(submissions).set({ reviewLockUntil: new Date(Date.now() - 1000) }).where(eq(submissions.id, submissionId));
    const d = (await inject('GET', `/moderation/plugins/${submissionId}`, mod2.auth)).json<ModerationDetail>();
    expect(d.lock).toMatchObject({ username: mod2.username, mine: true });
    expect(d.audit.map((a) => [a.action, a.actor])).toEqual([
      ['claim', mod.username],
      ['claim', mod2.username],
    ]);
  });
});

describe('rejecting and hiding', () => {
  it('needs a deny note, then tells the author the reason; an earlier approved version stays live', async () => {
    const owner = await signedInMember(t);
    const p = await publishedPlugin(t, owner, { name: 'Live Plugin', shortDescription: 'Has a version' });
    const submissionId = await uploadTo(owner, p.id, '2.0.0');

    const short = await inject('POST', `/moderation/plugins/${submissionId}/reject`, mod.auth, { reason: '  abc ' });
    expect(short.statusCode).toBe(400);
    expect(short.json()).toMatchObject({ message: MM.denyNoteShort });

    const reason = 'The DLL crashes on load; please fix the hook.';
    expect((await inject('POST', `/moderation/plugins/${submissionId}/reject`, mod.auth, { reason })).statusCode).toBe(204);
    const [sub] = await t.ctx.db.select().from(submissions).where(eq(submissions.id, submissionId));
    expect(sub).toMatchObject({ status: 'r', denyReason: reason });
    const inbox = await t.ctx.db.select().from(mailMessages).where(eq(mailMessages.memberId, owner.id));
    expect(inbox.find((m) => m.subject === 'Live Plugin v2.0.0 was denied')?.body).toContain(reason);
    const mail = await t.mailFor(owner.email);
    expect(mail.some((m) => m.text.includes(reason))).toBe(true);

    const manager = (await t.app.inject({ method: 'GET', url: `/api/v1/plugins/get/short?pluginids=${p.id}` })).json<{
      response: { plugins: Record<string, { version: number }> };
    }>();
    expect(manager.response.plugins[String(p.id)]?.version).toBe(p.versionId);
    const plugin = (await t.app.inject({ method: 'GET', url: `/api/plugins/${p.id}` })).json<{ needsApproval: boolean }>();
    expect(plugin.needsApproval).toBe(false);
  });

  it('moves a submission to the hidden list, from where it can still be approved', async () => {
    const owner = await signedInMember(t);
    const { submissionId } = await pendingSubmission(owner, 'Hidden Candidate');
    expect((await inject('POST', `/moderation/plugins/${submissionId}/hide`, mod.auth)).statusCode).toBe(204);
    const hidden = (await inject('GET', '/moderation/plugins/hidden?search=hidden%20candidate', mod.auth)).json<ModerationListResponse>();
    expect(hidden.items.map((i) => i.id)).toEqual([submissionId]);
    expect(hidden.items[0]!.hiddenAt).not.toBeNull();
    const pending = (await inject('GET', '/moderation/plugins/pending?search=hidden%20candidate', mod.auth)).json<ModerationListResponse>();
    expect(pending.items).toEqual([]);
    const dash = (await inject('GET', '/moderation/dashboard', mod.auth)).json<ModeratorDashboard>();
    expect(dash.hidden).toBeGreaterThanOrEqual(1);
    expect((await approve(mod.auth, submissionId, { binary: await binaryZip() })).statusCode).toBe(204);
    const [sub] = await t.ctx.db.select().from(submissions).where(eq(submissions.id, submissionId));
    expect(sub).toMatchObject({ status: 'a', hiddenAt: null });
  });
});
