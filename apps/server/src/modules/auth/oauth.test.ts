import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { OAUTH_MESSAGES as O } from '@bm/core';
import { memberIdentities, members } from '../../db/schema.js';
import { signedInMember, startTestApp, uniqueMember, type TestApp } from '../../../test/harness.js';
import { type LocalOidc, startLocalOidc } from '../../../test/oidc-provider.js';

const SITE = 'http://localhost:3000';
let t: TestApp;
let op: LocalOidc;
beforeAll(async () => {
  op = await startLocalOidc(SITE);
  t = await startTestApp({
    env: {
      OIDC_ISSUER: op.issuer,
      OIDC_CLIENT_ID: op.clientId,
      OIDC_CLIENT_SECRET: op.clientSecret,
      OIDC_NAME: 'Local ID',
    },
  });
});
afterAll(async () => {
  await t.close();
  await op.close();
});

type Headers = Record<string, string>;
const post = (url: string, payload?: unknown, headers: Headers = {}) =>
  t.app.inject({ method: 'POST', url: `/api${url}`, payload: payload as object, headers });
const get = (url: string, headers: Headers = {}) => t.app.inject({ method: 'GET', url: `/api${url}`, headers });

/** Start, the provider's login as `login`, and the callback: the completion page's fragment. */
async function throughProvider(login: string, opts: { auth?: Headers; intent?: 'signin' | 'link' } = {}) {
  const start = await post('/auth/oauth/oidc/start', { intent: opts.intent ?? 'signin' }, opts.auth);
  expect(start.statusCode).toBe(200);
  const cookie = String(start.headers['set-cookie']).split(';')[0]!;
  const back = await op.signIn(start.json().url, login);
  expect(back.pathname).toBe('/api/auth/oauth/oidc/callback');
  const cb = await t.app.inject({ method: 'GET', url: back.pathname + back.search, headers: { cookie } });
  expect(cb.statusCode).toBe(302);
  const location = new URL(String(cb.headers.location), SITE);
  expect(location.pathname).toBe('/auth/oauth/complete');
  return new URLSearchParams(location.hash.slice(1));
}

async function ticketFor(login: string, opts: { auth?: Headers; intent?: 'signin' | 'link' } = {}) {
  const fragment = await throughProvider(login, opts);
  expect(fragment.get('error')).toBeNull();
  return fragment.get('ticket')!;
}

const login = () => uniqueMember('op').username;

describe('providers', () => {
  it('lists only the configured ones, and refuses to start the others', async () => {
    expect((await get('/auth/oauth/providers')).json()).toEqual([{ id: 'oidc', name: 'Local ID' }]);
    const github = await post('/auth/oauth/github/start', {});
    expect(github.statusCode).toBe(404);
    expect(github.json().message).toBe(O.notConfigured);
  });

  it('sends the browser to the provider with PKCE, state and nonce', async () => {
    const start = await post('/auth/oauth/oidc/start', {});
    const url = new URL(start.json().url);
    expect(url.origin).toBe(op.issuer);
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    for (const p of ['code_challenge', 'state', 'nonce']) expect(url.searchParams.get(p)).toMatch(/^[\w-]{32,}$/);
    expect(url.searchParams.get('redirect_uri')).toBe(`${SITE}/api/auth/oauth/oidc/callback`);
    expect(String(start.headers['set-cookie'])).toMatch(
      /^bm_oauth=[\w-]+; Path=\/api\/auth\/oauth; Max-Age=600; HttpOnly/,
    );
  });
});

describe('a new player', () => {
  it('signs up with a verified email, then signs in again through the provider', async () => {
    const who = login();
    const ticket = await ticketFor(who);
    const ask = await post('/auth/oauth/complete', { ticket });
    expect(ask.json()).toEqual({
      status: 'needsUsername',
      provider: 'Local ID',
      email: `${who}@oidc.test`,
      needsEmail: false,
      suggestedUsername: who,
    });
    const taken = await signedInMember(t);
    const clash = await post('/auth/oauth/complete', { ticket, username: taken.username });
    expect(clash.statusCode).toBe(409);
    const done = await post('/auth/oauth/complete', { ticket, username: who });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({ status: 'signedIn', member: { username: who, isVerified: true } });
    const me = await get('/auth/me', { authorization: `Bearer ${done.json().token}` });
    expect(me.json().email).toBe(`${who}@oidc.test`);
    const [row] = await t.ctx.db.select().from(members).where(eq(members.id, me.json().id));
    expect(row!.passwordHash).toBeNull();

    // The ticket is single use.
    const again = await post('/auth/oauth/complete', { ticket, username: who });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(O.flowInvalid);

    const second = await post('/auth/oauth/complete', { ticket: await ticketFor(who) });
    expect(second.json()).toMatchObject({ status: 'signedIn', member: { id: me.json().id } });
    const [identity] = await t.ctx.db
      .select()
      .from(memberIdentities)
      .where(eq(memberIdentities.memberId, me.json().id));
    expect(identity).toMatchObject({ provider: 'oidc', subject: who });
    expect(identity!.lastUsedAt).not.toBeNull();
  });

  it('gives an email and verifies it when the provider does not vouch for one', async () => {
    const who = login();
    op.accounts.set(who, { email: null, emailVerified: false });
    const ticket = await ticketFor(who);
    expect((await post('/auth/oauth/complete', { ticket })).json()).toMatchObject({ needsEmail: true, email: null });
    const noEmail = await post('/auth/oauth/complete', { ticket, username: who });
    expect(noEmail.statusCode).toBe(400);
    expect(noEmail.json().errors.email).toEqual([O.emailNeeded]);
    const email = `${who}@example.com`;
    const done = await post('/auth/oauth/complete', { ticket, username: who, email });
    expect(done.json()).toEqual({ status: 'verifyEmail', email });
    const [mail] = await t.mailFor(email);
    const token = new URL(mail!.link!).searchParams.get('token');
    const verified = await post('/auth/verify-email', { token });
    expect(verified.statusCode).toBe(200);
    expect(verified.json().member.isVerified).toBe(true);
  });
});

describe('an existing member', () => {
  it('is never signed into by a matching email, and links the provider from Settings', async () => {
    const m = await signedInMember(t);
    const who = login();
    op.accounts.set(who, { email: m.email, emailVerified: true });
    const refused = await post('/auth/oauth/complete', { ticket: await ticketFor(who) });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(O.emailExists);

    const linkTicket = await ticketFor(who, { auth: m.auth, intent: 'link' });
    const otherMember = await signedInMember(t);
    expect((await post('/auth/oauth/complete', { ticket: linkTicket }, otherMember.auth)).statusCode).toBe(403);
    const linked = await post('/auth/oauth/complete', { ticket: linkTicket }, m.auth);
    expect(linked.json()).toEqual({ status: 'linked', provider: 'Local ID' });

    const list = await get('/auth/identities', m.auth);
    expect(list.json()).toMatchObject({
      hasPassword: true,
      identities: [{ provider: 'oidc', name: 'Local ID', email: m.email }],
    });

    const signedIn = await post('/auth/oauth/complete', { ticket: await ticketFor(who) });
    expect(signedIn.json()).toMatchObject({ status: 'signedIn', member: { id: m.id } });

    // Linked to m, so another member cannot link it.
    const elsewhere = await post(
      '/auth/oauth/complete',
      { ticket: await ticketFor(who, { auth: otherMember.auth, intent: 'link' }) },
      otherMember.auth,
    );
    expect(elsewhere.statusCode).toBe(409);
    expect(elsewhere.json().message).toBe(O.linkedElsewhere);

    expect(
      (await t.app.inject({ method: 'DELETE', url: '/api/auth/identities/oidc', headers: m.auth })).statusCode,
    ).toBe(204);
    expect((await get('/auth/identities', m.auth)).json().identities).toEqual([]);
  });

  it('needs to be signed in to link', async () => {
    const res = await post('/auth/oauth/oidc/start', { intent: 'link' });
    expect(res.statusCode).toBe(401);
  });
});

describe('a member without a password', () => {
  it('cannot unlink the last way in, and is told how to set a password', async () => {
    const who = login();
    const ticket = await ticketFor(who);
    const done = await post('/auth/oauth/complete', { ticket, username: who });
    const auth = { authorization: `Bearer ${done.json().token}` };
    const unlink = await t.app.inject({ method: 'DELETE', url: '/api/auth/identities/oidc', headers: auth });
    expect(unlink.statusCode).toBe(409);
    expect(unlink.json().message).toBe(O.lastWayIn);
    expect((await get('/auth/identities', auth)).json().hasPassword).toBe(false);
    const change = await post('/auth/change-password', { currentPassword: 'x', newPassword: 'a-new-password-1' }, auth);
    expect(change.statusCode).toBe(400);
    expect(change.json().message).toBe(O.noPassword);
    const email = await post(
      '/account/email-change/request',
      { currentPassword: 'x', newEmail: 'n@example.com' },
      auth,
    );
    expect(email.json().message).toBe(O.noPassword);
    const pw = await post('/auth/login', { username: who, password: 'anything' });
    expect(pw.statusCode).toBe(401);
  });
});

describe('the callback', () => {
  it('refuses a browser without the flow cookie, a wrong state, and a denied sign-in', async () => {
    const start = await post('/auth/oauth/oidc/start', {});
    const back = await op.signIn(start.json().url, login());
    const noCookie = await t.app.inject({ method: 'GET', url: back.pathname + back.search });
    expect(noCookie.headers.location).toBe('/auth/oauth/complete#error=FlowInvalid');
    const cookie = String(start.headers['set-cookie']).split(';')[0]!;
    const wrongState = await t.app.inject({
      method: 'GET',
      url: '/api/auth/oauth/oidc/callback?code=x&state=not-a-state',
      headers: { cookie },
    });
    expect(wrongState.headers.location).toBe('/auth/oauth/complete#error=FlowInvalid');
    const state = new URL(start.json().url).searchParams.get('state')!;
    const denied = await t.app.inject({
      method: 'GET',
      url: `/api/auth/oauth/oidc/callback?error=access_denied&state=${state}`,
      headers: { cookie },
    });
    expect(denied.headers.location).toBe('/auth/oauth/complete#error=Denied');
    // The flow ended with the refusal: the real code does not work after it.
    const late = await t.app.inject({ method: 'GET', url: back.pathname + back.search, headers: { cookie } });
    expect(late.headers.location).toBe('/auth/oauth/complete#error=FlowInvalid');
  });
});

describe('rate limits', () => {
  it('limits every step, the callback included', async () => {
    const small = await startTestApp({
      env: { OIDC_ISSUER: op.issuer, OIDC_CLIENT_ID: op.clientId, OIDC_CLIENT_SECRET: op.clientSecret },
      limits: { oauth: { ip: { points: 2, durationS: 600 }, account: { points: 2, durationS: 600 } } },
    });
    try {
      const start = () => small.app.inject({ method: 'POST', url: '/api/auth/oauth/oidc/start', payload: {} });
      expect((await start()).statusCode).toBe(200);
      expect((await start()).statusCode).toBe(200);
      expect((await start()).statusCode).toBe(429);
      const cb = await small.app.inject({ method: 'GET', url: '/api/auth/oauth/oidc/callback?code=x&state=y' });
      expect(cb.headers.location).toBe('/auth/oauth/complete#error=TooManyRequests');
      const complete = await small.app.inject({
        method: 'POST',
        url: '/api/auth/oauth/complete',
        payload: { ticket: 'x' },
      });
      expect(complete.statusCode).toBe(429);
    } finally {
      await small.close();
    }
  });
});
