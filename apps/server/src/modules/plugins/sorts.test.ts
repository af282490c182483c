import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { PLUGIN_MESSAGES as M, RATING_PRIOR_WEIGHT, type PluginPage } from '@bm/core';
import { pluginDailyCounts, plugins } from '../../db/schema.js';
import { signedInMember, startTestApp, type TestApp } from '../../../test/harness.js';
import { pluginsChanged } from './caches.js';
import { addTag, publishedPlugin } from './test-support.js';

/** Five listed plugins with known ratings, downloads and daily download counts (docs/search.md). */
let t: TestApp;
let tagged: number;

beforeAll(async () => {
  t = await startTestApp();
  const owner = await signedInMember(t);
  tagged = (await addTag(t, 'sorting')).id;
  // name: [rating sum, rating count, all-time downloads, [days ago, downloads]..., tagged]
  const seed: Record<string, [number, number, number, Array<[number, number]>, boolean]> = {
    'Sorted One Vote': [5, 1, 0, [[0, 3]], true],
    'Sorted Many Good': [90, 20, 500, [[10, 400]], false],
    'Sorted Many Middling': [
      30,
      10,
      5,
      [
        [2, 10],
        [6, 1],
      ],
      true,
    ],
    'Sorted Unrated': [0, 0, 1, [[7, 50]], true],
    'Other Unrated': [0, 0, 2, [], false],
  };
  for (const [name, [ratingSum, ratingCount, downloadCount, days, withTag]] of Object.entries(seed)) {
    const p = await publishedPlugin(
      t,
      owner,
      { name, shortDescription: 'Sorting fixture', description: '' },
      {
        tagIds: withTag ? [tagged] : [],
      },
    );
    await t.ctx.db.update(plugins).set({ ratingSum, ratingCount, downloadCount }).where(eq(plugins.id, p.id));
    for (const [ago, downloads] of days)
      await t.ctx.db
        .insert(pluginDailyCounts)
        .values({ pluginId: p.id, day: sql`(now() at time zone 'utc')::date - ${ago}::int`, downloads });
  }
  pluginsChanged(t.ctx);
});
afterAll(() => t.close());

const names = async (query: string) => {
  const res = await t.app.inject({ method: 'GET', url: `/api/plugins?${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<PluginPage>().items.map((p) => p.name);
};

describe('plugin sorts', () => {
  it('orders by the Bayesian mean of the stars: few votes sit near the site average', async () => {
    // m = 125 / 31 stars; (C m + sum) / (C + n) with C = 5: Many Good 4.41, One Vote 4.19,
    // the unrated ones at m (4.03, the newer first), Many Middling 3.34.
    expect(RATING_PRIOR_WEIGHT).toBe(5);
    const byRating = ['Sorted Many Good', 'Sorted One Vote', 'Other Unrated', 'Sorted Unrated', 'Sorted Many Middling'];
    expect(await names('sort=rating')).toEqual(byRating);
    expect(await names('sortBy=rating&sortDir=asc')).toEqual([...byRating].reverse());
    // Search text (matched in SQL under a sort) and filters keep the order among what they keep.
    expect(await names('sort=rating&search=sorted')).toEqual(byRating.filter((n) => n.startsWith('Sorted')));
    expect(await names('sort=rating&tags=sorting')).toEqual([
      'Sorted One Vote',
      'Sorted Unrated',
      'Sorted Many Middling',
    ]);
    expect(await names('sort=rating&pageSize=2&page=2')).toEqual(byRating.slice(2, 4));
  });

  it('orders by the downloads of the last 7 days, then all-time downloads', async () => {
    // Middling 11 (2 and 6 days ago), One Vote 3 (today); 10 and 7 days ago do not count.
    const byTrend = ['Sorted Many Middling', 'Sorted One Vote', 'Sorted Many Good', 'Other Unrated', 'Sorted Unrated'];
    expect(await names('sort=trending')).toEqual(byTrend);
    expect(await names('sort=trending&pageSize=2&page=2')).toEqual(byTrend.slice(2, 4));
    expect(await names('sortBy=trending&sortDir=asc')).toEqual([...byTrend].reverse());
    expect(await names('sort=trending&search=unrated')).toEqual(['Other Unrated', 'Sorted Unrated']);
    expect(await names('sort=trending&tags=sorting&search=sorted')).toEqual([
      'Sorted Many Middling',
      'Sorted One Vote',
      'Sorted Unrated',
    ]);
  });

  it('refuses a sort it does not know, by either name', async () => {
    for (const q of ['sort=stars', 'sortBy=stars']) {
      const res = await t.app.inject({ method: 'GET', url: `/api/plugins?${q}` });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(M.invalidSortBy);
    }
  });
});
