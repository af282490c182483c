import type { FastifyRequest } from 'fastify';
import { and, eq, gt, inArray, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { SelectedFields } from 'drizzle-orm/pg-core';
import { STAFF_ROLES, TOKEN_TTL_REMEMBER_S, TOKEN_TTL_SESSION_S, type AuthResponse } from '@bm/core';
import type { AppContext, Principal } from '../../context.js';
import type { Db } from '../../db/client.js';
import { impersonationAudit, memberRoles, memberTotp, members, passkeys, sessions } from '../../db/schema.js';
import { badRequest, forbidden, notFound, unauthorized } from '../../platform/errors.js';
import { type MemberRow, rolesOf, toMember } from './members.js';

/** Sessions and their tokens: issuing, checking, refreshing, ending, and impersonation sessions. */

/**
 * How long the token of the previous generation keeps working after a refresh: other tabs of the same
 * browser share the token and may still send (or refresh) the old one for a moment.
 */
const ROTATION_GRACE_MS = 30_000;

/** A token's generation against its session's: current, the one just replaced (within the grace), or old. */
function tokenAge(
  gen: number,
  session: { generation: number; rotatedAt: Date | null },
): 'current' | 'previous' | 'old' {
  if (gen === session.generation) return 'current';
  if (
    gen === session.generation - 1 &&
    session.rotatedAt &&
    Date.now() - session.rotatedAt.getTime() < ROTATION_GRACE_MS
  )
    return 'previous';
  return 'old';
}

/** Who signs in, as the request shows it: kept with the session for the member's list of sessions. */
export interface ClientInfo {
  ip: string;
  userAgent?: string | null;
}

/** The caller's address and browser, kept with a new session. */
export const clientOf = (req: FastifyRequest): ClientInfo => ({
  ip: req.ip,
  userAgent: req.headers['user-agent'] ?? null,
});

/** An address cut to its network (IPv4 /24, IPv6 /48): enough to recognise, not to locate. */
export function ipPrefix(ip: string): string | null {
  const v4 = /^(?:::ffff:)?(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.\d{1,3}$/i.exec(ip);
  if (v4) return `${v4[1]}.${v4[2]}.${v4[3]}.0/24`;
  if (!ip.includes(':')) return null;
  const [head = ''] = ip.split('::');
  const groups = head.split(':').filter(Boolean);
  if (ip.startsWith('::')) return '::/48';
  while (groups.length < 3) groups.push('0');
  return `${groups.slice(0, 3).join(':').toLowerCase()}::/48`;
}

/** A session's last-seen time is written at most this often: no write per request. */
export const LAST_SEEN_EVERY_MS = 5 * 60_000;

/** Records that a session made a request, unless that was written less than LAST_SEEN_EVERY_MS ago. */
export async function touchSession(ctx: AppContext, sessionId: string, lastSeenAt: Date | null) {
  if (lastSeenAt && Date.now() - lastSeenAt.getTime() < LAST_SEEN_EVERY_MS) return;
  const before = new Date(Date.now() - LAST_SEEN_EVERY_MS);
  try {
    await ctx.db
      .update(sessions)
      .set({ lastSeenAt: new Date() })
      .where(and(eq(sessions.id, sessionId), or(isNull(sessions.lastSeenAt), lt(sessions.lastSeenAt, before))));
  } catch (err) {
    // Only the list's "last seen" is late: the request goes on.
    ctx.log.warn({ err, sessionId }, 'last seen not recorded');
  }
}

/** Creates a session row and its signed token. */
export async function issueSession(
  ctx: AppContext,
  db: Db,
  member: MemberRow,
  opts: { rememberMe: boolean; impersonatorId?: number; client?: ClientInfo },
) {
  const ttl = opts.rememberMe ? TOKEN_TTL_REMEMBER_S : TOKEN_TTL_SESSION_S;
  const expiresAt = new Date(Date.now() + ttl * 1000);
  const [session] = await db
    .insert(sessions)
    .values({
      memberId: member.id,
      rememberMe: opts.rememberMe,
      impersonatorId: opts.impersonatorId ?? null,
      expiresAt,
      lastSeenAt: new Date(),
      userAgent: opts.client?.userAgent?.slice(0, 400) || null,
      ipPrefix: opts.client ? ipPrefix(opts.client.ip) : null,
    })
    .returning({ id: sessions.id });
  const roles = await rolesOf(db, member.id);
  const impersonating = opts.impersonatorId !== undefined;
  const token = await ctx.tokens.sign({
    memberId: member.id,
    sessionId: session!.id,
    roles,
    impersonating,
    expiresAt,
  });
  return { token, sessionId: session!.id, member: toMember(member, ctx, impersonating) };
}

const isStaffRole = (role: string) => (STAFF_ROLES as readonly string[]).includes(role.toLowerCase());

/**
 * The one place where a caller's staff-ness is decided. With REQUIRE_STAFF_2FA on, a moderator or
 * administrator with neither two-factor nor a passkey acts without their staff roles: `roles` (what
 * requireRole, the resource policies, comment deletion and the hub's rooms read) leaves them out, and
 * `withheldRoles` keeps them aside, so that requireRole can answer 403 TwoFactorRequired and
 * /roles/my still lists them (the site shows the staff pages, which say to turn two-factor on).
 */
export function actingRoles(
  ctx: Pick<AppContext, 'config'>,
  held: string[],
  hasSecondFactor: boolean,
): { roles: string[]; withheldRoles: string[] } {
  if (!ctx.config.requireStaff2fa || hasSecondFactor) return { roles: held, withheldRoles: [] };
  return { roles: held.filter((r) => !isStaffRole(r)), withheldRoles: held.filter(isStaffRole) };
}

/**
 * The `fields` of the sessions that match `where` and still hold (neither revoked nor expired, account
 * enabled), with what actingRoles needs of their member's second factor (hasSecondFactor).
 */
function liveSessionRows<Fields extends SelectedFields>(db: Db, fields: Fields, ...where: SQL[]) {
  return db
    .select({
      ...fields,
      totpEnabledAt: memberTotp.enabledAt,
      hasPasskey: sql<boolean>`exists (select 1 from ${passkeys} where ${passkeys.memberId} = ${sessions.memberId})`,
    })
    .from(sessions)
    .innerJoin(members, eq(members.id, sessions.memberId))
    .leftJoin(memberTotp, eq(memberTotp.memberId, sessions.memberId))
    .where(
      and(
        ...where,
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, sql`now()`),
        // A disabled account's tokens stop working at once, even before its sessions are revoked.
        isNull(members.disabledAt),
      ),
    );
}

const hasSecondFactor = (row: { totpEnabledAt: Date | null; hasPasskey: boolean | null }) =>
  !!row.totpEnabledAt || !!row.hasPasskey;

/** The caller behind a token: a valid signature, and a session that is neither revoked nor expired. */
export async function principalFromToken(ctx: AppContext, token: string): Promise<Principal | null> {
  const claims = await ctx.tokens.verify(token);
  if (!claims) return null;
  const memberId = Number(claims.sub);
  if (!/^[0-9a-f-]{36}$/i.test(claims.sid)) return null;
  const [row] = await liveSessionRows(
    ctx.db,
    {
      id: sessions.id,
      impersonatorId: sessions.impersonatorId,
      generation: sessions.generation,
      rotatedAt: sessions.rotatedAt,
      lastSeenAt: sessions.lastSeenAt,
    },
    eq(sessions.id, claims.sid),
    eq(sessions.memberId, memberId),
  ).limit(1);
  if (!row || tokenAge(claims.gen, row) === 'old') return null;
  await touchSession(ctx, row.id, row.lastSeenAt);
  const { roles, withheldRoles } = actingRoles(ctx, await rolesOf(ctx.db, memberId), hasSecondFactor(row));
  return {
    memberId,
    sessionId: row.id,
    roles,
    impersonating: row.impersonatorId !== null,
    impersonatorId: row.impersonatorId,
    ...(withheldRoles.length ? { withheldRoles } : {}),
  };
}

/**
 * The sessions among `ids` that still hold (neither revoked nor expired, account enabled), each with
 * the roles its member acts with (actingRoles): what the real-time hub checks its open sockets
 * against, so a staff socket whose member turned two-factor on or off is reconnected with the rooms
 * that now fit.
 */
export async function liveSessions(ctx: AppContext, ids: string[]): Promise<Map<string, string[]>> {
  const live = new Map<string, string[]>();
  if (!ids.length) return live;
  const rows = await liveSessionRows(
    ctx.db,
    { id: sessions.id, memberId: sessions.memberId },
    inArray(sessions.id, ids),
  );
  const memberIds = [...new Set(rows.map((r) => r.memberId))];
  const roles = memberIds.length
    ? await ctx.db.select().from(memberRoles).where(inArray(memberRoles.memberId, memberIds))
    : [];
  for (const r of rows) {
    const held = roles
      .filter((x) => x.memberId === r.memberId)
      .map((x) => x.role)
      .sort();
    live.set(r.id, actingRoles(ctx, held, hasSecondFactor(r)).roles);
  }
  return live;
}

export async function logout(ctx: AppContext, principal: Principal) {
  await ctx.db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.id, principal.sessionId));
  ctx.hub.endSessions({ sessionId: principal.sessionId });
}

/**
 * Rotation: a new token for the same session, with its expiry pushed out and the roles read afresh;
 * the token given in is no longer valid (after a short grace for other tabs). Presenting a token of
 * an older generation means it was copied and used by someone else: the whole session is revoked.
 */
export async function refresh(ctx: AppContext, token: string): Promise<AuthResponse> {
  const expired = () => unauthorized('Session expired. Please sign in again.');
  const claims = await ctx.tokens.verify(token);
  if (!claims || !/^[0-9a-f-]{36}$/i.test(claims.sid)) throw expired();
  const result = await ctx.db.transaction(async (tx) => {
    const [session] = await tx
      .select()
      .from(sessions)
      .where(
        and(
          eq(sessions.id, claims.sid),
          eq(sessions.memberId, Number(claims.sub)),
          isNull(sessions.revokedAt),
          gt(sessions.expiresAt, sql`now()`),
        ),
      )
      .for('update');
    if (!session) return null;
    const age = tokenAge(claims.gen, session);
    if (age === 'old') {
      await tx.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.id, session.id));
      return 'reused' as const;
    }
    const [member] = await tx.select().from(members).where(eq(members.id, session.memberId));
    if (!member) return null;
    // An impersonation session is not extended past its original end.
    const impersonating = session.impersonatorId !== null;
    const ttl = session.rememberMe ? TOKEN_TTL_REMEMBER_S : TOKEN_TTL_SESSION_S;
    const expiresAt = impersonating ? session.expiresAt : new Date(Date.now() + ttl * 1000);
    // A second tab refreshing the token just replaced gets the current generation, not another rotation.
    const generation = age === 'current' ? session.generation + 1 : session.generation;
    await tx
      .update(sessions)
      .set(age === 'current' ? { expiresAt, generation, rotatedAt: new Date() } : { expiresAt })
      .where(eq(sessions.id, session.id));
    return { member, session, impersonating, expiresAt, generation };
  });
  if (result === 'reused') {
    ctx.hub.endSessions({ sessionId: claims.sid });
    ctx.log.warn({ sessionId: claims.sid, memberId: claims.sub }, 'An old token was refreshed: session revoked');
    throw expired();
  }
  if (!result) throw expired();
  const signed = await ctx.tokens.sign({
    memberId: result.member.id,
    sessionId: result.session.id,
    roles: await rolesOf(ctx.db, result.member.id),
    impersonating: result.impersonating,
    expiresAt: result.expiresAt,
    generation: result.generation,
  });
  return { token: signed, member: toMember(result.member, ctx, result.impersonating) };
}

export async function impersonate(ctx: AppContext, principal: Principal, targetId: number): Promise<AuthResponse> {
  if (principal.impersonating) throw forbidden('Stop the current impersonation first');
  if (!principal.roles.includes('administrator')) throw forbidden();
  const [target] = await ctx.db.select().from(members).where(eq(members.id, targetId)).limit(1);
  if (!target) throw notFound('Member not found');
  if (target.id === principal.memberId) throw badRequest('You cannot impersonate yourself');
  const targetRoles = await rolesOf(ctx.db, target.id);
  if (targetRoles.includes('administrator')) throw forbidden('Administrators cannot be impersonated');
  return ctx.db.transaction(async (tx) => {
    const issued = await issueSession(ctx, tx, target, { rememberMe: false, impersonatorId: principal.memberId });
    await tx
      .insert(impersonationAudit)
      .values({ adminId: principal.memberId, memberId: target.id, sessionId: issued.sessionId });
    return { token: issued.token, member: issued.member };
  });
}

export async function stopImpersonation(ctx: AppContext, principal: Principal) {
  if (!principal.impersonating) throw badRequest('Not impersonating');
  await ctx.db.transaction(async (tx) => {
    await tx.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.id, principal.sessionId));
    await tx
      .update(impersonationAudit)
      .set({ stoppedAt: new Date() })
      .where(eq(impersonationAudit.sessionId, principal.sessionId));
  });
  ctx.hub.endSessions({ sessionId: principal.sessionId });
}
