import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { PLUGIN_SEARCH_HITS_MAX as K, type PluginPage } from '@bm/core';
import { members, pluginTags, plugins } from '../../db/schema.js';
import { startTestApp, type TestApp } from '../../../test/harness.js';
import { addTag } from './test-support.js';

/**
 * A search ranks, pages and counts at most PLUGIN_SEARCH_HITS_MAX matches: past that the total
 * says 'at least' (totalCapped) and the pages reach the best K. 'Capstone N' names match by name,
 * 'Other N' plugins only by their short description.
 */
const NAMED = K + 5;
const OTHERS = 30;

let t: TestApp;
let tagId: number;

beforeAll(async () => {
  t = await startTestApp();
  const db = t.ctx.db;
  const [m] = await db
    .insert(members)
    .values({ username: 'Capper', email: 'capper@example.com', passwordHash: 'not-a-password-hash' })
    .returning({ id: members.id });
  tagId = (await addTag(t, 'capped', 'Capped')).id;
  const rows = await db
    .insert(plugins)
    .values([
      ...Array.from({ length: NAMED }, (_, i) => ({
        memberId: m!.id,
        name: `Capstone ${i + 1}`,
        shortDescription: 'A plugin',
        publishedOnce: true,
        downloadCount: i + 1,
      })),
      ...Array.from({ length: OTHERS }, (_, i) => ({
        memberId: m!.id,
        name: `Other ${i + 1}`,
        shortDescription: 'Works with keystone',
        publishedOnce: true,
        downloadCount: i + 1,
      })),
    ])
    .returning({ id: plugins.id });
  await db.insert(pluginTags).values(rows.map((r) => ({ pluginId: r.id, tagId })));
}, 60_000);
afterAll(() => t.close());

const search = async (query: string) => {
  const res = await t.app.inject({ method: 'GET', url: `/api/plugins?${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<PluginPage>();
};

describe('a search with more matches than it ranks', () => {
  it(`says at least ${K}, with the pages that reach them`, async () => {
    const first = await search('search=capstone');
    expect(first).toMatchObject({ totalCount: K, totalCapped: true, totalPages: Math.ceil(K / 16) });
    // Shorter names first, then the most downloaded.
    expect(first.items.map((p) => p.name).slice(0, 3)).toEqual(['Capstone 9', 'Capstone 8', 'Capstone 7']);
    expect(first.items.map((p) => p.name).slice(9, 11)).toEqual(['Capstone 99', 'Capstone 98']);
    const last = await search(`search=capstone&page=${Math.ceil(K / 16)}`);
    expect(last.items).toHaveLength(K - (Math.ceil(K / 16) - 1) * 16);
    expect(await search(`search=capstone&page=${Math.ceil(K / 16) + 1}`)).toMatchObject({
      items: [],
      totalCount: K,
      totalCapped: true,
    });
  });

  it('counts tags over the matches it shows', async () => {
    const page = await search('search=capstone');
    expect(page.tagCounts).toEqual([{ tagId, count: K }]);
  });

  it('sorts the best matches by an explicit sort', async () => {
    const page = await search('search=capstone&sortBy=downloads');
    expect(page).toMatchObject({ totalCount: K, totalCapped: true });
    const downloads = page.items.map((p) => p.downloadCount);
    expect(downloads).toEqual([...downloads].sort((a, b) => b - a));
    // The best K are the 999 names of up to 12 letters and the most downloaded of 13: the other
    // 13-letter names (Capstone 1000 to 1004) are past them and never shown.
    expect(page.items.map((p) => p.name).slice(0, 2)).toEqual([`Capstone ${NAMED}`, `Capstone ${NAMED - 6}`]);
  });

  it('is exact below the cap, name matches first and the others ranked after them', async () => {
    const keystone = await search('search=keystone&pageSize=100');
    expect(keystone).toMatchObject({ totalCount: OTHERS, totalCapped: false, tagCounts: [{ tagId, count: OTHERS }] });
    expect(keystone.items.map((p) => p.name).slice(0, 2)).toEqual([`Other ${OTHERS}`, `Other ${OTHERS - 1}`]);
    const plain = await search('pageSize=1');
    expect(plain).toMatchObject({ totalCount: NAMED + OTHERS, totalCapped: false, tagCounts: null });
  });

  it('ranks by the downloads as they are now', async () => {
    await t.ctx.db.update(plugins).set({ downloadCount: 100_000 }).where(eq(plugins.name, 'Other 1'));
    // (another query than above: these writes bypass the service, whose list cache still holds those)
    expect((await search('search=keystone&pageSize=2')).items.map((p) => p.name)).toEqual([
      'Other 1',
      `Other ${OTHERS}`,
    ]);
    await t.ctx.db.update(plugins).set({ isActive: false }).where(eq(plugins.name, 'Other 1'));
    expect(await search('search=keystone&pageSize=3')).toMatchObject({ totalCount: OTHERS - 1 });
  });
});
