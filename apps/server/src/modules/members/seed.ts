import { randomBytes } from 'node:crypto';
import { eq, inArray, sql } from 'drizzle-orm';
import { placeholderGradient, nameHash, type Socials, emptySocials } from '@bm/core';
import type { Db } from '../../db/client.js';
import { cars, memberReputation, members, plugins } from '../../db/schema.js';
import { loadSharp } from '../../platform/images.js';
import type { FileStorage } from '../../platform/storage.js';

/** Bios and links of the demo members (by name); a member not listed keeps an empty bio (the profile shows a quip). */
const DEMO_PROFILES: Record<string, { bio: string; socials: Partial<Socials> }> = {
  RocketRyan: {
    bio: [
      '## Hey, I am Ryan',
      '',
      'Champ player, freeplay addict and part-time plugin tinkerer.',
      '',
      '- Most of my plugins are **training tools**',
      '- Car designs: clean, dark, a bit of neon',
      '',
      'Found a bug? Leave a comment on the plugin page and I will look at it.',
    ].join('\n'),
    socials: {
      websiteUrl: 'https://example.com/rocketryan',
      githubUrl: 'https://github.com/example',
      youtubeUrl: 'https://www.youtube.com/@example',
    },
  },
  BoostQueen: {
    bio: '**Boost management** is a lifestyle.\n\nI build HUD plugins and overlays, and the occasional *very pink* car.\n\n> Never stop at zero boost.',
    socials: {
      twitterUrl: 'https://x.com/example',
      twitchUrl: 'https://www.twitch.tv/example',
      discordUrl: 'https://discord.gg/example',
    },
  },
  AerialAce: {
    bio: '### Air roll left, always\n\nI make trainers for aerials and recoveries. Ceiling shots are underrated.',
    socials: { githubUrl: 'https://github.com/example', websiteUrl: 'https://example.org' },
  },
  admin: {
    bio: 'Site administrator. Questions about the site? Use the feedback button at the bottom of every page.',
    socials: {},
  },
};

const DEMO_REP: Record<string, string[]> = {
  RocketRyan: ['BoostQueen', 'AerialAce', 'FlipReset', 'admin', 'moderator'],
  BoostQueen: ['RocketRyan', 'AerialAce', 'FlipReset'],
  AerialAce: ['BoostQueen', 'FlipReset'],
};

/** Members drawn without an avatar, so the initial fallback shows too. */
const NO_AVATAR = new Set(['FlipReset']);

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function initialsOf(name: string): string {
  const parts = name.match(/[A-Z][a-z]*|[a-z]+|\d+/g) ?? [name];
  return ((parts[0]?.[0] ?? '?') + (parts[1]?.[0] ?? '')).toUpperCase();
}

/** A round-friendly avatar: a diagonal gradient, a few soft circles and the initials. */
export function avatarSvg(name: string): string {
  const [a, b] = placeholderGradient(name);
  const h = nameHash(name);
  const circles = [0, 1, 2]
    .map((i) => {
      const x = (h >>> (i * 5)) % 256;
      const y = (h >>> (i * 7 + 3)) % 256;
      const r = 30 + ((h >>> (i * 3)) % 60);
      return `<circle cx="${x}" cy="${y}" r="${r}" fill="#fff" fill-opacity="0.12"/>`;
    })
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256" viewBox="0 0 256 256">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${a}"/><stop offset="1" stop-color="${b}"/></linearGradient></defs>
<rect width="256" height="256" fill="url(#g)"/>${circles}
<text x="128" y="164" font-family="DejaVu Sans, Liberation Sans, Arial, sans-serif" font-size="104" font-weight="700" fill="#fff" text-anchor="middle">${esc(initialsOf(name))}</text>
</svg>`;
}

/** A banner: gradient, a pattern of shapes picked by the name's hash, and the name in large letters. */
export function bannerSvg(name: string, subtitle: string, width = 640, height = 360): string {
  const [a, b] = placeholderGradient(name);
  const h = nameHash(name);
  const style = h % 3;
  const shapes: string[] = [];
  for (let i = 0; i < 7; i++) {
    const x = ((h >>> i) * (i + 7)) % width;
    const y = ((h >>> (i + 2)) * (i + 3)) % height;
    const s = 40 + ((h >>> (i * 2)) % 140);
    if (style === 0) shapes.push(`<circle cx="${x}" cy="${y}" r="${s}" fill="#fff" fill-opacity="0.08"/>`);
    else if (style === 1)
      shapes.push(
        `<rect x="${x}" y="${y}" width="${s}" height="${s}" rx="16" transform="rotate(${(h >>> i) % 90} ${x} ${y})" fill="#fff" fill-opacity="0.08"/>`,
      );
    else
      shapes.push(
        `<polygon points="${x},${y - s} ${x + s},${y + s / 2} ${x - s},${y + s / 2}" fill="#fff" fill-opacity="0.08"/>`,
      );
  }
  const title = name.length > 32 ? `${name.slice(0, 31)}…` : name;
  // Long names get smaller letters so they fit the width (bold sans is about 0.62 em a letter).
  const titleSize = Math.min(42, Math.floor((width - 64) / (title.length * 0.62)));
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${a}"/><stop offset="1" stop-color="${b}"/></linearGradient></defs>
<rect width="${width}" height="${height}" fill="url(#g)"/>${shapes.join('')}
<rect x="0" y="${height - 120}" width="${width}" height="120" fill="#000" fill-opacity="0.25"/>
<text x="32" y="${height - 64}" font-family="DejaVu Sans, Liberation Sans, Arial, sans-serif" font-size="${titleSize}" font-weight="700" fill="#fff">${esc(title)}</text>
<text x="34" y="${height - 28}" font-family="DejaVu Sans, Liberation Sans, Arial, sans-serif" font-size="22" fill="#fff" fill-opacity="0.85">${esc(subtitle.slice(0, 48))}</text>
</svg>`;
}

const draw = async (svg: string) => (await loadSharp())(Buffer.from(svg)).webp({ quality: 78, effort: 0 }).toBuffer();
const hex = () => randomBytes(8).toString('hex');

/**
 * Makes the demo site look lived in: bios and social links for the demo members, and avatars, plugin
 * banners and car banners drawn here (nothing downloaded), stored through the one file store under
 * the keys uploads use. Removes what it stored when it fails.
 */
export async function seedDemoProfiles(
  db: Db,
  storage: FileStorage,
  memberIds: number[],
): Promise<{ files: string[] }> {
  const stored: string[] = [];
  const put = async (key: string, svg: string) => {
    const data = await draw(svg);
    stored.push(key);
    await storage.put(key, data);
    return key;
  };
  try {
    if (!memberIds.length) return { files: [] };
    const people = await db
      .select({ id: members.id, username: members.username })
      .from(members)
      .where(inArray(members.id, memberIds));
    const pluginRows = await db
      .select({ id: plugins.id, name: plugins.name, short: plugins.shortDescription })
      .from(plugins)
      .where(inArray(plugins.memberId, memberIds));
    // Most cars get a banner; every fourth keeps the placeholder gradient, as a real catalogue would.
    const carRows = (
      await db.select({ id: cars.id, name: cars.name }).from(cars).where(inArray(cars.memberId, memberIds))
    ).filter((_, i) => i % 4 !== 3);

    // Drawn in parallel (sharp works off the event loop); rows are written after.
    const [avatars, pluginBanners, carBanners] = await Promise.all([
      Promise.all(
        people
          .filter((m) => !NO_AVATAR.has(m.username))
          .map(async (m) => ({ id: m.id, key: await put(`avatars/${m.id}-${hex()}.webp`, avatarSvg(m.username)) })),
      ),
      Promise.all(
        pluginRows.map(async (p) => ({
          id: p.id,
          key: await put(`plugins/${p.id}/banner-${hex()}.webp`, bannerSvg(p.name, p.short)),
        })),
      ),
      Promise.all(
        carRows.map(async (c) => ({
          id: c.id,
          key: await put(`cars/${c.id}-${hex()}.webp`, bannerSvg(c.name, 'Car design')),
        })),
      ),
    ]);

    for (const m of people) {
      const profile = DEMO_PROFILES[m.username];
      const avatarKey = avatars.find((a) => a.id === m.id)?.key ?? null;
      await db
        .update(members)
        .set({
          avatarKey,
          ...(profile ? { bioMarkdown: profile.bio, socials: { ...emptySocials(), ...profile.socials } } : {}),
        })
        .where(eq(members.id, m.id));
    }
    // Some reputation between demo members (receiver: givers), so the Rep counters are not all 1.
    const idOf = new Map(people.map((m) => [m.username, m.id]));
    const given = Object.entries(DEMO_REP).flatMap(([receiver, givers]) =>
      givers
        .filter((g) => idOf.has(g) && idOf.has(receiver))
        .map((g) => ({ giverId: idOf.get(g)!, receiverId: idOf.get(receiver)! })),
    );
    if (given.length) await db.insert(memberReputation).values(given).onConflictDoNothing();
    const ids = people.map((m) => m.id);
    for (const id of ids) {
      await db
        .update(members)
        .set({
          reputation: sql`1 + (select count(*)::int from ${memberReputation} where ${memberReputation.receiverId} = ${id})`,
        })
        .where(eq(members.id, id));
    }
    for (const p of pluginBanners) await db.update(plugins).set({ bannerKey: p.key }).where(eq(plugins.id, p.id));
    for (const c of carBanners) await db.update(cars).set({ bannerKey: c.key }).where(eq(cars.id, c.id));
    return { files: stored };
  } catch (e) {
    for (const key of stored) await storage.delete(key).catch(() => undefined);
    throw e;
  }
}
