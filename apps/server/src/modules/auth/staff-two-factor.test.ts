import os from 'node:os';
import { eq } from 'drizzle-orm';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TWO_FACTOR_MESSAGES as T } from '@bm/core';
import { loadConfig } from '../../config.js';
import { cars, members } from '../../db/schema.js';
import { signedInMember, startTestApp, type TestApp } from '../../../test/harness.js';
import { listenLocally, nextEvent, openHubSocket } from '../../../test/hub-client.js';
import { awayFromStepEdge, codeAt } from '../../../test/totp.js';
import { carsApi } from '../cars/test-support.js';
import { carsChanged } from '../cars/index.js';
import { publishedPlugin } from '../plugins/test-support.js';

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

describe('staff powers outside the staff calls, with REQUIRE_STAFF_2FA on', () => {
  let t: TestApp;
  let base: string;
  const sockets: Socket[] = [];
  beforeAll(async () => {
    t = await startTestApp({ env: { REQUIRE_STAFF_2FA: 'true' } });
    base = await listenLocally(t);
  });
  afterAll(async () => {
    for (const s of sockets) s.disconnect();
    await t.close();
  });

  type Headers = Record<string, string>;
  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers: Headers, payload?: object) =>
    t.app.inject({ method, url: `/api${url}`, headers, payload });

  /** Whether the socket gets an event sent to the moderators' room (a member event sent after it marks the end). */
  async function inModeratorRoom(s: Socket, memberId: number) {
    const seen: string[] = [];
    s.onAny((event: string) => seen.push(event));
    const marker = nextEvent(s, 'MailEvent');
    t.ctx.hub.toRole('moderator', 'RoleEvent', {});
    t.ctx.hub.toMember(memberId, 'MailEvent', {});
    await marker;
    return seen.includes('RoleEvent');
  }

  it('are withheld from a moderator or administrator without two-factor, everywhere, until it is on', async () => {
    const moderator = await signedInMember(t, ['moderator']);
    const admin = await signedInMember(t, ['administrator']);
    const owner = await signedInMember(t);
    const author = await signedInMember(t);
    const gone = await signedInMember(t);

    // A private plugin, a private car, a disabled member and another member's comment.
    const hidden = await publishedPlugin(t, owner, { name: `Staff only ${owner.id}` });
    const visibility = { isPubliclyVisible: false, isListed: true };
    expect((await call('PUT', `/plugins/${hidden.id}/visibility`, owner.auth, visibility)).statusCode).toBe(200);
    const carId = await carsApi(t).create(owner.auth, { name: `Staff car ${owner.id}` });
    await t.ctx.db.update(cars).set({ isPublic: false }).where(eq(cars.id, carId));
    carsChanged(t.ctx, carId);
    await t.ctx.db.update(members).set({ disabledAt: new Date() }).where(eq(members.id, gone.id));
    const open = await publishedPlugin(t, owner, { name: `Open ${owner.id}` });
    const comment = async () => {
      const res = await call('POST', `/plugins/${open.id}/comments`, author.auth, { body: 'A comment to moderate' });
      expect(res.statusCode, res.body).toBe(201);
      return res.json<{ id: number }>().id;
    };
    const first = await comment();

    const staffReads = (who: Headers) => [
      call('GET', `/plugins/${hidden.id}`, who),
      call('GET', `/cars/${carId}`, who),
      call('GET', `/members/${gone.username}`, who),
    ];
    for (const who of [moderator, admin]) {
      expect((await Promise.all(staffReads(who.auth))).map((r) => r.statusCode)).toEqual([404, 404, 404]);
      expect((await call('DELETE', `/plugins/comments/${first}`, who.auth)).statusCode).toBe(403);
      // The member still holds the role: the site shows the staff pages, whose calls say why they fail.
      expect((await call('GET', '/roles/my', who.auth)).json()).toEqual(
        who === admin ? ['administrator'] : ['moderator'],
      );
      const staffCall = await call('GET', '/moderation/dashboard', who.auth);
      expect(staffCall.statusCode).toBe(403);
      expect(staffCall.json()).toMatchObject({ reason: 'TwoFactorRequired' });
    }
    // The real-time hub: no moderators' room, no room of the hidden plugin.
    const before = await openHubSocket(base, sockets, { token: moderator.token });
    expect(await before.emitWithAck('JoinPlugin', hidden.id)).toBe(false);
    expect(await inModeratorRoom(before, moderator.id)).toBe(false);

    // The moderator turns two-factor on: the powers come back on the next call.
    await awayFromStepEdge();
    const { secret } = (await call('POST', '/auth/2fa/totp/setup', moderator.auth)).json<{ secret: string }>();
    const on = await call('POST', '/auth/2fa/totp/enable', moderator.auth, { code: codeAt(secret) });
    expect(on.statusCode).toBe(200);
    expect((await Promise.all(staffReads(moderator.auth))).map((r) => r.statusCode)).toEqual([200, 200, 200]);
    expect((await call('DELETE', `/plugins/comments/${first}`, moderator.auth)).statusCode).toBe(204);
    // The administrator, still without, stays a member.
    expect((await call('DELETE', `/plugins/comments/${await comment()}`, admin.auth)).statusCode).toBe(403);

    // The minute's session check reconnects the socket, which now joins the staff rooms.
    const ended = new Promise<string>((resolve) => before.once('disconnect', resolve));
    await t.ctx.hub.recheckSessions();
    expect(await ended).toBe('io server disconnect');
    const after = await openHubSocket(base, sockets, { token: moderator.token });
    expect(await after.emitWithAck('JoinPlugin', hidden.id)).toBe(true);
    expect(await inModeratorRoom(after, moderator.id)).toBe(true);
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
