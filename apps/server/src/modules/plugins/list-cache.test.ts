import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { PluginPage } from '@bm/core';
import { plugins } from '../../db/schema.js';
import { signedInMember, startTestApp, type TestApp } from '../../../test/harness.js';
import { ListCache } from './list-cache.js';
import { pluginListsChanged } from './service.js';
import { publishedPlugin } from './test-helpers.js';

const sized = { maxSize: 100, size: () => 1 };

/** A load that answers when told to, counting its calls. */
function controlledLoad() {
  let calls = 0;
  const pending: Array<(v: { n: number }) => void> = [];
  return {
    load: () => {
      calls += 1;
      return new Promise<{ n: number }>((resolve) => pending.push(resolve));
    },
    answer: (n: number) => pending.shift()!({ n }),
    get calls() {
      return calls;
    },
  };
}

describe('ListCache', () => {
  it('shares one load among concurrent callers and keeps its answer', async () => {
    const cache = new ListCache<{ n: number }>(60_000, sized);
    const c = controlledLoad();
    const first = cache.get('k', c.load);
    const second = cache.get('k', c.load);
    c.answer(1);
    expect(await first).toEqual({ n: 1 });
    expect(await second).toEqual({ n: 1 });
    expect(await cache.get('k', c.load)).toEqual({ n: 1 });
    expect(c.calls).toBe(1);
  });

  it('never serves an answer loaded before invalidate(), yet still gives it to its callers', async () => {
    const cache = new ListCache<{ n: number }>(60_000, sized);
    const c = controlledLoad();
    const before = cache.get('k', c.load);
    cache.invalidate();
    c.answer(1);
    expect(await before).toEqual({ n: 1 });
    const after = cache.get('k', c.load);
    c.answer(2);
    expect(await after).toEqual({ n: 2 });
    expect(c.calls).toBe(2);
  });

  it('keeps no failed load, and loads every time when turned off (ttl 0)', async () => {
    const cache = new ListCache<{ n: number }>(60_000, sized);
    await expect(cache.get('k', () => Promise.reject(new Error('database gone')))).rejects.toThrow('database gone');
    expect(await cache.get('k', async () => ({ n: 3 }))).toEqual({ n: 3 });

    const off = new ListCache<{ n: number }>(0, sized);
    let calls = 0;
    const load = async () => ({ n: ++calls });
    await off.get('k', load);
    expect(await off.get('k', load)).toEqual({ n: 2 });
  });

  it('lets entries expire after their time', async () => {
    const cache = new ListCache<{ n: number }>(30, sized);
    let calls = 0;
    const load = async () => ({ n: ++calls });
    await cache.get('k', load);
    await new Promise((r) => setTimeout(r, 60));
    expect(await cache.get('k', load)).toEqual({ n: 2 });
  });
});

describe('kept plugin list pages', () => {
  let t: TestApp;
  let owner: Awaited<ReturnType<typeof signedInMember>>;
  let rater: Awaited<ReturnType<typeof signedInMember>>;
  let id: number;

  beforeAll(async () => {
    t = await startTestApp();
    owner = await signedInMember(t);
    rater = await signedInMember(t);
    id = (await publishedPlugin(t, owner, { name: 'Quasar Replay Tools', shortDescription: 'Replay helpers' })).id;
  });
  afterAll(() => t.close());

  const search = async (headers: Record<string, string> = {}) => {
    const res = await t.app.inject({ method: 'GET', url: '/api/plugins?search=quasar', headers });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<PluginPage>();
  };

  it('serves a page again without the database until something changes it', async () => {
    expect((await search()).items.map((p) => p.name)).toEqual(['Quasar Replay Tools']);
    // Written behind the service's back: the kept page is still served...
    await t.ctx.db.update(plugins).set({ name: 'Quasar Replay Suite' }).where(eq(plugins.id, id));
    expect((await search()).items[0]!.name).toBe('Quasar Replay Tools');
    // ...until the writer says so.
    pluginListsChanged(t.ctx);
    expect((await search()).items[0]!.name).toBe('Quasar Replay Suite');
  });

  it('shows a change made through the API at once, and each member their own stars', async () => {
    expect((await search()).items[0]).toMatchObject({ averageRating: 0, ratingCount: 0, myStars: null });
    const rated = await t.app.inject({ method: 'POST', url: `/api/plugins/${id}/rating`, headers: rater.auth, payload: { stars: 4 } });
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
