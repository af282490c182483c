import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { AUTH_MESSAGES as M } from '@bm/core';
import { emailTokens, impersonationAudit, members } from '../../db/schema.js';
import { ensureMember } from '../../db/seed.js';
import { signedInMember, startTestApp, uniqueMember, type TestApp } from '../../../test/harness.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const post = (url: string, payload?: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: `/api${url}`, payload: payload as object, headers });
const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url: `/api${url}`, headers });
const tokenFrom = (link: string) => new URL(link).searchParams.get('token')!;

describe('registration, verification and sign-in', () => {
  it('registers, mails a verification link, refuses sign-in until verified, then signs in', async () => {
    const m = uniqueMember('reg');
    const reg = await post('/auth/register', { ...m, productUpdatesOptIn: true });
    expect(reg.statusCode).toBe(201);
    expect(reg.json()).toEqual({ email: m.email, username: m.username });

    const early = await post('/auth/login', { username: m.username, password: m.password, rememberMe: false });
    expect(early.statusCode).toBe(403);
    expect(early.json()).toMatchObject({ reason: 'EmailNotVerified', currentEmail: m.email });

    const [mail] = await t.mailFor(m.email);
    expect(mail?.subject).toBe('Verify your email address');
    expect(mail?.link).toMatch(/^http:\/\/localhost:3000\/verify-email\?token=/);

    const verified = await post('/auth/verify-email', { token: tokenFrom(mail!.link!) });
    expect(verified.statusCode).toBe(200);
    expect(verified.json().member).toMatchObject({
      username: m.username,
      email: m.email,
      isVerified: true,
      isImpersonating: false,
    });

    const again = await post('/auth/verify-email', { token: tokenFrom(mail!.link!) });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(M.tokenInvalid);

    const login = await post('/auth/login', {
      username: m.username.toUpperCase(),
      password: m.password,
      rememberMe: true,
    });
    expect(login.statusCode).toBe(200);
    const { token, member } = login.json();
    expect(member.username).toBe(m.username);
    const claims = decodeJwt(token);
    expect(claims).toMatchObject({
      sub: String(member.id),
      iss: 'http://localhost:3000',
      aud: 'bakkes-community',
      roles: [],
      is_impersonating: false,
    });
    expect(claims.exp! - claims.iat!).toBe(30 * 24 * 3600);

    const prefs = await get('/NotificationSettings/my', { authorization: `Bearer ${token}` });
    expect(prefs.json().productUpdates).toBe(true);
  });

  it('answers each registration rule with its message', async () => {
    const base = uniqueMember('rule');
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ username: ' ab ' }, 'username', M.usernameShort],
      [{ username: 'a'.repeat(21) }, 'username', M.usernameLong],
      [{ username: 'bad name!' }, 'username', M.usernameChars],
      [{ email: 'not-an-email' }, 'email', M.emailInvalid],
      [{ password: '12345' }, 'password', M.passwordMin],
    ];
    for (const [change, field, message] of cases) {
      const res = await post('/auth/register', { ...base, ...change });
      expect(res.statusCode, JSON.stringify(change)).toBe(400);
      expect(res.json().errors[field]).toContain(message);
      expect(res.json().message).toBe(message);
    }
    const [row] = await t.ctx.db.select().from(members).where(eq(members.email, base.email));
    expect(row).toBeUndefined();
  });

  it('refuses a taken username or email, whatever the case', async () => {
    const m = uniqueMember('dup');
    expect((await post('/auth/register', m)).statusCode).toBe(201);
    const sameName = await post('/auth/register', { ...uniqueMember('x'), username: m.username.toUpperCase() });
    expect(sameName.statusCode).toBe(409);
    expect(sameName.json().errors.username).toEqual([M.usernameTaken]);
    const sameEmail = await post('/auth/register', { ...uniqueMember('y'), email: m.email.toUpperCase() });
    expect(sameEmail.statusCode).toBe(409);
    expect(sameEmail.json().errors.email).toEqual([M.emailTaken]);
  });

  it('gives the same answer for a wrong password and an unknown user', async () => {
    const m = await signedInMember(t);
    const wrong = await post('/auth/login', { username: m.username, password: 'wrong-password' });
    const unknown = await post('/auth/login', { username: 'nobody-here', password: 'wrong-password' });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ message: M.invalidCredentials, reason: 'InvalidCredentials' });
    expect(unknown.json()).toEqual(wrong.json());
  });

  it('asks an account without email for one, then verifies the address provided', async () => {
    const m = uniqueMember('noemail');
    const { id } = await ensureMember(t.ctx.db, m);
    await t.ctx.db.update(members).set({ email: null, emailVerifiedAt: null }).where(eq(members.id, id));
    const login = await post('/auth/login', { username: m.username, password: m.password });
    expect(login.statusCode).toBe(403);
    expect(login.json()).toMatchObject({ reason: 'EmailRequired', currentEmail: null });

    const bad = await post('/auth/provide-email', { username: m.username, password: 'nope-nope', email: m.email });
    expect(bad.statusCode).toBe(401);
    const provided = await post('/auth/provide-email', { username: m.username, password: m.password, email: m.email });
    expect(provided.statusCode).toBe(200);
    const [mail] = await t.mailFor(m.email);
    expect((await post('/auth/verify-email', { token: tokenFrom(mail!.link!) })).statusCode).toBe(200);
    expect((await post('/auth/login', { username: m.username, password: m.password })).statusCode).toBe(200);
  });

  it('resends verification with the same answer whether or not the account exists', async () => {
    const m = uniqueMember('resend');
    await post('/auth/register', m);
    await t.mailFor(m.email);
    const known = await post('/auth/resend-verification', { email: m.email });
    const unknown = await post('/auth/resend-verification', { email: 'ghost@example.com' });
    const empty = await post('/auth/resend-verification');
    expect([known.statusCode, unknown.statusCode, empty.statusCode]).toEqual([200, 200, 200]);
    expect(known.json()).toEqual(unknown.json());
    expect(await t.mailFor(m.email)).toHaveLength(2);
    expect(await t.mailFor('ghost@example.com')).toHaveLength(0);
  });
});

describe('sessions', () => {
  it('validates, refreshes and revokes on logout', async () => {
    const m = await signedInMember(t);
    expect((await post('/auth/validate', { token: m.token })).json()).toEqual({ isValid: true });
    expect((await post('/auth/validate', { token: 'garbage' })).json()).toEqual({ isValid: false });

    const refreshed = await post('/auth/refresh', { token: m.token });
    expect(refreshed.statusCode).toBe(200);
    const newToken = refreshed.json().token as string;
    expect((await get('/auth/me', { authorization: `Bearer ${newToken}` })).json().username).toBe(m.username);

    expect((await post('/auth/logout', undefined, { authorization: `Bearer ${newToken}` })).statusCode).toBe(204);
    // Both tokens belong to the revoked session.
    expect((await post('/auth/validate', { token: m.token })).json()).toEqual({ isValid: false });
    expect((await post('/auth/validate', { token: newToken })).json()).toEqual({ isValid: false });
    const me = await get('/auth/me', m.auth);
    expect(me.statusCode).toBe(401);
    expect(me.json().message).toBe(M.notAuthenticated);
    expect((await post('/auth/refresh', { token: m.token })).statusCode).toBe(401);
  });

  it('rotates on refresh: the old token dies after a short grace, and reusing it later revokes the session', async () => {
    const m = await signedInMember(t);
    const first = await post('/auth/refresh', { token: m.token });
    const rotated = first.json().token as string;
    expect(decodeJwt(rotated).gen).toBe(1);
    // Another tab refreshing the same old token within the grace gets the current generation, nothing revoked.
    const sibling = await post('/auth/refresh', { token: m.token });
    expect(sibling.statusCode).toBe(200);
    expect(decodeJwt(sibling.json().token).gen).toBe(1);
    expect((await post('/auth/validate', { token: m.token })).json()).toEqual({ isValid: true });

    // Past the grace the old token is worthless...
    await t.ctx.db.execute(
      sql`update sessions set rotated_at = now() - interval '1 minute' where id = ${decodeJwt(rotated).sid as string}`,
    );
    expect((await post('/auth/validate', { token: m.token })).json()).toEqual({ isValid: false });
    expect((await get('/auth/me', m.auth)).statusCode).toBe(401);
    expect((await get('/auth/me', { authorization: `Bearer ${rotated}` })).statusCode).toBe(200);
    // ...and refreshing it means it was stolen: the whole session ends, the rotated token too.
    expect((await post('/auth/refresh', { token: m.token })).statusCode).toBe(401);
    expect((await post('/auth/validate', { token: rotated })).json()).toEqual({ isValid: false });
    expect((await post('/auth/refresh', { token: rotated })).statusCode).toBe(401);
  });

  it('gives a short token without keep-me-signed-in', async () => {
    const m = await signedInMember(t);
    const res = await post('/auth/login', { username: m.username, password: m.password, rememberMe: false });
    const claims = decodeJwt(res.json().token);
    expect(claims.exp! - claims.iat!).toBe(2 * 24 * 3600);
  });

  it('lists roles of the caller', async () => {
    const admin = await signedInMember(t, ['administrator']);
    expect((await get('/roles/my', admin.auth)).json()).toEqual(['administrator']);
    expect((await get('/roles/my')).statusCode).toBe(401);
  });
});

describe('password reset and change', () => {
  it('resets through the mailed link, once, and signs every session out', async () => {
    const m = await signedInMember(t);
    const same = await post('/auth/forgot-password', { email: 'nobody@example.com' });
    const res = await post('/auth/forgot-password', { email: m.email.toUpperCase() });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(same.json());
    const [mail] = await t.mailFor(m.email);
    expect(mail!.subject).toBe('Reset your password');
    expect(mail!.link).toMatch(/\/reset-password\?token=/);
    const token = tokenFrom(mail!.link!);

    const short = await post('/auth/reset-password', { token, newPassword: '123' });
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toBe(M.passwordMin);

    expect((await post('/auth/reset-password', { token, newPassword: 'brand-new-pass' })).statusCode).toBe(200);
    expect((await post('/auth/reset-password', { token, newPassword: 'another-pass' })).json().message).toBe(
      M.tokenInvalid,
    );
    expect((await post('/auth/validate', { token: m.token })).json().isValid).toBe(false);
    expect((await post('/auth/login', { username: m.username, password: m.password })).statusCode).toBe(401);
    expect((await post('/auth/login', { username: m.username, password: 'brand-new-pass' })).statusCode).toBe(200);
  });

  it('refuses an expired reset link', async () => {
    const m = await signedInMember(t);
    await post('/auth/forgot-password', { email: m.email });
    const [mail] = await t.mailFor(m.email);
    await t.ctx.db
      .update(emailTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(emailTokens.memberId, m.id));
    const res = await post('/auth/reset-password', { token: tokenFrom(mail!.link!), newPassword: 'brand-new-pass' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(M.tokenExpired);
  });

  it('changes the password with the current one and revokes sessions', async () => {
    const m = await signedInMember(t);
    const wrong = await post(
      '/auth/change-password',
      { currentPassword: 'not-it', newPassword: 'new-password-1' },
      m.auth,
    );
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe(M.currentPasswordWrong);
    const short = await post('/auth/change-password', { currentPassword: m.password, newPassword: 'short' }, m.auth);
    expect(short.json().message).toBe(M.newPasswordMin);
    const ok = await post(
      '/auth/change-password',
      { currentPassword: m.password, newPassword: 'new-password-1' },
      m.auth,
    );
    expect(ok.statusCode).toBe(200);
    expect((await get('/auth/me', m.auth)).statusCode).toBe(401);
    expect((await post('/auth/login', { username: m.username, password: 'new-password-1' })).statusCode).toBe(200);
  });
});

describe('email change', () => {
  it('confirms at the new address, notifies the old one, and keeps the old one until then', async () => {
    const m = await signedInMember(t);
    const newEmail = `new-${m.email}`;
    const res = await post('/account/email-change/request', { currentPassword: m.password, newEmail }, m.auth);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(M.emailChangeSent);
    const [confirm] = await t.mailFor(newEmail);
    const notice = (await t.mailFor(m.email)).find((x) => x.subject.includes('change'));
    expect(confirm!.link).toMatch(/\/verify-email-change\?token=/);
    expect(notice!.text).toContain(newEmail);
    expect((await get('/auth/me', m.auth)).json().email).toBe(m.email);

    expect((await post('/account/email-change/confirm', { token: tokenFrom(confirm!.link!) })).statusCode).toBe(200);
    expect((await get('/auth/me', m.auth)).json().email).toBe(newEmail);
    expect((await post('/account/email-change/confirm', { token: tokenFrom(confirm!.link!) })).statusCode).toBe(400);
  });

  it('refuses a wrong password or a taken address', async () => {
    const a = await signedInMember(t);
    const b = await signedInMember(t);
    expect(
      (await post('/account/email-change/request', { currentPassword: 'nope', newEmail: 'z@example.com' }, a.auth))
        .statusCode,
    ).toBe(400);
    const taken = await post(
      '/account/email-change/request',
      { currentPassword: a.password, newEmail: b.email },
      a.auth,
    );
    expect(taken.statusCode).toBe(409);
    expect(taken.json().errors.newEmail).toEqual([M.emailTaken]);
    expect(
      (await post('/account/email-change/request', { currentPassword: a.password, newEmail: 'z@example.com' }))
        .statusCode,
    ).toBe(401);
  });
});

describe('checks of a mailed token', () => {
  it('spend one mailToken limit for verify, reset and email change, before the token is looked up', async () => {
    const limited = await startTestApp({
      limits: { mailToken: { ip: { points: 3, durationS: 60 }, account: { points: 100, durationS: 60 } } },
    });
    try {
      const send = (url: string, payload: object, remoteAddress = '127.0.0.1') =>
        limited.app.inject({ method: 'POST', url: `/api${url}`, payload, remoteAddress });
      const m = uniqueMember('mailtok');
      expect((await send('/auth/register', { ...m, productUpdatesOptIn: false })).statusCode).toBe(201);
      const [mail] = await limited.mailFor(m.email);
      const good = { token: tokenFrom(mail!.link!) };

      const bad = { token: 'not-a-mailed-token' };
      const calls: Array<[string, object]> = [
        ['/auth/verify-email', bad],
        ['/auth/reset-password', { ...bad, newPassword: 'brand-new-pass' }],
        ['/account/email-change/confirm', bad],
      ];
      for (const [url, payload] of calls) {
        const res = await send(url, payload);
        expect(res.statusCode, url).toBe(400);
        expect(res.json().message, url).toBe(M.tokenInvalid);
      }
      // The fourth check from this address is refused on each route, even with a good token.
      for (const [url, payload] of [...calls, ['/auth/verify-email', good] as [string, object]]) {
        const res = await send(url, payload);
        expect(res.statusCode, url).toBe(429);
        expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      }
      // The limit is the address's: the good token still works from another one.
      expect((await send('/auth/verify-email', good, '203.0.113.7')).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });
});

describe('impersonation', () => {
  it('lets an administrator act as a member, audited, until stopped', async () => {
    const admin = await signedInMember(t, ['administrator']);
    const member = await signedInMember(t);
    const res = await post(`/admin/impersonate/${member.id}`, undefined, admin.auth);
    expect(res.statusCode).toBe(200);
    const { token, member: as } = res.json();
    expect(as).toMatchObject({ id: member.id, isImpersonating: true });
    expect(decodeJwt(token)).toMatchObject({ is_impersonating: true, sub: String(member.id) });
    const auth = { authorization: `Bearer ${token}` };
    expect((await get('/auth/me', auth)).json()).toMatchObject({ username: member.username, isImpersonating: true });

    const [audit] = await t.ctx.db.select().from(impersonationAudit).where(eq(impersonationAudit.memberId, member.id));
    expect(audit).toMatchObject({ adminId: admin.id, stoppedAt: null });

    expect((await post('/admin/stop-impersonation', undefined, auth)).statusCode).toBe(200);
    expect((await get('/auth/me', auth)).statusCode).toBe(401);
    const [stopped] = await t.ctx.db
      .select()
      .from(impersonationAudit)
      .where(eq(impersonationAudit.memberId, member.id));
    expect(stopped!.stoppedAt).not.toBeNull();
    // The administrator's own session is untouched.
    expect((await get('/auth/me', admin.auth)).statusCode).toBe(200);
  });

  it('is for administrators only, and never of another administrator', async () => {
    const admin = await signedInMember(t, ['administrator']);
    const other = await signedInMember(t, ['administrator']);
    const mod = await signedInMember(t, ['moderator']);
    const member = await signedInMember(t);
    expect((await post(`/admin/impersonate/${member.id}`, undefined, mod.auth)).statusCode).toBe(403);
    expect((await post(`/admin/impersonate/${member.id}`)).statusCode).toBe(401);
    expect((await post(`/admin/impersonate/${other.id}`, undefined, admin.auth)).statusCode).toBe(403);
    expect((await post('/admin/impersonate/999999', undefined, admin.auth)).statusCode).toBe(404);
    const nonNumeric = await post('/admin/impersonate/abc', undefined, admin.auth);
    expect(nonNumeric.statusCode).toBe(400);
    expect(nonNumeric.json().message).toBe('Invalid id');
    expect((await post('/admin/stop-impersonation', undefined, admin.auth)).statusCode).toBe(400);
  });
});
