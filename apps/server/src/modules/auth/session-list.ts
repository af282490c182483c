import Bowser from 'bowser';
import { and, desc, eq, gt, isNotNull, isNull, ne, sql } from 'drizzle-orm';
import { TWO_FACTOR_MESSAGES as T, type SessionInfo } from '@bm/core';
import type { AppContext, Principal } from '../../context.js';
import { sessions } from '../../db/schema.js';
import { notFound } from '../../platform/errors.js';
import { type ClientInfo, ipPrefix } from './sessions.js';

/**
 * The member's own sessions: where they are signed in, ending one or all others, when each was last
 * seen (sessions.ts writes it at most every LAST_SEEN_EVERY_MS), and a notice when a sign-in comes from a new device.
 */

/** Browser and device names from a User-Agent (bowser), null when it tells nothing. */
export function describeAgent(userAgent: string | null): { browser: string | null; device: string | null } {
  if (!userAgent) return { browser: null, device: null };
  const ua = Bowser.parse(userAgent);
  const os = ua.os.name ? [ua.os.name, ua.os.versionName].filter(Boolean).join(' ') : null;
  const model = ua.platform.model ?? null;
  return {
    browser: ua.browser.name || null,
    device: model && os ? `${model} (${os})` : (os ?? model),
  };
}

/** What makes two sign-ins "the same device" for the new-device notice: browser and system names. */
const deviceKey = (userAgent: string | null) => {
  const { browser, device } = describeAgent(userAgent);
  return browser || device ? `${browser ?? ''}|${device ?? ''}` : null;
};

const live = (memberId: number) =>
  and(
    eq(sessions.memberId, memberId),
    isNull(sessions.revokedAt),
    isNull(sessions.impersonatorId),
    gt(sessions.expiresAt, sql`now()`),
  );

export async function listSessions(ctx: AppContext, principal: Principal): Promise<SessionInfo[]> {
  const rows = await ctx.db
    .select()
    .from(sessions)
    .where(live(principal.memberId))
    .orderBy(sql`${sessions.lastSeenAt} desc nulls last`, desc(sessions.createdAt));
  return rows.map((r) => ({
    id: r.id,
    createdAt: r.createdAt.toISOString(),
    lastSeenAt: r.lastSeenAt?.toISOString() ?? null,
    userAgent: r.userAgent,
    ipPrefix: r.ipPrefix,
    current: r.id === principal.sessionId,
    ...describeAgent(r.userAgent),
  }));
}

/** Ends one of the member's sessions: its token fails from the next request, its sockets close. */
export async function endSession(ctx: AppContext, principal: Principal, id: string) {
  const ended = await ctx.db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.id, id), live(principal.memberId)))
    .returning({ id: sessions.id });
  if (!ended.length) throw notFound(T.sessionNotFound);
  ctx.hub.endSessions({ sessionId: id });
}

/** Ends every session of the member but the one making the call; answers how many. */
export async function endOtherSessions(ctx: AppContext, principal: Principal): Promise<number> {
  const ended = await ctx.db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(live(principal.memberId), ne(sessions.id, principal.sessionId)))
    .returning({ id: sessions.id });
  for (const { id } of ended) ctx.hub.endSessions({ sessionId: id });
  return ended.length;
}

/**
 * After a sign-in: when the member has signed in before from other devices only (by browser and system
 * names), tells them through the notification service (an inbox message, and an email when their
 * settings ask for email copies). Never fails the sign-in.
 */
export async function noticeNewDevice(ctx: AppContext, memberId: number, sessionId: string, client?: ClientInfo) {
  try {
    const key = deviceKey(client?.userAgent ?? null);
    if (!key) return;
    const earlier = await ctx.db
      .select({ userAgent: sessions.userAgent })
      .from(sessions)
      .where(
        and(
          eq(sessions.memberId, memberId),
          ne(sessions.id, sessionId),
          isNull(sessions.impersonatorId),
          isNotNull(sessions.userAgent),
        ),
      )
      .orderBy(desc(sessions.createdAt))
      .limit(100);
    if (!earlier.length || earlier.some((s) => deviceKey(s.userAgent) === key)) return;
    const { browser, device } = describeAgent(client?.userAgent ?? null);
    const network = client ? ipPrefix(client.ip) : null;
    await ctx.notifications.sendNow({
      memberId,
      kind: 'newSignIn',
      subject: (t) => t('notice.newSignIn.subject'),
      body: (t) => {
        const what =
          browser && device ? t('notice.newSignIn.browserOnDevice', { browser, device }) : browser || device || '';
        const said = network ? t('notice.newSignIn.bodyFrom', { what, network }) : t('notice.newSignIn.body', { what });
        return `${said}\n\n${t('notice.newSignIn.advice')}`;
      },
      link: '/account/settings/security',
    });
    void ctx.mail.kick();
  } catch (err) {
    ctx.log.warn({ err, memberId }, 'new sign-in notice not sent');
  }
}
