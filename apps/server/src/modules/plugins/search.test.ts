import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { type CreatePluginRequest, PLUGIN_MESSAGES as M, type PluginPage } from '@bm/core';
import { plugins } from '../../db/schema.js';
import { signedInMember, startTestApp, type TestApp, type Member } from '../../../test/harness.js';
import { tagFilterPlan } from './search.js';
import { PREFIX_WORDS_MAX, searchTsQuery, searchWords } from './search-words.js';
import { addTag, createPlugin, publishedPlugin } from './test-support.js';

let t: TestApp;
let owner: Member;
const ids: Record<string, number> = {};
let tagA: number;
let tagB: number;

beforeAll(async () => {
  t = await startTestApp();
  owner = await signedInMember(t);
  tagA = (await addTag(t, 'alpha', 'Alpha')).id;
  tagB = (await addTag(t, 'beta', 'Beta')).id;
  const make = async (
    name: string,
    body: Omit<CreatePluginRequest, 'name'>,
    extra: Parameters<typeof publishedPlugin>[3] = {},
  ) => {
    ids[name] = (await publishedPlugin(t, owner, { name, ...body }, extra)).id;
  };
  await make(
    'Rocket Plugin',
    { shortDescription: 'Game modes', sourceCodeUrl: 'https://github.com/x/rocket' },
    { downloadCount: 50, tagIds: [tagA, tagB] },
  );
  await make(
    'Rocket Plugin Extras',
    { shortDescription: 'More rocket things' },
    { downloadCount: 9000, tagIds: [tagA] },
  );
  await make('Boost Gauge', { shortDescription: 'A rocket shaped boost meter' }, { downloadCount: 10, tagIds: [tagB] });
  await make('Kickoff Trainer', { description: 'Practise rocket kickoffs' }, { downloadCount: 500 });
  await make(
    'Zorblax Overlay',
    { shortDescription: 'Overlay widgets', sourceCodeUrl: 'https://github.com/x/zorblax' },
    { downloadCount: 1 },
  );
  // Neither of these may appear in lists or search.
  const hidden = await publishedPlugin(t, owner, { name: 'Rocket Hidden' });
  await t.app.inject({
    method: 'PUT',
    url: `/api/plugins/${hidden.id}/visibility`,
    headers: owner.auth,
    payload: { isPubliclyVisible: false, isListed: true },
  });
  const unlisted = await publishedPlugin(t, owner, { name: 'Rocket Unlisted' });
  await t.app.inject({
    method: 'PUT',
    url: `/api/plugins/${unlisted.id}/visibility`,
    headers: owner.auth,
    payload: { isPubliclyVisible: true, isListed: false },
  });
  const inactive = await publishedPlugin(t, owner, { name: 'Rocket Inactive' });
  await t.ctx.db.update(plugins).set({ isActive: false }).where(eq(plugins.id, inactive.id));
  await createPlugin(t, owner, { name: 'Rocket Draft' });
});
afterAll(() => t.close());

const list = async (query: string) => {
  const res = await t.app.inject({ method: 'GET', url: `/api/plugins?${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<PluginPage>();
};
const names = async (query: string) => (await list(query)).items.map((p) => p.name);

describe('tag filter plan', () => {
  it('probes tags along the sort index when matches are common, collects them first when rare', () => {
    expect(tagFilterPlan(8000, 100_000, 16)).toBe('probe');
    expect(tagFilterPlan(10, 100_000, 16)).toBe('collect');
    expect(tagFilterPlan(0, 100_000, 16)).toBe('collect');
  });
});

describe('search terms', () => {
  it('keeps only letters and digits and makes the last word a prefix', () => {
    expect(searchWords(" Rocket's  plug-in & | !:* ")).toEqual(['rocket', 's', 'plug', 'in']);
    expect(searchTsQuery(['rocket', 'plu'])).toBe('rocket & plu:*');
    expect(searchTsQuery(['rocket', 'plugn'], [['rockets'], ['plugin']])).toBe(
      '(rocket | rockets) & (plugn:* | plugin)',
    );
    // The words the last one begins stand for the prefix; with none and no correction nothing matches.
    expect(searchTsQuery(['rocket', 'plu'], [], ['plug', 'plugin'])).toBe('rocket & (plug | plugin)');
    expect(searchTsQuery(['rocket', 'plugn'], [[], ['plugin']], [])).toBe('rocket & plugin');
    expect(searchTsQuery(['rocket', 'zzz'], [], [])).toBeNull();
    // Kept to some parts of the document.
    expect(searchTsQuery(['rocket', 'plu'], [['rockets']], null, 'AB')).toBe('(rocket:AB | rockets:AB) & plu:*AB');
    expect(searchWords('!!!')).toEqual([]);
  });
});

describe('plugin list', () => {
  it('shows only listed, visible, active, published plugins, by downloads by default', async () => {
    expect(await names('')).toEqual([
      'Rocket Plugin Extras',
      'Kickoff Trainer',
      'Rocket Plugin',
      'Boost Gauge',
      'Zorblax Overlay',
    ]);
    const page = await list('pageSize=2&page=2');
    expect(page).toMatchObject({ page: 2, pageSize: 2, totalCount: 5, totalPages: 3 });
    expect(page.items.map((p) => p.name)).toEqual(['Rocket Plugin', 'Boost Gauge']);
    expect((await list('pageSize=1000')).pageSize).toBe(100);
    expect((await list('')).pageSize).toBe(16);
  });

  it('sorts by name, downloads, release and updated in both directions', async () => {
    expect(await names('sortBy=name')).toEqual([
      'Boost Gauge',
      'Kickoff Trainer',
      'Rocket Plugin',
      'Rocket Plugin Extras',
      'Zorblax Overlay',
    ]);
    expect(await names('sortBy=name&sortDir=desc')).toEqual([
      'Zorblax Overlay',
      'Rocket Plugin Extras',
      'Rocket Plugin',
      'Kickoff Trainer',
      'Boost Gauge',
    ]);
    expect(await names('sortBy=downloads&sortDir=asc')).toEqual([
      'Zorblax Overlay',
      'Boost Gauge',
      'Rocket Plugin',
      'Kickoff Trainer',
      'Rocket Plugin Extras',
    ]);
    expect((await names('sortBy=release'))[0]).toBe('Zorblax Overlay');
    expect((await names('sortBy=release&sortDir=asc'))[0]).toBe('Rocket Plugin');
    await t.app.inject({
      method: 'PUT',
      url: `/api/plugins/${ids['Boost Gauge']}/update`,
      headers: owner.auth,
      payload: { description: 'new' },
    });
    expect((await names('sortBy=updated'))[0]).toBe('Boost Gauge');
    const bad = await t.app.inject({ method: 'GET', url: '/api/plugins?sortBy=stars' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(M.invalidSortBy);
  });

  it('filters by tags (all of them; names or ids, repeated or comma-separated) and by source code', async () => {
    expect(await names('tags=alpha')).toEqual(['Rocket Plugin Extras', 'Rocket Plugin']);
    expect(await names('tags=alpha,beta')).toEqual(['Rocket Plugin']);
    expect(await names(`tags=${tagB}&tags=ALPHA`)).toEqual(['Rocket Plugin']);
    expect(await names('tags=alpha&tags=nosuchtag')).toEqual([]);
    // Far pages collect the tagged plugins first instead of walking the sort index.
    expect(tagFilterPlan(2, 5, 2000 * 16)).toBe('collect');
    expect(await list('tags=alpha&page=2000')).toMatchObject({ items: [], totalCount: 2, totalPages: 1 });
    expect((await list('tags=alpha,beta&pageSize=1&page=1')).items.map((p) => p.name)).toEqual(['Rocket Plugin']);
    expect(await names('hasSource=with')).toEqual(['Rocket Plugin', 'Zorblax Overlay']);
    expect(await names('hasSource=without&tags=alpha')).toEqual(['Rocket Plugin Extras']);
    expect(await names('hasSource=any')).toHaveLength(5);
  });
});

describe('search relevance', () => {
  it('puts the exact name first, then name matches over text matches', async () => {
    const found = await names('search=rocket%20plugin');
    expect(found[0]).toBe('Rocket Plugin');
    expect(found[1]).toBe('Rocket Plugin Extras');
    const rocket = await names('search=rocket');
    expect(rocket.slice(0, 2).sort()).toEqual(['Rocket Plugin', 'Rocket Plugin Extras']);
    expect(rocket).toContain('Boost Gauge'); // short description
    expect(rocket).toContain('Kickoff Trainer'); // description
    expect(rocket.indexOf('Boost Gauge')).toBeLessThan(rocket.indexOf('Kickoff Trainer'));
    expect(rocket.some((n) => /Hidden|Unlisted|Inactive|Draft/.test(n))).toBe(false);
  });

  it('finds a plugin with one typo', async () => {
    expect((await names('search=rocket%20plugn'))[0]).toBe('Rocket Plugin');
    expect((await names('search=zorblux'))[0]).toBe('Zorblax Overlay');
  });

  it('matches the last word as a prefix while typing', async () => {
    expect(await names('search=zor')).toEqual(['Zorblax Overlay']);
    expect(await names('search=kickoff%20tra')).toEqual(['Kickoff Trainer']);
    // A prefix beginning more words than are looked up is searched as a prefix.
    const words = Array.from(
      { length: PREFIX_WORDS_MAX + 3 },
      (_, i) => `quux${String.fromCharCode(97 + (i % 26))}${i}`,
    );
    const many = await publishedPlugin(t, owner, { name: 'Quux Many', shortDescription: words.join(' ') });
    expect(await names('search=quu')).toEqual(['Quux Many']);
    expect(await names(`search=${words.at(-1)!.slice(0, 6)}`)).toContain('Quux Many');
    await t.app.inject({ method: 'DELETE', url: `/api/plugins/${many.id}/delete`, headers: owner.auth });
    expect(await names('search=quu')).toEqual([]);
  });

  it('finds plugins by their author', async () => {
    expect(await names(`search=${owner.username}&sortBy=name`)).toEqual([
      'Boost Gauge',
      'Kickoff Trainer',
      'Rocket Plugin',
      'Rocket Plugin Extras',
      'Zorblax Overlay',
    ]);
  });

  it('combines search with tags, source filter, an explicit sort and pages', async () => {
    expect(await names('search=rocket&tags=beta')).toEqual(['Rocket Plugin', 'Boost Gauge']);
    expect(await names('search=rocket&hasSource=with')).toEqual(['Rocket Plugin']);
    expect(await names('search=rocket&sortBy=downloads')).toEqual([
      'Rocket Plugin Extras',
      'Kickoff Trainer',
      'Rocket Plugin',
      'Boost Gauge',
    ]);
    const page2 = await list('search=rocket&pageSize=3&page=2');
    expect(page2).toMatchObject({ totalCount: 4, totalPages: 2 });
    expect(page2.items).toHaveLength(1);
    expect(await list('search=rocket&pageSize=3&page=5')).toMatchObject({ items: [], totalCount: 4 });
    expect(await list('search=qqqqqqqq')).toMatchObject({ items: [], totalCount: 0, totalPages: 0 });
    expect((await list('search=%21%21%21')).totalCount).toBe(5);
  });
});
