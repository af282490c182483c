import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { MODERATION_MESSAGES as M, ZIP_MESSAGES as Z, type ModerationDetail } from '@bm/core';
import { mailMessages, submissions } from '../../db/schema.js';
import { membersForFile, signedInMember, startTestApp, testAppForFile, type Member } from '../../../test/harness.js';
import { demoBinaryZip, demoSourceZip } from '../plugins/seed.js';
import { createPlugin, publishedPlugin, storedFiles } from '../plugins/test-support.js';
import { demoDll } from '../plugins/demo-dll.js';
import { makeZip } from '../plugins/zip.js';
import { multipartBody, zipPart } from '../../../test/requests.js';

const t = testAppForFile();
const { mod, mod2, member } = membersForFile(t, { mod: ['moderator'], mod2: ['moderator'], member: [] });

type Headers = Record<string, string>;
const api = (method: 'GET' | 'POST', url: string, headers: Headers = {}, payload?: unknown) =>
  t.app.inject({ method, url: `/api${url}`, headers, payload: payload as object });

/** A multipart body with any named file parts and text fields. */
function form(files: Record<string, Buffer>, fields: Record<string, string> = {}) {
  const { body, headers } = multipartBody(fields, ...Object.entries(files).map(([name, data]) => zipPart(name, data)));
  return { payload: body, headers };
}

/** A member's plugin with an uploaded source waiting for review (no builder configured: straight to p). */
async function submitted(owner: Member, name: string, versionString = '1.0.0') {
  const p = await createPlugin(t, owner, { name, shortDescription: 'x', description: 'A plugin under review' });
  const body = form({ file: await demoSourceZip(name.replace(/\W/g, '')) }, { versionString });
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/plugins/${p.id}/files/source`,
    headers: { ...owner.auth, ...body.headers },
    payload: body.payload,
  });
  expect(res.statusCode).toBe(201);
  return { plugin: p, submissionId: res.json().submission.submissionId as number };
}

const approve = (who: Member, id: number, files: Record<string, Buffer> = {}, fields: Record<string, string> = {}) => {
  const body = form(files, fields);
  return t.app.inject({
    method: 'POST',
    url: `/api/moderation/plugins/${id}/approve`,
    headers: { ...who.auth, ...body.headers },
    payload: body.payload,
  });
};

describe('who may moderate', () => {
  const routes: Array<[method: 'GET' | 'POST', url: string]> = [
    ['GET', '/moderation/dashboard'],
    ['GET', '/moderation/plugins/pending?page=abc'],
    ['GET', '/moderation/plugins/hidden'],
    ['GET', '/moderation/plugins/reported'],
    ['GET', '/moderation/plugins/abc'],
    ['POST', '/moderation/plugins/abc/approve'],
    ['POST', '/moderation/plugins/1/reject'],
    ['POST', '/moderation/plugins/1/hide'],
    ['POST', '/moderation/plugins/1/takeover'],
    ['POST', '/moderation/reported/1/dismiss'],
    ['POST', '/moderation/reported/x/hide-plugin'],
    ['POST', '/moderation/reported/1/restore-plugin'],
    ['GET', '/moderation/cars?status=zzz'],
    ['POST', '/moderation/cars/1/hide'],
    ['POST', '/moderation/cars/1/restore'],
  ];
  it.each(routes)('%s %s: 401 anonymous, 403 for a member, before the input is looked at', async (method, url) => {
    const bad = { reason: 1, junk: true };
    expect((await api(method, url, {}, method === 'POST' ? bad : undefined)).statusCode).toBe(401);
    expect((await api(method, url, member.auth, method === 'POST' ? bad : undefined)).statusCode).toBe(403);
  });
});

describe('the review queue', () => {
  it('lists pending submissions oldest first, pages and searches them (camel or Pascal case)', async () => {
    const owner = await signedInMember(t);
    const a = await submitted(owner, 'Queue Alpha Thing');
    const b = await submitted(owner, 'Queue Beta Thing');
    const page = (await api('GET', '/moderation/plugins/pending?search=queue%20&pageSize=100', mod.auth)).json();
    const mine = page.items.filter((i: { pluginId: number }) => [a.plugin.id, b.plugin.id].includes(i.pluginId));
    expect(mine.map((i: { id: number }) => i.id)).toEqual([a.submissionId, b.submissionId]);
    expect(mine[0]).toMatchObject({
      name: 'Queue Alpha Thing',
      submitter: owner.username,
      memberId: owner.id,
      version: '1.0.0',
      status: 'p',
      sourceFileId: a.submissionId,
      publishedOnce: false,
      needsApproval: true,
      hiddenAt: null,
    });
    const pascal = (
      await api('GET', `/moderation/plugins/pending?Search=${owner.username}&PageSize=1&Page=2`, mod.auth)
    ).json();
    expect(pascal).toMatchObject({ page: 2, pageSize: 1, totalCount: 2 });
    expect(pascal.items[0].id).toBe(b.submissionId);
    const dash = (await api('GET', '/moderation/dashboard', mod.auth)).json();
    expect(dash.pending).toBeGreaterThanOrEqual(2);
  });

  it('opens a review with a signed source link only its holder can use, and claims it', async () => {
    const owner = await signedInMember(t);
    const { submissionId } = await submitted(owner, 'Signed Source');
    const res = await api('GET', `/moderation/plugins/${submissionId}`, mod.auth);
    expect(res.statusCode).toBe(200);
    const detail = res.json<ModerationDetail>();
    expect(detail).toMatchObject({
      id: submissionId,
      name: 'Signed Source',
      authorName: owner.username,
      status: 'p',
      lock: { memberId: mod.id, mine: true },
    });
    expect(detail.source).toMatchObject({
      mime: 'application/zip',
      downloadUrl: expect.stringMatching(/^\/api\/files\/signed\?/),
    });
    const zip = await t.app.inject({ method: 'GET', url: detail.source!.downloadUrl });
    expect(zip.statusCode).toBe(200);
    expect(zip.rawPayload.subarray(0, 2).toString()).toBe('PK');
    const forged = detail.source!.downloadUrl.replace(/key=[^&]+/, `key=${encodeURIComponent('plugins/1/other.zip')}`);
    expect((await t.app.inject({ method: 'GET', url: forged })).statusCode).toBe(403);
    expect(detail.audit.map((a) => a.action)).toEqual(['claim']);
    // Opening it again keeps one claim.
    expect((await api('GET', `/moderation/plugins/${submissionId}`, mod.auth)).json().audit).toHaveLength(1);
  });

  it('a second moderator sees who holds the review and must take it over to act', async () => {
    const owner = await signedInMember(t);
    const { submissionId } = await submitted(owner, 'Locked Review');
    await api('GET', `/moderation/plugins/${submissionId}`, mod.auth);
    const seen = (await api('GET', `/moderation/plugins/${submissionId}`, mod2.auth)).json<ModerationDetail>();
    expect(seen.lock).toMatchObject({ memberId: mod.id, username: mod.username, mine: false });
    const refused = await api('POST', `/moderation/plugins/${submissionId}/reject`, mod2.auth, {
      reason: 'Not good enough yet',
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      message: M.lockedBy(mod.username),
      code: 'moderation.lockedBy',
      params: { name: mod.username },
    });
    const taken = await api('POST', `/moderation/plugins/${submissionId}/takeover`, mod2.auth);
    expect(taken.json().lock).toMatchObject({ memberId: mod2.id, mine: true });
    expect(
      (await api('POST', `/moderation/plugins/${submissionId}/reject`, mod2.auth, { reason: 'Not good enough yet' }))
        .statusCode,
    ).toBe(204);
    const audit = (await t.ctx.db.execute(
      sql`select action from moderation_audit where submission_id = ${submissionId} order by id`,
    )) as unknown as { rows: Array<{ action: string }> };
    expect(audit.rows.map((r) => r.action)).toEqual(['claim', 'takeover', 'reject']);
  });
});

describe('approving', () => {
  it('publishes the attached binary: the plugin manager and the download answer it, the author is told', async () => {
    const owner = await signedInMember(t);
    const { plugin, submissionId } = await submitted(owner, 'Approved Plugin', '2.1.0');
    expect((await api('GET', `/v1/plugins/get/short?pluginids=${plugin.id}`)).json().response.plugins).toEqual({});
    const binary = await demoBinaryZip('ApprovedPlugin', '2.1.0');
    const debug = await makeZip([{ name: 'ApprovedPlugin.pdb', data: 'pdb' }]);
    const res = await approve(
      mod,
      submissionId,
      { binary, debugArchive: debug },
      { approvalNote: '  Nice work, ship it.  ' },
    );
    expect(res.statusCode).toBe(204);

    const short = (await api('GET', `/v1/plugins/get/short?pluginids=${plugin.id}`)).json().response.plugins;
    expect(short[String(plugin.id)].version).toBe(submissionId);
    const page = (await api('GET', `/plugins/${plugin.id}`)).json();
    expect(page).toMatchObject({ publishedOnce: true, needsApproval: false, versionString: '2.1.0' });
    const link = await t.app.inject({ method: 'GET', url: page.downloadUrl });
    expect(link.statusCode).toBe(302);
    const file = await t.app.inject({ method: 'GET', url: String(link.headers.location) });
    expect(file.rawPayload.equals(binary)).toBe(true);

    const [sub] = await t.ctx.db.select().from(submissions).where(eq(submissions.id, submissionId));
    expect(sub).toMatchObject({
      status: 'a',
      approvalNote: 'Nice work, ship it.',
      reviewedById: mod.id,
      reviewLockMemberId: null,
    });
    const [notice] = await t.ctx.db.select().from(mailMessages).where(eq(mailMessages.memberId, owner.id));
    expect(notice).toMatchObject({
      subject: 'Approved Plugin v2.1.0 was approved',
      category: 'plugin',
      link: `/plugin/${plugin.id}`,
    });
    expect(notice!.body).toContain('Nice work, ship it.');
    const mails = await t.mailFor(owner.email);
    expect(mails.map((m) => m.subject)).toContain('Approved Plugin v2.1.0 was approved');
    // Decided: it has left the queue and cannot be decided again.
    expect((await approve(mod, submissionId, { binary })).statusCode).toBe(409);
  });

  it.each([
    ['a binary without plugins/*.dll', { binary: () => makeZip([{ name: 'data/readme.txt', data: 'x' }]) }, Z.noDll],
    [
      'a binary with files outside the install layout',
      {
        binary: () =>
          makeZip([
            { name: 'plugins/a.dll', data: demoDll('a') },
            { name: 'bin/evil.exe', data: 'x' },
          ]),
      },
      Z.outsideLayout('bin/evil.exe'),
    ],
    ['a binary that is not a ZIP', { binary: async () => Buffer.from('MZ not a zip') }, Z.notZip],
    [
      'a debug archive with other files',
      {
        binary: () => demoBinaryZip('X', '1'),
        debugArchive: () =>
          makeZip([
            { name: 'a.pdb', data: 'x' },
            { name: 'notes.txt', data: 'x' },
          ]),
      },
      Z.onlyPdb('notes.txt'),
    ],
  ])('refuses %s and leaves nothing written', async (_label, build, message) => {
    const owner = await signedInMember(t);
    const { plugin, submissionId } = await submitted(owner, `Refused ${Math.random().toString(36).slice(2, 7)}`);
    const before = storedFiles(t).filter((f) => f.startsWith(`plugins/${plugin.id}/`));
    const files: Record<string, Buffer> = {};
    for (const [k, f] of Object.entries(build)) files[k] = await f();
    const res = await approve(mod, submissionId, files);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
    expect(storedFiles(t).filter((f) => f.startsWith(`plugins/${plugin.id}/`))).toEqual(before);
    const [sub] = await t.ctx.db.select().from(submissions).where(eq(submissions.id, submissionId));
    expect(sub!.status).toBe('p');
  });

  it('without a binary attached, needs one from the build', async () => {
    const owner = await signedInMember(t);
    const { submissionId } = await submitted(owner, 'No Binary Yet');
    const res = await api('POST', `/moderation/plugins/${submissionId}/approve`, mod.auth);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(M.needsBinary);
    // A build's binary is enough.
    await t.ctx.db
      .update(submissions)
      .set({ binaryKey: 'plugins/0/binary-built.zip' })
      .where(eq(submissions.id, submissionId));
    await t.ctx.storage.put('plugins/0/binary-built.zip', await demoBinaryZip('Built', '1'));
    expect((await api('POST', `/moderation/plugins/${submissionId}/approve`, mod.auth)).statusCode).toBe(204);
  });
});

describe('denying and hiding', () => {
  it('checks the deny note, then tells the author the reason; an earlier version stays live', async () => {
    const owner = await signedInMember(t);
    const { plugin, submissionId: first } = await submitted(owner, 'Twice Reviewed', '1.0.0');
    expect((await approve(mod, first, { binary: await demoBinaryZip('TwiceReviewed', '1.0.0') })).statusCode).toBe(204);
    const body = form({ file: await demoSourceZip('TwiceReviewed') }, { versionString: '1.1.0' });
    const second = (
      await t.app.inject({
        method: 'POST',
        url: `/api/plugins/${plugin.id}/files/source`,
        headers: { ...owner.auth, ...body.headers },
        payload: body.payload,
      })
    ).json().submission.submissionId as number;

    const empty = await api('POST', `/moderation/plugins/${second}/reject`, mod.auth, { reason: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe(M.denyNoteRequired);
    expect(
      (await api('POST', `/moderation/plugins/${second}/reject`, mod.auth, { reason: 'abc' })).json().message,
    ).toBe(M.denyNoteShort);
    expect(
      (await api('POST', `/moderation/plugins/${second}/reject`, mod.auth, { reason: 'x'.repeat(5001) })).statusCode,
    ).toBe(400);
    const ok = await api('POST', `/moderation/plugins/${second}/reject`, mod.auth, {
      reason: 'The settings window crashes on open.',
    });
    expect(ok.statusCode).toBe(204);

    const notices = await t.ctx.db.select().from(mailMessages).where(eq(mailMessages.memberId, owner.id));
    const denied = notices.find((n) => n.subject === 'Twice Reviewed v1.1.0 was not approved');
    expect(denied?.body).toContain('The settings window crashes on open.');
    const subs = (await api('GET', `/plugins/my/${plugin.id}/submissions`, owner.auth)).json();
    expect(subs.find((s: { submissionId: number }) => s.submissionId === second)).toMatchObject({
      status: 'r',
      denyReason: 'The settings window crashes on open.',
    });
    const short = (await api('GET', `/v1/plugins/get/short?pluginids=${plugin.id}`)).json().response.plugins;
    expect(short[String(plugin.id)].version).toBe(first);
    expect((await api('GET', `/plugins/${plugin.id}`)).json().needsApproval).toBe(false);
  });

  it('hides a submission from the queue; it can still be reviewed through its link', async () => {
    const owner = await signedInMember(t);
    const { submissionId } = await submitted(owner, 'Hidden From Review');
    expect((await api('POST', `/moderation/plugins/${submissionId}/hide`, mod.auth)).statusCode).toBe(204);
    const pending = (await api('GET', `/moderation/plugins/pending?search=Hidden%20From`, mod.auth)).json();
    expect(pending.items).toEqual([]);
    const hidden = (await api('GET', `/moderation/plugins/hidden?search=Hidden%20From`, mod.auth)).json();
    expect(hidden.items.map((i: { id: number }) => i.id)).toEqual([submissionId]);
    expect(hidden.items[0].hiddenAt).not.toBeNull();
    expect((await api('GET', `/moderation/plugins/${submissionId}`, mod.auth)).json().hiddenAt).not.toBeNull();
    expect(
      (await approve(mod, submissionId, { binary: await demoBinaryZip('HiddenFromReview', '1') })).statusCode,
    ).toBe(204);
    expect((await api('GET', `/moderation/plugins/hidden?search=Hidden%20From`, mod.auth)).json().items).toEqual([]);
  });
});

describe('reports', () => {
  it('takes one open report per member, not on their own plugin, and lists counts and reasons', async () => {
    const owner = await signedInMember(t);
    const p = await publishedPlugin(t, owner, { name: 'Reported Plugin', shortDescription: 'x', description: '' });
    const r1 = await signedInMember(t);
    const r2 = await signedInMember(t);
    expect((await api('POST', `/plugins/${p.id}/report`, {}, { reason: 'malware' })).statusCode).toBe(401);
    expect((await api('POST', `/plugins/${p.id}/report`, owner.auth, { reason: 'malware' })).json().message).toBe(
      M.reportOwn,
    );
    expect((await api('POST', `/plugins/${p.id}/report`, r1.auth, { reason: 'nonsense' })).statusCode).toBe(400);
    expect((await api('POST', `/plugins/${p.id}/report`, r1.auth, { reason: 'other' })).json().message).toBe(
      M.reportDetailsRequired,
    );
    expect(
      (await api('POST', `/plugins/${p.id}/report`, r1.auth, { reason: 'malware', details: 'Opens a shell' }))
        .statusCode,
    ).toBe(201);
    const again = await api('POST', `/plugins/${p.id}/report`, r1.auth, { reason: 'broken' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(M.reportExists);
    expect((await api('POST', `/plugins/${p.id}/report`, r2.auth, { reason: 'malware' })).statusCode).toBe(201);

    const list = (await api('GET', '/moderation/plugins/reported?search=Reported%20Plugin', mod.auth)).json();
    expect(list.totalCount).toBe(1);
    expect(list.data[0]).toMatchObject({
      pluginId: p.id,
      reportCount: 2,
      isActive: true,
      reasons: [{ reason: 'malware', count: 2 }],
    });
    expect(list.data[0].reports.map((r: { reporter: string }) => r.reporter).sort()).toEqual(
      [r1.username, r2.username].sort(),
    );

    // Dismissed reports leave the list; a new report brings the plugin back.
    expect((await api('POST', `/moderation/reported/${p.id}/dismiss`, mod.auth)).statusCode).toBe(204);
    expect(
      (await api('GET', '/moderation/plugins/reported?search=Reported%20Plugin', mod.auth)).json().totalCount,
    ).toBe(0);
    expect((await api('POST', `/plugins/${p.id}/report`, r1.auth, { reason: 'spam' })).statusCode).toBe(201);

    // Hiding the plugin takes it off the site and out of the plugin manager.
    expect((await api('POST', `/moderation/reported/${p.id}/hide-plugin`, mod.auth)).statusCode).toBe(204);
    expect((await api('GET', `/plugins/${p.id}`)).statusCode).toBe(404);
    expect((await api('GET', `/v1/plugins/get/short?pluginids=${p.id}`)).json().response.plugins).toEqual({});
    expect((await api('GET', '/plugins?search=Reported%20Plugin')).json().totalCount).toBe(0);
    expect((await api('POST', `/moderation/reported/${p.id}/restore-plugin`, mod.auth)).statusCode).toBe(204);
    expect((await api('GET', `/plugins/${p.id}`)).statusCode).toBe(200);
  });

  it('rate limits reports', async () => {
    const limited = await startTestApp({
      limits: { report: { ip: { points: 100, durationS: 60 }, account: { points: 1, durationS: 60 } } },
    });
    try {
      const owner = await signedInMember(limited);
      const reporter = await signedInMember(limited);
      const a = await publishedPlugin(limited, owner, { name: 'Limited A' });
      const b = await publishedPlugin(limited, owner, { name: 'Limited B' });
      const send = (id: number) =>
        limited.app.inject({
          method: 'POST',
          url: `/api/plugins/${id}/report`,
          headers: reporter.auth,
          payload: { reason: 'spam' },
        });
      expect((await send(a.id)).statusCode).toBe(201);
      const res = await send(b.id);
      expect(res.statusCode).toBe(429);
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    } finally {
      await limited.close();
    }
  });
});

describe('cars', () => {
  it('hides a car from everyone but its owner and restores it', async () => {
    const owner = await signedInMember(t);
    const car = (
      await api('POST', '/cars', owner.auth, { name: 'Moderated Car', code: 'hAMwB1wABMItCGEWAAA=', description: '' })
    ).json();
    expect((await api('POST', `/moderation/cars/${car.id}/hide`, mod.auth)).statusCode).toBe(204);
    expect((await api('GET', `/cars/${car.id}`)).statusCode).toBe(404);
    expect((await api('GET', `/cars/${car.id}`, owner.auth)).statusCode).toBe(200);
    const hidden = (await api('GET', '/moderation/cars?status=hidden&search=Moderated', mod.auth)).json();
    expect(hidden.items.map((c: { id: number }) => c.id)).toEqual([car.id]);
    expect(hidden.items[0]).toMatchObject({ owner: owner.username, hidden: true, status: 'H' });
    expect((await api('POST', `/moderation/cars/${car.id}/restore`, mod.auth)).statusCode).toBe(204);
    expect((await api('GET', `/cars/${car.id}`)).statusCode).toBe(200);
    expect((await api('POST', '/moderation/cars/99999999/hide', mod.auth)).statusCode).toBe(404);
  });
});
