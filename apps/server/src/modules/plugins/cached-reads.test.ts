import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { type Plugin, type PluginPage } from '@bm/core';
import { plugins } from '../../db/schema.js';
import { signedInMember, startTestApp, type TestApp, type Member } from '../../../test/harness.js';
import { pluginsChanged } from './caches.js';
import { publishedPlugin } from './test-support.js';

type Headers = Record<string, string>;

describe('kept plugin list pages', () => {
  let t: TestApp;
  let owner: Member;
  let rater: Member;
  let id: number;

  beforeAll(async () => {
    t = await startTestApp();
    owner = await signedInMember(t);
    rater = await signedInMember(t);
    id = (await publishedPlugin(t, owner, { name: 'Quasar Replay Tools', shortDescription: 'Replay helpers' })).id;
  });
  afterAll(() => t.close());

  const search = async (headers: Headers = {}) => {
    const res = await t.app.inject({ method: 'GET', url: '/api/plugins?search=quasar', headers });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<PluginPage>();
  };

  it('serves a page again without the database until something changes it', async () => {
    expect((await search()).items.map((p) => p.name)).toEqual(['Quasar Replay Tools']);
    // A search is kept from its second asking (most are asked once).
    expect((await search()).items.map((p) => p.name)).toEqual(['Quasar Replay Tools']);
    // Written behind the service's back: the kept page is still served...
    await t.ctx.db.update(plugins).set({ name: 'Quasar Replay Suite' }).where(eq(plugins.id, id));
    expect((await search()).items[0]!.name).toBe('Quasar Replay Tools');
    // ...until the writer says so.
    pluginsChanged(t.ctx, id);
    expect((await search()).items[0]!.name).toBe('Quasar Replay Suite');
  });

  it('shows a change made through the API at once, and each member their own stars', async () => {
    expect((await search()).items[0]).toMatchObject({ averageRating: 0, ratingCount: 0, myStars: null });
    const rated = await t.app.inject({
      method: 'POST',
      url: `/api/plugins/${id}/rating`,
      headers: rater.auth,
      payload: { stars: 4 },
    });
    expect(rated.statusCode, rated.body).toBe(200);

    expect((await search()).items[0]).toMatchObject({ averageRating: 4, ratingCount: 1, myStars: null });
    expect((await search(rater.auth)).items[0]).toMatchObject({ averageRating: 4, myStars: 4 });
    expect((await search(owner.auth)).items[0]).toMatchObject({ averageRating: 4, myStars: null });

    const hidden = await t.app.inject({
      method: 'PUT',
      url: `/api/plugins/${id}/visibility`,
      headers: owner.auth,
      payload: { isPubliclyVisible: false, isListed: true },
    });
    expect(hidden.statusCode, hidden.body).toBe(200);
    expect((await search()).totalCount).toBe(0);
  });
});

describe('counters on kept plugins', () => {
  let t: TestApp;
  let owner: Member;

  beforeAll(async () => {
    t = await startTestApp({ env: { LIST_CACHE_SECONDS: '0.3' } });
    owner = await signedInMember(t);
  });
  afterAll(() => t.close());

  it('show a counted view or download on the plugin at once, and in the lists once their pages expire', async () => {
    const p = await publishedPlugin(t, owner, { name: 'Counted Plugin', shortDescription: 'Viewed and downloaded' });
    const get = async () => (await t.app.inject({ method: 'GET', url: `/api/plugins/${p.id}` })).json<Plugin>();
    const listed = async () =>
      (await t.app.inject({ method: 'GET', url: '/api/plugins?search=counted' })).json<PluginPage>().items[0]!;
    const before = await get();
    expect(await listed()).toMatchObject({ viewCount: before.viewCount, downloadCount: before.downloadCount });
    const visitor = { 'user-agent': 'counter test' };
    const viewed = await t.app.inject({ method: 'POST', url: `/api/plugins/${p.id}/view`, headers: visitor });
    expect(viewed.json()).toMatchObject({ viewCount: before.viewCount + 1, counted: true });
    expect(await get()).toMatchObject({ viewCount: before.viewCount + 1 });
    // Counted once per visitor and window: a second view changes nothing.
    expect(
      (await t.app.inject({ method: 'POST', url: `/api/plugins/${p.id}/view`, headers: visitor })).json(),
    ).toMatchObject({ counted: false });
    const downloaded = await t.app.inject({ method: 'POST', url: `/api/plugins/${p.id}/download`, headers: visitor });
    expect(downloaded.json()).toMatchObject({ downloadCount: before.downloadCount + 1, counted: true });
    expect(await get()).toMatchObject({ viewCount: before.viewCount + 1, downloadCount: before.downloadCount + 1 });
    await new Promise((r) => setTimeout(r, 400));
    expect(await listed()).toMatchObject({ viewCount: before.viewCount + 1, downloadCount: before.downloadCount + 1 });
  });
});
