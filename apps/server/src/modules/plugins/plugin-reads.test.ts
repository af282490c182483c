import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { PLUGIN_MESSAGES as M, type Plugin, type Submission } from '@bm/core';
import { plugins, submissions } from '../../db/schema.js';
import { signedInMember, startTestApp, testAppForFile, type TestApp } from '../../../test/harness.js';
import { demoSourceZip } from './seed.js';
import { addTag, createPlugin, multipart, publishedPlugin, jobsFor, pluginsApi, zipEntries } from './test-support.js';
import { PluginEngagement } from './engagement.js';
import { pluginMeta } from './reads.js';
import { pluginsChanged } from './caches.js';

// Visitors are told apart by address (X-Forwarded-For here), not by User-Agent.
const t = testAppForFile({ env: { TRUST_PROXY: 'true' } });
const { api, get } = pluginsApi(t);
type Headers = Record<string, string>;

describe('who sees a plugin', () => {
  it('shows public ones to all, unlisted ones by link, hidden ones only to owner and staff', async () => {
    const owner = await signedInMember(t);
    const other = await signedInMember(t);
    const mod = await signedInMember(t, ['moderator']);
    const p = await publishedPlugin(t, owner, { name: 'Peekaboo' });
    expect((await get(`/plugins/${p.id}`)).statusCode).toBe(200);

    await api('PUT', `/plugins/${p.id}/visibility`, { isPubliclyVisible: true, isListed: false }, owner.auth);
    expect((await get(`/plugins/${p.id}`)).statusCode).toBe(200);
    expect((await get('/plugins?search=peekaboo')).json().totalCount).toBe(0);

    await api('PUT', `/plugins/${p.id}/visibility`, { isPubliclyVisible: false, isListed: true }, owner.auth);
    for (const url of [
      `/plugins/${p.id}`,
      `/plugins/${p.id}/seo`,
      `/plugins/${p.id}/versions`,
      `/plugins/${p.id}/comments`,
      `/plugins/${p.id}/rating`,
    ]) {
      expect((await get(url)).statusCode, url).toBe(404);
      expect((await get(url, other.auth)).statusCode, url).toBe(404);
      expect((await get(url, owner.auth)).statusCode, url).toBe(200);
      expect((await get(url, mod.auth)).statusCode, url).toBe(200);
    }
    expect((await api('POST', `/plugins/${p.id}/view`)).statusCode).toBe(404);
    expect((await get(`/v1/plugins/get/short?pluginids=${p.id}`)).json().response.plugins).toEqual({});

    const draft = await createPlugin(t, owner, { name: 'Not Yet' });
    expect((await get(`/plugins/${draft.id}`)).statusCode).toBe(404);
    expect((await get(`/plugins/${draft.id}`, owner.auth)).statusCode).toBe(200);
    expect((await get('/plugins/99999999')).json()).toEqual({ message: M.notFound, code: 'plugin.notFound' });
    expect((await get('/plugins/abc')).statusCode).toBe(400);
  });
});

describe('detail, SEO, versions, tags', () => {
  it('answers the detail calls in the spec shapes', async () => {
    const owner = await signedInMember(t);
    const p = await publishedPlugin(
      t,
      owner,
      { name: 'Detailed', shortDescription: 'Short text', description: 'Long '.repeat(100) },
      { versionString: '3.1' },
    );
    expect(p).toMatchObject({
      versionString: '3.1',
      downloadUrl: `/api/plugins/${p.id}/versions/${p.versionId}/download`,
      publishedOnce: true,
    });

    const seo = (await get(`/plugins/${p.id}/seo`)).json();
    expect(seo).toEqual({
      name: 'Detailed',
      shortDescription: 'Short text',
      bannerImageUrl: null,
      memberDisplayName: owner.username,
      createdAt: p.createdAt,
      updatedAt: expect.any(String),
    });

    const versions = (await get(`/plugins/${p.id}/versions`)).json();
    expect(versions).toEqual([
      {
        id: p.versionId,
        submissionId: p.versionId,
        versionString: '3.1',
        submittedAt: expect.any(String),
        approvedAt: expect.any(String),
        publishedAt: versions[0].approvedAt,
        changelogHtml: '',
        binaryDownloadUrl: p.downloadUrl,
        sha256: expect.stringMatching(/^[0-9a-f]{64}$/),
        files: expect.arrayContaining([expect.objectContaining({ path: 'plugins/Detailed.dll' })]),
        // Stored by hand (not built): no signed provenance.
        provenance: null,
        gameVersionIds: [],
      },
    ]);

    expect(await pluginMeta(t.ctx, p.id)).toEqual({
      title: 'Detailed',
      description: 'Short text',
      image: null,
      type: 'article',
      canonicalPath: `/plugin/${p.id}`,
      preloadImage: true,
      feed: { title: 'Detailed: versions', path: `/feeds/plugins/${p.id}.atom` },
    });
    await api('PUT', `/plugins/${p.id}/update`, { shortDescription: '' }, owner.auth);
    expect((await pluginMeta(t.ctx, p.id))?.description).toHaveLength(160);
    expect(await pluginMeta(t.ctx, 99999999)).toBeNull();

    await addTag(t, 'detail-tag', 'Detail Tag');
    const tags = await get('/tags');
    expect(tags.headers['cache-control']).toBe('public, max-age=300');
    expect(tags.json()).toContainEqual({
      id: expect.any(Number),
      shortName: 'detail-tag',
      longName: 'Detail Tag',
      helpText: 'Detail Tag plugins',
    });
  });
});

describe('ratings', () => {
  it('keeps one rating per member and answers average, count and own stars', async () => {
    const owner = await signedInMember(t);
    const a = await signedInMember(t);
    const b = await signedInMember(t);
    const p = await publishedPlugin(t, owner, { name: 'Rated' });
    expect((await api('POST', `/plugins/${p.id}/rating`, { stars: 5 }, a.auth)).json()).toEqual({
      averageRating: 5,
      ratingCount: 1,
      myStars: 5,
    });
    expect((await api('POST', `/plugins/${p.id}/rating`, { stars: 2 }, b.auth)).json()).toEqual({
      averageRating: 3.5,
      ratingCount: 2,
      myStars: 2,
    });
    expect((await api('POST', `/plugins/${p.id}/rating`, { stars: 4 }, a.auth)).json()).toEqual({
      averageRating: 3,
      ratingCount: 2,
      myStars: 4,
    });
    expect((await get(`/plugins/${p.id}/rating`, a.auth)).json()).toEqual({
      averageRating: 3,
      ratingCount: 2,
      myStars: 4,
    });
    expect((await get(`/plugins/${p.id}/rating`)).json()).toEqual({ averageRating: 3, ratingCount: 2, myStars: null });
    expect((await get(`/plugins/${p.id}`, b.auth)).json()).toMatchObject({
      averageRating: 3,
      ratingCount: 2,
      myStars: 2,
    });
    for (const stars of [0, 6, 2.5, '5']) {
      const res = await api('POST', `/plugins/${p.id}/rating`, { stars }, a.auth);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(M.ratingRange);
    }
    expect((await api('POST', `/plugins/${p.id}/rating`, { stars: 3 })).statusCode).toBe(401);
  });
});

describe('view and download counting', () => {
  it('counts a view once per 24 hours per member or visitor', async () => {
    const owner = await signedInMember(t);
    const p = await publishedPlugin(t, owner, { name: 'Viewed' });
    const visitor = { 'x-forwarded-for': '192.0.2.1' };
    expect((await api('POST', `/plugins/${p.id}/view`, undefined, visitor)).json()).toEqual({
      viewCount: 1,
      counted: true,
    });
    expect((await api('POST', `/plugins/${p.id}/view`, undefined, visitor)).json()).toEqual({
      viewCount: 1,
      counted: false,
    });
    expect((await api('POST', `/plugins/${p.id}/view`, undefined, { 'x-forwarded-for': '192.0.2.2' })).json()).toEqual({
      viewCount: 2,
      counted: true,
    });
    expect((await api('POST', `/plugins/${p.id}/view`, undefined, owner.auth)).json()).toEqual({
      viewCount: 3,
      counted: true,
    });
    expect((await api('POST', `/plugins/${p.id}/view`, undefined, owner.auth)).json().counted).toBe(false);
    await t.ctx.db.execute(
      sql`update plugin_view_marks set counted_at = now() - interval '25 hours' where plugin_id = ${p.id}`,
    );
    expect((await api('POST', `/plugins/${p.id}/view`, undefined, visitor)).json()).toEqual({
      viewCount: 4,
      counted: true,
    });
  });

  it('counts downloads once per 10 seconds, by POST and by GET of the version link', async () => {
    const owner = await signedInMember(t);
    const p = await publishedPlugin(t, owner, { name: 'Downloaded' });
    const first = (
      await api('POST', `/plugins/${p.id}/download`, undefined, { 'x-forwarded-for': '192.0.2.3' })
    ).json();
    expect(first).toEqual({
      downloadCount: 1,
      counted: true,
      downloadUrl: expect.stringMatching(/^\/api\/files\/signed\?key=plugins%2F/),
    });
    expect(
      (await api('POST', `/plugins/${p.id}/download`, undefined, { 'x-forwarded-for': '192.0.2.3' })).json().counted,
    ).toBe(false);
    const link = await t.app.inject({
      method: 'GET',
      url: p.downloadUrl!,
      headers: { 'x-forwarded-for': '192.0.2.4' },
    });
    expect(link.statusCode).toBe(302);
    expect(link.headers.location).toMatch(/^\/api\/files\/signed\?key=plugins%2F/);
    const zip = await t.app.inject({ method: 'GET', url: String(link.headers.location) });
    expect(zip.statusCode).toBe(200);
    expect(zip.rawPayload).toEqual((await t.app.inject({ method: 'GET', url: first.downloadUrl })).rawPayload);
    await t.app.inject({ method: 'GET', url: p.downloadUrl!, headers: { 'x-forwarded-for': '192.0.2.4' } });
    expect((await get(`/plugins/${p.id}`)).json().downloadCount).toBe(2);
    await t.ctx.db.execute(
      sql`update plugin_download_marks set counted_at = now() - interval '11 seconds' where plugin_id = ${p.id}`,
    );
    expect(
      (await api('POST', `/plugins/${p.id}/download`, undefined, { 'x-forwarded-for': '192.0.2.3' })).json(),
    ).toMatchObject({
      downloadCount: 3,
      counted: true,
    });
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/plugins/${p.id}/versions/999999/download` })).statusCode,
    ).toBe(404);
    const draft = await createPlugin(t, owner, { name: 'Nothing To Download' });
    const none = await api('POST', `/plugins/${draft.id}/download`, undefined, owner.auth);
    expect(none.statusCode).toBe(404);
    expect(none.json().message).toBe(M.noVersion);
  });

  it('prunes marks older than their window', async () => {
    const owner = await signedInMember(t);
    const p = await publishedPlugin(t, owner, { name: 'Pruned Marks' });
    await api('POST', `/plugins/${p.id}/view`, undefined, { 'x-forwarded-for': '192.0.2.5' });
    await api('POST', `/plugins/${p.id}/download`, undefined, { 'x-forwarded-for': '192.0.2.5' });
    await t.ctx.db.execute(
      sql`update plugin_view_marks set counted_at = now() - interval '25 hours' where plugin_id = ${p.id}`,
    );
    await new PluginEngagement(t.ctx).pruneMarks();
    const left = async (table: string) =>
      Number(
        (
          (await t.ctx.db.execute(
            sql`select count(*)::int as n from ${sql.identifier(table)} where plugin_id = ${p.id}`,
          )) as unknown as { rows: Array<{ n: number }> }
        ).rows[0]!.n,
      );
    expect(await left('plugin_view_marks')).toBe(0);
    expect(await left('plugin_download_marks')).toBe(1);
  });
});

describe('the BakkesMod in-game plugin manager', () => {
  it('answers the update check in its exact shape and serves the plugins/ + data/ ZIP', async () => {
    const owner = await signedInMember(t);
    const a = await publishedPlugin(t, owner, { name: 'Manager One' });
    const b = await publishedPlugin(t, owner, { name: 'Manager Two' });
    const draft = await createPlugin(t, owner, { name: 'Manager Draft' });
    const res = await get(`/v1/plugins/get/short?pluginids=${a.id},${b.id},${draft.id},99999999`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      response: {
        plugins: {
          [String(a.id)]: {
            version: a.versionId,
            download_url: `http://localhost:3000/api/plugins/${a.id}/versions/${a.versionId}/download`,
            sha256: expect.stringMatching(/^[0-9a-f]{64}$/),
            // What it needs installed first (issue 29, docs/dependencies.md): a key the game ignores.
            requires: [],
          },
          [String(b.id)]: {
            version: b.versionId,
            download_url: `http://localhost:3000/api/plugins/${b.id}/versions/${b.versionId}/download`,
            sha256: expect.stringMatching(/^[0-9a-f]{64}$/),
            // What it needs installed first (issue 29, docs/dependencies.md): a key the game ignores.
            requires: [],
          },
        },
      },
    });
    expect((await get('/v1/plugins/get/short')).json()).toEqual({ success: true, response: { plugins: {} } });

    const dl = await t.app.inject({
      method: 'GET',
      url: new URL(res.json().response.plugins[String(a.id)].download_url).pathname,
    });
    const zip = await t.app.inject({ method: 'GET', url: dl.headers.location as string });
    expect(zip.statusCode).toBe(200);
    const names = await zipEntries(zip.rawPayload);
    expect(names).toContain('plugins/ManagerOne.dll');
    expect(names.every((n) => n.startsWith('plugins/') || n.startsWith('data/'))).toBe(true);
    expect(names.some((n) => n.startsWith('data/'))).toBe(true);

    // A newer approved version has a higher number, so the manager updates.
    const [next] = await t.ctx.db
      .insert(submissions)
      .values({
        pluginId: a.id,
        sourceKey: 'x',
        sourceName: 'x.zip',
        sourceSize: 1,
        status: 'a',
        binaryKey: 'y',
        approvedAt: new Date(),
      })
      .returning();
    pluginsChanged(t.ctx, a.id); // as every writer does after its commit: the kept answer goes
    expect((await get(`/v1/plugins/get/short?pluginids=${a.id}`)).json().response.plugins[String(a.id)].version).toBe(
      next!.id,
    );
    expect(next!.id).toBeGreaterThan(a.versionId);
    await t.ctx.db.update(plugins).set({ isActive: false }).where(eq(plugins.id, b.id));
    pluginsChanged(t.ctx, b.id);
    expect((await get(`/v1/plugins/get/short?pluginids=${b.id}`)).json().response.plugins).toEqual({});
  });
});

describe('with a builder configured (BUILD_WEBHOOK_URL)', () => {
  let b: TestApp;
  beforeAll(async () => {
    b = await startTestApp({
      env: { BUILD_WEBHOOK_URL: 'http://builder.invalid/build', BUILD_WEBHOOK_SECRET: 'a-test-secret-of-length' },
    });
  });
  afterAll(() => b.close());

  const upload = async (auth: Headers, id: number) => {
    const { payload, headers } = multipart(await demoSourceZip('Queued'), 'queued.zip');
    return b.app.inject({
      method: 'POST',
      url: `/api/plugins/${id}/files/source`,
      headers: { ...auth, ...headers },
      payload,
    });
  };

  it('queues a submission for the build (q), unless the plugin skips the build server (p)', async () => {
    const owner = await signedInMember(b);
    const admin = await signedInMember(b, ['administrator']);
    const p = await createPlugin(b, owner, { name: 'Queued Build' });

    const queued = await upload(owner.auth, p.id);
    expect(queued.statusCode, queued.body).toBe(201);
    expect(queued.json<{ submission: Submission }>().submission).toMatchObject({ status: 'q', queuePosition: null });
    expect(await jobsFor(b, queued.json<{ submission: Submission }>().submission.submissionId)).toEqual([
      'build-dispatch',
    ]);
    expect(queued.json<{ plugin: Plugin }>().plugin.needsApproval).toBe(true);

    const skip = await b.app.inject({
      method: 'PATCH',
      url: `/api/admin/plugins/${p.id}/skip-build-server`,
      headers: admin.auth,
      payload: { skipBuildServer: true },
    });
    expect(skip.statusCode, skip.body).toBe(200);
    const direct = await upload(owner.auth, p.id);
    expect(direct.json<{ submission: Submission }>().submission.status).toBe('p');
    expect(await jobsFor(b, direct.json<{ submission: Submission }>().submission.submissionId)).toEqual([]);
  });
});
