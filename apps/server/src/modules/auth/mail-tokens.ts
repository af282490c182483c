import { and, eq } from 'drizzle-orm';
import { AUTH_MESSAGES as M, VERIFY_TOKEN_TTL_S } from '@bm/core';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/client.js';
import { emailTokens } from '../../db/schema.js';
import { badRequest } from '../../platform/errors.js';
import { enqueueMail } from '../../platform/mailer.js';
import { serverT } from '../../i18n/index.js';
import { hashMailToken, newMailToken } from '../../platform/tokens.js';
import { verificationMail } from './mail-templates.js';
import { type MemberRow, mailLink } from './members.js';

/** The single-use tokens mailed in links: making a verification one, and spending any kind. */

export async function sendVerification(ctx: AppContext, db: Db, member: MemberRow) {
  const t = newMailToken();
  await db.insert(emailTokens).values({
    memberId: member.id,
    kind: 'verify',
    tokenHash: t.hash,
    newEmail: member.email,
    expiresAt: new Date(Date.now() + VERIFY_TOKEN_TTL_S * 1000),
  });
  const lang = serverT(member.locale);
  const link = mailLink(ctx, '/verify-email', t.token, lang.locale);
  await enqueueMail(db, verificationMail(member.email!, member.username, link, lang));
  return t;
}

/** Looks up a mailed token: unused, unexpired, of the right kind. Marks it used in the same transaction. */
export async function consumeToken(tx: Db, token: string, kind: 'verify' | 'reset' | 'email_change') {
  const [row] = await tx
    .select()
    .from(emailTokens)
    .where(and(eq(emailTokens.tokenHash, hashMailToken(token)), eq(emailTokens.kind, kind)))
    .for('update')
    .limit(1);
  if (!row || row.usedAt) throw badRequest(M.tokenInvalid, 'token');
  if (row.expiresAt.getTime() <= Date.now()) throw badRequest(M.tokenExpired, 'token');
  await tx.update(emailTokens).set({ usedAt: new Date() }).where(eq(emailTokens.id, row.id));
  return row;
}
