import { eq, sql } from 'drizzle-orm';
import { ADMIN_MESSAGES, AUTH_MESSAGES, OAUTH_MESSAGES, isLocale, type Locale, type Member } from '@bm/core';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/client.js';
import { memberRoles, members } from '../../db/schema.js';
import { HttpError, badRequest, unauthorized } from '../../platform/errors.js';
import { verifyPassword } from '../../platform/passwords.js';

/** Helpers shared by the auth module's parts: the member row, its public shape, lookups and roles. */
export type MemberRow = typeof members.$inferSelect;

export function toMember(row: MemberRow, ctx: Pick<AppContext, 'storage'>, impersonating = false): Member {
  return {
    id: row.id,
    username: row.username,
    email: row.email,
    avatarUrl: row.avatarKey ? ctx.storage.url(row.avatarKey) : null,
    isVerified: row.emailVerifiedAt !== null,
    isImpersonating: impersonating,
    locale: isLocale(row.locale) ? row.locale : null,
  };
}

export const byUsername = (username: string) => eq(sql`lower(${members.username})`, username.trim().toLowerCase());
export const byEmail = (email: string) => eq(sql`lower(${members.email})`, email.trim().toLowerCase());

export async function rolesOf(db: Db, memberId: number): Promise<string[]> {
  const rows = await db.select({ role: memberRoles.role }).from(memberRoles).where(eq(memberRoles.memberId, memberId));
  return rows.map((r) => r.role).sort();
}

export async function memberRow(ctx: AppContext, id: number) {
  const [row] = await ctx.db.select().from(members).where(eq(members.id, id)).limit(1);
  if (!row) throw unauthorized();
  return row;
}

/**
 * A link into the site carrying a mailed token. A mail in another language than English names it
 * (`&lang=xx`), so the page it opens is in the mail's language too (docs/i18n.md).
 */
export const mailLink = (ctx: AppContext, path: string, token: string, locale: Locale = 'en') =>
  `${ctx.config.publicUrl}${path}?token=${encodeURIComponent(token)}${locale === 'en' ? '' : `&lang=${locale}`}`;

/** Whether the account may start a session, whatever the way in (password, passkey): enabled, with a verified email. */
export function checkCanSignIn(member: MemberRow) {
  if (member.disabledAt) throw new HttpError(403, ADMIN_MESSAGES.accountDisabled, { reason: 'AccountDisabled' });
  if (!member.email)
    throw new HttpError(403, AUTH_MESSAGES.emailRequired, { reason: 'EmailRequired', currentEmail: null });
  if (!member.emailVerifiedAt)
    throw new HttpError(403, AUTH_MESSAGES.emailNotVerified, {
      reason: 'EmailNotVerified',
      currentEmail: member.email,
    });
}

/** The current password check of Settings calls; a member without a password is told how to set one. */
export async function checkCurrentPassword(row: Pick<MemberRow, 'passwordHash'>, password: string) {
  if (row.passwordHash === null) throw badRequest(OAUTH_MESSAGES.noPassword, 'currentPassword');
  if (!(await verifyPassword(row.passwordHash, password)))
    throw badRequest(AUTH_MESSAGES.currentPasswordWrong, 'currentPassword');
}
