import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { PluginPage } from '@bm/core';
import { members, pluginTags, plugins, tags } from '../../db/schema.js';
import { startTestApp, type TestApp } from '../../../test/harness.js';
import { corrections, deletions, editDistance, typoBudget } from './search.js';
import { addTag } from './test-helpers.js';
import { matchSyncOf, pluginsChanged } from './caches.js';
import { queryRows } from './presenter.js';

/**
 * The search's relevance set: a catalogue shaped like the real one (names, short descriptions,
 * descriptions, authors, tags), and what visitors type to find a plugin in it: typos of every
 * kind, prefixes while typing, several words, author and tag names. Each query must put the
 * expected plugin in the top 3 of GET /api/plugins.
 */

const AUTHORS = [
  'Kirbstomp',
  'Marblehead',
  'Quillfeather',
  'Sprocketeer',
  'Halcyonic',
  'Vortexan',
  'NimbusRay',
  'Tobbleworth',
];

const TAGS: Array<[string, string]> = [
  ['training', 'Training'],
  ['overlay', 'Overlay and HUD'],
  ['replays', 'Replays'],
  ['statistics', 'Statistics'],
  ['cosmetics', 'Cosmetics'],
  ['camera', 'Camera'],
  ['custommaps', 'Custom maps'],
  ['freestyle', 'Freestyle'],
  ['utility', 'Utility'],
  ['competitive', 'Competitive'],
  ['multiplayer', 'Multiplayer'],
];

interface Fixture {
  name: string;
  short: string;
  description: string;
  author: string;
  tags: string[];
  downloads: number;
}

const PLUGINS: Fixture[] = [
  {
    name: 'Aerial Trainer',
    short: 'Practise aerials with shots fired at the ceiling and the walls',
    description: 'Pick a height, a speed and a direction; every shot is scored.',
    author: 'Kirbstomp',
    tags: ['training'],
    downloads: 41000,
  },
  {
    name: 'Rocket Plugin',
    short: 'Custom game modes for private matches',
    description: 'Zombie mode, boost limits, ball size, gravity and more for hosts of private matches.',
    author: 'Halcyonic',
    tags: ['multiplayer'],
    downloads: 250000,
  },
  {
    name: 'Boost Meter',
    short: 'A bigger boost gauge with a percentage',
    description: 'Move and resize the gauge, pick colours per team.',
    author: 'Vortexan',
    tags: ['overlay'],
    downloads: 9000,
  },
  {
    name: 'Instant Replay',
    short: 'Save the last 30 seconds as a replay clip',
    description: 'Press a key after a great goal and the clip is saved to your replays folder.',
    author: 'NimbusRay',
    tags: ['replays'],
    downloads: 15000,
  },
  {
    name: 'Ingame Rank',
    short: 'Shows the rank and MMR of every player in the match',
    description: 'Ranks come from the tracker sites and refresh after each match.',
    author: 'Sprocketeer',
    tags: ['statistics', 'competitive'],
    downloads: 180000,
  },
  {
    name: 'Dribble Trainer',
    short: 'Keeps the ball on your roof while you practise dribbling',
    description: 'The ball resets when it falls off; a timer shows your best carry.',
    author: 'Kirbstomp',
    tags: ['training'],
    downloads: 12000,
  },
  {
    name: 'Speedflip Trainer',
    short: 'Times your speedflip kickoff and shows how to improve',
    description: 'Shows the angle, the timing of the cancel and the time to the ball.',
    author: 'Halcyonic',
    tags: ['training', 'competitive'],
    downloads: 60000,
  },
  {
    name: 'Custom Map Loader',
    short: 'Load workshop maps into freeplay',
    description: 'Pick any map folder; the map replaces the training field.',
    author: 'Tobbleworth',
    tags: ['custommaps'],
    downloads: 90000,
  },
  {
    name: 'Item Showcase',
    short: 'Try every car body, decal and wheel',
    description: 'Only you see the items; nothing is unlocked for others.',
    author: 'Vortexan',
    tags: ['cosmetics'],
    downloads: 30000,
  },
  {
    name: 'Camera Settings Sync',
    short: 'Copy the camera settings of pro players',
    description: 'A list of professional players and their field of view, distance, height and stiffness.',
    author: 'NimbusRay',
    tags: ['camera'],
    downloads: 22000,
  },
  {
    name: 'Goal Explosion Preview',
    short: 'Watch any goal explosion before you buy it',
    description: 'Plays the explosion in an empty arena.',
    author: 'Vortexan',
    tags: ['cosmetics'],
    downloads: 7000,
  },
  {
    name: 'Kickoff Practice',
    short: 'Random kickoff positions with a countdown',
    description: 'Practise against a bot that goes for the ball at once.',
    author: 'Sprocketeer',
    tags: ['training'],
    downloads: 26000,
  },
  {
    name: 'Freestyle Helper',
    short: 'Flip reset and ceiling shot practice in slow motion',
    description: 'Slows the game down and shows when your wheels touch the ball.',
    author: 'Quillfeather',
    tags: ['freestyle', 'training'],
    downloads: 14000,
  },
  {
    name: 'Session Stats',
    short: 'Wins, goals and saves of this session on screen',
    description: 'Resets when you restart the game.',
    author: 'Marblehead',
    tags: ['statistics', 'overlay'],
    downloads: 33000,
  },
  {
    name: 'Ball Prediction',
    short: 'Draws the path the ball will take',
    description: 'A line on the field for the next two seconds of the flight.',
    author: 'Tobbleworth',
    tags: ['training', 'overlay'],
    downloads: 19000,
  },
  {
    name: 'Input Display',
    short: 'Shows your controller inputs on screen',
    description: 'Sticks, buttons and triggers, for streams and coaching.',
    author: 'NimbusRay',
    tags: ['overlay'],
    downloads: 8000,
  },
  {
    name: 'Workshop Map Browser',
    short: 'Browse and download workshop maps in the game',
    description: 'Search the map catalogue and install with one click.',
    author: 'Tobbleworth',
    tags: ['custommaps'],
    downloads: 21000,
  },
  {
    name: 'Quick Chat Mute',
    short: 'Mutes quick chat spam from opponents',
    description: 'Keep team chat, drop what the other team says.',
    author: 'Halcyonic',
    tags: ['utility'],
    downloads: 17000,
  },
  {
    name: 'Replay Camera Tools',
    short: 'Dolly and path cameras for replay editing',
    description: 'Keyframes, smoothing and export of camera paths.',
    author: 'NimbusRay',
    tags: ['replays', 'camera'],
    downloads: 5000,
  },
  {
    name: 'Hitbox Visualizer',
    short: 'Shows the hitbox of every car',
    description: 'Outlines each car with the box the game uses for touches.',
    author: 'Sprocketeer',
    tags: ['training'],
    downloads: 11000,
  },
  {
    name: 'Wavedash Trainer',
    short: 'Land with a flip to keep your speed',
    description: 'Drops the car from a set height and grades your landing.',
    author: 'Kirbstomp',
    tags: ['training', 'freestyle'],
    downloads: 4000,
  },
  {
    name: 'Musty Flick Trainer',
    short: 'Sets up the ball for the backflip flick',
    description: 'Slow motion and a ghost car show the move.',
    author: 'Quillfeather',
    tags: ['training', 'freestyle'],
    downloads: 6000,
  },
  {
    name: 'Shot Accuracy Tracker',
    short: 'Counts shots on target per match',
    description: 'Shows a percentage for the match and the session.',
    author: 'Marblehead',
    tags: ['statistics'],
    downloads: 3000,
  },
  {
    name: 'Car Color Randomizer',
    short: 'A new paint for your car every match',
    description: 'Only you see the paint.',
    author: 'Vortexan',
    tags: ['cosmetics'],
    downloads: 2000,
  },
  {
    name: 'Leaderboard Overlay',
    short: 'Live scoreboard for tournaments',
    description: 'Names, goals, assists and saves of both teams for casters.',
    author: 'Sprocketeer',
    tags: ['overlay', 'competitive'],
    downloads: 9500,
  },
  {
    name: 'Auto Queue',
    short: 'Queue again automatically when a match ends',
    description: 'Skips the results screen and starts the next search.',
    author: 'Halcyonic',
    tags: ['utility'],
    downloads: 70000,
  },
  {
    name: 'Rumble Items Trainer',
    short: 'Spike and grappling hook practice for Rumble',
    description: 'Gives you any rumble item on a key.',
    author: 'Quillfeather',
    tags: ['training', 'multiplayer'],
    downloads: 2500,
  },
  {
    name: 'Heatmap Generator',
    short: 'Pictures of where you drive during a match',
    description: 'Exports an image after each match.',
    author: 'Marblehead',
    tags: ['statistics'],
    downloads: 4500,
  },
  {
    name: 'Spectator Overlay',
    short: 'Boost bars and player cards for casters',
    description: 'Built for tournament streams.',
    author: 'NimbusRay',
    tags: ['overlay', 'competitive'],
    downloads: 8800,
  },
  {
    name: 'Pinch Shot Practice',
    short: 'Wall and corner pinches on repeat',
    description: 'The ball rolls into the corner at random speeds.',
    author: 'Kirbstomp',
    tags: ['training'],
    downloads: 1500,
  },
  {
    name: 'Deja Vu Player Tracker',
    short: 'Remembers the players you met before',
    description: 'Notes and a win record per player.',
    author: 'Marblehead',
    tags: ['statistics', 'utility'],
    downloads: 28000,
  },
  {
    name: 'Bakkes Dollycam',
    short: 'Cinematic camera moves for montage makers',
    description: 'Timeline editing inside replays.',
    author: 'Tobbleworth',
    tags: ['camera', 'replays'],
    downloads: 13000,
  },
];

/** [what a visitor types, the plugin it must find in the top 3, what kind of query it is]. */
const QUERIES: Array<[string, string, string]> = [
  // One letter deleted.
  ['dribble triner', 'Dribble Trainer', 'delete'],
  ['speedflp', 'Speedflip Trainer', 'delete'],
  ['hitbx visualizer', 'Hitbox Visualizer', 'delete'],
  ['replay camra tools', 'Replay Camera Tools', 'delete'],
  ['leaderbord', 'Leaderboard Overlay', 'delete'],
  // One letter inserted.
  ['boosst meter', 'Boost Meter', 'insert'],
  ['instantt replay', 'Instant Replay', 'insert'],
  ['heatmapp', 'Heatmap Generator', 'insert'],
  ['kickofff practice', 'Kickoff Practice', 'insert'],
  ['spectatorr', 'Spectator Overlay', 'insert'],
  // One letter substituted.
  ['aerual trainer', 'Aerial Trainer', 'substitute'],
  ['musty flack', 'Musty Flick Trainer', 'substitute'],
  ['wavedesh', 'Wavedash Trainer', 'substitute'],
  ['shot accuracu', 'Shot Accuracy Tracker', 'substitute'],
  ['goal explosoin', 'Goal Explosion Preview', 'swap'],
  // Two neighbours swapped.
  ['aerial trianer', 'Aerial Trainer', 'swap'],
  ['ball perdiction', 'Ball Prediction', 'swap'],
  ['freestlye helper', 'Freestyle Helper', 'swap'],
  ['randomzier', 'Car Color Randomizer', 'swap'],
  ['showcsae', 'Item Showcase', 'swap'],
  // Two edits in a long word (9 letters or more).
  ['hitbox visulaiser', 'Hitbox Visualizer', 'two edits'],
  ['leadrbaord', 'Leaderboard Overlay', 'two edits'],
  ['spectaytr overlay', 'Spectator Overlay', 'two edits'],
  ['heatmpa generater', 'Heatmap Generator', 'two edits'],
  // The last word while typing.
  ['aerial tr', 'Aerial Trainer', 'prefix'],
  ['speedf', 'Speedflip Trainer', 'prefix'],
  ['worksh', 'Workshop Map Browser', 'prefix'],
  ['insta', 'Instant Replay', 'prefix'],
  ['deja v', 'Deja Vu Player Tracker', 'prefix'],
  ['dolly', 'Bakkes Dollycam', 'prefix'],
  // Several words from the short description or the description.
  ['boost gauge percentage', 'Boost Meter', 'several words'],
  ['save last seconds clip', 'Instant Replay', 'several words'],
  ['mute chat spam', 'Quick Chat Mute', 'several words'],
  ['workshop maps freeplay', 'Custom Map Loader', 'several words'],
  ['rank mmr', 'Ingame Rank', 'several words'],
  ['flip reset ceiling', 'Freestyle Helper', 'several words'],
  ['queue automatically', 'Auto Queue', 'several words'],
  ['grappling hook', 'Rumble Items Trainer', 'several words'],
  // Author names, as typed, misspelt and cut short.
  ['marblehead heatmap', 'Heatmap Generator', 'author'],
  ['quilfeather musty', 'Musty Flick Trainer', 'author typo'],
  ['sprocketeer hitbox', 'Hitbox Visualizer', 'author'],
  ['tobblew', 'Custom Map Loader', 'author prefix'],
  // Tag names, short or long, and misspelt.
  ['replays', 'Instant Replay', 'tag'],
  ['utility', 'Auto Queue', 'tag'],
  ['custom maps', 'Custom Map Loader', 'tag'],
  ['competetive rank', 'Ingame Rank', 'tag typo'],
  ['cosmetics paint', 'Car Color Randomizer', 'tag and word'],
];

// Both ways a search matches (the match index and PostgreSQL's GIN indexes) answer the same set.
describe.each(['memory', 'sql'] as const)('%s search', (engine) => {
  let t: TestApp;
  const byName = new Map<string, number>();

  beforeAll(async () => {
    t = await startTestApp({ env: { SEARCH_INDEX: engine } });
    const db = t.ctx.db;
    const authorIds = new Map<string, number>();
    for (const username of AUTHORS) {
      const [m] = await db
        .insert(members)
        .values({ username, email: `${username.toLowerCase()}@example.com`, passwordHash: 'not-a-password-hash' })
        .returning({ id: members.id });
      authorIds.set(username, m!.id);
    }
    const tagIds = new Map<string, number>();
    for (const [short, long] of TAGS) tagIds.set(short, (await addTag(t, short, long)).id);
    const rows = await db
      .insert(plugins)
      .values(
        PLUGINS.map((p) => ({
          memberId: authorIds.get(p.author)!,
          name: p.name,
          shortDescription: p.short,
          description: p.description,
          publishedOnce: true,
          downloadCount: p.downloads,
        })),
      )
      .returning({ id: plugins.id, name: plugins.name });
    for (const r of rows) byName.set(r.name, r.id);
    await db
      .insert(pluginTags)
      .values(
        PLUGINS.flatMap((p) => p.tags.map((tag) => ({ pluginId: byName.get(p.name)!, tagId: tagIds.get(tag)! }))),
      );
    // The match index loads when the app is ready; its searches take in the rows above as they come.
    if (engine === 'memory') await matchSyncOf(t.ctx)!.start();
  });
  afterAll(() => t.close());

  const search = async (q: string, more = '') => {
    const res = await t.app.inject({ method: 'GET', url: `/api/plugins?search=${encodeURIComponent(q)}${more}` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<PluginPage>();
  };
  const top = async (q: string) => (await search(q)).items.map((p) => p.name);

  describe('search relevance set', () => {
    it('has at least 40 queries of every kind over the fixture', () => {
      expect(QUERIES.length).toBeGreaterThanOrEqual(40);
      const kinds = new Set(QUERIES.map((q) => q[2].split(' ')[0]));
      for (const kind of ['delete', 'insert', 'substitute', 'swap', 'two', 'prefix', 'several', 'author', 'tag'])
        expect(kinds).toContain(kind);
      for (const [, expected] of QUERIES) expect(byName.has(expected), expected).toBe(true);
    });

    it.each(QUERIES)('"%s" finds %s in the top 3 (%s)', async (query, expected) => {
      const found = await top(query);
      expect(found.slice(0, 3), `"${query}" answered ${JSON.stringify(found.slice(0, 5))}`).toContain(expected);
    });
  });

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
      expect(await top('dashh')).toEqual([]);
      expect(await top('ranx')).toEqual([]);
    });

    it('does not give a 5-letter word two edits, nor an 8-letter word', async () => {
      expect(await top('biist')).toEqual([]);
      expect(await top('wavedahs')).toContain('Wavedash Trainer'); // a swap: one edit
      expect(await top('wvaedahs')).toEqual([]); // two swaps in 8 letters
    });
  });

  describe('ranking', () => {
    it('ranks a word in the name over the short description, the description and the author', async () => {
      const db = t.ctx.db;
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
      expect(await top('quokkaplex')).toEqual(expected);
      // The same order when misspelt, and the exact spelling is what it found.
      expect(await top('qoukkaplex')).toEqual(expected);
    });

    it('puts the exact name first, and the name holding every word before longer ones', async () => {
      expect((await top('camera settings sync'))[0]).toBe('Camera Settings Sync');
      expect((await top('trainer')).slice(0, 2)).toEqual(['Aerial Trainer', 'Dribble Trainer']);
    });
  });

  describe('tag counts for the current search', () => {
    it('count every match of the search (typos included) per tag, most first', async () => {
      const page = await search('trainr', '&pageSize=100');
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
      const [training] = await t.ctx.db.select().from(tags).where(eq(tags.shortName, 'training'));
      const all = await search('trainer', '&pageSize=100');
      const firstPage = await search('trainer', '&pageSize=2');
      expect(firstPage.items).toHaveLength(2);
      expect(firstPage.tagCounts).toEqual(all.tagCounts);
      const pastTheEnd = await search('trainer', '&pageSize=2&page=50');
      expect(pastTheEnd).toMatchObject({ items: [], totalCount: all.totalCount, tagCounts: all.tagCounts });
      const tagged = await search('trainer', '&tags=freestyle');
      expect(tagged.totalCount).toBe(2);
      expect(tagged.tagCounts).toContainEqual({ tagId: training!.id, count: 2 });
      expect(await search('zzzzzzzzz')).toMatchObject({ totalCount: 0, tagCounts: [] });
    });

    it('are null for a list without search, and empty for a search with an unknown tag', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api/plugins?tags=custommaps' });
      expect(res.json<PluginPage>()).toMatchObject({ totalCount: 2, tagCounts: null });
      expect(await search('trainer', '&tags=nosuchtag')).toMatchObject({ totalCount: 0, tagCounts: [] });
    });
  });

  it(`matches ${engine === 'memory' ? 'in the index, which holds every listed plugin' : 'in SQL alone'}`, async () => {
    await top('aerial');
    const sync = matchSyncOf(t.ctx);
    if (engine === 'sql') expect(sync).toBeNull();
    else {
      const [listed] = await queryRows<{ n: number }>(t.ctx.db, sql`select count(*)::int as n from plugin_search`);
      expect((await sync!.current(0))?.pluginIds().sort()).toHaveLength(listed!.n);
      expect(listed!.n).toBeGreaterThanOrEqual(PLUGINS.length);
    }
  });

  it.each(engine === 'memory' ? QUERIES : [])('"%s": the index answers exactly what SQL answers', async (query) => {
    const url = `/api/plugins?search=${encodeURIComponent(query)}&pageSize=50`;
    const answer = async () => {
      pluginsChanged(t.ctx); // not a kept page
      const res = await t.app.inject({ method: 'GET', url });
      const page = res.json<PluginPage>();
      return { ids: page.items.map((p) => p.id), totalCount: page.totalCount, tagCounts: page.tagCounts };
    };
    const fromIndex = await answer();
    const config = t.ctx.config as { searchIndex: 'memory' | 'sql' };
    config.searchIndex = 'sql';
    try {
      expect(await answer()).toEqual(fromIndex);
    } finally {
      config.searchIndex = 'memory';
    }
  });

  describe('the vocabulary follows the catalogue', () => {
    it('learns a renamed plugin, a renamed author and a renamed tag', async () => {
      const db = t.ctx.db;
      await db
        .update(plugins)
        .set({ name: 'Nitrograph Overlay' })
        .where(eq(plugins.id, byName.get('Session Stats')!));
      expect((await top('nitrogrpah'))[0]).toBe('Nitrograph Overlay');
      expect(await top('nitrogr')).toEqual(['Nitrograph Overlay']);
      expect(await top('session stats')).not.toContain('Nitrograph Overlay');
      await db.update(members).set({ username: 'Zanzibarro' }).where(eq(members.username, 'Marblehead'));
      expect(await top('zanzibaro heatmap')).toEqual(['Heatmap Generator']);
      await db.update(tags).set({ longName: 'Quarterback drills' }).where(eq(tags.shortName, 'utility'));
      expect(await top('quaterback')).toEqual(
        expect.arrayContaining(['Auto Queue', 'Quick Chat Mute', 'Deja Vu Player Tracker']),
      );
      expect(await top('quarterb')).toEqual(
        expect.arrayContaining(['Auto Queue', 'Quick Chat Mute', 'Deja Vu Player Tracker']),
      );
      await db.delete(pluginTags).where(eq(pluginTags.pluginId, byName.get('Auto Queue')!));
      expect(await top('quarterback')).not.toContain('Auto Queue');
      // Unlisted, a plugin leaves the search; listed again, it is back.
      await db
        .update(plugins)
        .set({ isListed: false })
        .where(eq(plugins.id, byName.get('Auto Queue')!));
      expect(await top('auto queue')).not.toContain('Auto Queue');
      await db
        .update(plugins)
        .set({ isListed: true })
        .where(eq(plugins.id, byName.get('Auto Queue')!));
      // (another query: the list cache still holds the first, and these writes bypass the service)
      expect((await top('auto queu'))[0]).toBe('Auto Queue');
    });
  });
});
