import { members, pluginTags, plugins } from '../../db/schema.js';
import { startTestApp, type TestApp } from '../../../test/harness.js';
import type { PluginPage } from '@bm/core';
import { expect } from 'vitest';
import { matchSyncOf } from './caches.js';
import { addTag } from './test-support.js';

/**
 * The search's relevance set: a catalogue shaped like the real one (names, short descriptions,
 * descriptions, authors, tags), and what visitors type to find a plugin in it: typos of every
 * kind, prefixes while typing, several words, author and tag names. Each query must put the
 * expected plugin in the top 3 of GET /api/plugins.
 */

export const AUTHORS = [
  'Kirbstomp',
  'Marblehead',
  'Quillfeather',
  'Sprocketeer',
  'Halcyonic',
  'Vortexan',
  'NimbusRay',
  'Tobbleworth',
];

export const TAGS: Array<[string, string]> = [
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

export interface Fixture {
  name: string;
  short: string;
  description: string;
  author: string;
  tags: string[];
  downloads: number;
}

export const PLUGINS: Fixture[] = [
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
export const QUERIES: Array<[string, string, string]> = [
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

/** A test app holding the relevance set, searched by `engine`, with the searches the tests make. */
export interface RelevanceApp {
  t: TestApp;
  byName: Map<string, number>;
  search(q: string, more?: string): Promise<PluginPage>;
  top(q: string): Promise<string[]>;
}

export async function startRelevanceApp(engine: 'memory' | 'sql'): Promise<RelevanceApp> {
  const byName = new Map<string, number>();
  const t = await startTestApp({ env: { SEARCH_INDEX: engine } });
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
    .values(PLUGINS.flatMap((p) => p.tags.map((tag) => ({ pluginId: byName.get(p.name)!, tagId: tagIds.get(tag)! }))));
  // The match index loads when the app is ready; its searches take in the rows above as they come.
  if (engine === 'memory') await matchSyncOf(t.ctx)!.start();
  const search = async (q: string, more = '') => {
    const res = await t.app.inject({ method: 'GET', url: `/api/plugins?search=${encodeURIComponent(q)}${more}` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<PluginPage>();
  };
  const top = async (q: string) => (await search(q)).items.map((p) => p.name);
  return { t, byName, search, top };
}
