import os from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TWO_FACTOR_MESSAGES as T } from '@bm/core';
import { loadConfig } from '../../config.js';
import { signedInMember, startTestApp, type TestApp } from '../../../test/harness.js';
import { awayFromStepEdge, codeAt } from '../../../test/totp.js';

describe('REQUIRE_STAFF_2FA', () => {
  it('is on by default in production only, and can be set either way', () => {
    const base = { DATA_DIR: os.tmpdir(), JWT_SECRET: 'x'.repeat(40) };
    const production = { ...base, NODE_ENV: 'production', DATABASE_URL: 'postgres://db/x' };
    expect(loadConfig({ ...base, NODE_ENV: 'test' }).requireStaff2fa).toBe(false);
    expect(loadConfig({ ...base, NODE_ENV: 'development' }).requireStaff2fa).toBe(false);
    expect(loadConfig({ ...base, NODE_ENV: 'test', REQUIRE_STAFF_2FA: 'true' }).requireStaff2fa).toBe(true);
    expect(loadConfig(production).requireStaff2fa).toBe(true);
    expect(loadConfig({ ...production, REQUIRE_STAFF_2FA: 'false' }).requireStaff2fa).toBe(false);
  });
});

describe('staff calls with REQUIRE_STAFF_2FA on', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ env: { REQUIRE_STAFF_2FA: 'true' } });
  });
  afterAll(() => t.close());

  const get = (url: string, headers: Record<string, string>) =>
    t.app.inject({ method: 'GET', url: `/api${url}`, headers });

  it('answers 403 saying to turn two-factor on, until it is on', async () => {
    const admin = await signedInMember(t, ['administrator']);
    const moderator = await signedInMember(t, ['moderator']);
    for (const [who, url] of [
      [admin, '/admin/members'],
      [admin, '/moderation/dashboard'],
      [moderator, '/moderation/dashboard'],
    ] as const) {
      const res = await get(url, who.auth);
      expect(res.statusCode, url).toBe(403);
      expect(res.json()).toMatchObject({ message: T.staffRequired, reason: 'TwoFactorRequired' });
    }
    // A member without a staff role still gets the plain 403; the member's own calls work as before.
    const member = await signedInMember(t);
    const plain = await get('/admin/members', member.auth);
    expect(plain.statusCode).toBe(403);
    expect(plain.json().message).not.toBe(T.staffRequired);
    expect((await get('/auth/me', admin.auth)).statusCode).toBe(200);

    // The administrator turns it on from the same session: staff calls work at once.
    await awayFromStepEdge();
    const setup = await t.app.inject({ method: 'POST', url: '/api/auth/2fa/totp/setup', headers: admin.auth });
    const { secret } = setup.json();
    const on = await t.app.inject({
      method: 'POST',
      url: '/api/auth/2fa/totp/enable',
      payload: { code: codeAt(secret) },
      headers: admin.auth,
    });
    expect(on.statusCode).toBe(200);
    expect((await get('/admin/members', admin.auth)).statusCode).toBe(200);
    expect((await get('/moderation/dashboard', admin.auth)).statusCode).toBe(200);
    expect((await get('/moderation/dashboard', moderator.auth)).statusCode).toBe(403);
  });
});

describe('staff calls with REQUIRE_STAFF_2FA off (tests and development)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('lets staff without two-factor through', async () => {
    const admin = await signedInMember(t, ['administrator']);
    const res = await t.app.inject({ method: 'GET', url: '/api/admin/members', headers: admin.auth });
    expect(res.statusCode).toBe(200);
  });
});
