import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { PLUGIN_MESSAGES as M, type Plugin, type Submission } from '@bm/core';
import { plugins, submissions } from '../../db/schema.js';
import { signedInMember, testAppForFile } from '../../../test/harness.js';
import { hubSocketsForFile } from '../../../test/hub-client.js';
import { demoSourceZip } from './seed.js';
import {
  addTag,
  createPlugin,
  multipart,
  publishedPlugin,
  storedFiles,
  jobsFor,
  pluginsApi,
  zipEntries,
} from './test-support.js';

// Visitors are told apart by address (X-Forwarded-For here), not by User-Agent.
const t = testAppForFile({ env: { TRUST_PROXY: 'true' } });
const hub = hubSocketsForFile(t);
const { api, get } = pluginsApi(t);
type Headers = Record<string, string>;
const png = (w = 800, h = 400) =>
  sharp({ create: { width: w, height: h, channels: 3, background: '#224488' } })
    .png()
    .toBuffer();

async function uploadSource(auth: Headers, id: number, fields: Record<string, string> = {}, zip?: Buffer) {
  const { payload, headers } = multipart(zip ?? (await demoSourceZip('MyPlugin')), 'MyPlugin source.zip', fields);
  return t.app.inject({
    method: 'POST',
    url: `/api/plugins/${id}/files/source`,
    headers: { ...auth, ...headers },
    payload,
  });
}

describe('creating and editing a plugin', () => {
  it('creates a draft with the spec fields and the owner as member and author', async () => {
    const owner = await signedInMember(t);
    const res = await api(
      'POST',
      '/plugins/create',
      {
        name: '  Boost Gauge ',
        shortDescription: 'Shows boost',
        description: '# Boost',
        homepage: 'https://example.com',
        sourceCodeUrl: '',
      },
      owner.auth,
    );
    expect(res.statusCode).toBe(201);
    const p = res.json<Plugin>();
    expect(p).toMatchObject({
      name: 'Boost Gauge',
      shortDescription: 'Shows boost',
      description: '# Boost',
      homepage: 'https://example.com',
      sourceCodeUrl: null,
      bannerImageUrl: null,
      versionString: null,
      downloadUrl: null,
      averageRating: 0,
      ratingCount: 0,
      myStars: null,
      downloadCount: 0,
      viewCount: 0,
      isActive: true,
      publishedOnce: false,
      needsApproval: false,
      isListed: true,
      isPubliclyVisible: true,
      isPinned: false,
      skipBuildServer: false,
      member: { id: owner.id, displayName: owner.username, avatarUrl: null },
      author: owner.username,
      tags: [],
    });
    expect(Date.parse(p.createdAt)).not.toBeNaN();
  });

  it('answers each create rule with its message', async () => {
    const owner = await signedInMember(t);
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ name: '' }, 'name', M.nameRequired],
      [{}, 'name', M.nameRequired],
      [{ name: 'x'.repeat(101) }, 'name', M.nameTooLong],
      [{ name: 'x', shortDescription: 's'.repeat(501) }, 'shortDescription', M.shortDescriptionTooLong],
      [{ name: 'x', homepage: 'not a url' }, 'homepage', M.homepageInvalid],
      [{ name: 'x', sourceCodeUrl: 'javascript:alert(1)' }, 'sourceCodeUrl', M.sourceCodeUrlInvalid],
    ];
    for (const [body, field, message] of cases) {
      const res = await api('POST', '/plugins/create', body, owner.auth);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toBe(message);
      expect(res.json().errors[field]).toContain(message);
    }
    expect((await api('POST', '/plugins/create', { name: 'x' })).statusCode).toBe(401);
  });

  it('updates partially (PUT /update) and fully (PUT /{id})', async () => {
    const owner = await signedInMember(t);
    const p = await createPlugin(t, owner, {
      name: 'Partial',
      shortDescription: 'Keep me',
      homepage: 'https://a.example',
    });
    const partial = await api('PUT', `/plugins/${p.id}/update`, { description: 'New body' }, owner.auth);
    expect(partial.statusCode).toBe(200);
    expect(partial.json()).toMatchObject({
      name: 'Partial',
      shortDescription: 'Keep me',
      description: 'New body',
      homepage: 'https://a.example',
    });

    const full = await api(
      'PUT',
      `/plugins/${p.id}`,
      { ...partial.json<Plugin>(), name: 'Full', homepage: null, tags: [], id: 999 },
      owner.auth,
    );
    expect(full.statusCode).toBe(200);
    expect(full.json()).toMatchObject({ id: p.id, name: 'Full', shortDescription: 'Keep me', homepage: null });

    const bad = await api('PUT', `/plugins/${p.id}/update`, { homepage: 'nope' }, owner.auth);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(M.homepageInvalid);
  });
});

describe('owner settings and rights', () => {
  it('sets visibility, tags and pin, and only administrators toggle skip-build-server', async () => {
    const owner = await signedInMember(t);
    const admin = await signedInMember(t, ['administrator']);
    const p = await createPlugin(t, owner, { name: 'Flags' });
    const vis = await api(
      'PUT',
      `/plugins/${p.id}/visibility`,
      { isPubliclyVisible: false, isListed: false },
      owner.auth,
    );
    expect(vis.json()).toMatchObject({ isPubliclyVisible: false, isListed: false });

    const a = await addTag(t, 'flag-a', 'Flag A');
    const b = await addTag(t, 'flag-b', 'Flag B');
    const tagged = await api('PUT', `/plugins/${p.id}/tags`, { tagIds: [b.id, a.id, a.id] }, owner.auth);
    expect(tagged.json().tags).toEqual([
      { id: a.id, shortName: 'flag-a', longName: 'Flag A', helpText: 'Flag A plugins' },
      { id: b.id, shortName: 'flag-b', longName: 'Flag B', helpText: 'Flag B plugins' },
    ]);
    const unknown = await api('PUT', `/plugins/${p.id}/tags`, { tagIds: [a.id, 999999] }, owner.auth);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe(M.unknownTag);

    expect((await api('POST', `/plugins/${p.id}/pin`, { isPinned: true }, owner.auth)).json()).toEqual({
      isPinned: true,
    });

    const byOwner = await api(
      'PATCH',
      `/admin/plugins/${p.id}/skip-build-server`,
      { skipBuildServer: true },
      owner.auth,
    );
    expect(byOwner.statusCode).toBe(403);
    const byAdmin = await api(
      'PATCH',
      `/admin/plugins/${p.id}/skip-build-server`,
      { skipBuildServer: true },
      admin.auth,
    );
    expect(byAdmin.json()).toEqual({ skipBuildServer: true });
    expect(
      (await api('PATCH', `/admin/plugins/999999/skip-build-server`, { skipBuildServer: true }, admin.auth)).statusCode,
    ).toBe(404);
    expect((await get(`/plugins/my/${p.id}`, owner.auth)).json()).toMatchObject({
      skipBuildServer: true,
      isPinned: true,
    });
  });

  it('lets only the owner edit, upload, pin or delete (others 403, anonymous 401)', async () => {
    const owner = await signedInMember(t);
    const other = await signedInMember(t);
    const p = await createPlugin(t, owner, { name: 'Mine Only' });
    const attempts = [
      api('PUT', `/plugins/${p.id}/update`, { name: 'Hijacked' }, other.auth),
      api('PUT', `/plugins/${p.id}`, { name: 'Hijacked' }, other.auth),
      api('PUT', `/plugins/${p.id}/visibility`, { isPubliclyVisible: true, isListed: true }, other.auth),
      api('PUT', `/plugins/${p.id}/tags`, { tagIds: [] }, other.auth),
      api('POST', `/plugins/${p.id}/pin`, { isPinned: true }, other.auth),
      api('DELETE', `/plugins/${p.id}`, undefined, other.auth),
      api('DELETE', `/plugins/${p.id}/delete`, undefined, other.auth),
      uploadSource(other.auth, p.id),
      (async () => {
        const { payload, headers } = multipart(await png(), 'b.png', {}, 'image/png');
        return t.app.inject({
          method: 'POST',
          url: `/api/plugins/${p.id}/files/banner`,
          headers: { ...other.auth, ...headers },
          payload,
        });
      })(),
    ];
    for (const res of await Promise.all(attempts)) {
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json().message).toBe(M.notOwner);
    }
    expect((await api('PUT', `/plugins/${p.id}/update`, { name: 'x' })).statusCode).toBe(401);
    expect((await get(`/plugins/my/${p.id}`, other.auth)).statusCode).toBe(404);
    expect((await get(`/plugins/my/${p.id}`, owner.auth)).json().name).toBe('Mine Only');
    expect(await storedFiles(t).filter((f) => f.startsWith(`plugins/${p.id}/`))).toEqual([]);
  });
});

describe('own plugin calls', () => {
  it('answer 401 with the spec text without a token', async () => {
    for (const url of [
      '/plugins/my',
      '/plugins/my/1',
      '/plugins/my/1/submissions',
      '/plugins/my/1/pdbs',
      '/plugins/my/1/submissions/1/source-url',
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(401);
      expect(res.json()).toEqual({ message: 'User must be authenticated', code: 'auth.notAuthenticated' });
    }
    expect((await api('DELETE', '/plugins/my/1/submissions/1')).statusCode).toBe(401);
  });

  it('lists all own plugins in any state, pinned first', async () => {
    const owner = await signedInMember(t);
    const draft = await createPlugin(t, owner, { name: 'Own Draft' });
    const pub = await publishedPlugin(t, owner, { name: 'Own Published' });
    await api('POST', `/plugins/${draft.id}/pin`, { isPinned: true }, owner.auth);
    const mine = (await get('/plugins/my', owner.auth)).json<Plugin[]>();
    expect(mine.map((p) => p.id)).toEqual([draft.id, pub.id]);
    expect(mine[1]).toMatchObject({ publishedOnce: true, versionString: '1.0.0' });
  });
});

describe('source uploads and submissions', () => {
  it('creates a pending submission, tells the owner, and lists it with a source URL', async () => {
    const owner = await signedInMember(t);
    const p = await createPlugin(t, owner, { name: 'Uploader' });
    const s = await hub.open({ token: owner.token });
    const event = new Promise<unknown>((resolve) => s.once('SubmissionUpdated', resolve));

    const res = await uploadSource(owner.auth, p.id, { versionString: ' 1.2.3 ' });
    expect(res.statusCode).toBe(201);
    const { submission, plugin } = res.json<{ submission: Submission; plugin: Plugin }>();
    expect(submission).toMatchObject({
      pluginId: p.id,
      versionString: '1.2.3',
      status: 'p',
      sourceFileName: 'MyPlugin source.zip',
      hasBinary: false,
    });
    expect(plugin).toMatchObject({ id: p.id, needsApproval: true, publishedOnce: false });
    expect(await event).toEqual({
      id: submission.submissionId,
      pluginId: p.id,
      pluginName: 'Uploader',
      status: 'p',
      versionString: '1.2.3',
    });
    // No builder configured: straight to review, last in the queue (the newest), and no build job.
    const [waiting] = await t.ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(submissions)
      .where(sql`status = 'p' and hidden_at is null`);
    expect(submission).toMatchObject({ queuePosition: waiting!.n, buildLog: null });
    expect(await jobsFor(t, submission.submissionId)).toEqual([]);

    const noVersion = await uploadSource(owner.auth, p.id);
    expect(noVersion.json().submission.versionString).toBeNull();
    const tooLong = await uploadSource(owner.auth, p.id, { versionString: 'v'.repeat(51) });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().message).toBe(M.versionStringTooLong);

    const list = (await get(`/plugins/my/${p.id}/submissions`, owner.auth)).json<Submission[]>();
    expect(list.map((x) => x.submissionId)).toEqual([
      noVersion.json().submission.submissionId,
      submission.submissionId,
    ]);
    const { url } = (
      await get(`/plugins/my/${p.id}/submissions/${submission.submissionId}/source-url`, owner.auth)
    ).json();
    const file = await t.app.inject({ method: 'GET', url });
    expect(file.statusCode).toBe(200);
    expect(await zipEntries(file.rawPayload)).toContain('MyPlugin/MyPlugin.sln');
  });

  it('withdraws a pending submission with its file, but never an approved one', async () => {
    const owner = await signedInMember(t);
    const other = await signedInMember(t);
    const p = await publishedPlugin(t, owner, { name: 'Withdraw' });
    const up = (await uploadSource(owner.auth, p.id)).json<{ submission: Submission }>().submission;
    const { url } = (await get(`/plugins/my/${p.id}/submissions/${up.submissionId}/source-url`, owner.auth)).json();
    expect(
      (await api('DELETE', `/plugins/my/${p.id}/submissions/${up.submissionId}`, undefined, other.auth)).statusCode,
    ).toBe(404);
    expect(
      (await api('DELETE', `/plugins/my/${p.id}/submissions/${up.submissionId}`, undefined, owner.auth)).statusCode,
    ).toBe(204);
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(404);
    expect((await get(`/plugins/my/${p.id}`, owner.auth)).json().needsApproval).toBe(false);
    const approved = await api('DELETE', `/plugins/my/${p.id}/submissions/${p.versionId}`, undefined, owner.auth);
    expect(approved.statusCode).toBe(400);
    expect(approved.json().message).toBe(M.approvedSubmission);
    expect((await api('DELETE', `/plugins/my/${p.id}/submissions/999999`, undefined, owner.auth)).json().message).toBe(
      M.submissionNotFound,
    );
  });
});

describe('debug files and private links', () => {
  it('lists debug files of approved versions', async () => {
    const owner = await signedInMember(t);
    const p = await publishedPlugin(t, owner, { name: 'Debuggable' }, { versionString: '2.0' });
    const pdbs = (await get(`/plugins/my/${p.id}/pdbs`, owner.auth)).json();
    expect(pdbs).toEqual([
      {
        submissionId: p.versionId,
        versionString: '2.0',
        approvedAt: expect.any(String),
        fileName: 'Debuggable-2.0-pdb.zip',
        url: expect.stringMatching(/^\/api\/files\/signed\?/),
      },
    ]);
    const file = await t.app.inject({ method: 'GET', url: pdbs[0].url });
    expect(file.statusCode).toBe(200);
    expect(file.headers['cache-control']).toBe('private, no-store');
    expect(file.rawPayload.subarray(0, 2).toString()).toBe('PK');
  });

  it('serves sources, binaries and debug files only through checked, expiring links', async () => {
    const owner = await signedInMember(t);
    const p = await publishedPlugin(t, owner, { name: 'Private Files' });
    const keys = storedFiles(t).filter((f) => f.startsWith(`plugins/${p.id}/`));
    expect(keys).toHaveLength(3);
    for (const key of keys) {
      expect((await t.app.inject({ method: 'GET', url: `/files/${key}` })).statusCode).toBe(404);
    }
    const png = await sharp({ create: { width: 20, height: 10, channels: 3, background: '#123456' } })
      .png()
      .toBuffer();
    const upload = multipart(png, 'b.png', {}, 'image/png');
    const banner = await t.app.inject({
      method: 'POST',
      url: `/api/plugins/${p.id}/files/banner`,
      headers: { ...owner.auth, ...upload.headers },
      payload: upload.payload,
    });
    expect((await t.app.inject({ method: 'GET', url: banner.json().bannerImageUrl })).statusCode).toBe(200);
    const link = (await api('POST', `/plugins/${p.id}/download`)).json().downloadUrl as string;
    expect((await t.app.inject({ method: 'GET', url: link })).statusCode).toBe(200);
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: link.replace(/sig=([0-9a-f])/, (_m, c: string) => `sig=${c === '0' ? '1' : '0'}`),
        })
      ).statusCode,
    ).toBe(403);
    // Once the plugin is hidden its files are not handed out any more.
    await t.ctx.db.update(plugins).set({ isActive: false }).where(eq(plugins.id, p.id));
    expect((await api('POST', `/plugins/${p.id}/download`)).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: p.downloadUrl! })).statusCode).toBe(404);
  });

  it('a too large upload is refused before it is stored', async () => {
    const owner = await signedInMember(t);
    const p = await createPlugin(t, owner, { name: 'Huge' });
    const res = await uploadSource(owner.auth, p.id, {}, Buffer.alloc(50 * 1024 * 1024 + 10));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('The ZIP is too large (max 50 MB)');
    expect(storedFiles(t).filter((f) => f.startsWith(`plugins/${p.id}/`))).toEqual([]);
    const empty = multipart(null, 'x', { versionString: '1.0' });
    const none = await t.app.inject({
      method: 'POST',
      url: `/api/plugins/${p.id}/files/source`,
      headers: { ...owner.auth, ...empty.headers },
      payload: empty.payload,
    });
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe(M.noFile);
  });
});

describe('banner', () => {
  it('stores a re-encoded image, replaces the old one and refuses non-images', async () => {
    const owner = await signedInMember(t);
    const p = await createPlugin(t, owner, { name: 'Bannered' });
    const send = async (file: Buffer, type = 'image/png') => {
      const { payload, headers } = multipart(file, 'banner.png', {}, type);
      return t.app.inject({
        method: 'POST',
        url: `/api/plugins/${p.id}/files/banner`,
        headers: { ...owner.auth, ...headers },
        payload,
      });
    };
    const first = await send(await png(2400, 1200));
    expect(first.statusCode).toBe(200);
    const url1 = first.json().bannerImageUrl as string;
    const img = await t.app.inject({ method: 'GET', url: url1 });
    const meta = await sharp(img.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 1600, height: 800 });
    const second = await send(await png());
    expect((await t.app.inject({ method: 'GET', url: url1 })).statusCode).toBe(404);
    expect((await get(`/plugins/my/${p.id}`, owner.auth)).json().bannerImageUrl).toBe(second.json().bannerImageUrl);

    const bad = await send(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), 'image/svg+xml');
    expect(bad.statusCode).toBe(415);
    expect(bad.json().message).toBe(M.bannerType);
    const big = await send(Buffer.alloc(5 * 1024 * 1024 + 1));
    expect(big.statusCode).toBe(413);
    expect(big.json().message).toBe(M.bannerTooLarge);
  });
});

describe('deleting a plugin', () => {
  it.each(['/delete', ''])('DELETE /plugins/{id}%s removes the plugin and its files', async (suffix) => {
    const owner = await signedInMember(t);
    const p = await publishedPlugin(t, owner, { name: 'Doomed' });
    await uploadSource(owner.auth, p.id);
    expect(storedFiles(t).filter((f) => f.startsWith(`plugins/${p.id}/`)).length).toBeGreaterThan(3);
    const res = await api('DELETE', `/plugins/${p.id}${suffix}`, undefined, owner.auth);
    expect(res.statusCode).toBe(204);
    expect(storedFiles(t).filter((f) => f.startsWith(`plugins/${p.id}/`))).toEqual([]);
    expect(await t.ctx.db.select().from(submissions).where(eq(submissions.pluginId, p.id))).toEqual([]);
    expect((await get(`/plugins/${p.id}`)).statusCode).toBe(404);
  });
});
