import { eq, sql } from 'drizzle-orm';
import { DEFAULT_NOTIFICATION_PREFERENCES } from '@bm/core';
import type { Db } from './client.js';
import { memberRoles, members, serverState } from './schema.js';
import { hashPassword } from '../platform/passwords.js';
import type { FileStorage } from '../platform/storage.js';
import { seedDemoPlugins } from '../modules/plugins/seed.js';
import { seedDemoCars } from '../modules/cars/seed.js';
import { seedDemoDailyCounts } from './seed-daily.js';
import { seedDemoProfiles } from '../modules/members/seed.js';

/** Makes sure an account exists, verified, with these roles; an existing account keeps its password. */
export async function ensureMember(
  db: Db,
  input: { username: string; email: string; password: string; roles?: string[]; bio?: string },
): Promise<{ id: number; created: boolean }> {
  const [existing] = await db
    .select({ id: members.id })
    .from(members)
    .where(eq(sql`lower(${members.username})`, input.username.toLowerCase()))
    .limit(1);
  let id = existing?.id;
  if (!id) {
    const [row] = await db
      .insert(members)
      .values({
        username: input.username,
        email: input.email,
        emailVerifiedAt: new Date(),
        passwordHash: await hashPassword(input.password),
        bioMarkdown: input.bio ?? '',
        notificationPreferences: DEFAULT_NOTIFICATION_PREFERENCES,
      })
      .returning({ id: members.id });
    id = row!.id;
  } else {
    await db
      .update(members)
      .set({ emailVerifiedAt: sql`coalesce(${members.emailVerifiedAt}, now())` })
      .where(eq(members.id, id));
  }
  for (const role of input.roles ?? []) {
    await db.insert(memberRoles).values({ memberId: id, role }).onConflictDoNothing();
  }
  return { id, created: !existing };
}

export const DEMO_ACCOUNTS = [
  { username: 'admin', email: 'admin@example.com', password: 'admin-password', roles: ['administrator'] },
  { username: 'moderator', email: 'moderator@example.com', password: 'moderator-password', roles: ['moderator'] },
  { username: 'RocketRyan', email: 'ryan@example.com', password: 'member-password', roles: [] },
  { username: 'BoostQueen', email: 'queen@example.com', password: 'member-password', roles: [] },
  { username: 'AerialAce', email: 'ace@example.com', password: 'member-password', roles: [] },
  { username: 'FlipReset', email: 'flip@example.com', password: 'member-password', roles: [] },
] as const;

/** Demo data, once per database: later areas (plugins, cars) add theirs here. */
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
    await tx.insert(serverState).values({ key: 'demo_seeded', value: new Date().toISOString() });
  });
  return { seeded: true, accounts: DEMO_ACCOUNTS };
}
