import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { serverState } from '../db/schema.js';
import { ensureMember } from '../db/seed.js';
import { seedDemoCars } from '../modules/cars/index.js';
import { seedDemoGameVersions } from '../modules/game-versions/index.js';
import { seedDemoProfiles } from '../modules/members/index.js';
import { seedDemoPlugins } from '../modules/plugins/index.js';
import type { FileStorage } from '../platform/storage.js';
import { seedDemoDailyCounts } from './daily-counts.js';

export const DEMO_ACCOUNTS = [
  { username: 'admin', email: 'admin@example.com', password: 'admin-password', roles: ['administrator'] },
  { username: 'moderator', email: 'moderator@example.com', password: 'moderator-password', roles: ['moderator'] },
  { username: 'RocketRyan', email: 'ryan@example.com', password: 'member-password', roles: [] },
  { username: 'BoostQueen', email: 'queen@example.com', password: 'member-password', roles: [] },
  { username: 'AerialAce', email: 'ace@example.com', password: 'member-password', roles: [] },
  { username: 'FlipReset', email: 'flip@example.com', password: 'member-password', roles: [] },
] as const;

/** Demo data, once per database: each area's demo rows come from its module's index. */
export async function seedDemo(
  db: Db,
  storage: FileStorage,
): Promise<{ seeded: boolean; accounts: typeof DEMO_ACCOUNTS }> {
  const [done] = await db.select().from(serverState).where(eq(serverState.key, 'demo_seeded'));
  if (done) return { seeded: false, accounts: DEMO_ACCOUNTS };
  await db.transaction(async (tx) => {
    const memberIds: number[] = [];
    for (const account of DEMO_ACCOUNTS)
      memberIds.push((await ensureMember(tx, { ...account, roles: [...account.roles] })).id);
    await seedDemoCars(tx, memberIds);
    await seedDemoPlugins(
      tx,
      storage,
      memberIds.filter((_, i) => DEMO_ACCOUNTS[i]!.roles.length === 0),
    );
    await seedDemoDailyCounts(tx);
    await seedDemoProfiles(tx, storage, memberIds);
    await seedDemoGameVersions(tx);
    await tx.insert(serverState).values({ key: 'demo_seeded', value: new Date().toISOString() });
  });
  return { seeded: true, accounts: DEMO_ACCOUNTS };
}
