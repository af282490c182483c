import { eq, sql } from 'drizzle-orm';
import { DEFAULT_NOTIFICATION_PREFERENCES } from '@bm/core';
import type { Db } from './client.js';
import { memberRoles, members } from './schema.js';
import { hashPassword } from '../platform/passwords.js';

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
