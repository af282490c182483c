import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { PASSKEY_MESSAGES as P, TWO_FACTOR_MESSAGES as T } from '@bm/core';
import { members, passkeys, webauthnChallenges } from '../../db/schema.js';
import { signedInMember, startTestApp, type TestApp, type Member } from '../../../test/harness.js';
import { awayFromStepEdge, codeAt } from '../../../test/totp.js';
import { SoftAuthenticator } from '../../../test/webauthn.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ env: { REQUIRE_STAFF_2FA: 'true' } });
});
afterAll(() => t.close());

const ORIGIN = 'http://localhost:3000';
type Headers = Record<string, string>;
const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: unknown, headers: Headers = {}) =>
  t.app.inject({ method, url: `/api${url}`, payload: payload as object, headers });

/** Adds a passkey made by a new software authenticator to the member's account. */
async function addPasskey(m: Member, name = 'Laptop', authenticator = new SoftAuthenticator(ORIGIN)) {
  const options = await call('POST', '/auth/passkeys/register/options', undefined, m.auth);
  expect(options.statusCode).toBe(200);
  const res = await call(
    'POST',
    '/auth/passkeys/register/verify',
    { response: authenticator.create(options.json()), name },
    m.auth,
  );
  expect(res.statusCode, res.body).toBe(201);
  return { authenticator, passkey: res.json() };
}

async function passkeySignIn(authenticator: SoftAuthenticator, overrides: { origin?: string; counter?: number } = {}) {
  const options = await call('POST', '/auth/passkeys/login/options');
  expect(options.statusCode).toBe(200);
  return call('POST', '/auth/passkeys/login/verify', { response: authenticator.get(options.json(), overrides) });
}

describe('adding passkeys', () => {
  it('offers a discoverable credential for this site, keeps the passkey and lists it', async () => {
    const m = await signedInMember(t);
    const options = (await call('POST', '/auth/passkeys/register/options', undefined, m.auth)).json();
    expect(options.rp).toEqual({ name: 'BakkesMod Community', id: 'localhost' });
    expect(options.user.name).toBe(m.username);
    expect(options.authenticatorSelection).toMatchObject({ residentKey: 'required', userVerification: 'preferred' });
    const authenticator = new SoftAuthenticator(ORIGIN);
    const res = await call(
      'POST',
      '/auth/passkeys/register/verify',
      { response: authenticator.create(options), name: ' Phone ' },
      m.auth,
    );
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ name: 'Phone', lastUsedAt: null, deviceType: 'singleDevice', backedUp: false });

    // The second one gets the same user handle and the first in its exclude list; a name is optional.
    const again = (await call('POST', '/auth/passkeys/register/options', undefined, m.auth)).json();
    expect(again.user.id).toBe(options.user.id);
    expect(again.excludeCredentials.map((c: { id: string }) => c.id)).toEqual([authenticator.id]);
    const second = new SoftAuthenticator(ORIGIN);
    const res2 = await call('POST', '/auth/passkeys/register/verify', { response: second.create(again) }, m.auth);
    expect(res2.json().name).toBe('Passkey 2');
    const list = (await call('GET', '/auth/passkeys', undefined, m.auth)).json();
    expect(list.map((p: { name: string }) => p.name)).toEqual(['Phone', 'Passkey 2']);
    expect(Object.keys(list[0]).sort()).toEqual(['backedUp', 'createdAt', 'deviceType', 'id', 'lastUsedAt', 'name']);
  });

  it('refuses an answer to no challenge, to a used one, from another origin, or of a passkey already added', async () => {
    const m = await signedInMember(t);
    const other = await signedInMember(t);
    const options = (await call('POST', '/auth/passkeys/register/options', undefined, m.auth)).json();
    const authenticator = new SoftAuthenticator(ORIGIN);
    const forged = authenticator.create({ ...options, challenge: 'bm90LWEtY2hhbGxlbmdl' });
    const bad = await call('POST', '/auth/passkeys/register/verify', { response: forged }, m.auth);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(P.expired);
    // Another member's challenge is not this member's.
    const stolen = await call(
      'POST',
      '/auth/passkeys/register/verify',
      { response: authenticator.create(options) },
      other.auth,
    );
    expect(stolen.json().message).toBe(P.expired);
    const elsewhere = authenticator.create(options, { origin: 'https://evil.example' });
    const wrongOrigin = await call('POST', '/auth/passkeys/register/verify', { response: elsewhere }, m.auth);
    expect(wrongOrigin.statusCode).toBe(400);
    expect(wrongOrigin.json().message).toBe(P.notAccepted);
    // That challenge was used up by the refused answer.
    const reused = await call(
      'POST',
      '/auth/passkeys/register/verify',
      { response: authenticator.create(options) },
      m.auth,
    );
    expect(reused.json().message).toBe(P.expired);
    await addPasskey(m, 'Laptop', authenticator);
    const otherOptions = (await call('POST', '/auth/passkeys/register/options', undefined, other.auth)).json();
    const dup = await call(
      'POST',
      '/auth/passkeys/register/verify',
      { response: authenticator.create(otherOptions) },
      other.auth,
    );
    expect(dup.statusCode).toBe(409);
    expect(dup.json().message).toBe(P.alreadyAdded);
    expect(await t.ctx.db.select().from(passkeys).where(eq(passkeys.memberId, other.id))).toEqual([]);
    // Signed out: 401; a malformed answer: 400.
    expect((await call('POST', '/auth/passkeys/register/options')).statusCode).toBe(401);
    expect((await call('POST', '/auth/passkeys/register/verify', { response: { id: 1 } }, m.auth)).statusCode).toBe(
      400,
    );
  });
});

describe('renaming and removing', () => {
  it('renames and removes only the member’s own passkeys; a removed passkey stops working', async () => {
    const m = await signedInMember(t);
    const other = await signedInMember(t);
    const { authenticator, passkey } = await addPasskey(m);
    const renamed = await call('PATCH', `/auth/passkeys/${passkey.id}`, { name: 'Work laptop' }, m.auth);
    expect(renamed.json().name).toBe('Work laptop');
    expect((await call('PATCH', `/auth/passkeys/${passkey.id}`, { name: ' ' }, m.auth)).statusCode).toBe(400);
    expect((await call('PATCH', `/auth/passkeys/${passkey.id}`, { name: 'x'.repeat(61) }, m.auth)).statusCode).toBe(
      400,
    );
    expect((await call('PATCH', `/auth/passkeys/${passkey.id}`, { name: 'Mine' }, other.auth)).statusCode).toBe(404);
    expect((await call('DELETE', `/auth/passkeys/${passkey.id}`, undefined, other.auth)).statusCode).toBe(404);
    expect((await call('DELETE', '/auth/passkeys/abc', undefined, m.auth)).statusCode).toBe(400);

    expect((await passkeySignIn(authenticator)).statusCode).toBe(200);
    // The last passkey of a member with a password can go.
    expect((await call('DELETE', `/auth/passkeys/${passkey.id}`, undefined, m.auth)).statusCode).toBe(204);
    expect((await call('GET', '/auth/passkeys', undefined, m.auth)).json()).toEqual([]);
    const after = await passkeySignIn(authenticator);
    expect(after.statusCode).toBe(401);
    expect(after.json().message).toBe(P.notKnown);
  });

  it('keeps the last passkey of a member with no other way in (409)', async () => {
    const m = await signedInMember(t);
    const { passkey } = await addPasskey(m);
    // A member with no password (one who signed up through a provider, then unlinked it).
    await t.ctx.db.update(members).set({ passwordHash: null }).where(eq(members.id, m.id));
    const res = await call('DELETE', `/auth/passkeys/${passkey.id}`, undefined, m.auth);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(P.lastWayIn);
    const { passkey: second } = await addPasskey(m, 'Phone');
    expect((await call('DELETE', `/auth/passkeys/${passkey.id}`, undefined, m.auth)).statusCode).toBe(204);
    expect((await call('DELETE', `/auth/passkeys/${second.id}`, undefined, m.auth)).statusCode).toBe(409);
  });
});

describe('signing in with a passkey alone', () => {
  it('answers a session as the password sign-in does, updates the counter and when it was used', async () => {
    const m = await signedInMember(t);
    const { authenticator, passkey } = await addPasskey(m);
    const options = (await call('POST', '/auth/passkeys/login/options')).json();
    expect(options).toMatchObject({ rpId: 'localhost', userVerification: 'preferred' });
    expect(options.allowCredentials ?? []).toEqual([]);
    const res = await call('POST', '/auth/passkeys/login/verify', {
      response: authenticator.get(options),
      rememberMe: true,
    });
    expect(res.statusCode).toBe(200);
    const { token, member } = res.json();
    expect(member).toMatchObject({ id: m.id, username: m.username });
    const me = await call('GET', '/auth/me', undefined, { authorization: `Bearer ${token}` });
    expect(me.json().id).toBe(m.id);
    const [row] = await t.ctx.db.select().from(passkeys).where(eq(passkeys.id, passkey.id));
    expect(row!.counter).toBe(1);
    expect(row!.lastUsedAt).not.toBeNull();

    // The same answer again (its challenge used up) and an old counter are refused.
    const replay = await call('POST', '/auth/passkeys/login/verify', { response: authenticator.get(options) });
    expect(replay.statusCode).toBe(401);
    expect(replay.json().message).toBe(P.expired);
    expect((await passkeySignIn(authenticator, { counter: 1 })).json().message).toBe(P.notAccepted);
    expect((await passkeySignIn(authenticator, { origin: 'https://evil.example' })).json().message).toBe(P.notAccepted);
    expect((await passkeySignIn(authenticator)).statusCode).toBe(200);
  });

  it('refuses a passkey that did not check the person, an unknown one, an expired challenge, a disabled account', async () => {
    const m = await signedInMember(t);
    const { authenticator: noPin } = await addPasskey(m, 'Key', new SoftAuthenticator(ORIGIN, false));
    const res = await passkeySignIn(noPin);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ message: P.notVerified, reason: 'UserNotVerified' });
    expect((await passkeySignIn(new SoftAuthenticator(ORIGIN))).json().message).toBe(P.notKnown);

    const { authenticator } = await addPasskey(m, 'Phone');
    const options = (await call('POST', '/auth/passkeys/login/options')).json();
    await t.ctx.db.update(webauthnChallenges).set({ expiresAt: new Date(Date.now() - 1000) });
    const late = await call('POST', '/auth/passkeys/login/verify', { response: authenticator.get(options) });
    expect(late.json().message).toBe(P.expired);

    await t.ctx.db.update(members).set({ disabledAt: new Date() }).where(eq(members.id, m.id));
    expect((await passkeySignIn(authenticator)).statusCode).toBe(403);
  });

  it('spends the passkey limit on every call: 429 once it is spent', async () => {
    const limited = await startTestApp({
      limits: { passkey: { ip: { points: 3, durationS: 60 }, account: { points: 100, durationS: 60 } } },
    });
    try {
      const statuses = [];
      for (let i = 0; i < 4; i++)
        statuses.push(
          (await limited.app.inject({ method: 'POST', url: '/api/auth/passkeys/login/options' })).statusCode,
        );
      expect(statuses).toEqual([200, 200, 200, 429]);
      // An answer to check is refused before the database is asked whose credential it is.
      const select = vi.spyOn(limited.ctx.db, 'select');
      const answer = { response: new SoftAuthenticator(ORIGIN).get({ challenge: 'c2lnbi1pbg', rpId: 'localhost' }) };
      const verify = await limited.app.inject({
        method: 'POST',
        url: '/api/auth/passkeys/login/verify',
        payload: answer,
      });
      expect(verify.statusCode).toBe(429);
      expect(select).not.toHaveBeenCalled();
    } finally {
      await limited.close();
    }
  });
});

describe('a passkey as the second factor', () => {
  it('is offered with two-factor on, signs the challenge of this sign-in, and counts for staff', async () => {
    const admin = await signedInMember(t, ['administrator']);
    expect((await call('GET', '/admin/members', undefined, admin.auth)).json().message).toBe(T.staffRequired);
    const { authenticator } = await addPasskey(admin);
    // A passkey is enough for staff calls, from the same session.
    expect((await call('GET', '/admin/members', undefined, admin.auth)).statusCode).toBe(200);

    await awayFromStepEdge();
    const { secret } = (await call('POST', '/auth/2fa/totp/setup', undefined, admin.auth)).json();
    await call('POST', '/auth/2fa/totp/enable', { code: codeAt(secret, -1) }, admin.auth);
    const login = async () =>
      (
        await call('POST', '/auth/login', { username: admin.username, password: admin.password, rememberMe: false })
      ).json();
    const first = await login();
    expect(first.methods).toEqual(['totp', 'recovery', 'passkey']);
    expect(first.passkeyOptions.allowCredentials.map((c: { id: string }) => c.id)).toEqual([authenticator.id]);

    // A passkey answer made for another sign-in's options does not answer this one.
    const second = await login();
    const crossed = await call('POST', '/auth/2fa/verify', {
      challenge: second.challenge,
      passkey: authenticator.get(first.passkeyOptions),
    });
    expect(crossed.statusCode).toBe(400);
    expect(crossed.json()).toMatchObject({ message: P.notAccepted, reason: 'PasskeyRefused' });
    const ok = await call('POST', '/auth/2fa/verify', {
      challenge: second.challenge,
      passkey: authenticator.get(second.passkeyOptions),
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().member.id).toBe(admin.id);

    // Without passkeys the methods are the codes only.
    const plain = await signedInMember(t);
    await awayFromStepEdge();
    const s2 = (await call('POST', '/auth/2fa/totp/setup', undefined, plain.auth)).json().secret;
    await call('POST', '/auth/2fa/totp/enable', { code: codeAt(s2, -1) }, plain.auth);
    const res = await call('POST', '/auth/login', {
      username: plain.username,
      password: plain.password,
      rememberMe: false,
    });
    expect(res.json().methods).toEqual(['totp', 'recovery']);
    expect(res.json().passkeyOptions).toBeUndefined();
  });
});
