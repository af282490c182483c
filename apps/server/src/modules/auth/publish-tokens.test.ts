import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import {
  PUBLISH_TOKEN_MAX_PER_MEMBER,
  PUBLISH_TOKEN_MESSAGES as M,
  PUBLISH_TOKEN_PATTERN,
  type PublishTokenCreated,
  type PublishTokenInfo,
} from '@bm/core';
import { members, publishTokens } from '../../db/schema.js';
import { signedInMember, startTestApp, testAppForFile, type TestApp } from '../../../test/harness.js';
import { demoSourceZip } from '../plugins/seed.js';
import { createPlugin, multipart } from '../plugins/test-support.js';

const t = testAppForFile();

type Headers = Record<string, string>;
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
const api = (method: Method, url: string, headers: Headers, payload?: unknown) =>
  t.app.inject({ method, url: `/api${url}`, headers, payload: payload as object });
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

async function newToken(owner: { auth: Headers }, body: Record<string, unknown> = {}) {
  const res = await api('POST', '/auth/tokens', owner.auth, {
    name: `ci ${Math.random().toString(36).slice(2, 8)}`,
    scopes: ['plugins:upload', 'plugins:read'],
    expiresInDays: 30,
    ...body,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<PublishTokenCreated>();
}

const png = () =>
  sharp({ create: { width: 800, height: 400, channels: 3, background: '#224488' } })
    .png()
    .toBuffer();

async function upload(app: TestApp, headers: Headers, pluginId: number, kind: 'source' | 'banner' = 'source') {
  const { payload, headers: h } =
    kind === 'source'
      ? multipart(await demoSourceZip('CiPlugin'), 'ci.zip', { versionString: '1.0.1' })
      : multipart(await png(), 'b.png', {}, 'image/png');
  return app.app.inject({
    method: 'POST',
    url: `/api/plugins/${pluginId}/files/${kind}`,
    headers: { ...headers, ...h },
    payload,
  });
}

describe('managing publish tokens', () => {
  it('answers a bmc_ token once, keeps only its hash, and lists name, scopes, dates and expiry', async () => {
    const owner = await signedInMember(t);
    const before = Date.now();
    const created = await newToken(owner, {
      name: '  GitHub Actions ',
      scopes: ['plugins:upload', 'plugins:upload'],
      expiresInDays: 90,
    });
    expect(created.token).toMatch(PUBLISH_TOKEN_PATTERN);
    expect(created).toMatchObject({
      name: 'GitHub Actions',
      scopes: ['plugins:upload'],
      lastUsedAt: null,
      expired: false,
    });
    expect(created.prefix).toBe(created.token.slice(0, 12));
    const days = (Date.parse(created.expiresAt) - before) / 86_400_000;
    expect(days).toBeGreaterThan(89.99);
    expect(days).toBeLessThan(90.01);

    const [row] = await t.ctx.db.select().from(publishTokens).where(eq(publishTokens.id, created.id));
    expect(row!.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(created.token.slice(12));

    const list = await api('GET', '/auth/tokens', owner.auth);
    expect(list.statusCode).toBe(200);
    const { token: _shownOnce, ...info } = created;
    expect(list.json<PublishTokenInfo[]>()).toEqual([info]);
    expect(list.body).not.toContain(created.token);
  });

  it('refuses bad input with clear messages, a second token of the same name and more than the maximum', async () => {
    const owner = await signedInMember(t);
    const bad = async (body: Record<string, unknown>, message: string) => {
      const res = await api('POST', '/auth/tokens', owner.auth, {
        name: 'x',
        scopes: ['plugins:read'],
        expiresInDays: 7,
        ...body,
      });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.body).toContain(message);
    };
    await bad({ name: '   ' }, M.nameRequired);
    await bad({ name: 'n'.repeat(61) }, M.nameTooLong);
    await bad({ scopes: [] }, M.scopesRequired);
    await bad({ scopes: ['admin'] }, M.scopeUnknown);
    for (const expiresInDays of [0, 366, 1.5, null, '30']) await bad({ expiresInDays }, M.days);

    await newToken(owner, { name: 'Release' });
    await bad({ name: 'release' }, M.nameTaken);
    for (let i = 1; i < PUBLISH_TOKEN_MAX_PER_MEMBER; i++) await newToken(owner, { name: `t${i}` });
    await bad({ name: 'one more' }, M.tooMany);
    expect((await api('GET', '/auth/tokens', owner.auth)).json<unknown[]>()).toHaveLength(PUBLISH_TOKEN_MAX_PER_MEMBER);
  });

  it('is refused to the signed-out, to tokens and to an administrator impersonating the member', async () => {
    const member = await signedInMember(t);
    const admin = await signedInMember(t, ['administrator']);
    const { token } = await newToken(member);
    expect((await api('GET', '/auth/tokens', {})).statusCode).toBe(401);
    for (const [method, url] of [
      ['GET', '/auth/tokens'],
      ['POST', '/auth/tokens'],
    ] as const) {
      const res = await api(method, url, bearer(token), { name: 'x', scopes: ['plugins:read'], expiresInDays: 7 });
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toBe(M.notAccepted);
    }
    const imp = await api('POST', `/admin/impersonate/${member.id}`, admin.auth);
    expect(imp.statusCode, imp.body).toBe(200);
    const as = bearer(imp.json<{ token: string }>().token);
    const res = await api('POST', '/auth/tokens', as, { name: 'sneaky', scopes: ['plugins:upload'], expiresInDays: 7 });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(M.impersonating);
  });
});

describe('a publish token at work', () => {
  it("uploads a source and a banner to its owner's plugin and reads the owner's plugins, recording its last use", async () => {
    const owner = await signedInMember(t);
    const plugin = await createPlugin(t, owner, { name: 'Token Uploaded' });
    const { token, id } = await newToken(owner);
    const res = await upload(t, bearer(token), plugin.id);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ submission: { pluginId: plugin.id, versionString: '1.0.1' } });
    const banner = await upload(t, bearer(token), plugin.id, 'banner');
    expect(banner.statusCode, banner.body).toBe(200);
    expect(banner.json()).toEqual({ bannerImageUrl: expect.any(String) });

    const mine = await api('GET', '/plugins/my', bearer(token));
    expect(mine.statusCode).toBe(200);
    expect(mine.json<Array<{ id: number }>>().map((p) => p.id)).toEqual([plugin.id]);
    expect((await api('GET', `/plugins/my/${plugin.id}`, bearer(token))).statusCode).toBe(200);
    const subs = await api('GET', `/plugins/my/${plugin.id}/submissions`, bearer(token));
    expect(subs.json<Array<{ versionString: string }>>().map((s) => s.versionString)).toEqual(['1.0.1']);

    const [listed] = (await api('GET', '/auth/tokens', owner.auth)).json<PublishTokenInfo[]>();
    expect(listed).toMatchObject({ id, lastUsedAt: expect.any(String) });
  });

  it("is refused on another member's plugin and without the route's scope", async () => {
    const owner = await signedInMember(t);
    const other = await signedInMember(t);
    const theirs = await createPlugin(t, other, { name: 'Not Yours' });
    const mine = await createPlugin(t, owner, { name: 'Mine Only' });
    const { token } = await newToken(owner);
    expect((await upload(t, bearer(token), theirs.id)).statusCode).toBe(403);
    expect((await upload(t, bearer(token), theirs.id, 'banner')).statusCode).toBe(403);
    expect((await api('GET', `/plugins/my/${theirs.id}`, bearer(token))).statusCode).toBe(404);

    const readOnly = await newToken(owner, { scopes: ['plugins:read'] });
    const refused = await upload(t, bearer(readOnly.token), mine.id);
    expect(refused.statusCode).toBe(403);
    // A message with a value keeps its code, and the value rides beside it for the reader's language.
    expect(refused.json()).toMatchObject({
      message: M.missingScope('plugins:upload'),
      code: 'publishToken.missingScope',
      params: { scope: 'plugins:upload' },
    });
    const uploadOnly = await newToken(owner, { scopes: ['plugins:upload'] });
    expect((await api('GET', '/plugins/my', bearer(uploadOnly.token))).statusCode).toBe(403);
    const subs = await api('GET', `/plugins/my/${mine.id}/submissions`, owner.auth);
    expect(subs.json()).toEqual([]);
  });

  it('never reaches account, comment, rating, moderation, admin, two-factor, session or public calls', async () => {
    const admin = await signedInMember(t, ['administrator', 'moderator']);
    const plugin = await createPlugin(t, admin, { name: 'Staff Plugin' });
    const { token } = await newToken(admin);
    const calls: Array<[Method, string, unknown?]> = [
      ['POST', '/auth/change-password', { currentPassword: admin.password, newPassword: 'another-horse-77' }],
      ['GET', '/auth/me'],
      ['POST', '/auth/logout'],
      ['GET', '/auth/2fa'],
      ['GET', '/auth/sessions'],
      ['POST', '/account/email-change/request', { currentPassword: admin.password, newEmail: 'x@example.com' }],
      ['POST', `/plugins/${plugin.id}/comments`, { content: 'hello' }],
      ['POST', `/plugins/${plugin.id}/rating`, { rating: 5 }],
      ['PUT', `/plugins/${plugin.id}/visibility`, { visibility: 'private' }],
      ['DELETE', `/plugins/${plugin.id}`],
      ['GET', '/moderation/dashboard'],
      ['GET', '/admin/members'],
      ['GET', `/plugins/${plugin.id}`],
      ['GET', '/no-such-route'],
    ];
    for (const [method, url, body] of calls) {
      const res = await api(method, url, bearer(token), body);
      expect(res.statusCode, `${method} ${url}`).toBe(401);
      expect(res.json().message).toBe(M.notAccepted);
    }
    const validate = await api('POST', '/auth/validate', {}, { token });
    expect(validate.json()).toEqual({ isValid: false });
    // The password did not change: the member still signs in with it.
    const login = await api('POST', '/auth/login', {}, { username: admin.username, password: admin.password });
    expect(login.statusCode).toBe(200);
  });

  it('stops working at once when revoked, when expired, and when the account is disabled', async () => {
    const owner = await signedInMember(t);
    const other = await signedInMember(t);
    const plugin = await createPlugin(t, owner, { name: 'Revoked Later' });
    const revoked = await newToken(owner);
    expect((await api('DELETE', `/auth/tokens/${revoked.id}`, other.auth)).statusCode).toBe(404);
    expect((await api('DELETE', `/auth/tokens/${revoked.id}`, owner.auth)).statusCode).toBe(204);
    const res = await upload(t, bearer(revoked.token), plugin.id);
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe(M.invalid);
    expect((await api('DELETE', `/auth/tokens/${revoked.id}`, owner.auth)).statusCode).toBe(404);
    expect((await api('GET', '/auth/tokens', owner.auth)).json()).toEqual([]);

    const expired = await newToken(owner);
    await t.ctx.db
      .update(publishTokens)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(publishTokens.id, expired.id));
    expect((await upload(t, bearer(expired.token), plugin.id)).statusCode).toBe(401);
    const [shown] = (await api('GET', '/auth/tokens', owner.auth)).json<PublishTokenInfo[]>();
    expect(shown).toMatchObject({ id: expired.id, expired: true });

    const live = await newToken(owner);
    await t.ctx.db.update(members).set({ disabledAt: new Date() }).where(eq(members.id, owner.id));
    expect((await upload(t, bearer(live.token), plugin.id)).statusCode).toBe(401);
    for (const bogus of ['bmc_short', `bmc_${'A'.repeat(43)}`])
      expect((await api('GET', '/plugins/my', bearer(bogus))).statusCode).toBe(401);
  });
});

describe('the rate limit on token checks', () => {
  it('counts every check, good or bad, per address and answers 429 with Retry-After', async () => {
    const limited = await startTestApp({
      limits: { publishToken: { ip: { points: 3, durationS: 600 }, account: { points: 3, durationS: 600 } } },
    });
    try {
      const owner = await signedInMember(limited);
      const res = await limited.app.inject({
        method: 'POST',
        url: '/api/auth/tokens',
        headers: owner.auth,
        payload: { name: 'ci', scopes: ['plugins:read'], expiresInDays: 7 },
      });
      const good = bearer(res.json<PublishTokenCreated>().token);
      const mine = (headers: Headers) => limited.app.inject({ method: 'GET', url: '/api/plugins/my', headers });
      expect((await mine(good)).statusCode).toBe(200);
      expect((await mine(bearer(`bmc_${'B'.repeat(43)}`))).statusCode).toBe(401);
      expect((await mine(bearer(`bmc_${'C'.repeat(43)}`))).statusCode).toBe(401);
      const spent = await mine(good);
      expect(spent.statusCode).toBe(429);
      expect(Number(spent.headers['retry-after'])).toBeGreaterThan(0);
      // Sessions are not held back by it.
      expect((await mine(owner.auth)).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });
});
