import { and, eq, isNull, sql } from 'drizzle-orm';
import { AUTH_MESSAGES as M, RESET_TOKEN_TTL_S, localeFromAcceptLanguage, type AuthResponse } from '@bm/core';
import type { AppContext } from '../../context.js';
import { emailTokens, members, sessions } from '../../db/schema.js';
import { badRequest, conflict } from '../../platform/errors.js';
import { enqueueMail } from '../../platform/mailer.js';
import { serverT } from '../../i18n/index.js';
import { hashPassword } from '../../platform/passwords.js';
import { newMailToken } from '../../platform/tokens.js';
import { checkCredentials } from './credentials.js';
import { passwordResetMail } from './mail-templates.js';
import { consumeToken, sendVerification } from './mail-tokens.js';
import { byEmail, byUsername, mailLink } from './members.js';
import { issueSession } from './sessions.js';

/** Email verification and password reset: the links mailed to a member who cannot sign in yet. */

export async function verifyEmail(ctx: AppContext, token: string): Promise<AuthResponse> {
  return ctx.db.transaction(async (tx) => {
    const row = await consumeToken(tx, token, 'verify');
    const [member] = await tx.select().from(members).where(eq(members.id, row.memberId)).for('update');
    // A link mailed to an address the account no longer has proves nothing.
    if (!member || !member.email || member.email.toLowerCase() !== (row.newEmail ?? '').toLowerCase()) {
      throw badRequest(M.tokenInvalid, 'token');
    }
    const [updated] = await tx
      .update(members)
      .set({ emailVerifiedAt: member.emailVerifiedAt ?? new Date(), updatedAt: new Date() })
      .where(eq(members.id, member.id))
      .returning();
    const { token: jwt, member: out } = await issueSession(ctx, tx, updated!, { rememberMe: false });
    return { token: jwt, member: out };
  });
}

/** Sets or replaces the unverified address of an account that cannot sign in yet, and mails a link. */
export async function provideEmail(ctx: AppContext, input: { username: string; password: string; email: string }) {
  const member = await checkCredentials(ctx, input.username, input.password);
  if (member.emailVerifiedAt && member.email)
    throw badRequest('This account already has a verified email address', 'email');
  const email = input.email.trim();
  await ctx.db.transaction(async (tx) => {
    const [other] = await tx.select({ id: members.id }).from(members).where(byEmail(email)).limit(1);
    if (other && other.id !== member.id) throw conflict(M.emailTaken, 'email');
    const [updated] = await tx
      .update(members)
      .set({ email, emailVerifiedAt: null, updatedAt: new Date() })
      .where(eq(members.id, member.id))
      .returning();
    await sendVerification(ctx, tx, updated!);
  });
  void ctx.mail.kick();
}

/** Same answer whether or not such an unverified account exists. */
export async function resendVerification(ctx: AppContext, input: { email?: string; username?: string }) {
  const where = input.email ? byEmail(input.email) : input.username ? byUsername(input.username) : undefined;
  if (!where) return;
  const [member] = await ctx.db.select().from(members).where(where).limit(1);
  if (!member || !member.email || member.emailVerifiedAt) return;
  await ctx.db.transaction((tx) => sendVerification(ctx, tx, member));
  void ctx.mail.kick();
}

/**
 * Same answer whether or not the account exists. The mail is in the account's language, else in the
 * one the asking browser prefers (Accept-Language), else English.
 */
export async function forgotPassword(ctx: AppContext, email: string, acceptLanguage?: string) {
  const [member] = await ctx.db.select().from(members).where(byEmail(email)).limit(1);
  if (!member || !member.email) return;
  await ctx.db.transaction(async (tx) => {
    const t = newMailToken();
    await tx.insert(emailTokens).values({
      memberId: member.id,
      kind: 'reset',
      tokenHash: t.hash,
      expiresAt: new Date(Date.now() + RESET_TOKEN_TTL_S * 1000),
    });
    const lang = serverT(member.locale ?? localeFromAcceptLanguage(acceptLanguage));
    const link = mailLink(ctx, '/reset-password', t.token, lang.locale);
    await enqueueMail(tx, passwordResetMail(member.email!, member.username, link, lang));
  });
  void ctx.mail.kick();
}

export async function resetPassword(ctx: AppContext, token: string, newPassword: string) {
  const passwordHash = await hashPassword(newPassword);
  const memberId = await ctx.db.transaction(async (tx) => {
    const row = await consumeToken(tx, token, 'reset');
    // The mailed link proves the address, so an unverified one counts as verified now.
    await tx
      .update(members)
      .set({ passwordHash, emailVerifiedAt: sql`coalesce(${members.emailVerifiedAt}, now())`, updatedAt: new Date() })
      .where(eq(members.id, row.memberId));
    await tx
      .update(sessions)
      .set({ revokedAt: new Date() })
      .where(and(eq(sessions.memberId, row.memberId), isNull(sessions.revokedAt)));
    await tx
      .update(emailTokens)
      .set({ usedAt: new Date() })
      .where(and(eq(emailTokens.memberId, row.memberId), eq(emailTokens.kind, 'reset'), isNull(emailTokens.usedAt)));
    return row.memberId;
  });
  ctx.hub.endSessions({ memberId });
}
