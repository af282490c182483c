import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { members } from '../../db/schema.js';
import { signedInMember, startTestApp, uniqueMember, type TestApp } from '../../../test/harness.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const call = (method: 'GET' | 'POST' | 'PUT', url: string, headers: Record<string, string> = {}, payload?: unknown) =>
  t.app.inject({ method, url: `/api${url}`, headers, payload: payload as object });

describe("the member's language", () => {
  it('starts unset, is saved by PUT /members/me/locale and shown by /auth/me and sign-in', async () => {
    const m = await signedInMember(t);
    expect((await call('GET', '/auth/me', m.auth)).json().locale).toBeNull();

    const put = await call('PUT', '/members/me/locale', m.auth, { locale: 'pt-BR' });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toEqual({ locale: 'pt-BR' });
    expect((await call('GET', '/auth/me', m.auth)).json().locale).toBe('pt-BR');
    const login = await call('POST', '/auth/login', {}, { username: m.username, password: m.password });
    expect(login.json().member.locale).toBe('pt-BR');

    const cleared = await call('PUT', '/members/me/locale', m.auth, { locale: null });
    expect(cleared.json()).toEqual({ locale: null });
    expect((await call('GET', '/auth/me', m.auth)).json().locale).toBeNull();
  });

  it('refuses an unknown language or a missing body, and a visitor', async () => {
    const m = await signedInMember(t);
    for (const body of [{ locale: 'xx' }, { locale: 'pt' }, { locale: 'FR' }, { locale: 3 }, {}]) {
      expect((await call('PUT', '/members/me/locale', m.auth, body)).statusCode).toBe(400);
    }
    expect((await call('PUT', '/members/me/locale', {}, { locale: 'fr' })).statusCode).toBe(401);
  });

  it('takes the language at registration, and none by default', async () => {
    const withLocale = uniqueMember('loc');
    expect((await call('POST', '/auth/register', {}, { ...withLocale, locale: 'de' })).statusCode).toBe(201);
    const without = uniqueMember('loc');
    expect((await call('POST', '/auth/register', {}, without)).statusCode).toBe(201);
    const locales = async (email: string) =>
      (await t.ctx.db.select({ locale: members.locale }).from(members).where(eq(members.email, email)))[0]?.locale;
    expect(await locales(withLocale.email)).toBe('de');
    expect(await locales(without.email)).toBeNull();
    expect((await call('POST', '/auth/register', {}, { ...uniqueMember('loc'), locale: 'xx' })).statusCode).toBe(400);
  });
});
