import { and, eq, isNull } from 'drizzle-orm';
import { AUTH_MESSAGES as M, DEFAULT_NOTIFICATION_PREFERENCES, type Locale, type LoginResponse } from '@bm/core';
import type { AppContext, Principal } from '../../context.js';
import { members, sessions } from '../../db/schema.js';
import { HttpError, conflict } from '../../platform/errors.js';
import { hashPassword, verifyPassword } from '../../platform/passwords.js';
import { sendVerification } from './mail-tokens.js';
import { noticeNewDevice } from './session-list.js';
import { type MemberRow, byEmail, byUsername, checkCanSignIn, checkCurrentPassword, memberRow } from './members.js';
import { type ClientInfo, issueSession } from './sessions.js';
import { createChallenge, totpEnabled } from './two-factor.js';

/** Accounts and their passwords: registering, checking a password, signing in, changing the password. */

/** A password check that takes as long whether or not the account exists. */
const DUMMY_HASH = hashPassword('not-a-real-password-used-for-timing');

export async function register(
  ctx: AppContext,
  input: { username: string; email: string; password: string; productUpdatesOptIn: boolean; locale?: Locale | null },
) {
  const username = input.username.trim();
  const email = input.email.trim();
  const passwordHash = await hashPassword(input.password);
  const { token } = await ctx.db.transaction(async (tx) => {
    const [taken] = await tx.select({ id: members.id }).from(members).where(byUsername(username)).limit(1);
    if (taken) throw conflict(M.usernameTaken, 'username');
    const [emailTaken] = await tx.select({ id: members.id }).from(members).where(byEmail(email)).limit(1);
    if (emailTaken) throw conflict(M.emailTaken, 'email');
    const [member] = await tx
      .insert(members)
      .values({
        username,
        email,
        passwordHash,
        productUpdatesOptIn: input.productUpdatesOptIn,
        locale: input.locale ?? null,
        notificationPreferences: { ...DEFAULT_NOTIFICATION_PREFERENCES, productUpdates: input.productUpdatesOptIn },
      })
      .returning();
    return sendVerification(ctx, tx, member!);
  });
  void ctx.mail.kick();
  return { email, username, token };
}

export async function checkCredentials(ctx: AppContext, username: string, password: string): Promise<MemberRow> {
  const [member] = await ctx.db.select().from(members).where(byUsername(username)).limit(1);
  if (!member) {
    await verifyPassword(await DUMMY_HASH, password);
    throw new HttpError(401, M.invalidCredentials, { reason: 'InvalidCredentials' });
  }
  if (!(await verifyPassword(member.passwordHash, password))) {
    throw new HttpError(401, M.invalidCredentials, { reason: 'InvalidCredentials' });
  }
  return member;
}

/** Signs in with the password: a session, or (two-factor on) a challenge to answer with a code. */
export async function login(
  ctx: AppContext,
  input: { username: string; password: string; rememberMe: boolean },
  client?: ClientInfo,
): Promise<LoginResponse> {
  const member = await checkCredentials(ctx, input.username, input.password);
  checkCanSignIn(member);
  if (await totpEnabled(ctx.db, member.id)) return createChallenge(ctx, member.id, input.rememberMe);
  const issued = await issueSession(ctx, ctx.db, member, { rememberMe: input.rememberMe, client });
  await noticeNewDevice(ctx, member.id, issued.sessionId, client);
  return { token: issued.token, member: issued.member };
}

export async function changePassword(
  ctx: AppContext,
  principal: Principal,
  currentPassword: string,
  newPassword: string,
) {
  const member = await memberRow(ctx, principal.memberId);
  await checkCurrentPassword(member, currentPassword);
  const passwordHash = await hashPassword(newPassword);
  await ctx.db.transaction(async (tx) => {
    await tx.update(members).set({ passwordHash, updatedAt: new Date() }).where(eq(members.id, member.id));
    await tx
      .update(sessions)
      .set({ revokedAt: new Date() })
      .where(and(eq(sessions.memberId, member.id), isNull(sessions.revokedAt)));
  });
  ctx.hub.endSessions({ memberId: member.id });
}
