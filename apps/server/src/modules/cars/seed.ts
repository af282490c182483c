import {
  BODY_NAMES,
  PAINT_NAMES,
  describeBody,
  encodeCarCode,
  seededRandom,
  type CarLoadout,
  type TeamLoadout,
} from '@bm/core';
import type { Db } from '../../db/client.js';
import { carRatings, cars, carVotes } from '../../db/schema.js';
import { decodeForStorage } from './writes.js';

const STYLES = [
  'Midnight',
  'Neon',
  'Retro',
  'Stealth',
  'Sunset',
  'Arctic',
  'Lava',
  'Toxic',
  'Chrome',
  'Galaxy',
  'Sakura',
  'Desert',
];
const THEMES = ['Runner', 'Striker', 'Drift', 'Phantom', 'Comet', 'Viper', 'Storm', 'Blaze'];
const WHEELS = [358, 3925, 4122, 1580, 2325, 3110];
const BOOSTS = [32, 35, 1900, 2701];
/** Octane, Dominus, Breakout, Merc: popular bodies come back often, so the body filter has something to show. */
const POPULAR_BODIES = [23, 403, 22, 30];
const DEMO_CAR_COUNT = 48;

function team(random: () => number, body: number, version: number): TeamLoadout {
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
  const paints = Object.keys(PAINT_NAMES).map(Number);
  const items = [
    { slot: 0, productId: body, paintId: random() < 0.6 ? pick(paints) : null },
    { slot: 2, productId: pick(WHEELS), paintId: random() < 0.3 ? pick(paints) : null },
    { slot: 3, productId: pick(BOOSTS), paintId: null },
  ];
  const custom = random() < 0.5;
  const color = () => ({ r: Math.floor(random() * 256), g: Math.floor(random() * 256), b: Math.floor(random() * 256) });
  return {
    items,
    primaryColor: custom ? color() : null,
    secondaryColor: custom ? color() : null,
    wheelTeamId: version >= 3 ? Math.floor(random() * 20) : null,
  };
}

/** Demo cars by the demo members: valid codes over varied bodies, with views, copies, votes and ratings. */
export async function seedDemoCars(tx: Db, memberIds: number[]): Promise<void> {
  if (memberIds.length === 0) return;
  const random = seededRandom(0xca75); // the same demo cars on every fresh database
  const bodies = Object.keys(BODY_NAMES).map(Number);
  const now = Date.now();
  const day = 24 * 3600 * 1000;
  const pinned = new Set<number>();

  for (let i = 0; i < DEMO_CAR_COUNT; i++) {
    const memberId = memberIds[i % memberIds.length]!;
    const body =
      i % 3 === 0 ? POPULAR_BODIES[(i / 3) % POPULAR_BODIES.length]! : bodies[Math.floor(random() * bodies.length)]!;
    const version = i % 5 === 0 ? 3 : 4;
    const blue = team(random, body, version);
    const blueIsOrange = i % 3 !== 0;
    const loadout: CarLoadout = {
      version,
      blueIsOrange,
      blue,
      orange: blueIsOrange ? blue : team(random, body, version),
    };
    const stored = decodeForStorage(encodeCarCode(loadout));
    const name =
      `${STYLES[i % STYLES.length]} ${BODY_NAMES[body]} ${THEMES[Math.floor(i / STYLES.length) % THEMES.length]}`.slice(
        0,
        64,
      );
    const description = [
      `## ${name}`,
      '',
      `A **${describeBody(stored.loadout)}** build${blueIsOrange ? ' for both teams' : ' with its own orange variant'}.`,
      '',
      '- Copy the code below',
      '- Paste it in the BakkesMod item mod (F2 → Items)',
      i % 4 === 0 ? '\nWorks best with *Default* boost and a dark arena.' : '',
    ].join('\n');
    const createdAt = new Date(now - (DEMO_CAR_COUNT - i) * 1.7 * day - random() * day);
    const updatedAt =
      random() < 0.4 ? new Date(createdAt.getTime() + random() * (now - createdAt.getTime())) : createdAt;
    const views = Math.floor(random() * random() * 6000);
    const raters = memberIds.filter((id) => id !== memberId && random() < 0.6);
    const ratings = raters.map((raterId) => ({ memberId: raterId, stars: 2 + Math.floor(random() * 4) }));
    const voters = memberIds.filter((id) => id !== memberId && random() < 0.5);
    const votes = voters.map((voterId) => ({
      memberId: voterId,
      vote: random() < 0.8 ? ('U' as const) : ('D' as const),
    }));
    const pin = !pinned.has(memberId) && random() < 0.5;
    if (pin) pinned.add(memberId);

    const [row] = await tx
      .insert(cars)
      .values({
        memberId,
        name,
        description,
        ...stored,
        views,
        codeCopies: Math.floor(views * random() * 0.4),
        upvotes: votes.filter((v) => v.vote === 'U').length,
        downvotes: votes.filter((v) => v.vote === 'D').length,
        ratingSum: ratings.reduce((sum, r) => sum + r.stars, 0),
        ratingCount: ratings.length,
        isPinned: pin,
        createdAt,
        updatedAt,
      })
      .returning({ id: cars.id });
    const carId = row!.id;
    if (ratings.length) await tx.insert(carRatings).values(ratings.map((r) => ({ carId, ...r })));
    if (votes.length) await tx.insert(carVotes).values(votes.map((v) => ({ carId, ...v })));
  }
}
