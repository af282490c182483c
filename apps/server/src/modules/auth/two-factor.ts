import { createHash, randomBytes } from 'node:crypto';
import { and, count, eq, isNull, lt, or } from 'drizzle-orm';
import * as OTPAuth from 'otpauth';
import QRCode from 'qrcode';
import {
  CHALLENGE_MAX_FAILURES,
  CHALLENGE_TTL_S,
  RECOVERY_CODE_COUNT,
  TOTP_DIGITS,
  TOTP_PERIOD_S,
  TWO_FACTOR_MESSAGES as T,
  type AuthResponse,
  type RecoveryCodesResponse,
  type TotpSetupResponse,
  type TwoFactorChallengeResponse,
  type TwoFactorStatus,
  type AuthenticationCredential,
  PASSKEY_MESSAGES,
} from '@bm/core';
import type { AppContext, Principal } from '../../context.js';
import type { Db } from '../../db/client.js';
import { memberTotp, members, recoveryCodes, twoFactorChallenges } from '../../db/schema.js';
import { HttpError, badRequest, conflict } from '../../platform/errors.js';
import { hashMailToken } from '../../platform/tokens.js';
import { checkCurrentPassword, memberRow } from './members.js';
import { checkAssertion, secondFactorOptions } from './passkeys.js';
import { noticeNewDevice } from './session-list.js';
import { type ClientInfo, issueSession } from './sessions.js';
import { openSecret, sealSecret } from './two-factor-secrets.js';

/**
 * Two-factor sign-in with an authenticator app (TOTP, RFC 6238: SHA-1, 30 s, 6 digits) and single-use
 * recovery codes. A code is accepted one step either side of now, and only for a step later than the
 * last one used: the same code never works twice. See docs/two-factor.md.
 */

const ISSUER = 'BakkesMod Community';

const totpFor = (secret: string, label = 'member') =>
  new OTPAuth.TOTP({
    issuer: ISSUER,
    label,
    algorithm: 'SHA1',
    digits: TOTP_DIGITS,
    period: TOTP_PERIOD_S,
    secret: OTPAuth.Secret.fromBase32(secret),
  });

/** The time step a code belongs to (now, or one step either side), or null when it matches none. */
function matchingStep(secret: string, code: string): number | null {
  const totp = totpFor(secret);
  const timestamp = Date.now();
  const delta = totp.validate({ token: code, timestamp, window: 1 });
  return delta === null ? null : totp.counter({ timestamp }) + delta;
}

/** Recovery codes: ten groups of random letters and digits, compared without case, spaces or dashes. */
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
function newRecoveryCode(): string {
  const bytes = randomBytes(10);
  const chars = [...bytes].map((b) => RECOVERY_ALPHABET[b % RECOVERY_ALPHABET.length]).join('');
  return `${chars.slice(0, 5)}-${chars.slice(5)}`;
}
const hashRecoveryCode = (code: string) =>
  createHash('sha256')
    .update(code.toLowerCase().replace(/[\s-]+/g, ''))
    .digest('hex');

type CodeResult = 'ok' | 'wrong' | 'used';

/** Spends an authenticator code: right, and of a step later than the last used (recorded atomically). */
async function spendTotpCode(ctx: AppContext, db: Db, memberId: number, code: string): Promise<CodeResult> {
  const [row] = await db.select().from(memberTotp).where(eq(memberTotp.memberId, memberId)).limit(1);
  if (!row || !/^\d{6}$/.test(code)) return 'wrong';
  const step = matchingStep(openSecret(ctx, row.secret), code);
  if (step === null) return 'wrong';
  const spent = await db
    .update(memberTotp)
    .set({ lastStep: step })
    .where(and(eq(memberTotp.memberId, memberId), or(isNull(memberTotp.lastStep), lt(memberTotp.lastStep, step))))
    .returning({ memberId: memberTotp.memberId });
  return spent.length ? 'ok' : 'used';
}

async function spendRecoveryCode(db: Db, memberId: number, code: string): Promise<CodeResult> {
  const spent = await db
    .update(recoveryCodes)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(recoveryCodes.memberId, memberId),
        eq(recoveryCodes.codeHash, hashRecoveryCode(code)),
        isNull(recoveryCodes.usedAt),
      ),
    )
    .returning({ id: recoveryCodes.id });
  return spent.length ? 'ok' : 'wrong';
}

/** A passkey's answer as the second factor: one of the member's passkeys, signing the challenge of this sign-in. */
async function spendPasskey(
  ctx: AppContext,
  db: Db,
  memberId: number,
  signInChallenge: string,
  response: AuthenticationCredential,
) {
  const checked = await checkAssertion(ctx, db, { memberId, signInChallenge }, response);
  return checked.outcome === 'ok' ? ('ok' as const) : ('wrong' as const);
}

export async function totpEnabled(db: Db, memberId: number): Promise<boolean> {
  const [row] = await db
    .select({ enabledAt: memberTotp.enabledAt })
    .from(memberTotp)
    .where(eq(memberTotp.memberId, memberId))
    .limit(1);
  return Boolean(row?.enabledAt);
}

export async function twoFactorStatus(ctx: AppContext, principal: Principal): Promise<TwoFactorStatus> {
  const [left] = await ctx.db
    .select({ n: count() })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.memberId, principal.memberId), isNull(recoveryCodes.usedAt)));
  return { totpEnabled: await totpEnabled(ctx.db, principal.memberId), recoveryCodesLeft: left?.n ?? 0 };
}

/** A new secret, kept (sealed) as pending until a first code turns it on; a new setup replaces a pending one. */
export async function setupTotp(ctx: AppContext, principal: Principal): Promise<TotpSetupResponse> {
  const member = await memberRow(ctx, principal.memberId);
  if (await totpEnabled(ctx.db, member.id)) throw conflict(T.alreadyOn);
  const secret = new OTPAuth.Secret({ size: 20 }).base32;
  const sealed = sealSecret(ctx, secret);
  await ctx.db
    .insert(memberTotp)
    .values({ memberId: member.id, secret: sealed })
    .onConflictDoUpdate({ target: memberTotp.memberId, set: { secret: sealed, lastStep: null, enabledAt: null } });
  const otpauthUrl = totpFor(secret, member.username).toString();
  const qrSvg = await QRCode.toString(otpauthUrl, { type: 'svg', errorCorrectionLevel: 'M', margin: 1 });
  return { secret, otpauthUrl, qrSvg };
}

/** Turns two-factor on with a first right code, and answers ten new recovery codes (only their hashes are kept). */
export async function enableTotp(ctx: AppContext, principal: Principal, code: string): Promise<RecoveryCodesResponse> {
  const memberId = principal.memberId;
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx.select().from(memberTotp).where(eq(memberTotp.memberId, memberId)).for('update');
    if (!row) throw badRequest(T.noSetup, 'code');
    if (row.enabledAt) throw conflict(T.alreadyOn);
    const spent = await spendTotpCode(ctx, tx, memberId, code);
    if (spent !== 'ok') throw badRequest(spent === 'used' ? T.codeUsed : T.codeWrong, 'code');
    await tx.update(memberTotp).set({ enabledAt: new Date() }).where(eq(memberTotp.memberId, memberId));
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.memberId, memberId));
    const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
    await tx.insert(recoveryCodes).values(codes.map((c) => ({ memberId, codeHash: hashRecoveryCode(c) })));
    return { recoveryCodes: codes };
  });
}

/** Turns two-factor off: the password and a code (from the app, or a recovery code). */
export async function disableTotp(ctx: AppContext, principal: Principal, password: string, code: string) {
  const member = await memberRow(ctx, principal.memberId);
  await checkCurrentPassword(member, password);
  if (!(await totpEnabled(ctx.db, member.id))) throw badRequest(T.notOn);
  await ctx.db.transaction(async (tx) => {
    const spent = /^\d{6}$/.test(code.replace(/\s+/g, ''))
      ? await spendTotpCode(ctx, tx, member.id, code.replace(/\s+/g, ''))
      : await spendRecoveryCode(tx, member.id, code);
    if (spent !== 'ok') throw badRequest(spent === 'used' ? T.codeUsed : T.codeWrong, 'code');
    await tx.delete(memberTotp).where(eq(memberTotp.memberId, member.id));
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.memberId, member.id));
  });
}

/**
 * The password was right and two-factor is on: a challenge to answer within 5 minutes, with an
 * authenticator code, a recovery code or (the member having one) a passkey.
 */
export async function createChallenge(
  ctx: AppContext,
  memberId: number,
  rememberMe: boolean,
): Promise<TwoFactorChallengeResponse> {
  const challenge = randomBytes(32).toString('base64url');
  await ctx.db.insert(twoFactorChallenges).values({
    memberId,
    rememberMe,
    tokenHash: hashMailToken(challenge),
    expiresAt: new Date(Date.now() + CHALLENGE_TTL_S * 1000),
  });
  const passkeyOptions = await secondFactorOptions(ctx, memberId, challenge);
  return passkeyOptions
    ? { twoFactorRequired: true, challenge, methods: ['totp', 'recovery', 'passkey'], passkeyOptions }
    : { twoFactorRequired: true, challenge, methods: ['totp', 'recovery'] };
}

const challengeOver = () => new HttpError(401, T.challengeExpired, { reason: 'ChallengeExpired' });

/**
 * Answers a challenge with a code or a recovery code. Every check spends a point of the two-factor
 * rate limit; a wrong (or reused) code counts against the challenge, which takes 5 at most.
 */
export async function verifyChallenge(
  ctx: AppContext,
  input: { challenge: string; code?: string; recoveryCode?: string; passkey?: AuthenticationCredential },
  client: ClientInfo,
): Promise<AuthResponse> {
  const tokenHash = hashMailToken(input.challenge);
  const [found] = await ctx.db
    .select({ memberId: twoFactorChallenges.memberId })
    .from(twoFactorChallenges)
    .where(eq(twoFactorChallenges.tokenHash, tokenHash))
    .limit(1);
  await ctx.limits.consume('twoFactor', client.ip, found ? `m:${found.memberId}` : null);
  if (!found) throw challengeOver();
  const outcome = await ctx.db.transaction(async (tx) => {
    const [ch] = await tx
      .select()
      .from(twoFactorChallenges)
      .where(eq(twoFactorChallenges.tokenHash, tokenHash))
      .for('update');
    if (!ch || ch.usedAt || ch.expiresAt.getTime() <= Date.now() || ch.failures >= CHALLENGE_MAX_FAILURES)
      return 'over' as const;
    const spent = input.passkey
      ? await spendPasskey(ctx, tx, ch.memberId, input.challenge, input.passkey)
      : input.code !== undefined
        ? await spendTotpCode(ctx, tx, ch.memberId, input.code)
        : await spendRecoveryCode(tx, ch.memberId, input.recoveryCode ?? '');
    if (spent !== 'ok') {
      await tx
        .update(twoFactorChallenges)
        .set({ failures: ch.failures + 1 })
        .where(eq(twoFactorChallenges.id, ch.id));
      return spent;
    }
    await tx.update(twoFactorChallenges).set({ usedAt: new Date() }).where(eq(twoFactorChallenges.id, ch.id));
    const [member] = await tx.select().from(members).where(eq(members.id, ch.memberId));
    if (!member || member.disabledAt) return 'over' as const;
    return issueSession(ctx, tx, member, { rememberMe: ch.rememberMe, client });
  });
  if (outcome === 'over') throw challengeOver();
  if (outcome === 'wrong' && input.passkey) {
    const message = PASSKEY_MESSAGES.notAccepted;
    throw new HttpError(400, message, { reason: 'PasskeyRefused', errors: { passkey: [message] } });
  }
  if (outcome === 'wrong' || outcome === 'used') {
    const field = input.code !== undefined ? 'code' : 'recoveryCode';
    const message = input.code === undefined ? T.recoveryCodeWrong : outcome === 'used' ? T.codeUsed : T.codeWrong;
    throw new HttpError(400, message, {
      reason: outcome === 'used' ? 'CodeUsed' : 'CodeWrong',
      errors: { [field]: [message] },
    });
  }
  await noticeNewDevice(ctx, outcome.member.id, outcome.sessionId, client);
  return { token: outcome.token, member: outcome.member };
}
