import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Plugin } from '@bm/core';
import { plugins } from '../../db/schema.js';
import { signedInMember, startTestApp, type TestApp } from '../../../test/harness.js';
import { createPlugin, publishedPlugin } from './test-support.js';
import { pluginsChanged } from './caches.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

type Headers = Record<string, string>;
const api = (method: 'GET' | 'PUT' | 'PATCH', url: string, payload?: unknown, headers: Headers = {}) =>
  t.app.inject({ method, url: `/api${url}`, payload: payload as object, headers });
const featuredNames = async (headers: Headers = {}) => {
  const res = await api('GET', '/plugins/featured', undefined, headers);
  expect(res.statusCode).toBe(200);
  return res.json<{ items: Plugin[] }>().items.map((p) => p.name);
};
/** Downloads and a rating average (as stored sums) set directly, as after many visitors. */
const setCounts = (id: number, downloadCount: number, ratingSum: number, ratingCount: number) =>
  t.ctx.db.update(plugins).set({ downloadCount, ratingSum, ratingCount }).where(eq(plugins.id, id));

describe('featured plugins', () => {
  it('shows administrator picks first, then the best rated among the most downloaded; only listed public plugins', async () => {
    const owner = await signedInMember(t);
    const admin = await signedInMember(t, ['administrator']);
    const member = await signedInMember(t);
    const made: Record<string, Plugin> = {};
    for (const name of ['Alpha', 'Bravo', 'Charlie', 'Delta', 'Echo'])
      made[name] = await publishedPlugin(t, owner, { name, shortDescription: `${name} plugin` });
    const hidden = await publishedPlugin(t, owner, { name: 'Hidden One' });
    const unlisted = await publishedPlugin(t, owner, { name: 'Unlisted One' });
    const unpublished = await createPlugin(t, owner, { name: 'Draft One' });
    expect(
      (await api('PUT', `/plugins/${hidden.id}/visibility`, { isPubliclyVisible: false, isListed: false }, owner.auth))
        .statusCode,
    ).toBe(200);
    expect(
      (await api('PUT', `/plugins/${unlisted.id}/visibility`, { isPubliclyVisible: true, isListed: false }, owner.auth))
        .statusCode,
    ).toBe(200);
    await setCounts(made.Alpha!.id, 100, 30, 10); // 3.0
    await setCounts(made.Bravo!.id, 90, 50, 10); // 5.0
    await setCounts(made.Charlie!.id, 80, 40, 10); // 4.0
    await setCounts(made.Delta!.id, 70, 45, 10); // 4.5
    await setCounts(made.Echo!.id, 60, 10, 10); // 1.0
    await setCounts(hidden.id, 5000, 50, 10);
    await setCounts(unlisted.id, 5000, 50, 10);
    await setCounts(unpublished.id, 5000, 50, 10);
    pluginsChanged(t.ctx);

    expect(await featuredNames()).toEqual(['Bravo', 'Delta', 'Charlie', 'Alpha']);

    // The items are the list's items: same shape as GET /plugins.
    const res = await api('GET', '/plugins/featured');
    const list = await api('GET', '/plugins?pageSize=50');
    const fromList = list.json<{ items: Plugin[] }>().items.find((p) => p.name === 'Bravo');
    expect(res.json<{ items: Plugin[] }>().items[0]).toEqual(fromList);

    // Only administrators flag: 401 for visitors, 403 for members, 404 for unknown plugins, 400 for a bad body.
    expect((await api('PATCH', `/admin/plugins/${made.Echo!.id}/featured`, { isFeatured: true })).statusCode).toBe(401);
    expect(
      (await api('PATCH', `/admin/plugins/${made.Echo!.id}/featured`, { isFeatured: true }, owner.auth)).statusCode,
    ).toBe(403);
    expect(
      (await api('PATCH', `/admin/plugins/${made.Echo!.id}/featured`, { isFeatured: true }, member.auth)).statusCode,
    ).toBe(403);
    expect((await api('PATCH', `/admin/plugins/999999/featured`, { isFeatured: true }, admin.auth)).statusCode).toBe(
      404,
    );
    expect(
      (await api('PATCH', `/admin/plugins/${made.Echo!.id}/featured`, { isFeatured: 'yes' }, admin.auth)).statusCode,
    ).toBe(400);
    expect((await api('GET', `/plugins/${made.Echo!.id}`)).json<Plugin>().isFeatured).toBe(false);

    const flagged = await api('PATCH', `/admin/plugins/${made.Echo!.id}/featured`, { isFeatured: true }, admin.auth);
    expect(flagged.statusCode).toBe(200);
    expect(flagged.json()).toEqual({ isFeatured: true });
    expect((await api('GET', `/plugins/${made.Echo!.id}`)).json<Plugin>().isFeatured).toBe(true);
    // The kept answer is dropped at once: the pick leads, the rest fill up.
    expect(await featuredNames()).toEqual(['Echo', 'Bravo', 'Delta', 'Charlie']);

    // A flagged plugin the public cannot see stays out.
    for (const p of [hidden, unlisted, unpublished]) {
      expect((await api('PATCH', `/admin/plugins/${p.id}/featured`, { isFeatured: true }, admin.auth)).statusCode).toBe(
        200,
      );
    }
    expect(await featuredNames(member.auth)).toEqual(['Echo', 'Bravo', 'Delta', 'Charlie']);

    // Several picks: the most downloaded pick first.
    await api('PATCH', `/admin/plugins/${made.Alpha!.id}/featured`, { isFeatured: true }, admin.auth);
    expect(await featuredNames()).toEqual(['Alpha', 'Echo', 'Bravo', 'Delta']);

    await api('PATCH', `/admin/plugins/${made.Echo!.id}/featured`, { isFeatured: false }, admin.auth);
    await api('PATCH', `/admin/plugins/${made.Alpha!.id}/featured`, { isFeatured: false }, admin.auth);
    expect(await featuredNames()).toEqual(['Bravo', 'Delta', 'Charlie', 'Alpha']);
  });

  it('adds the signed-in member’s own stars to the kept answer', async () => {
    const owner = await signedInMember(t);
    const rater = await signedInMember(t);
    const p = await publishedPlugin(t, owner, { name: 'Starred Pick' });
    const admin = await signedInMember(t, ['administrator']);
    await api('PATCH', `/admin/plugins/${p.id}/featured`, { isFeatured: true }, admin.auth);
    const rated = await t.app.inject({
      method: 'POST',
      url: `/api/plugins/${p.id}/rating`,
      payload: { stars: 4 },
      headers: rater.auth,
    });
    expect(rated.statusCode).toBe(200);
    const mine = (await api('GET', '/plugins/featured', undefined, rater.auth))
      .json<{ items: Plugin[] }>()
      .items.find((i) => i.id === p.id);
    expect(mine?.myStars).toBe(4);
    const anonymous = (await api('GET', '/plugins/featured'))
      .json<{ items: Plugin[] }>()
      .items.find((i) => i.id === p.id);
    expect(anonymous?.myStars).toBeNull();
  });
});
