import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { PluginPage } from '@bm/core';
import { members, pluginTags, plugins, tags } from '../../db/schema.js';
import { corrections, deletions, editDistance, typoBudget } from './search-words.js';
import { matchSyncOf, pluginsChanged } from './caches.js';
import { queryRows } from './presenter.js';
import { PLUGINS, QUERIES, startRelevanceApp, type RelevanceApp } from './relevance-fixture.js';

// The relevance set and its app are in relevance-fixture.ts; each part below runs on both engines.

function relevanceSet(env: RelevanceApp) {
  describe('search relevance set', () => {
    it('has at least 40 queries of every kind over the fixture', () => {
      expect(QUERIES.length).toBeGreaterThanOrEqual(40);
      const kinds = new Set(QUERIES.map((q) => q[2].split(' ')[0]));
      for (const kind of ['delete', 'insert', 'substitute', 'swap', 'two', 'prefix', 'several', 'author', 'tag'])
        expect(kinds).toContain(kind);
      for (const [, expected] of QUERIES) expect(env.byName.has(expected), expected).toBe(true);
    });

    it.each(QUERIES)('"%s" finds %s in the top 3 (%s)', async (query, expected) => {
      const found = await env.top(query);
      expect(found.slice(0, 3), `"${query}" answered ${JSON.stringify(found.slice(0, 5))}`).toContain(expected);
    });
  });
}

function typoBudgetTests(env: RelevanceApp) {
  describe('typo budget', () => {
    it('allows no edit below 5 letters, one from 5, two from 9, and none in numbers or overlong words', () => {
      expect([
        typoBudget('boos'),
        typoBudget('boost'),
        typoBudget('trainers'),
        typoBudget('visualize'),
        typoBudget('123456789'),
      ]).toEqual([0, 1, 1, 2, 0]);
      // Vocabulary words have at most 24 letters: a longer search word is looked up as typed.
      expect([typoBudget('a'.repeat(26)), typoBudget('a'.repeat(27))]).toEqual([2, 0]);
    });

    it('counts an insert, a delete, a substitution and a swap as one edit each', () => {
      expect(editDistance('trainer', 'trainner', 2)).toBe(1);
      expect(editDistance('trainer', 'triner', 2)).toBe(1);
      expect(editDistance('trainer', 'trainor', 2)).toBe(1);
      expect(editDistance('trainer', 'trianer', 2)).toBe(1);
      expect(editDistance('leaderboard', 'leadrbaord', 2)).toBe(2);
      expect(editDistance('boost', 'roast', 1)).toBe(2);
      expect(editDistance('ab', 'abcdef', 2)).toBe(3);
    });

    it('keeps corrections within the budget, closest first', () => {
      expect(deletions('boost', 1).sort()).toEqual(['boos', 'boost', 'boot', 'bost', 'oost']);
      expect(corrections('boost', ['boot', 'boost', 'roast', 'boosts', 'bost'])).toEqual(['boosts', 'boot', 'bost']);
      expect(corrections('boos', ['boost', 'boot'])).toEqual([]);
    });

    it('does not stretch a short word: one letter off a 4-letter word finds nothing new', async () => {
      expect(await env.top('dashh')).toEqual([]);
      expect(await env.top('ranx')).toEqual([]);
    });

    it('does not give a 5-letter word two edits, nor an 8-letter word', async () => {
      expect(await env.top('biist')).toEqual([]);
      expect(await env.top('wavedahs')).toContain('Wavedash Trainer'); // a swap: one edit
      expect(await env.top('wvaedahs')).toEqual([]); // two swaps in 8 letters
    });
  });
}

function ranking(env: RelevanceApp) {
  describe('ranking', () => {
    it('ranks a word in the name over the short description, the description and the author', async () => {
      const db = env.t.ctx.db;
      const [author] = await db
        .insert(members)
        .values({ username: 'Quokkaplex', email: 'quokkaplex@example.com', passwordHash: 'x' })
        .returning({ id: members.id });
      const [other] = await db
        .insert(members)
        .values({ username: 'Plainauthor', email: 'plainauthor@example.com', passwordHash: 'x' })
        .returning({ id: members.id });
      await db.insert(plugins).values([
        {
          memberId: author!.id,
          name: 'By Author Only',
          shortDescription: 'nothing',
          description: 'nothing',
          publishedOnce: true,
          downloadCount: 900,
        },
        {
          memberId: other!.id,
          name: 'In Description',
          shortDescription: 'nothing',
          description: 'Works with quokkaplex too',
          publishedOnce: true,
          downloadCount: 800,
        },
        {
          memberId: other!.id,
          name: 'In Short',
          shortDescription: 'A quokkaplex helper',
          description: 'nothing',
          publishedOnce: true,
          downloadCount: 700,
        },
        {
          memberId: other!.id,
          name: 'Quokkaplex Tools',
          shortDescription: 'nothing',
          description: 'nothing',
          publishedOnce: true,
          downloadCount: 1,
        },
      ]);
      const expected = ['Quokkaplex Tools', 'In Short', 'In Description', 'By Author Only'];
      expect(await env.top('quokkaplex')).toEqual(expected);
      // The same order when misspelt, and the exact spelling is what it found.
      expect(await env.top('qoukkaplex')).toEqual(expected);
    });

    it('puts the exact name first, and the name holding every word before longer ones', async () => {
      expect((await env.top('camera settings sync'))[0]).toBe('Camera Settings Sync');
      expect((await env.top('trainer')).slice(0, 2)).toEqual(['Aerial Trainer', 'Dribble Trainer']);
    });
  });
}

function tagCounts(env: RelevanceApp) {
  describe('tag counts for the current search', () => {
    it('count every match of the search (typos included) per tag, most first', async () => {
      const page = await env.search('trainr', '&pageSize=100');
      const expected = new Map<number, number>();
      for (const p of page.items) for (const tag of p.tags) expected.set(tag.id, (expected.get(tag.id) ?? 0) + 1);
      expect(page.items.length).toBe(page.totalCount);
      expect(page.totalCount).toBeGreaterThan(5);
      expect(page.tagCounts).not.toBeNull();
      expect(new Map((page.tagCounts ?? []).map((c) => [c.tagId, c.count]))).toEqual(expected);
      const counts = (page.tagCounts ?? []).map((c) => c.count);
      expect(counts).toEqual([...counts].sort((a, b) => b - a));
    });

    it('count all matches, not only the page, and follow the tag and source filters', async () => {
      const [training] = await env.t.ctx.db.select().from(tags).where(eq(tags.shortName, 'training'));
      const all = await env.search('trainer', '&pageSize=100');
      const firstPage = await env.search('trainer', '&pageSize=2');
      expect(firstPage.items).toHaveLength(2);
      expect(firstPage.tagCounts).toEqual(all.tagCounts);
      const pastTheEnd = await env.search('trainer', '&pageSize=2&page=50');
      expect(pastTheEnd).toMatchObject({ items: [], totalCount: all.totalCount, tagCounts: all.tagCounts });
      const tagged = await env.search('trainer', '&tags=freestyle');
      expect(tagged.totalCount).toBe(2);
      expect(tagged.tagCounts).toContainEqual({ tagId: training!.id, count: 2 });
      expect(await env.search('zzzzzzzzz')).toMatchObject({ totalCount: 0, tagCounts: [] });
    });

    it('are null for a list without search, and empty for a search with an unknown tag', async () => {
      const res = await env.t.app.inject({ method: 'GET', url: '/api/plugins?tags=custommaps' });
      expect(res.json<PluginPage>()).toMatchObject({ totalCount: 2, tagCounts: null });
      expect(await env.search('trainer', '&tags=nosuchtag')).toMatchObject({ totalCount: 0, tagCounts: [] });
    });
  });
}

function indexAgreement(env: RelevanceApp, engine: 'memory' | 'sql') {
  it(`matches ${engine === 'memory' ? 'in the index, which holds every listed plugin' : 'in SQL alone'}`, async () => {
    await env.top('aerial');
    const sync = matchSyncOf(env.t.ctx);
    if (engine === 'sql') expect(sync).toBeNull();
    else {
      const [listed] = await queryRows<{ n: number }>(env.t.ctx.db, sql`select count(*)::int as n from plugin_search`);
      expect((await sync!.current(0))?.pluginIds().sort()).toHaveLength(listed!.n);
      expect(listed!.n).toBeGreaterThanOrEqual(PLUGINS.length);
    }
  });

  it.each(engine === 'memory' ? QUERIES : [])('"%s": the index answers exactly what SQL answers', async (query) => {
    const url = `/api/plugins?search=${encodeURIComponent(query)}&pageSize=50`;
    const answer = async () => {
      pluginsChanged(env.t.ctx); // not a kept page
      const res = await env.t.app.inject({ method: 'GET', url });
      const page = res.json<PluginPage>();
      return { ids: page.items.map((p) => p.id), totalCount: page.totalCount, tagCounts: page.tagCounts };
    };
    const fromIndex = await answer();
    const config = env.t.ctx.config as { searchIndex: 'memory' | 'sql' };
    config.searchIndex = 'sql';
    try {
      expect(await answer()).toEqual(fromIndex);
    } finally {
      config.searchIndex = 'memory';
    }
  });
}

function vocabulary(env: RelevanceApp) {
  describe('the vocabulary follows the catalogue', () => {
    it('learns a renamed plugin, a renamed author and a renamed tag', async () => {
      const db = env.t.ctx.db;
      await db
        .update(plugins)
        .set({ name: 'Nitrograph Overlay' })
        .where(eq(plugins.id, env.byName.get('Session Stats')!));
      expect((await env.top('nitrogrpah'))[0]).toBe('Nitrograph Overlay');
      expect(await env.top('nitrogr')).toEqual(['Nitrograph Overlay']);
      expect(await env.top('session stats')).not.toContain('Nitrograph Overlay');
      await db.update(members).set({ username: 'Zanzibarro' }).where(eq(members.username, 'Marblehead'));
      expect(await env.top('zanzibaro heatmap')).toEqual(['Heatmap Generator']);
      await db.update(tags).set({ longName: 'Quarterback drills' }).where(eq(tags.shortName, 'utility'));
      expect(await env.top('quaterback')).toEqual(
        expect.arrayContaining(['Auto Queue', 'Quick Chat Mute', 'Deja Vu Player Tracker']),
      );
      expect(await env.top('quarterb')).toEqual(
        expect.arrayContaining(['Auto Queue', 'Quick Chat Mute', 'Deja Vu Player Tracker']),
      );
      await db.delete(pluginTags).where(eq(pluginTags.pluginId, env.byName.get('Auto Queue')!));
      expect(await env.top('quarterback')).not.toContain('Auto Queue');
      // Unlisted, a plugin leaves the search; listed again, it is back.
      await db
        .update(plugins)
        .set({ isListed: false })
        .where(eq(plugins.id, env.byName.get('Auto Queue')!));
      expect(await env.top('auto queue')).not.toContain('Auto Queue');
      await db
        .update(plugins)
        .set({ isListed: true })
        .where(eq(plugins.id, env.byName.get('Auto Queue')!));
      // (another query: the list cache still holds the first, and these writes bypass the service)
      expect((await env.top('auto queu'))[0]).toBe('Auto Queue');
    });
  });
}

describe.each(['memory', 'sql'] as const)('%s search', (engine) => {
  const env = {} as RelevanceApp;
  beforeAll(async () => {
    Object.assign(env, await startRelevanceApp(engine));
  });
  afterAll(() => env.t.close());

  relevanceSet(env);
  typoBudgetTests(env);
  ranking(env);
  tagCounts(env);
  indexAgreement(env, engine);
  vocabulary(env);
});
