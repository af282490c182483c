import type { Db } from '../../db/client.js';
import { gameVersions } from '../../db/schema.js';

/** Demo game versions, oldest first; the newest is current. */
export const DEMO_GAME_VERSIONS = [
  { name: 'v2.47 (Season 16)', bakkesmodVersion: '2.0.61', releasedAt: '2026-06-10T16:00:00Z' },
  { name: 'v2.49 (Season 17)', bakkesmodVersion: '2.0.63', releasedAt: '2026-08-26T16:00:00Z' },
  { name: 'v2.51 (Season 18)', bakkesmodVersion: '2.0.65', releasedAt: '2026-11-04T16:00:00Z' },
] as const;

/** Seeds the demo game versions (part of the one demo seed transaction). */
export async function seedDemoGameVersions(db: Db) {
  await db
    .insert(gameVersions)
    .values(
      DEMO_GAME_VERSIONS.map((v, i) => ({
        ...v,
        releasedAt: new Date(v.releasedAt),
        current: i === DEMO_GAME_VERSIONS.length - 1,
      })),
    )
    .onConflictDoNothing();
}
