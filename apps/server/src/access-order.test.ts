import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInMember, startTestApp, type TestApp, type Member } from '../test/harness.js';

let t: TestApp;
let member: Member;
const one = { ip: { points: 100, durationS: 600 }, account: { points: 2, durationS: 600 } };

beforeAll(async () => {
  t = await startTestApp({
    limits: { password: one, create: one, vote: one, rating: one, provideEmail: one, resend: one },
  });
  member = await signedInMember(t);
});
afterAll(async () => {
  await t.close();
});

const garbage = { nonsense: ['x'.repeat(10)], name: 42 };

describe('who may call is checked before what is sent', () => {
  it.each([
    ['POST', '/api/plugins/create'],
    ['PUT', '/api/plugins/1'],
    ['PUT', '/api/plugins/1/visibility'],
    ['PUT', '/api/plugins/1/tags'],
    ['POST', '/api/plugins/1/rating'],
    ['POST', '/api/plugins/1/comments'],
    ['PUT', '/api/plugins/comments/1'],
    ['POST', '/api/plugins/comments/1/vote'],
    ['GET', '/api/plugins/my/abc'],
    ['POST', '/api/cars'],
    ['POST', '/api/cars/1/vote'],
    ['POST', '/api/cars/1/rate'],
    ['POST', '/api/auth/change-password'],
    ['POST', '/api/account/email-change/request'],
    ['PUT', '/api/NotificationSettings/my'],
    ['POST', '/api/feedback'],
    ['PUT', '/api/members/me/profile'],
    ['POST', '/api/members/abc/rep'],
    ['DELETE', '/api/members/abc/rep'],
  ] as const)('%s %s answers 401 to an anonymous caller with a bad body', async (method, url) => {
    const res = await t.app.inject({ method, url, payload: method === 'GET' ? undefined : garbage });
    expect(res.statusCode).toBe(401);
  });

  it.each([
    ['POST', '/api/admin/impersonate/abc'],
    ['PATCH', '/api/admin/plugins/abc/skip-build-server'],
  ] as const)('%s %s answers 403 to a member with a bad id or body', async (method, url) => {
    const res = await t.app.inject({ method, url, headers: member.auth, payload: garbage });
    expect(res.statusCode).toBe(403);
  });
});

describe('rate limits', () => {
  const spent = async (send: () => Promise<{ statusCode: number; headers: Record<string, unknown> }>) => {
    const codes: number[] = [];
    let retryAfter: unknown;
    for (let i = 0; i < 3; i++) {
      const res = await send();
      codes.push(res.statusCode);
      retryAfter = res.headers['retry-after'];
    }
    return { codes, retryAfter };
  };

  it('counts current-password guesses on change-password and email-change together, per account', async () => {
    const m = await signedInMember(t);
    const guess = (url: string, payload: object) => t.app.inject({ method: 'POST', url, headers: m.auth, payload });
    expect(
      (await guess('/api/auth/change-password', { currentPassword: 'wrong-1', newPassword: 'another-pass-1' }))
        .statusCode,
    ).toBe(400);
    expect(
      (await guess('/api/account/email-change/request', { currentPassword: 'wrong-2', newEmail: 'new@example.com' }))
        .statusCode,
    ).toBe(400);
    const third = await guess('/api/auth/change-password', {
      currentPassword: m.password,
      newPassword: 'another-pass-1',
    });
    expect(third.statusCode).toBe(429);
    expect(Number(third.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('limits creating plugins', async () => {
    const m = await signedInMember(t);
    const { codes, retryAfter } = await spent(() =>
      t.app.inject({
        method: 'POST',
        url: '/api/plugins/create',
        headers: m.auth,
        payload: { name: `Made ${Math.random()}`, shortDescription: 'x', description: '' },
      }),
    );
    expect(codes).toEqual([201, 201, 429]);
    expect(Number(retryAfter)).toBeGreaterThan(0);
  });

  it('keeps provide-email and resend on separate counters', async () => {
    const body = { username: 'nobody-here', password: 'whatever-1', email: 'nobody@example.com' };
    for (let i = 0; i < 2; i++) await t.app.inject({ method: 'POST', url: '/api/auth/provide-email', payload: body });
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/provide-email', payload: body })).statusCode).toBe(
      429,
    );
    const resend = await t.app.inject({
      method: 'POST',
      url: '/api/auth/resend-verification',
      payload: { username: 'nobody-here' },
    });
    expect(resend.statusCode).toBe(200);
  });
});
