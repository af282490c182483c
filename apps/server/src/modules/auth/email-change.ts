import { eq } from 'drizzle-orm';
import { AUTH_MESSAGES as M, RESET_TOKEN_TTL_S } from '@bm/core';
import type { AppContext, Principal } from '../../context.js';
import { emailTokens, members } from '../../db/schema.js';
import { badRequest, conflict } from '../../platform/errors.js';
import { enqueueMail } from '../../platform/mailer.js';
import { serverT } from '../../i18n/index.js';
import { newMailToken } from '../../platform/tokens.js';
import { emailChangeConfirmMail, emailChangeNoticeMail } from './mail-templates.js';
import { consumeToken } from './mail-tokens.js';
import { byEmail, mailLink, memberRow, checkCurrentPassword } from './members.js';

/** A signed-in member moving to another address: confirmed from the new one, noticed at the old one. */

export async function requestEmailChange(
  ctx: AppContext,
  principal: Principal,
  currentPassword: string,
  newEmail: string,
) {
  const member = await memberRow(ctx, principal.memberId);
  await checkCurrentPassword(member, currentPassword);
  const email = newEmail.trim();
  if (member.email && member.email.toLowerCase() === email.toLowerCase()) {
    throw badRequest('The new email is the same as the current one', 'newEmail');
  }
  await ctx.db.transaction(async (tx) => {
    const [other] = await tx.select({ id: members.id }).from(members).where(byEmail(email)).limit(1);
    if (other) throw conflict(M.emailTaken, 'newEmail');
    const t = newMailToken();
    await tx.insert(emailTokens).values({
      memberId: member.id,
      kind: 'email_change',
      tokenHash: t.hash,
      newEmail: email,
      expiresAt: new Date(Date.now() + RESET_TOKEN_TTL_S * 1000),
    });
    const lang = serverT(member.locale);
    const link = mailLink(ctx, '/verify-email-change', t.token, lang.locale);
    await enqueueMail(tx, emailChangeConfirmMail(email, member.username, link, lang));
    if (member.email) await enqueueMail(tx, emailChangeNoticeMail(member.email, member.username, email, lang));
  });
  void ctx.mail.kick();
}

export async function confirmEmailChange(ctx: AppContext, token: string) {
  await ctx.db.transaction(async (tx) => {
    const row = await consumeToken(tx, token, 'email_change');
    const email = row.newEmail!;
    const [other] = await tx.select({ id: members.id }).from(members).where(byEmail(email)).limit(1);
    if (other && other.id !== row.memberId) throw conflict(M.emailTaken, 'token');
    await tx
      .update(members)
      .set({ email, emailVerifiedAt: new Date(), updatedAt: new Date() })
      .where(eq(members.id, row.memberId));
  });
}
