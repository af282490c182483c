import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { AUTH_MESSAGES as M, OAUTH_MESSAGES as O } from '@bm/core';
import { memberIdentities, members, oauthFlows } from '../../db/schema.js';
import { signedInMember, startTestApp, uniqueMember, type TestApp } from '../../../test/harness.js';
import { type LocalSteam, startLocalSteam } from '../../../test/steam-openid.js';

/**
 * Steam (OpenID 2.0) through the app's real routes, against a stand-in that answers as Steam does
 * (test/steam-openid.ts): discovery, the sign-in page, the signed assertion and check_authentication.
 */
const SITE = 'http://localhost:3000';
let t: TestApp;
let steam: LocalSteam;
beforeAll(async () => {
  steam = await startLocalSteam();
  t = await startTestApp({
    env: { STEAM_API_KEY: steam.apiKey, STEAM_OPENID_URL: steam.openidUrl, STEAM_API_URL: steam.apiUrl },
  });
});
afterAll(async () => {
  await t?.close();
  await steam?.close();
});

type Headers = Record<string, string>;
const post = (url: string, payload?: unknown, headers: Headers = {}) =>
  t.app.inject({ method: 'POST', url: `/api${url}`, payload: payload as object, headers });
const get = (url: string, headers: Headers = {}) => t.app.inject({ method: 'GET', url: `/api${url}`, headers });

/** A Steam ID64 no other test (or earlier run on a kept database) has used. */
const newSteamId = () => `7656119${String(randomInt(1e9)).padStart(10, '0')}`;

async function start(opts: { auth?: Headers; intent?: 'signin' | 'link' } = {}) {
  const res = await post('/auth/oauth/steam/start', { intent: opts.intent ?? 'signin' }, opts.auth);
  expect(res.statusCode).toBe(200);
  return { url: res.json<{ url: string }>().url, cookie: String(res.headers['set-cookie']).split(';')[0]! };
}

/** The app's callback with the address Steam sent the browser back to: the completion page's fragment. */
async function callback(back: URL, cookie: string) {
  const cb = await t.app.inject({ method: 'GET', url: back.pathname + back.search, headers: { cookie } });
  expect(cb.statusCode).toBe(302);
  const location = new URL(String(cb.headers.location), SITE);
  expect(location.pathname).toBe('/auth/oauth/complete');
  return new URLSearchParams(location.hash.slice(1));
}

async function ticketFor(steamId: string, opts: { auth?: Headers; intent?: 'signin' | 'link' } = {}) {
  const { url, cookie } = await start(opts);
  const back = await steam.signIn(url, steamId);
  expect(back.origin + back.pathname).toBe(`${SITE}/api/auth/oauth/steam/callback`);
  const fragment = await callback(back, cookie);
  expect(fragment.get('error')).toBeNull();
  return fragment.get('ticket')!;
}

async function identityOf(steamId: string) {
  return t.ctx.db
    .select()
    .from(memberIdentities)
    .where(and(eq(memberIdentities.provider, 'steam'), eq(memberIdentities.subject, steamId)));
}

describe('Steam', () => {
  it('is offered when configured, and sends the browser to Steam with its return address', async () => {
    expect((await get('/auth/oauth/providers')).json()).toEqual([{ id: 'steam', name: 'Steam' }]);
    const { url } = await start();
    const to = new URL(url);
    expect(to.origin + to.pathname).toBe(`${steam.openidUrl}/login`);
    expect(to.searchParams.get('openid.mode')).toBe('checkid_setup');
    expect(to.searchParams.get('openid.ns')).toBe('http://specs.openid.net/auth/2.0');
    expect(to.searchParams.get('openid.claimed_id')).toBe('http://specs.openid.net/auth/2.0/identifier_select');
    expect(to.searchParams.get('openid.realm')).toBe(SITE);
    const returnTo = new URL(to.searchParams.get('openid.return_to')!);
    expect(returnTo.origin + returnTo.pathname).toBe(`${SITE}/api/auth/oauth/steam/callback`);
    expect(returnTo.searchParams.get('state')).toMatch(/^[\w-]{43}$/);
  });

  it('signs up a new player, who gives an email and verifies it, then signs in again through Steam', async () => {
    const steamId = newSteamId();
    const persona = uniqueMember('st').username;
    steam.personas.set(steamId, persona);
    const before = steam.verifications.length;
    const ticket = await ticketFor(steamId);
    expect(steam.verifications.slice(before)).toEqual([true]);

    const ask = await post('/auth/oauth/complete', { ticket });
    // Steam gives no email: the form asks for one, and the Steam name is the suggested username.
    expect(ask.json()).toEqual({
      status: 'needsUsername',
      provider: 'Steam',
      email: null,
      needsEmail: true,
      suggestedUsername: persona,
    });
    const noEmail = await post('/auth/oauth/complete', { ticket, username: persona });
    expect(noEmail.statusCode).toBe(400);
    expect(noEmail.json().errors.email).toEqual([O.emailNeeded]);

    const email = `${persona}@example.com`;
    const done = await post('/auth/oauth/complete', { ticket, username: persona, email });
    expect(done.json()).toEqual({ status: 'verifyEmail', email });
    const [identity] = await identityOf(steamId);
    expect(identity).toMatchObject({ email: null });
    const [row] = await t.ctx.db.select().from(members).where(eq(members.id, identity!.memberId));
    expect(row).toMatchObject({ username: persona, email, passwordHash: null, emailVerifiedAt: null });

    // Through Steam again before the email is verified: asked to verify it, no session.
    const early = await post('/auth/oauth/complete', { ticket: await ticketFor(steamId) });
    expect(early.statusCode).toBe(403);
    expect(early.json()).toMatchObject({ message: M.emailNotVerified, reason: 'EmailNotVerified' });

    const [mail] = await t.mailFor(email);
    const token = new URL(mail!.link!).searchParams.get('token');
    expect((await post('/auth/verify-email', { token })).statusCode).toBe(200);

    const again = await post('/auth/oauth/complete', { ticket: await ticketFor(steamId) });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ status: 'signedIn', member: { id: row!.id, username: persona } });
    expect(await identityOf(steamId)).toHaveLength(1);
    expect((await get('/auth/me', { authorization: `Bearer ${again.json().token}` })).json().email).toBe(email);
  });

  it('suggests no username when the Web API does not know the player', async () => {
    const ask = await post('/auth/oauth/complete', { ticket: await ticketFor(newSteamId()) });
    expect(ask.json()).toMatchObject({ status: 'needsUsername', suggestedUsername: null, needsEmail: true });
  });

  it('is linked from Settings by a signed-in member, who then signs in with it', async () => {
    const m = await signedInMember(t);
    const steamId = newSteamId();
    const linkTicket = await ticketFor(steamId, { auth: m.auth, intent: 'link' });
    const linked = await post('/auth/oauth/complete', { ticket: linkTicket }, m.auth);
    expect(linked.json()).toEqual({ status: 'linked', provider: 'Steam' });
    expect((await get('/auth/identities', m.auth)).json()).toMatchObject({
      hasPassword: true,
      identities: [{ provider: 'steam', name: 'Steam', email: null }],
    });

    const signedIn = await post('/auth/oauth/complete', { ticket: await ticketFor(steamId) });
    expect(signedIn.json()).toMatchObject({ status: 'signedIn', member: { id: m.id } });

    const other = await signedInMember(t);
    const elsewhere = await post(
      '/auth/oauth/complete',
      { ticket: await ticketFor(steamId, { auth: other.auth, intent: 'link' }) },
      other.auth,
    );
    expect(elsewhere.statusCode).toBe(409);
    expect(elsewhere.json().message).toBe(O.linkedElsewhere);
  });
});

describe('a Steam assertion that is not genuine', () => {
  /** A callback refused on the completion page, with the flow ended and nothing written for the Steam ID. */
  async function expectRefused(back: URL, cookie: string, steamId: string, reason = 'ProviderFailed') {
    const state = back.searchParams.get('state')!;
    const fragment = await callback(back, cookie);
    expect(fragment.get('error')).toBe(reason);
    expect(fragment.get('ticket')).toBeNull();
    expect(await t.ctx.db.select().from(oauthFlows).where(eq(oauthFlows.state, state))).toEqual([]);
    expect(await identityOf(steamId)).toEqual([]);
  }

  it('is refused when its signature was altered', async () => {
    const steamId = newSteamId();
    const { url, cookie } = await start();
    const back = await steam.signIn(url, steamId);
    const sig = back.searchParams.get('openid.sig')!;
    back.searchParams.set('openid.sig', `${sig[0] === 'A' ? 'B' : 'A'}${sig.slice(1)}`);
    const before = steam.verifications.length;
    await expectRefused(back, cookie, steamId);
    expect(steam.verifications.slice(before)).toEqual([false]);
  });

  it('is refused when its claimed Steam ID was changed', async () => {
    const steamId = newSteamId();
    const victim = newSteamId();
    const { url, cookie } = await start();
    const back = await steam.signIn(url, steamId);
    for (const p of ['openid.claimed_id', 'openid.identity'])
      back.searchParams.set(p, `${steam.openidUrl}/id/${victim}`);
    const before = steam.verifications.length;
    await expectRefused(back, cookie, victim);
    expect(steam.verifications.slice(before)).toEqual([false]);
    expect(await identityOf(steamId)).toEqual([]);
  });

  it('is refused, without calling it, when another OpenID provider signed it', async () => {
    const rogue = await startLocalSteam();
    try {
      const steamId = newSteamId();
      const { url, cookie } = await start();
      // The same request sent to another provider, which signs (and would confirm) its own identifier.
      const back = await rogue.signIn(url.replace(steam.openidUrl, rogue.openidUrl), steamId);
      expect(back.searchParams.get('openid.claimed_id')).toBe(`${rogue.openidUrl}/id/${steamId}`);
      const seen = rogue.requests.length;
      await expectRefused(back, cookie, steamId);
      expect(rogue.requests.slice(seen)).toEqual([]);
    } finally {
      await rogue.close();
    }
  });

  it('is refused when replayed: the same callback again, or its nonce in a later assertion', async () => {
    const steamId = newSteamId();
    const first = await start();
    const back = await steam.signIn(first.url, steamId);
    expect((await callback(back, first.cookie)).get('ticket')).toBeTruthy();
    // The same address again, in the same browser or with a new flow's cookie: the state was used.
    expect((await callback(back, first.cookie)).get('error')).toBe('FlowInvalid');
    const second = await start();
    expect((await callback(back, second.cookie)).get('error')).toBe('FlowInvalid');

    // A new sign-in whose assertion repeats the first one's response nonce.
    const nonce = back.searchParams.get('openid.response_nonce')!;
    steam.nextNonce = nonce;
    const replay = await steam.signIn(second.url, steamId);
    expect(replay.searchParams.get('openid.response_nonce')).toBe(nonce);
    const before = steam.verifications.length;
    const fragment = await callback(replay, second.cookie);
    expect(fragment.get('error')).toBe('ProviderFailed');
    expect(steam.verifications.length).toBe(before);
  });

  it('is refused when made for another sign-in (its state changed)', async () => {
    const steamId = newSteamId();
    const first = await start();
    const back = await steam.signIn(first.url, steamId);
    const second = await start();
    const otherState = new URL(new URL(second.url).searchParams.get('openid.return_to')!).searchParams.get('state')!;
    back.searchParams.set('state', otherState);
    await expectRefused(back, second.cookie, steamId);
  });

  it('ends the flow as cancelled when the player cancels at Steam', async () => {
    const steamId = newSteamId();
    const { url, cookie } = await start();
    const back = await steam.signIn(url, steamId, 'cancel');
    expect(back.searchParams.get('openid.mode')).toBe('cancel');
    await expectRefused(back, cookie, steamId, 'Denied');
  });
});

describe('a Steam that does not answer', () => {
  it('fails the start and the callback with a clear error after 10 s, ending the flow', async () => {
    steam.hang = true;
    try {
      const refused = await post('/auth/oauth/steam/start', {});
      expect(refused.statusCode).toBe(400);
      expect(refused.json().message).toBe(O.providerFailed);
    } finally {
      steam.hang = false;
    }
    const steamId = newSteamId();
    const { url, cookie } = await start();
    const back = await steam.signIn(url, steamId);
    steam.hang = true;
    try {
      // The library's discovery of the claimed identifier (then check_authentication) gets no answer.
      const state = back.searchParams.get('state')!;
      expect((await callback(back, cookie)).get('error')).toBe('ProviderFailed');
      expect(await t.ctx.db.select().from(oauthFlows).where(eq(oauthFlows.state, state))).toEqual([]);
      expect(await identityOf(steamId)).toEqual([]);
    } finally {
      steam.hang = false;
    }
  }, 40_000);
});

describe('without Steam settings', () => {
  it('is not offered and cannot be started', async () => {
    const plain = await startTestApp();
    try {
      const list = await plain.app.inject({ method: 'GET', url: '/api/auth/oauth/providers' });
      expect(list.json()).toEqual([]);
      const res = await plain.app.inject({ method: 'POST', url: '/api/auth/oauth/steam/start', payload: {} });
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(O.notConfigured);
    } finally {
      await plain.close();
    }
  });
});
