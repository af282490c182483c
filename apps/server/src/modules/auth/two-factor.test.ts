import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { TWO_FACTOR_MESSAGES as T } from '@bm/core';
import { memberTotp, recoveryCodes, twoFactorChallenges } from '../../db/schema.js';
import { signedInMember, startTestApp, type TestApp, type Member } from '../../../test/harness.js';
import { awayFromStepEdge, codeAt, wrongCode } from '../../../test/totp.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

type Headers = Record<string, string>;
const post = (url: string, payload?: unknown, headers: Headers = {}) =>
  t.app.inject({ method: 'POST', url: `/api${url}`, payload: payload as object, headers });
const get = (url: string, headers: Headers = {}) => t.app.inject({ method: 'GET', url: `/api${url}`, headers });

/** A member with the authenticator turned on: its secret and recovery codes. */
async function withTotp(): Promise<Member & { secret: string; codes: string[] }> {
  const m = await signedInMember(t);
  await awayFromStepEdge();
  const setup = await post('/auth/2fa/totp/setup', undefined, m.auth);
  expect(setup.statusCode).toBe(200);
  const { secret } = setup.json();
  // The previous step's code turns it on, leaving the current and next steps' codes for sign-in.
  const on = await post('/auth/2fa/totp/enable', { code: codeAt(secret, -1) }, m.auth);
  expect(on.statusCode).toBe(200);
  return { ...m, secret, codes: on.json().recoveryCodes };
}

const login = async (m: Member) => {
  const res = await post('/auth/login', { username: m.username, password: m.password, rememberMe: false });
  expect(res.statusCode).toBe(200);
  return res.json();
};

describe('turning on the authenticator', () => {
  it('answers a secret, its otpauth URL and a QR code, keeps the secret sealed, and turns on with a right code', async () => {
    const m = await signedInMember(t);
    expect((await get('/auth/2fa', m.auth)).json()).toEqual({ totpEnabled: false, recoveryCodesLeft: 0 });
    await awayFromStepEdge();
    const setup = await post('/auth/2fa/totp/setup', undefined, m.auth);
    expect(setup.statusCode).toBe(200);
    const { secret, otpauthUrl, qrSvg } = setup.json();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const url = new URL(otpauthUrl);
    expect(url.protocol).toBe('otpauth:');
    expect(url.host).toBe('totp');
    expect(url.searchParams.get('secret')).toBe(secret);
    expect(url.searchParams.get('digits')).toBe('6');
    expect(url.searchParams.get('period')).toBe('30');
    expect(decodeURIComponent(url.pathname)).toContain(m.username);
    expect(qrSvg).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);

    const [row] = await t.ctx.db.select().from(memberTotp).where(eq(memberTotp.memberId, m.id));
    expect(row!.secret).not.toContain(secret);
    expect(row!.enabledAt).toBeNull();

    // Not on yet: sign-in still answers a session.
    expect((await login(m)).token).toEqual(expect.any(String));

    const wrong = await post('/auth/2fa/totp/enable', { code: wrongCode(secret) }, m.auth);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors.code).toEqual([T.codeWrong]);
    const malformed = await post('/auth/2fa/totp/enable', { code: '12ab' }, m.auth);
    expect(malformed.statusCode).toBe(400);

    const on = await post('/auth/2fa/totp/enable', { code: codeAt(secret) }, m.auth);
    expect(on.statusCode).toBe(200);
    const codes: string[] = on.json().recoveryCodes;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    const stored = await t.ctx.db.select().from(recoveryCodes).where(eq(recoveryCodes.memberId, m.id));
    expect(stored).toHaveLength(10);
    for (const s of stored) expect(codes.some((c) => s.codeHash.includes(c.replace('-', '')))).toBe(false);
    expect((await get('/auth/2fa', m.auth)).json()).toEqual({ totpEnabled: true, recoveryCodesLeft: 10 });

    expect((await post('/auth/2fa/totp/setup', undefined, m.auth)).statusCode).toBe(409);
    expect((await post('/auth/2fa/totp/enable', { code: codeAt(secret, 1) }, m.auth)).statusCode).toBe(409);
  });

  it('is for members only', async () => {
    expect((await post('/auth/2fa/totp/setup')).statusCode).toBe(401);
    expect((await post('/auth/2fa/totp/enable', { code: '123456' })).statusCode).toBe(401);
    expect((await post('/auth/2fa/disable', { currentPassword: 'x', code: '123456' })).statusCode).toBe(401);
  });
});

describe('signing in with two-factor on', () => {
  it('answers a challenge and no token, then the session for a right code, never twice for the same code', async () => {
    const m = await withTotp();
    const first = await login(m);
    expect(first).toEqual({ twoFactorRequired: true, challenge: expect.any(String), methods: ['totp', 'recovery'] });
    expect(first.token).toBeUndefined();

    const wrong = await post('/auth/2fa/verify', { challenge: first.challenge, code: wrongCode(m.secret) });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ message: T.codeWrong, reason: 'CodeWrong' });

    const code = codeAt(m.secret);
    const ok = await post('/auth/2fa/verify', { challenge: first.challenge, code });
    expect(ok.statusCode).toBe(200);
    const { token, member } = ok.json();
    expect(member.username).toBe(m.username);
    expect((await get('/auth/me', { authorization: `Bearer ${token}` })).statusCode).toBe(200);
    // A challenge is used once.
    expect((await post('/auth/2fa/verify', { challenge: first.challenge, code: codeAt(m.secret, 1) })).statusCode).toBe(
      401,
    );

    const second = await login(m);
    const reused = await post('/auth/2fa/verify', { challenge: second.challenge, code });
    expect(reused.statusCode).toBe(400);
    expect(reused.json()).toMatchObject({ message: T.codeUsed, reason: 'CodeUsed' });
    // An earlier step than the last used is refused too.
    expect(
      (await post('/auth/2fa/verify', { challenge: second.challenge, code: codeAt(m.secret, -1) })).statusCode,
    ).toBe(400);
    const next = await post('/auth/2fa/verify', { challenge: second.challenge, code: codeAt(m.secret, 1) });
    expect(next.statusCode).toBe(200);
  });

  it('refuses a sixth attempt after five wrong codes, even a right one', async () => {
    const m = await withTotp();
    const { challenge } = await login(m);
    for (let i = 0; i < 5; i++) {
      const res = await post('/auth/2fa/verify', { challenge, code: wrongCode(m.secret) });
      expect(res.statusCode).toBe(400);
    }
    const sixth = await post('/auth/2fa/verify', { challenge, code: codeAt(m.secret) });
    expect(sixth.statusCode).toBe(401);
    expect(sixth.json()).toMatchObject({ message: T.challengeExpired, reason: 'ChallengeExpired' });
    // A new sign-in starts a new challenge, and the code was not spent.
    const again = await login(m);
    expect((await post('/auth/2fa/verify', { challenge: again.challenge, code: codeAt(m.secret) })).statusCode).toBe(
      200,
    );
  });

  it('lets a challenge expire after five minutes, and knows no made-up one', async () => {
    const m = await withTotp();
    const { challenge } = await login(m);
    await t.ctx.db
      .update(twoFactorChallenges)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(twoFactorChallenges.memberId, m.id));
    expect((await post('/auth/2fa/verify', { challenge, code: codeAt(m.secret) })).statusCode).toBe(401);
    expect((await post('/auth/2fa/verify', { challenge: 'made-up', code: codeAt(m.secret) })).statusCode).toBe(401);
    const [row] = await t.ctx.db.select().from(twoFactorChallenges).where(eq(twoFactorChallenges.memberId, m.id));
    expect(row!.tokenHash).not.toBe(challenge);
    expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBeLessThanOrEqual(5 * 60_000 + 1000);
  });

  it('signs in once with each recovery code', async () => {
    const m = await withTotp();
    const recovery = m.codes[3]!;
    const first = await login(m);
    const ok = await post('/auth/2fa/verify', { challenge: first.challenge, recoveryCode: recovery.toUpperCase() });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().token).toEqual(expect.any(String));
    const second = await login(m);
    const again = await post('/auth/2fa/verify', { challenge: second.challenge, recoveryCode: recovery });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(T.recoveryCodeWrong);
    expect((await get('/auth/2fa', m.auth)).json().recoveryCodesLeft).toBe(9);
  });
});

describe('turning two-factor off and the rate limit', () => {
  it('needs the password and a code', async () => {
    const m = await withTotp();
    const wrongPassword = await post(
      '/auth/2fa/disable',
      { currentPassword: 'nope-nope', code: codeAt(m.secret) },
      m.auth,
    );
    expect(wrongPassword.statusCode).toBe(400);
    expect(wrongPassword.json().errors.currentPassword).toBeDefined();
    const wrong = await post('/auth/2fa/disable', { currentPassword: m.password, code: wrongCode(m.secret) }, m.auth);
    expect(wrong.statusCode).toBe(400);
    const off = await post('/auth/2fa/disable', { currentPassword: m.password, code: codeAt(m.secret) }, m.auth);
    expect(off.statusCode).toBe(200);
    expect((await login(m)).token).toEqual(expect.any(String));
    expect(await t.ctx.db.select().from(recoveryCodes).where(eq(recoveryCodes.memberId, m.id))).toHaveLength(0);
    expect((await post('/auth/2fa/disable', { currentPassword: m.password, code: '123456' }, m.auth)).statusCode).toBe(
      400,
    );
  });

  it('spends the two-factor limit on every code check', async () => {
    const limited = await startTestApp({
      limits: { twoFactor: { ip: { points: 100, durationS: 60 }, account: { points: 3, durationS: 60 } } },
    });
    try {
      const m = await signedInMember(limited);
      await awayFromStepEdge();
      const setup = await limited.app.inject({ method: 'POST', url: '/api/auth/2fa/totp/setup', headers: m.auth });
      const { secret } = setup.json();
      const enable = (code: string) =>
        limited.app.inject({ method: 'POST', url: '/api/auth/2fa/totp/enable', payload: { code }, headers: m.auth });
      expect((await enable(wrongCode(secret))).statusCode).toBe(400);
      expect((await enable(wrongCode(secret))).statusCode).toBe(400);
      expect((await enable(codeAt(secret))).statusCode).toBe(200);
      const login1 = await limited.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { username: m.username, password: m.password },
      });
      const limitedRes = await limited.app.inject({
        method: 'POST',
        url: '/api/auth/2fa/verify',
        payload: { challenge: login1.json().challenge, code: codeAt(secret, 1) },
      });
      expect(limitedRes.statusCode).toBe(429);
      expect(limitedRes.headers['retry-after']).toBeDefined();
    } finally {
      await limited.close();
    }
  });
});
