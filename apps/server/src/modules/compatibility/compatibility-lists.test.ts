import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  COMPATIBILITY_MESSAGES as C,
  type GameVersion,
  type PluginCompatibilityAnswer,
  type PluginPage,
  type PluginVersion,
} from '@bm/core';
import { plugins } from '../../db/schema.js';
import { matchSyncOf, pluginsChanged } from '../plugins/index.js';
import { demoBinaryZip, demoSourceZip } from '../plugins/seed.js';
import { createPlugin, multipart, publishedPlugin } from '../plugins/test-support.js';
import { signedInMember, startTestApp, type TestApp, type Member } from '../../../test/harness.js';
import { multipartBody, zipPart } from '../../../test/requests.js';

let t: TestApp;
let admin: Member;
let mod: Member;
let author: Member;
let reporters: Member[];
let old: GameVersion;
let gv: GameVersion;

const call = (method: 'GET' | 'PUT' | 'DELETE' | 'POST', url: string, who: Member | null, payload?: object) =>
  t.app.inject({ method, url: `/api${url}`, headers: who?.auth, payload });
const addVersion = async (name: string) =>
  (
    await call('POST', '/admin/game-versions', admin, { name, bakkesmodVersion: '2.0.0', makeCurrent: true })
  ).json<GameVersion>();
const ids = async (query: string, who: Member | null = null) =>
  (await call('GET', `/plugins?${query}`, who)).json<PluginPage>().items.map((p) => p.id);

/** Uploads a source (with these form fields) and has a moderator approve it with a binary. */
async function uploadAndApprove(pluginId: number, fields: Record<string, string>) {
  const source = multipart(await demoSourceZip('Lists'), 'source.zip', { versionString: '1.0.0', ...fields });
  const up = await t.app.inject({
    method: 'POST',
    url: `/api/plugins/${pluginId}/files/source`,
    headers: { ...author.auth, ...source.headers },
    payload: source.payload,
  });
  if (up.statusCode !== 201) return up;
  const form = multipartBody({}, zipPart('binary', await demoBinaryZip('Lists', '1.0.0'), 'b.zip'));
  const approve = await t.app.inject({
    method: 'POST',
    url: `/api/moderation/plugins/${up.json().submission.submissionId}/approve`,
    headers: { ...mod.auth, ...form.headers },
    payload: form.body,
  });
  expect(approve.statusCode).toBe(204);
  return up;
}

let works: number;
let declared: number;
let unverified: number;
beforeAll(async () => {
  t = await startTestApp();
  admin = await signedInMember(t, ['administrator']);
  mod = await signedInMember(t, ['moderator']);
  author = await signedInMember(t);
  reporters = [];
  for (let i = 0; i < 3; i++) reporters.push(await signedInMember(t));
  old = await addVersion('Lists v1');
  gv = await addVersion('Lists v2');
  const body = (name: string) => ({ name, shortDescription: 'A gizmo', description: '' });
  works = (await publishedPlugin(t, author, body('Gizmo Reported'))).id;
  unverified = (await publishedPlugin(t, author, body('Gizmo Unknown'))).id;
  declared = (await createPlugin(t, author, body('Gizmo Declared'))).id;
  for (const m of reporters) await call('PUT', `/plugins/${works}/compatibility/${gv.id}`, m, { works: true });
});
afterAll(async () => {
  await t.close();
});

describe('the author declares game versions per version', () => {
  it('the source upload declares the current version by default, the given ids otherwise; unknown ids are a 400', async () => {
    const unknown = await uploadAndApprove(declared, { gameVersionIds: `${gv.id},999999` });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ message: C.unknownGameVersion });
    const invalid = await uploadAndApprove(declared, { gameVersionIds: 'current' });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json()).toMatchObject({ message: C.invalidGameVersionIds });
    // Nothing was half-written: no submission came of them.
    expect((await call('GET', `/plugins/my/${declared}/submissions`, author)).json()).toEqual([]);

    await uploadAndApprove(declared, { gameVersionIds: String(old.id) });
    await uploadAndApprove(declared, {});
    const versions = (await call('GET', `/plugins/${declared}/versions`, null)).json<PluginVersion[]>();
    expect(versions.map((v) => v.gameVersionIds)).toEqual([[gv.id], [old.id]]);
    const answer = (await call('GET', `/plugins/${declared}/compatibility`, null)).json<PluginCompatibilityAnswer>();
    expect(answer.current).toMatchObject({ gameVersionId: gv.id, declared: true, status: 'works' });
    // The declaration is the live version's: the older version's declaration no longer counts.
    expect(answer.versions.map((v) => v.gameVersionId)).toEqual([gv.id]);
  });

  it('the owner changes the live version declaration from the manage page (PUT /plugins/my/{id}/game-versions)', async () => {
    const put = (who: Member, gameVersionIds: unknown) =>
      call('PUT', `/plugins/my/${declared}/game-versions`, who, { gameVersionIds } as object);
    const live = (await call('GET', `/plugins/my/${declared}/game-versions`, author)).json();
    expect(live).toEqual({ submissionId: expect.any(Number), gameVersionIds: [gv.id] });
    const none = await put(author, []);
    expect(none.json()).toEqual({ submissionId: live.submissionId, gameVersionIds: [] });
    expect((await call('GET', `/plugins/${declared}`, null)).json().compatibility.status).toBe('unverified');
    expect((await put(author, [gv.id, old.id, gv.id])).json().gameVersionIds).toEqual([old.id, gv.id]);
    expect((await call('GET', `/plugins/${declared}`, null)).json().compatibility.status).toBe('works');
    const unknown = await put(author, [424242]);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ message: C.unknownGameVersion });
    expect((await put(author, ['x'])).statusCode).toBe(400);
    expect((await put(author, [2147483648])).json()).toMatchObject({ message: C.invalidGameVersionIds });
    expect((await put(reporters[0]!, [gv.id])).statusCode).toBe(404);
    const draft = await createPlugin(t, author, { name: 'Gizmo Draft', shortDescription: 'x', description: '' });
    const noLive = await call('PUT', `/plugins/my/${draft.id}/game-versions`, author, { gameVersionIds: [gv.id] });
    expect(noLive.statusCode).toBe(409);
    expect(noLive.json()).toMatchObject({ message: C.noLiveVersion });
  });
});

describe('lists and the compatible filter', () => {
  it('every plugin in a list carries its status for the current game version', async () => {
    const page = (await call('GET', '/plugins?search=gizmo', null)).json<PluginPage>();
    const byId = new Map(page.items.map((p) => [p.id, p.compatibility]));
    expect(byId.get(works)).toEqual({ gameVersionId: gv.id, status: 'works' });
    expect(byId.get(unverified)).toEqual({ gameVersionId: gv.id, status: 'unverified' });
  });

  it('compatible=current keeps only plugins that work, in a list and in a search, with the match index loaded', async () => {
    expect(await matchSyncOf(t.ctx)!.current(0)).not.toBeNull();
    const expected = [declared, works].sort();
    expect((await ids('compatible=current')).sort()).toEqual(expected);
    expect((await ids('compatible=current&search=gizmo')).sort()).toEqual(expected);
    expect((await ids('compatible=CURRENT&search=gizmo&sortBy=name')).sort()).toEqual(expected);
    expect((await ids('search=gizmo')).sort()).toEqual([declared, unverified, works].sort());
    expect((await call('GET', '/plugins?compatible=all', null)).statusCode).toBe(400);
  });

  it('a report that changes the status drops the kept filtered page', async () => {
    expect(await ids('compatible=current&search=gizmo')).not.toContain(unverified);
    expect(await ids('compatible=current&search=gizmo')).not.toContain(unverified); // kept now
    for (const m of reporters) await call('PUT', `/plugins/${unverified}/compatibility/${gv.id}`, m, { works: true });
    expect(await ids('compatible=current&search=gizmo')).toContain(unverified);
    for (const m of reporters) await call('DELETE', `/plugins/${unverified}/compatibility/${gv.id}`, m);
    expect(await ids('compatible=current&search=gizmo')).not.toContain(unverified);
  });

  it('nothing of a hidden plugin shows anywhere', async () => {
    await t.ctx.db.update(plugins).set({ isActive: false }).where(eq(plugins.id, works));
    pluginsChanged(t.ctx, works);
    try {
      expect(await ids('compatible=current')).not.toContain(works);
      expect(await ids('compatible=current&search=gizmo')).not.toContain(works);
      expect((await call('GET', `/plugins/${works}/compatibility`, null)).statusCode).toBe(404);
      expect((await call('GET', `/plugins/${works}/compatibility`, reporters[0]!)).statusCode).toBe(404);
      const put = await call('PUT', `/plugins/${works}/compatibility/${gv.id}`, reporters[0]!, { works: false });
      expect(put.statusCode).toBe(404);
      expect((await call('DELETE', `/plugins/${works}/compatibility/${gv.id}`, reporters[0]!)).statusCode).toBe(404);
      // Its owner and staff still see it, as they see the plugin.
      expect((await call('GET', `/plugins/${works}/compatibility`, author)).statusCode).toBe(200);
      expect((await call('GET', `/plugins/${works}/compatibility`, mod)).statusCode).toBe(200);
    } finally {
      await t.ctx.db.update(plugins).set({ isActive: true }).where(eq(plugins.id, works));
      pluginsChanged(t.ctx, works);
    }
  });
});
