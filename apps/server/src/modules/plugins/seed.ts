import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import {
  commentVotes,
  pluginComments,
  pluginRatings,
  plugins,
  pluginTags,
  submissions,
  tags,
} from '../../db/schema.js';
import type { FileStorage } from '../../platform/storage.js';
import { demoDll } from './demo-dll.js';
import { inspectBinaryZip } from './inspections.js';
import { hashBinaryZip, makeZip } from './zip.js';

/** The DLL's name for a plugin name: letters and digits only ("Rocket Plugin" -> RocketPlugin). */
export const dllNameOf = (name: string) => name.replace(/[^A-Za-z0-9]+/g, '') || 'Plugin';

/** A built plugin as the in-game manager installs it: plugins/<name>.dll plus its data/ folder. */
export function demoBinaryZip(dllName: string, versionString: string) {
  return makeZip([
    { name: `plugins/${dllName}.dll`, data: demoDll(`${dllName} ${versionString} (demo build)`) },
    {
      name: `data/${dllName.toLowerCase()}/readme.txt`,
      data: `${dllName} ${versionString}\nDemo data shipped with the plugin.\n`,
    },
  ]);
}

/** A plugin's source as a developer uploads it: a Visual Studio solution and its project. */
export function demoSourceZip(dllName: string) {
  return makeZip([
    {
      name: `${dllName}/${dllName}.sln`,
      data: `Microsoft Visual Studio Solution File, Format Version 12.00\n# ${dllName}\n`,
    },
    {
      name: `${dllName}/${dllName}/${dllName}.cpp`,
      data: `#include "${dllName}.h"\nBAKKESMOD_PLUGIN(${dllName}, "${dllName}", "1.0", 0)\n`,
    },
    { name: `${dllName}/${dllName}/${dllName}.h`, data: `#pragma once\nclass ${dllName} {};\n` },
  ]);
}

const newKey = (pluginId: number, kind: string) => `plugins/${pluginId}/${kind}-${randomBytes(12).toString('hex')}.zip`;

/**
 * Records an approved version with its source, binary and debug ZIPs, and marks the plugin
 * published: what a moderator's approval leaves behind. Returns the stored keys so a caller whose
 * transaction fails can remove them.
 */
export async function storeApprovedVersion(
  db: Db,
  storage: FileStorage,
  input: { pluginId: number; pluginName: string; versionString: string; approvedAt?: Date; binary?: Buffer },
): Promise<{ submissionId: number; keys: string[] }> {
  const dll = dllNameOf(input.pluginName);
  const sourceKey = newKey(input.pluginId, 'source');
  const binaryKey = newKey(input.pluginId, 'binary');
  const debugKey = newKey(input.pluginId, 'pdb');
  const keys: string[] = [];
  const put = async (key: string, data: Buffer) => {
    keys.push(key);
    await storage.put(key, data);
  };
  const source = await demoSourceZip(dll);
  try {
    await put(sourceKey, source);
    const binary = input.binary ?? (await demoBinaryZip(dll, input.versionString));
    await put(binaryKey, binary);
    await put(debugKey, await makeZip([{ name: `${dll}.pdb`, data: Buffer.from(`${dll} debug symbols`) }]));
    const approvedAt = input.approvedAt ?? new Date();
    const [row] = await db
      .insert(submissions)
      .values({
        pluginId: input.pluginId,
        sourceKey,
        sourceName: `${dll}-source.zip`,
        sourceSize: source.length,
        versionString: input.versionString,
        status: 'a',
        binaryKey,
        ...(await hashBinaryZip(binary)),
        binaryInspection: await inspectBinaryZip(binary),
        debugKey,
        createdAt: new Date(approvedAt.getTime() - 3600_000),
        updatedAt: approvedAt,
        approvedAt,
      })
      .returning({ id: submissions.id });
    await db.update(plugins).set({ publishedOnce: true, needsApproval: false }).where(eq(plugins.id, input.pluginId));
    return { submissionId: row!.id, keys };
  } catch (e) {
    for (const key of keys) await storage.delete(key).catch(() => undefined);
    throw e;
  }
}

export const DEMO_TAGS = [
  { shortName: 'training', longName: 'Training', helpText: 'Drills and trainers to practise mechanics' },
  { shortName: 'freeplay', longName: 'Freeplay', helpText: 'Changes to freeplay mode' },
  { shortName: 'hud', longName: 'HUD & Overlays', helpText: 'On-screen displays and overlays' },
  { shortName: 'camera', longName: 'Camera', helpText: 'Camera settings and views' },
  { shortName: 'stats', longName: 'Stats', helpText: 'Match and session statistics' },
  { shortName: 'replays', longName: 'Replays', helpText: 'Recording and viewing replays' },
  { shortName: 'cosmetics', longName: 'Cosmetics', helpText: 'Looks of cars, balls and arenas (client side)' },
  { shortName: 'utility', longName: 'Utility', helpText: 'Quality-of-life tools' },
  { shortName: 'mechanics', longName: 'Mechanics', helpText: 'Help with specific mechanics' },
  { shortName: 'workshop', longName: 'Workshop Maps', helpText: 'Loading and managing custom maps' },
  { shortName: 'bots', longName: 'Bots', helpText: 'Bot behaviour and difficulty' },
  { shortName: 'chat', longName: 'Chat', helpText: 'Chat and quick chat' },
] as const;

type DemoTag = (typeof DEMO_TAGS)[number]['shortName'];

const DEMO_PLUGINS: Array<[name: string, short: string, tags: DemoTag[]]> = [
  ['Rocket Plugin', 'Game modes and tweaks for private matches', ['utility', 'freeplay']],
  ['Boost Meter Plus', 'A bigger, clearer boost meter with custom colours', ['hud']],
  ['Aerial Trainer', 'Rings and targets that teach aerial control', ['training', 'mechanics']],
  ['Ball Prediction', 'Draws where the ball is going next', ['training', 'hud']],
  ['Speedflip Trainer', 'Times your speedflip inputs and shows what to fix', ['training', 'mechanics']],
  ['Workshop Map Loader', 'Browse and load workshop maps from the game', ['workshop', 'utility']],
  ['Custom Training Loader', 'Load training packs by code, with favourites', ['training', 'utility']],
  ['Instant Replay Saver', 'Saves the last goal replay with one key', ['replays']],
  ['Camera Settings Sync', 'Keeps camera settings the same on every PC', ['camera', 'utility']],
  ['Goal Speed Display', 'Shows the speed of every goal', ['hud', 'stats']],
  ['Session Stats', 'Wins, losses and streaks of the current session', ['stats', 'hud']],
  ['Ranked Viewer', 'See the ranks of everyone in the lobby', ['stats']],
  ['Car Hitbox Viewer', 'Draws the hitbox of every car', ['training', 'hud']],
  ['Dribble Practice', 'Keeps the ball on your roof in freeplay', ['training', 'freeplay']],
  ['Flip Reset Helper', 'Shows when all four wheels touched the ball', ['mechanics', 'training']],
  ['Wall Read Trainer', 'Random wall bounces to read and hit', ['training']],
  ['Kickoff Practice', 'Practise kickoffs against a bot that varies its timing', ['training', 'bots']],
  ['Recovery Trainer', 'Throws your car around; land on your wheels', ['training', 'mechanics']],
  ['Shot Accuracy Tracker', 'Tracks how many of your shots hit the net', ['stats']],
  ['Rumble Item Trainer', 'Practise rumble items in freeplay', ['training', 'freeplay']],
  ['Freeplay Tweaks', 'Unlimited boost, ball speed and gravity sliders', ['freeplay']],
  ['Slow Motion Freeplay', 'Game speed control for freeplay', ['freeplay', 'training']],
  ['Ball Texture Swap', 'Client-side ball textures', ['cosmetics']],
  ['Cosmetic Preview', 'Try items on your car before you trade', ['cosmetics']],
  ['Overlay Toolkit', 'Build your own overlays from widgets', ['hud']],
  ['Input Display', 'Shows your controller inputs on screen', ['hud', 'training']],
  ['Boost Pad Timer', 'Timers for big boost pads', ['hud']],
  ['Demo Counter', 'Counts demolitions per match', ['stats']],
  ['Clip Recorder', 'Keeps the last 30 seconds for clips', ['replays']],
  ['Match Summary', 'A summary card after every match', ['stats']],
  ['MMR Tracker', 'Follows your MMR over time', ['stats']],
  ['Bot Difficulty Tuner', 'Fine-grained control over bot skill', ['bots']],
  ['Rewind Freeplay', 'Rewind time in freeplay to retry a touch', ['freeplay', 'training']],
  ['Air Roll Visualiser', 'Shows your car orientation in the air', ['mechanics', 'hud']],
  ['Ceiling Shot Trainer', 'Sets up ceiling shots again and again', ['training', 'mechanics']],
  ['Musty Flick Trainer', 'Step by step musty flick practice', ['training', 'mechanics']],
  ['Wavedash Helper', 'Shows the timing of your wavedashes', ['mechanics']],
  ['Half Flip Coach', 'Feedback on half flip inputs', ['mechanics', 'training']],
  ['Team Color Changer', 'Pick your own team colours (client side)', ['cosmetics']],
  ['Stadium Lighting', 'Brighter or darker arenas', ['cosmetics', 'camera']],
  ['Map Rotation Tool', 'Rotate workshop maps in private matches', ['workshop']],
  ['Chat Filter', 'Hide chat messages by word', ['chat']],
  ['Quick Chat Macros', 'Your own quick chat lines', ['chat', 'utility']],
  ['Replay Camera Path', 'Smooth camera paths for replay editing', ['replays', 'camera']],
];

const COMMENTS = [
  'Works great, thanks for making this!',
  'Could you add an option to change the colours?',
  'This improved my training sessions a lot.',
  'Does it work with the latest game update?',
  'Simple and does exactly what it says.',
];

/** A small deterministic random source, so the demo looks the same on every machine. */
function prng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

/**
 * Demo catalogue: tags, published plugins (two pages and more) with real ZIPs in the layout the
 * in-game manager installs, a draft and a pending one, comments, votes and ratings. Removes the
 * files it stored when it fails.
 */
export async function seedDemoPlugins(
  db: Db,
  storage: FileStorage,
  memberIds: number[],
): Promise<{ plugins: number; tags: number }> {
  if (!memberIds.length) return { plugins: 0, tags: 0 };
  const rand = prng(42);
  const pick = <T>(list: readonly T[]) => list[Math.floor(rand() * list.length)]!;
  const stored: string[] = [];
  try {
    const tagRows = await db
      .insert(tags)
      .values([...DEMO_TAGS])
      .onConflictDoNothing()
      .returning({ id: tags.id, shortName: tags.shortName });
    const allTags = tagRows.length ? tagRows : await db.select({ id: tags.id, shortName: tags.shortName }).from(tags);
    const tagId = new Map(allTags.map((t) => [t.shortName, t.id]));
    const now = Date.now();
    let count = 0;

    for (const [i, [name, short, tagNames]] of DEMO_PLUGINS.entries()) {
      const memberId = memberIds[i % memberIds.length]!;
      const createdAt = new Date(now - Math.floor(rand() * 700 + 30) * 86400_000);
      const dll = dllNameOf(name);
      const [row] = await db
        .insert(plugins)
        .values({
          memberId,
          name,
          shortDescription: short,
          description: `## ${name}\n\n${short}.\n\n### Features\n\n- Works in freeplay, training and private matches\n- Settings in the F2 menu under **Plugins > ${name}**\n\n### How to use\n\nInstall it with the button above, then open the settings with \`F2\`.`,
          homepage: i % 3 === 0 ? `https://example.com/${dll.toLowerCase()}` : null,
          sourceCodeUrl: i % 2 === 0 ? `https://github.com/example/${dll}` : null,
          downloadCount: Math.floor(rand() ** 3 * 250_000),
          viewCount: 0,
          createdAt,
          updatedAt: createdAt,
          isPinned: i % 11 === 0,
        })
        .returning({ id: plugins.id });
      const id = row!.id;
      await db
        .update(plugins)
        .set({ viewCount: sql`${plugins.downloadCount} * 3 + 17` })
        .where(eq(plugins.id, id));
      await db.insert(pluginTags).values(tagNames.map((t) => ({ pluginId: id, tagId: tagId.get(t)! })));
      const versions = i % 4 === 0 ? ['1.0.0', '1.1.0'] : ['1.0.0'];
      let approvedAt = new Date(createdAt.getTime() + 86400_000);
      for (const versionString of versions) {
        const { keys } = await storeApprovedVersion(db, storage, {
          pluginId: id,
          pluginName: name,
          versionString,
          approvedAt,
        });
        stored.push(...keys);
        approvedAt = new Date(Math.min(now, approvedAt.getTime() + 20 * 86400_000));
      }
      await db.update(plugins).set({ updatedAt: approvedAt }).where(eq(plugins.id, id));

      // Ratings from a few members, and a couple of comments on the first plugins.
      const raters = memberIds.filter((m) => m !== memberId && rand() < 0.7);
      if (raters.length) {
        await db
          .insert(pluginRatings)
          .values(raters.map((m) => ({ pluginId: id, memberId: m, stars: 3 + Math.floor(rand() * 3) })));
        await db
          .update(plugins)
          .set({
            ratingSum: sql`(select coalesce(sum(stars), 0)::int from plugin_ratings where plugin_id = ${id})`,
            ratingCount: sql`(select count(*)::int from plugin_ratings where plugin_id = ${id})`,
          })
          .where(eq(plugins.id, id));
      }
      if (i < 8) {
        for (const [n, author] of memberIds
          .filter((m) => m !== memberId)
          .slice(0, 2)
          .entries()) {
          const commentedAt = new Date(approvedAt.getTime() + (n + 1) * 3600_000);
          const [c] = await db
            .insert(pluginComments)
            .values({
              pluginId: id,
              memberId: author,
              body: pick(COMMENTS),
              createdAt: commentedAt,
              updatedAt: commentedAt,
            })
            .returning({ id: pluginComments.id });
          await db.insert(commentVotes).values({ commentId: c!.id, memberId, vote: 'U' });
          await db.update(pluginComments).set({ upvotes: 1 }).where(eq(pluginComments.id, c!.id));
        }
      }
      count++;
    }

    // One of each state a dashboard shows: a draft with nothing uploaded, and one waiting for review.
    const owner = memberIds[0]!;
    await db.insert(plugins).values({ memberId: owner, name: 'Draft Plugin', shortDescription: 'Not uploaded yet' });
    const [pending] = await db
      .insert(plugins)
      .values({
        memberId: owner,
        name: 'Pending Review Plugin',
        shortDescription: 'Uploaded, waiting for a moderator',
        needsApproval: true,
      })
      .returning({ id: plugins.id });
    const sourceKey = newKey(pending!.id, 'source');
    const source = await demoSourceZip('PendingReviewPlugin');
    stored.push(sourceKey);
    await storage.put(sourceKey, source);
    await db.insert(submissions).values({
      pluginId: pending!.id,
      sourceKey,
      sourceName: 'PendingReviewPlugin-source.zip',
      sourceSize: source.length,
      versionString: '0.1.0',
      status: 'p',
    });
    return { plugins: count + 2, tags: allTags.length };
  } catch (e) {
    for (const key of stored) await storage.delete(key).catch(() => undefined);
    throw e;
  }
}
