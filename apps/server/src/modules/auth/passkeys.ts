import { createHash, randomBytes } from 'node:crypto';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';
import { and, asc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import {
  PASSKEY_CHALLENGE_TTL_S,
  PASSKEY_MESSAGES as P,
  type AuthResponse,
  type AuthenticationCredential,
  type PasskeyInfo,
  type RegistrationCredential,
} from '@bm/core';
import type { AppContext, Principal } from '../../context.js';
import type { Db } from '../../db/client.js';
import { members, passkeys, webauthnChallenges } from '../../db/schema.js';
import { HttpError, badRequest, conflict, notFound } from '../../platform/errors.js';
import { checkCanSignIn, memberRow } from './members.js';
import { noticeNewDevice } from './session-list.js';
import { type ClientInfo, issueSession } from './sessions.js';
import { assertWayInLeft } from './sign-in-methods.js';

/**
 * Passkeys (WebAuthn, @simplewebauthn/server): adding them, signing in with one alone, and answering
 * a sign-in's second step with one. The relying party is the site's public address (PUBLIC_URL).
 * Challenges are kept as hashes, last 5 minutes and are deleted when answered. See docs/passkeys.md.
 */

const RP_NAME = 'BakkesMod Community';
type Purpose = 'register' | 'login';
type PasskeyRow = typeof passkeys.$inferSelect;

function relyingParty(ctx: AppContext) {
  const origin = new URL(ctx.config.publicUrl);
  return { rpID: origin.hostname, origin: origin.origin };
}

/**
 * What the browser's answer (to a registration or a sign-in) is checked against: the challenge it
 * was made for, signed for this site. User verification is not required here; signing in with a
 * passkey alone asks for it afterwards (userVerified).
 */
function expectedAnswer(ctx: AppContext, challenge: string) {
  const { rpID, origin } = relyingParty(ctx);
  return { expectedChallenge: challenge, expectedOrigin: origin, expectedRPID: rpID, requireUserVerification: false };
}

const hashChallenge = (challenge: string) => createHash('sha256').update(challenge).digest('hex');

/** A new random challenge for `purpose` (32 bytes), stored (its base64url form hashed) for 5 minutes; expired ones are cleared on the way. */
async function newChallenge(db: Db, purpose: Purpose, memberId: number | null, userHandle?: string) {
  const challenge = randomBytes(32);
  await db.delete(webauthnChallenges).where(lt(webauthnChallenges.expiresAt, sql`now()`));
  await db.insert(webauthnChallenges).values({
    purpose,
    memberId,
    userHandle: userHandle ?? null,
    challengeHash: hashChallenge(challenge.toString('base64url')),
    expiresAt: new Date(Date.now() + PASSKEY_CHALLENGE_TTL_S * 1000),
  });
  // As bytes: the options carry them base64url-encoded, which is what the browser signs.
  return new Uint8Array(challenge);
}

/** The challenge the browser signed, read from its client data (checked again by the library). */
function signedChallenge(clientDataJSON: string): string | null {
  try {
    const data = JSON.parse(Buffer.from(clientDataJSON, 'base64url').toString('utf8')) as { challenge?: unknown };
    return typeof data.challenge === 'string' && data.challenge.length <= 200 ? data.challenge : null;
  } catch {
    return null;
  }
}

/** Uses up the challenge an answer was made for: once only, unexpired, of this purpose and member. */
async function takeChallenge(db: Db, purpose: Purpose, memberId: number | null, clientDataJSON: string) {
  const challenge = signedChallenge(clientDataJSON);
  if (!challenge) return null;
  const [row] = await db
    .delete(webauthnChallenges)
    .where(
      and(
        eq(webauthnChallenges.challengeHash, hashChallenge(challenge)),
        eq(webauthnChallenges.purpose, purpose),
        memberId === null ? isNull(webauthnChallenges.memberId) : eq(webauthnChallenges.memberId, memberId),
        gt(webauthnChallenges.expiresAt, sql`now()`),
      ),
    )
    .returning({ userHandle: webauthnChallenges.userHandle });
  return row ? { challenge, userHandle: row.userHandle } : null;
}

const toInfo = (row: PasskeyRow): PasskeyInfo => ({
  id: row.id,
  name: row.name,
  createdAt: row.createdAt.toISOString(),
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  deviceType: row.deviceType,
  backedUp: row.backedUp,
});

const passkeysOf = (db: Db, memberId: number) =>
  db.select().from(passkeys).where(eq(passkeys.memberId, memberId)).orderBy(asc(passkeys.id));

export async function hasPasskey(db: Db, memberId: number): Promise<boolean> {
  const [row] = await db.select({ id: passkeys.id }).from(passkeys).where(eq(passkeys.memberId, memberId)).limit(1);
  return Boolean(row);
}

export async function listPasskeys(ctx: AppContext, principal: Principal): Promise<PasskeyInfo[]> {
  return (await passkeysOf(ctx.db, principal.memberId)).map(toInfo);
}

/** Options for navigator.credentials.create: a discoverable credential, user verification preferred. */
export async function registrationOptions(ctx: AppContext, principal: Principal) {
  const member = await memberRow(ctx, principal.memberId);
  const existing = await passkeysOf(ctx.db, member.id);
  const userHandle = existing[0]?.userHandle ?? randomBytes(32).toString('base64url');
  const challenge = await newChallenge(ctx.db, 'register', member.id, userHandle);
  const options = await generateRegistrationOptions({
    rpName: RP_NAME,
    rpID: relyingParty(ctx).rpID,
    userName: member.username,
    userDisplayName: member.username,
    userID: Buffer.from(userHandle, 'base64url'),
    challenge,
    attestationType: 'none',
    excludeCredentials: existing.map((p) => ({ id: p.credentialId, transports: p.transports })),
    authenticatorSelection: { residentKey: 'required', requireResidentKey: true, userVerification: 'preferred' },
  });
  return { ...options };
}

/** Checks the browser's answer to the registration options and keeps the new passkey under `name`. */
export async function addPasskey(
  ctx: AppContext,
  principal: Principal,
  response: RegistrationCredential,
  name: string | undefined,
): Promise<PasskeyInfo> {
  const memberId = principal.memberId;
  const taken = await takeChallenge(ctx.db, 'register', memberId, response.response.clientDataJSON);
  if (!taken?.userHandle) throw badRequest(P.expired, 'response');
  const verification = await verifyRegistrationResponse({
    response: response as Parameters<typeof verifyRegistrationResponse>[0]['response'],
    ...expectedAnswer(ctx, taken.challenge),
  }).catch((err: unknown) => {
    ctx.log.info({ err, memberId }, 'passkey registration refused');
    return null;
  });
  if (!verification?.verified) throw badRequest(P.notAccepted, 'response');
  const info = verification.registrationInfo;
  const count = (await passkeysOf(ctx.db, memberId)).length;
  const [row] = await ctx.db
    .insert(passkeys)
    .values({
      memberId,
      credentialId: info.credential.id,
      publicKey: Buffer.from(info.credential.publicKey).toString('base64url'),
      userHandle: taken.userHandle,
      counter: info.credential.counter,
      transports: info.credential.transports ?? [],
      deviceType: info.credentialDeviceType,
      backedUp: info.credentialBackedUp,
      name: name ?? `Passkey ${count + 1}`,
    })
    .onConflictDoNothing({ target: passkeys.credentialId })
    .returning();
  if (!row) throw conflict(P.alreadyAdded, 'response');
  return toInfo(row);
}

async function ownPasskey(ctx: AppContext, principal: Principal, id: number) {
  const [row] = await ctx.db
    .select()
    .from(passkeys)
    .where(and(eq(passkeys.id, id), eq(passkeys.memberId, principal.memberId)))
    .limit(1);
  if (!row) throw notFound(P.notFound);
  return row;
}

export async function renamePasskey(ctx: AppContext, principal: Principal, id: number, name: string) {
  await ownPasskey(ctx, principal, id);
  const [row] = await ctx.db.update(passkeys).set({ name }).where(eq(passkeys.id, id)).returning();
  if (!row) throw notFound(P.notFound);
  return toInfo(row);
}

/** Removes a passkey (it stops working at once), unless it is the member's last way in. */
export async function removePasskey(ctx: AppContext, principal: Principal, id: number) {
  await ctx.db.transaction(async (tx) => {
    await tx.select({ id: members.id }).from(members).where(eq(members.id, principal.memberId)).for('update');
    const [row] = await tx
      .select({ id: passkeys.id })
      .from(passkeys)
      .where(and(eq(passkeys.id, id), eq(passkeys.memberId, principal.memberId)));
    if (!row) throw notFound(P.notFound);
    await assertWayInLeft(tx, principal.memberId);
    await tx.delete(passkeys).where(eq(passkeys.id, id));
  });
}

/** Options for navigator.credentials.get with no account named: the browser offers the site's passkeys. */
export async function loginOptions(ctx: AppContext) {
  const challenge = await newChallenge(ctx.db, 'login', null);
  return {
    ...(await generateAuthenticationOptions({
      rpID: relyingParty(ctx).rpID,
      challenge,
      userVerification: 'preferred',
    })),
  };
}

/**
 * The WebAuthn challenge of a password sign-in's second step: derived from that sign-in's own
 * (single-use, hashed-at-rest) challenge, so an answer made for one sign-in never answers another.
 */
const secondStepChallenge = (signInChallenge: string) =>
  createHash('sha256').update(`passkey-second-step:${signInChallenge}`).digest();

/** Options for the second step of a password sign-in: the member's own passkeys; null when they have none. */
export async function secondFactorOptions(ctx: AppContext, memberId: number, signInChallenge: string) {
  const own = await passkeysOf(ctx.db, memberId);
  if (!own.length) return null;
  const options = await generateAuthenticationOptions({
    rpID: relyingParty(ctx).rpID,
    challenge: new Uint8Array(secondStepChallenge(signInChallenge)),
    userVerification: 'preferred',
    allowCredentials: own.map((p) => ({ id: p.credentialId, transports: p.transports })),
  });
  return { ...options };
}

type Assertion =
  { outcome: 'ok'; passkey: PasskeyRow; userVerified: boolean } | { outcome: 'expired' | 'unknown' | 'wrong' };

/**
 * Checks a passkey's signed answer: the challenge (a sign-in's, used up here; or a second step's),
 * the passkey (the member's, for a second step), the signature, origin and RP id, and a counter that
 * moved on; then records the use.
 */
export async function checkAssertion(
  ctx: AppContext,
  db: Db,
  expect: { memberId: null } | { memberId: number; signInChallenge: string },
  response: AuthenticationCredential,
): Promise<Assertion> {
  const { memberId } = expect;
  const taken =
    expect.memberId === null
      ? await takeChallenge(db, 'login', null, response.response.clientDataJSON)
      : { challenge: secondStepChallenge(expect.signInChallenge).toString('base64url') };
  if (!taken) return { outcome: 'expired' };
  const [passkey] = await db.select().from(passkeys).where(eq(passkeys.credentialId, response.id)).limit(1);
  if (!passkey || (memberId !== null && passkey.memberId !== memberId)) return { outcome: 'unknown' };
  const handle = response.response.userHandle;
  if (handle && handle !== passkey.userHandle) return { outcome: 'unknown' };
  const verification = await verifyAuthenticationResponse({
    response: response as Parameters<typeof verifyAuthenticationResponse>[0]['response'],
    ...expectedAnswer(ctx, taken.challenge),
    credential: {
      id: passkey.credentialId,
      publicKey: Buffer.from(passkey.publicKey, 'base64url'),
      counter: passkey.counter,
      transports: passkey.transports,
    },
  }).catch((err: unknown) => {
    ctx.log.info({ err, passkeyId: passkey.id }, 'passkey answer refused');
    return null;
  });
  if (!verification?.verified) return { outcome: 'wrong' };
  const { newCounter, userVerified, credentialBackedUp } = verification.authenticationInfo;
  await db
    .update(passkeys)
    .set({ counter: newCounter, backedUp: credentialBackedUp, lastUsedAt: new Date() })
    .where(eq(passkeys.id, passkey.id));
  return { outcome: 'ok', passkey, userVerified };
}

const refusal = {
  expired: () => new HttpError(401, P.expired, { reason: 'ChallengeExpired' }),
  unknown: () => new HttpError(401, P.notKnown, { reason: 'PasskeyUnknown' }),
  wrong: () => new HttpError(401, P.notAccepted, { reason: 'PasskeyRefused' }),
};

/** Signs in with a passkey alone: it must have checked the person (PIN, fingerprint, face). */
export async function signInWithPasskey(
  ctx: AppContext,
  input: { response: AuthenticationCredential; rememberMe: boolean },
  client: ClientInfo,
): Promise<AuthResponse> {
  // Outside a transaction: the challenge is used up even when the answer is refused.
  const checked = await checkAssertion(ctx, ctx.db, { memberId: null }, input.response);
  if (checked.outcome !== 'ok') throw refusal[checked.outcome]();
  if (!checked.userVerified) throw new HttpError(401, P.notVerified, { reason: 'UserNotVerified' });
  const [member] = await ctx.db.select().from(members).where(eq(members.id, checked.passkey.memberId));
  if (!member) throw refusal.unknown();
  checkCanSignIn(member);
  const issued = await issueSession(ctx, ctx.db, member, { rememberMe: input.rememberMe, client });
  await noticeNewDevice(ctx, issued.member.id, issued.sessionId, client);
  return { token: issued.token, member: issued.member };
}

/** The member a passkey belongs to, for keying the rate limit before the answer is checked. */
export async function passkeyOwner(db: Db, credentialId: string): Promise<number | null> {
  const [row] = await db
    .select({ memberId: passkeys.memberId })
    .from(passkeys)
    .where(eq(passkeys.credentialId, credentialId))
    .limit(1);
  return row?.memberId ?? null;
}
