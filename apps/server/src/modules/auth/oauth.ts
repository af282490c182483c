import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import * as oidc from 'openid-client';
import {
  ADMIN_MESSAGES,
  AUTH_MESSAGES as M,
  DEFAULT_NOTIFICATION_PREFERENCES,
  OAUTH_MESSAGES as O,
  type OAuthCompleteResponse,
  type OAuthProviderId,
} from '@bm/core';
import type { AppContext } from '../../context.js';
import { memberIdentities, members, oauthFlows } from '../../db/schema.js';
import { isUniqueViolation } from '../../platform/db-errors.js';
import { HttpError, badRequest, conflict, forbidden, notFound } from '../../platform/errors.js';
import { sendVerification } from './mail-tokens.js';
import { type MemberRow, byEmail, byUsername, memberRow } from './members.js';
import { type ProviderAdapter, configuredProviders, providerFailed } from './oauth-providers.js';
import { noticeNewDevice } from './session-list.js';
import { waysIn } from './sign-in-methods.js';
import { type ClientInfo, issueSession } from './sessions.js';
import { createChallenge, totpEnabled } from './two-factor.js';

/**
 * Signing in, signing up and linking through a provider (docs/oauth.md): start (a flow row with the
 * state, PKCE verifier and nonce, bound to the browser by a cookie), the provider's callback (who came
 * back, and a ticket for the completion page), and completion (a session, a form, or a link).
 */

export const FLOW_TTL_MS = 10 * 60_000;
const sha256 = (v: string) => createHash('sha256').update(v).digest('hex');
const random = () => randomBytes(32).toString('base64url');
type FlowRow = typeof oauthFlows.$inferSelect;

const flowInvalid = () => new HttpError(400, O.flowInvalid, { reason: 'FlowInvalid' });

export function providerOf(ctx: AppContext, id: string): ProviderAdapter {
  const found = configuredProviders(ctx.config).find((p) => p.id === id);
  if (!found) throw new HttpError(404, O.notConfigured, { reason: 'NotConfigured' });
  return found;
}

export const listProviders = (ctx: AppContext) =>
  configuredProviders(ctx.config).map((p) => ({ id: p.id, name: p.name }));

/** Starts a flow: the provider's address, and the browser value the callback must bring back in its cookie. */
export async function startFlow(
  ctx: AppContext,
  providerId: string,
  opts: { intent: 'signin' | 'link'; rememberMe: boolean; memberId?: number },
): Promise<{ url: string; browser: string }> {
  const provider = providerOf(ctx, providerId);
  if (opts.intent === 'link' && opts.memberId === undefined) throw new HttpError(401, O.linkSignedOut);
  const secrets = { state: random(), codeVerifier: oidc.randomPKCECodeVerifier(), nonce: random() };
  const url = await provider.authorizationUrl(secrets);
  const browser = random();
  await ctx.db.delete(oauthFlows).where(lt(oauthFlows.expiresAt, sql`now()`));
  await ctx.db.insert(oauthFlows).values({
    ...secrets,
    browserHash: sha256(browser),
    provider: provider.id,
    intent: opts.intent,
    memberId: opts.intent === 'link' ? opts.memberId! : null,
    rememberMe: opts.rememberMe,
    expiresAt: new Date(Date.now() + FLOW_TTL_MS),
  });
  return { url: url.href, browser };
}

/** The provider sent the browser back: checks state and browser, asks the provider who it is, answers a ticket. */
export async function callbackFlow(
  ctx: AppContext,
  providerId: string,
  callback: URL,
  browser: string | undefined,
): Promise<string> {
  const provider = providerOf(ctx, providerId);
  const state = callback.searchParams.get('state');
  if (!state) throw flowInvalid();
  const [flow] = await ctx.db
    .select()
    .from(oauthFlows)
    .where(
      and(
        eq(oauthFlows.state, state),
        eq(oauthFlows.provider, provider.id),
        isNull(oauthFlows.ticketHash),
        gt(oauthFlows.expiresAt, sql`now()`),
      ),
    )
    .limit(1);
  if (!flow || !browser || sha256(browser) !== flow.browserHash) throw flowInvalid();
  let who;
  try {
    who = await provider.identify(callback, flow);
  } catch (e) {
    // A failed answer ends the flow: the code and state are not tried twice.
    await ctx.db.delete(oauthFlows).where(eq(oauthFlows.id, flow.id));
    if (e instanceof HttpError) throw e;
    ctx.log.warn({ err: e, provider: provider.id }, 'provider callback failed');
    throw providerFailed();
  }
  const ticket = random();
  const updated = await ctx.db
    .update(oauthFlows)
    .set({
      subject: who.subject,
      email: who.email?.trim().slice(0, 254) || null,
      emailVerified: who.emailVerified,
      displayName: who.name?.slice(0, 100) ?? null,
      ticketHash: sha256(ticket),
    })
    .where(and(eq(oauthFlows.id, flow.id), isNull(oauthFlows.ticketHash)))
    .returning({ id: oauthFlows.id });
  if (!updated.length) throw flowInvalid();
  return ticket;
}

/** A suggested username from the provider's name: the allowed characters, 3 to 20 of them. */
function suggestUsername(name: string | null): string | null {
  const clean = (name ?? '').replace(/[^A-Za-z0-9_-]+/g, '').slice(0, 20);
  return clean.length >= 3 ? clean : null;
}

/** Signs a member in after a provider confirmed them, as the password sign-in does (two-factor, new device). */
async function signIn(
  ctx: AppContext,
  member: MemberRow,
  flow: FlowRow,
  client: ClientInfo,
): Promise<OAuthCompleteResponse> {
  if (member.disabledAt) throw new HttpError(403, ADMIN_MESSAGES.accountDisabled, { reason: 'AccountDisabled' });
  if (!member.emailVerifiedAt)
    throw new HttpError(403, M.emailNotVerified, { reason: 'EmailNotVerified', currentEmail: member.email });
  if (await totpEnabled(ctx.db, member.id)) {
    return { status: 'twoFactor', challenge: await createChallenge(ctx, member.id, flow.rememberMe) };
  }
  const issued = await issueSession(ctx, ctx.db, member, { rememberMe: flow.rememberMe, client });
  await noticeNewDevice(ctx, member.id, issued.sessionId, client);
  return { status: 'signedIn', token: issued.token, member: issued.member };
}

/** Takes the flow for good (single use): a second completion with the same ticket finds nothing. */
async function takeFlow(ctx: AppContext, id: string) {
  const taken = await ctx.db.delete(oauthFlows).where(eq(oauthFlows.id, id)).returning({ id: oauthFlows.id });
  if (!taken.length) throw flowInvalid();
}

/** The completion page's call: signs in, asks for a username (and email), creates the member, or links. */
export async function completeFlow(
  ctx: AppContext,
  input: { ticket: string; username?: string; email?: string },
  client: ClientInfo,
  signedInMemberId?: number,
): Promise<OAuthCompleteResponse> {
  const [flow] = await ctx.db
    .select()
    .from(oauthFlows)
    .where(and(eq(oauthFlows.ticketHash, sha256(input.ticket)), gt(oauthFlows.expiresAt, sql`now()`)))
    .limit(1);
  if (!flow || !flow.subject) throw flowInvalid();
  const provider = providerOf(ctx, flow.provider);
  if (flow.intent === 'link') return link(ctx, flow, provider, signedInMemberId);
  const [known] = await ctx.db
    .select()
    .from(memberIdentities)
    .where(and(eq(memberIdentities.provider, flow.provider), eq(memberIdentities.subject, flow.subject)))
    .limit(1);
  if (known) {
    await takeFlow(ctx, flow.id);
    await ctx.db.update(memberIdentities).set({ lastUsedAt: new Date() }).where(eq(memberIdentities.id, known.id));
    return signIn(ctx, await memberRow(ctx, known.memberId), flow, client);
  }
  if (flow.email) {
    const [owner] = await ctx.db.select({ id: members.id }).from(members).where(byEmail(flow.email)).limit(1);
    if (owner) {
      // Never into an existing account silently: its owner signs in and links the provider from Settings.
      await takeFlow(ctx, flow.id);
      throw new HttpError(409, O.emailExists, { reason: 'EmailExists' });
    }
  }
  if (!input.username) {
    return {
      status: 'needsUsername',
      provider: provider.name,
      email: flow.email,
      needsEmail: !flow.emailVerified,
      suggestedUsername: suggestUsername(flow.displayName),
    };
  }
  return createMember(ctx, flow, { username: input.username, email: input.email }, client);
}

async function createMember(
  ctx: AppContext,
  flow: FlowRow,
  input: { username: string; email?: string },
  client: ClientInfo,
): Promise<OAuthCompleteResponse> {
  const verified = flow.emailVerified && flow.email !== null;
  const email = verified ? flow.email! : input.email?.trim();
  if (!email) throw badRequest(O.emailNeeded, 'email');
  const username = input.username.trim();
  const { member, token } = await ctx.db.transaction(async (tx) => {
    const taken = await tx.delete(oauthFlows).where(eq(oauthFlows.id, flow.id)).returning({ id: oauthFlows.id });
    if (!taken.length) throw flowInvalid();
    const [nameTaken] = await tx.select({ id: members.id }).from(members).where(byUsername(username)).limit(1);
    if (nameTaken) throw conflict(M.usernameTaken, 'username');
    const [emailTaken] = await tx.select({ id: members.id }).from(members).where(byEmail(email)).limit(1);
    if (emailTaken) throw conflict(verified ? O.emailExists : M.emailTaken, 'email');
    const [row] = await tx
      .insert(members)
      .values({
        username,
        email,
        passwordHash: null,
        emailVerifiedAt: verified ? new Date() : null,
        notificationPreferences: { ...DEFAULT_NOTIFICATION_PREFERENCES },
      })
      .returning();
    await tx.insert(memberIdentities).values({
      provider: flow.provider,
      subject: flow.subject!,
      memberId: row!.id,
      email: flow.email,
      lastUsedAt: new Date(),
    });
    return { member: row!, token: verified ? null : (await sendVerification(ctx, tx, row!)).token };
  });
  if (token) {
    void ctx.mail.kick();
    return { status: 'verifyEmail', email };
  }
  return signIn(ctx, member, flow, client);
}

async function link(
  ctx: AppContext,
  flow: FlowRow,
  provider: ProviderAdapter,
  signedInMemberId: number | undefined,
): Promise<OAuthCompleteResponse> {
  // The same member must still be signed in on the page that completes the link.
  if (signedInMemberId === undefined || signedInMemberId !== flow.memberId) throw forbidden(O.linkSignedOut);
  await takeFlow(ctx, flow.id);
  const [known] = await ctx.db
    .select()
    .from(memberIdentities)
    .where(and(eq(memberIdentities.provider, flow.provider), eq(memberIdentities.subject, flow.subject!)))
    .limit(1);
  if (known) {
    if (known.memberId === flow.memberId) return { status: 'linked', provider: provider.name };
    throw new HttpError(409, O.linkedElsewhere, { reason: 'LinkedElsewhere' });
  }
  try {
    await ctx.db.insert(memberIdentities).values({
      provider: flow.provider,
      subject: flow.subject!,
      memberId: flow.memberId!,
      email: flow.email,
    });
  } catch (e) {
    if (isUniqueViolation(e)) throw new HttpError(409, O.alreadyLinked, { reason: 'AlreadyLinked' });
    throw e;
  }
  return { status: 'linked', provider: provider.name };
}

/** The member's linked providers, and whether they have a password. */
export async function listIdentities(ctx: AppContext, memberId: number) {
  const member = await memberRow(ctx, memberId);
  const rows = await ctx.db.select().from(memberIdentities).where(eq(memberIdentities.memberId, memberId));
  const names = new Map(configuredProviders(ctx.config).map((p) => [p.id, p.name]));
  return {
    hasPassword: member.passwordHash !== null,
    identities: rows
      .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime())
      .map((r) => ({
        provider: r.provider as OAuthProviderId,
        name: names.get(r.provider as OAuthProviderId) ?? r.provider,
        email: r.email,
        createdAt: r.createdAt.toISOString(),
        lastUsedAt: r.lastUsedAt?.toISOString() ?? null,
      })),
  };
}

export async function unlinkIdentity(ctx: AppContext, memberId: number, provider: string) {
  await ctx.db.transaction(async (tx) => {
    // The member row is locked: two unlinks at once cannot both leave the other as the last way in.
    await tx.select({ id: members.id }).from(members).where(eq(members.id, memberId)).for('update');
    const ways = await waysIn(tx, memberId);
    const [row] = await tx
      .select({ id: memberIdentities.id })
      .from(memberIdentities)
      .where(and(eq(memberIdentities.memberId, memberId), eq(memberIdentities.provider, provider)))
      .limit(1);
    if (!row) throw notFound(O.notLinked);
    if (ways <= 1) throw new HttpError(409, O.lastWayIn, { reason: 'LastWayIn' });
    await tx.delete(memberIdentities).where(eq(memberIdentities.id, row.id));
  });
}
