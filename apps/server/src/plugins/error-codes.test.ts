import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES, CAR_MESSAGES, MEMBER_MESSAGES, messageCode } from '@bm/core';
import { signedInMember, startTestApp, uniqueMember, type TestApp } from '../../test/harness.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

describe('stable error codes (docs/i18n.md, Server)', () => {
  it('names every core message by its object and key', () => {
    expect(messageCode(AUTH_MESSAGES.emailTaken)).toBe('auth.emailTaken');
    expect(messageCode(MEMBER_MESSAGES.notFound)).toBe('member.notFound');
    expect(messageCode(CAR_MESSAGES.notFound)).toBe('car.notFound');
    expect(messageCode('Something no constant says')).toBeUndefined();
  });

  it('adds the code to an error answer whose message is a core constant, and nothing to others', async () => {
    const m = uniqueMember('code');
    await t.app.inject({ method: 'POST', url: '/api/auth/register', payload: m });
    const taken = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { ...m, username: `${m.username}x`.slice(0, 20) },
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ message: AUTH_MESSAGES.emailTaken, code: 'auth.emailTaken' });

    const invalid = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { ...uniqueMember('c'), email: 'nope' },
    });
    expect(invalid.json()).toMatchObject({ message: AUTH_MESSAGES.emailInvalid, code: 'auth.emailInvalid' });

    const member = await signedInMember(t);
    const missing = await t.app.inject({ url: '/api/members/no-such-member-here', headers: member.auth });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: MEMBER_MESSAGES.notFound, code: 'member.notFound' });

    const notFound = await t.app.inject({ url: '/api/nope' });
    expect(notFound.json()).toEqual({ message: 'Not found' });
  });
});
