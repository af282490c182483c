import { and, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import {
  ADMIN_MESSAGES,
  AUTH_MESSAGES as M,
  DEFAULT_NOTIFICATION_PREFERENCES,
  RESET_TOKEN_TTL_S,
  TOKEN_TTL_REMEMBER_S,
  TOKEN_TTL_SESSION_S,
  VERIFY_TOKEN_TTL_S,
  type AuthResponse,
  type Member,
} from '@bm/core';
import type { AppContext, Principal } from '../../context.js';
import type { Db } from '../../db/client.js';
import { emailTokens, impersonationAudit, memberRoles, members, sessions } from '../../db/schema.js';
import { HttpError, badRequest, conflict, forbidden, notFound, unauthorized } from '../../platform/errors.js';
import { enqueueMail } from '../../platform/mailer.js';
import { hashPassword, verifyPassword } from '../../platform/passwords.js';
import { hashMailToken, newMailToken } from '../../platform/tokens.js';
import {
  emailChangeConfirmMail,
  emailChangeNoticeMail,
  passwordResetMail,
  verificationMail,
} from './mail-templates.js';

type MemberRow = typeof members.$inferSelect;

export function toMember(row: MemberRow, ctx: Pick<AppContext, 'storage'>, impersonating = false): Member {
  return {
    id: row.id,
    username: row.username,
    email: row.email,
    avatarUrl: row.avatarKey ? ctx.storage.url(row.avatarKey) : null,
    isVerified: row.emailVerifiedAt !== null,
    isImpersonating: impersonating,
  };
}

const byUsername = (username: string) => eq(sql`lower(${members.username})`, username.trim().toLowerCase());
const byEmail = (email: string) => eq(sql`lower(${members.email})`, email.trim().toLowerCase());

async function rolesOf(db: Db, memberId: number): Promise<string[]> {
  const rows = await db.select({ role: memberRoles.role }).from(memberRoles).where(eq(memberRoles.memberId, memberId));
  return rows.map((r) => r.role).sort();
}

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

/** A password check that takes as long whether or not the account exists. */
const DUMMY_HASH = hashPassword('not-a-real-password-used-for-timing');

export class AuthService {
  constructor(private readonly ctx: AppContext) {}

  private link(path: string, token: string) {
    return `${this.ctx.config.publicUrl}${path}?token=${encodeURIComponent(token)}`;
  }

  /** Creates a session row and its signed token. */
  private async issue(db: Db, member: MemberRow, opts: { rememberMe: boolean; impersonatorId?: number }) {
    const ttl = opts.rememberMe ? TOKEN_TTL_REMEMBER_S : TOKEN_TTL_SESSION_S;
    const expiresAt = new Date(Date.now() + ttl * 1000);
    const [session] = await db
      .insert(sessions)
      .values({
        memberId: member.id,
        rememberMe: opts.rememberMe,
        impersonatorId: opts.impersonatorId ?? null,
        expiresAt,
      })
      .returning({ id: sessions.id });
    const roles = await rolesOf(db, member.id);
    const impersonating = opts.impersonatorId !== undefined;
    const token = await this.ctx.tokens.sign({
      memberId: member.id,
      sessionId: session!.id,
      roles,
      impersonating,
      expiresAt,
    });
    return { token, sessionId: session!.id, member: toMember(member, this.ctx, impersonating) };
  }

  /** The caller behind a token: a valid signature, and a session that is neither revoked nor expired. */
  async principalFromToken(token: string): Promise<Principal | null> {
    const claims = await this.ctx.tokens.verify(token);
    if (!claims) return null;
    const memberId = Number(claims.sub);
    if (!/^[0-9a-f-]{36}$/i.test(claims.sid)) return null;
    const [row] = await this.ctx.db
      .select({
        id: sessions.id,
        impersonatorId: sessions.impersonatorId,
        generation: sessions.generation,
        rotatedAt: sessions.rotatedAt,
      })
      .from(sessions)
      .innerJoin(members, eq(members.id, sessions.memberId))
      .where(
        and(
          eq(sessions.id, claims.sid),
          eq(sessions.memberId, memberId),
          isNull(sessions.revokedAt),
          gt(sessions.expiresAt, sql`now()`),
          // A disabled account's tokens stop working at once, even before its sessions are revoked.
          isNull(members.disabledAt),
        ),
      )
      .limit(1);
    if (!row || tokenAge(claims.gen, row) === 'old') return null;
    return {
      memberId,
      sessionId: row.id,
      roles: await rolesOf(this.ctx.db, memberId),
      impersonating: row.impersonatorId !== null,
      impersonatorId: row.impersonatorId,
    };
  }

  /**
   * The sessions among `ids` that still hold (neither revoked nor expired, account enabled), each with
   * its member's roles: what the real-time hub checks its open sockets against.
   */
  async liveSessions(ids: string[]): Promise<Map<string, string[]>> {
    const live = new Map<string, string[]>();
    if (!ids.length) return live;
    const rows = await this.ctx.db
      .select({ id: sessions.id, memberId: sessions.memberId })
      .from(sessions)
      .innerJoin(members, eq(members.id, sessions.memberId))
      .where(
        and(
          inArray(sessions.id, ids),
          isNull(sessions.revokedAt),
          gt(sessions.expiresAt, sql`now()`),
          isNull(members.disabledAt),
        ),
      );
    const memberIds = [...new Set(rows.map((r) => r.memberId))];
    const roles = memberIds.length
      ? await this.ctx.db.select().from(memberRoles).where(inArray(memberRoles.memberId, memberIds))
      : [];
    for (const r of rows)
      live.set(
        r.id,
        roles
          .filter((x) => x.memberId === r.memberId)
          .map((x) => x.role)
          .sort(),
      );
    return live;
  }

  async register(input: { username: string; email: string; password: string; productUpdatesOptIn: boolean }) {
    const username = input.username.trim();
    const email = input.email.trim();
    const passwordHash = await hashPassword(input.password);
    const { token } = await this.ctx.db.transaction(async (tx) => {
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
          notificationPreferences: { ...DEFAULT_NOTIFICATION_PREFERENCES, productUpdates: input.productUpdatesOptIn },
        })
        .returning();
      return this.sendVerification(tx, member!);
    });
    void this.ctx.mail.kick();
    return { email, username, token };
  }

  private async sendVerification(db: Db, member: MemberRow) {
    const t = newMailToken();
    await db.insert(emailTokens).values({
      memberId: member.id,
      kind: 'verify',
      tokenHash: t.hash,
      newEmail: member.email,
      expiresAt: new Date(Date.now() + VERIFY_TOKEN_TTL_S * 1000),
    });
    await enqueueMail(db, verificationMail(member.email!, member.username, this.link('/verify-email', t.token)));
    return t;
  }

  private async checkCredentials(username: string, password: string): Promise<MemberRow> {
    const [member] = await this.ctx.db.select().from(members).where(byUsername(username)).limit(1);
    if (!member) {
      await verifyPassword(await DUMMY_HASH, password);
      throw new HttpError(401, M.invalidCredentials, { reason: 'InvalidCredentials' });
    }
    if (!(await verifyPassword(member.passwordHash, password))) {
      throw new HttpError(401, M.invalidCredentials, { reason: 'InvalidCredentials' });
    }
    return member;
  }

  async login(input: { username: string; password: string; rememberMe: boolean }): Promise<AuthResponse> {
    const member = await this.checkCredentials(input.username, input.password);
    if (member.disabledAt) throw new HttpError(403, ADMIN_MESSAGES.accountDisabled, { reason: 'AccountDisabled' });
    if (!member.email) throw new HttpError(403, M.emailRequired, { reason: 'EmailRequired', currentEmail: null });
    if (!member.emailVerifiedAt)
      throw new HttpError(403, M.emailNotVerified, { reason: 'EmailNotVerified', currentEmail: member.email });
    const { token, member: out } = await this.issue(this.ctx.db, member, { rememberMe: input.rememberMe });
    return { token, member: out };
  }

  async logout(principal: Principal) {
    await this.ctx.db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.id, principal.sessionId));
    this.ctx.hub.endSessions({ sessionId: principal.sessionId });
  }

  async me(principal: Principal): Promise<Member> {
    const [row] = await this.ctx.db.select().from(members).where(eq(members.id, principal.memberId)).limit(1);
    if (!row) throw unauthorized();
    return toMember(row, this.ctx, principal.impersonating);
  }

  async validate(token: string) {
    return (await this.principalFromToken(token)) !== null;
  }

  /**
   * Rotation: a new token for the same session, with its expiry pushed out and the roles read afresh;
   * the token given in is no longer valid (after a short grace for other tabs). Presenting a token of
   * an older generation means it was copied and used by someone else: the whole session is revoked.
   */
  async refresh(token: string): Promise<AuthResponse> {
    const expired = () => unauthorized('Session expired. Please sign in again.');
    const claims = await this.ctx.tokens.verify(token);
    if (!claims || !/^[0-9a-f-]{36}$/i.test(claims.sid)) throw expired();
    const result = await this.ctx.db.transaction(async (tx) => {
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
      this.ctx.hub.endSessions({ sessionId: claims.sid });
      this.ctx.log.warn({ sessionId: claims.sid, memberId: claims.sub }, 'An old token was refreshed: session revoked');
      throw expired();
    }
    if (!result) throw expired();
    const signed = await this.ctx.tokens.sign({
      memberId: result.member.id,
      sessionId: result.session.id,
      roles: await rolesOf(this.ctx.db, result.member.id),
      impersonating: result.impersonating,
      expiresAt: result.expiresAt,
      generation: result.generation,
    });
    return { token: signed, member: toMember(result.member, this.ctx, result.impersonating) };
  }

  /** Looks up a mailed token: unused, unexpired, of the right kind. Marks it used in the same transaction. */
  private async consumeToken(tx: Db, token: string, kind: 'verify' | 'reset' | 'email_change') {
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

  async verifyEmail(token: string): Promise<AuthResponse> {
    return this.ctx.db.transaction(async (tx) => {
      const row = await this.consumeToken(tx, token, 'verify');
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
      const { token: jwt, member: out } = await this.issue(tx, updated!, { rememberMe: false });
      return { token: jwt, member: out };
    });
  }

  /** Sets or replaces the unverified address of an account that cannot sign in yet, and mails a link. */
  async provideEmail(input: { username: string; password: string; email: string }) {
    const member = await this.checkCredentials(input.username, input.password);
    if (member.emailVerifiedAt && member.email)
      throw badRequest('This account already has a verified email address', 'email');
    const email = input.email.trim();
    await this.ctx.db.transaction(async (tx) => {
      const [other] = await tx.select({ id: members.id }).from(members).where(byEmail(email)).limit(1);
      if (other && other.id !== member.id) throw conflict(M.emailTaken, 'email');
      const [updated] = await tx
        .update(members)
        .set({ email, emailVerifiedAt: null, updatedAt: new Date() })
        .where(eq(members.id, member.id))
        .returning();
      await this.sendVerification(tx, updated!);
    });
    void this.ctx.mail.kick();
  }

  /** Same answer whether or not such an unverified account exists. */
  async resendVerification(input: { email?: string; username?: string }) {
    const where = input.email ? byEmail(input.email) : input.username ? byUsername(input.username) : undefined;
    if (!where) return;
    const [member] = await this.ctx.db.select().from(members).where(where).limit(1);
    if (!member || !member.email || member.emailVerifiedAt) return;
    await this.ctx.db.transaction((tx) => this.sendVerification(tx, member));
    void this.ctx.mail.kick();
  }

  /** Same answer whether or not the account exists. */
  async forgotPassword(email: string) {
    const [member] = await this.ctx.db.select().from(members).where(byEmail(email)).limit(1);
    if (!member || !member.email) return;
    await this.ctx.db.transaction(async (tx) => {
      const t = newMailToken();
      await tx.insert(emailTokens).values({
        memberId: member.id,
        kind: 'reset',
        tokenHash: t.hash,
        expiresAt: new Date(Date.now() + RESET_TOKEN_TTL_S * 1000),
      });
      await enqueueMail(tx, passwordResetMail(member.email!, member.username, this.link('/reset-password', t.token)));
    });
    void this.ctx.mail.kick();
  }

  async resetPassword(token: string, newPassword: string) {
    const passwordHash = await hashPassword(newPassword);
    const memberId = await this.ctx.db.transaction(async (tx) => {
      const row = await this.consumeToken(tx, token, 'reset');
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
    this.ctx.hub.endSessions({ memberId });
  }

  private async memberRow(id: number) {
    const [row] = await this.ctx.db.select().from(members).where(eq(members.id, id)).limit(1);
    if (!row) throw unauthorized();
    return row;
  }

  async changePassword(principal: Principal, currentPassword: string, newPassword: string) {
    const member = await this.memberRow(principal.memberId);
    if (!(await verifyPassword(member.passwordHash, currentPassword)))
      throw badRequest(M.currentPasswordWrong, 'currentPassword');
    const passwordHash = await hashPassword(newPassword);
    await this.ctx.db.transaction(async (tx) => {
      await tx.update(members).set({ passwordHash, updatedAt: new Date() }).where(eq(members.id, member.id));
      await tx
        .update(sessions)
        .set({ revokedAt: new Date() })
        .where(and(eq(sessions.memberId, member.id), isNull(sessions.revokedAt)));
    });
    this.ctx.hub.endSessions({ memberId: member.id });
  }

  async requestEmailChange(principal: Principal, currentPassword: string, newEmail: string) {
    const member = await this.memberRow(principal.memberId);
    if (!(await verifyPassword(member.passwordHash, currentPassword)))
      throw badRequest(M.currentPasswordWrong, 'currentPassword');
    const email = newEmail.trim();
    if (member.email && member.email.toLowerCase() === email.toLowerCase()) {
      throw badRequest('The new email is the same as the current one', 'newEmail');
    }
    await this.ctx.db.transaction(async (tx) => {
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
      await enqueueMail(tx, emailChangeConfirmMail(email, member.username, this.link('/verify-email-change', t.token)));
      if (member.email) await enqueueMail(tx, emailChangeNoticeMail(member.email, member.username, email));
    });
    void this.ctx.mail.kick();
  }

  async confirmEmailChange(token: string) {
    await this.ctx.db.transaction(async (tx) => {
      const row = await this.consumeToken(tx, token, 'email_change');
      const email = row.newEmail!;
      const [other] = await tx.select({ id: members.id }).from(members).where(byEmail(email)).limit(1);
      if (other && other.id !== row.memberId) throw conflict(M.emailTaken, 'token');
      await tx
        .update(members)
        .set({ email, emailVerifiedAt: new Date(), updatedAt: new Date() })
        .where(eq(members.id, row.memberId));
    });
  }

  async impersonate(principal: Principal, targetId: number): Promise<AuthResponse> {
    if (principal.impersonating) throw forbidden('Stop the current impersonation first');
    if (!principal.roles.includes('administrator')) throw forbidden();
    const [target] = await this.ctx.db.select().from(members).where(eq(members.id, targetId)).limit(1);
    if (!target) throw notFound('Member not found');
    if (target.id === principal.memberId) throw badRequest('You cannot impersonate yourself');
    const targetRoles = await rolesOf(this.ctx.db, target.id);
    if (targetRoles.includes('administrator')) throw forbidden('Administrators cannot be impersonated');
    return this.ctx.db.transaction(async (tx) => {
      const issued = await this.issue(tx, target, { rememberMe: false, impersonatorId: principal.memberId });
      await tx
        .insert(impersonationAudit)
        .values({ adminId: principal.memberId, memberId: target.id, sessionId: issued.sessionId });
      return { token: issued.token, member: issued.member };
    });
  }

  async stopImpersonation(principal: Principal) {
    if (!principal.impersonating) throw badRequest('Not impersonating');
    await this.ctx.db.transaction(async (tx) => {
      await tx.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.id, principal.sessionId));
      await tx
        .update(impersonationAudit)
        .set({ stoppedAt: new Date() })
        .where(eq(impersonationAudit.sessionId, principal.sessionId));
    });
    this.ctx.hub.endSessions({ sessionId: principal.sessionId });
  }

  roles(principal: Principal) {
    return principal.roles;
  }
}
