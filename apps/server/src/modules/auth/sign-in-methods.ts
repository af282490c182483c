import { eq, sql } from 'drizzle-orm';
import { PASSKEY_MESSAGES } from '@bm/core';
import type { Db } from '../../db/client.js';
import { memberIdentities, members, passkeys } from '../../db/schema.js';
import { conflict } from '../../platform/errors.js';

/**
 * How many ways the member has to sign in: a password, each linked provider (docs/oauth.md) and each
 * passkey (docs/passkeys.md). Removing one of them (unlinking a provider, removing a passkey) is
 * refused when it is the last: call inside the transaction that removes it, with the member's row
 * locked, so two removals at once cannot both leave the other as the last way in.
 */
export async function waysIn(db: Db, memberId: number): Promise<number> {
  const [row] = await db
    .select({
      password: sql<number>`(${members.passwordHash} is not null)::int`,
      identities: sql<number>`(select count(*)::int from ${memberIdentities} where ${memberIdentities}.member_id = ${memberId})`,
      passkeys: sql<number>`(select count(*)::int from ${passkeys} where ${passkeys}.member_id = ${memberId})`,
    })
    .from(members)
    .where(eq(members.id, memberId));
  return row ? Number(row.password) + Number(row.identities) + Number(row.passkeys) : 0;
}

/** Removing one of the member's passkeys: 409 when it is their last way in. */
export async function assertWayInLeft(db: Db, memberId: number) {
  if ((await waysIn(db, memberId)) > 1) return;
  throw conflict(PASSKEY_MESSAGES.lastWayIn);
}
