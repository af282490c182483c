import { describe, expect, it } from 'vitest';
import type { Socket } from 'socket.io-client';
import { eq } from 'drizzle-orm';
import { signedInMember, testAppForFile } from '../../test/harness.js';
import { hubSocketsForFile, nextEvent as next } from '../../test/hub-client.js';
import { memberRoles, plugins, sessions } from '../db/schema.js';
import { publishedPlugin } from '../modules/plugins/test-support.js';
import { pluginsChanged } from '../modules/plugins/index.js';

/** The hub follows access as it changes: what a socket still receives is what its HTTP twin may read. */
const t = testAppForFile();
const { open } = hubSocketsForFile(t);

/** Resolves with the reason once the server ends the socket. */
const closed = (s: Socket) => new Promise<string>((resolve) => s.once('disconnect', (reason) => resolve(reason)));

/** Records every event a socket receives, to check later that a refused one never arrived. */
function recorder(s: Socket) {
  const seen: string[] = [];
  s.onAny((event: string) => seen.push(event));
  return seen;
}

async function login(username: string, password: string) {
  const res = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username, password } });
  expect(res.statusCode).toBe(200);
  return res.json<{ token: string }>().token;
}

const comment = (pluginId: number, auth: Record<string, string>) =>
  t.app.inject({
    method: 'POST',
    url: `/api/plugins/${pluginId}/comments`,
    headers: auth,
    payload: { body: 'Still here' },
  });

describe('when a session ends, its sockets are disconnected', () => {
  it('on logout: that session only, the member’s other sessions keep their inbox events', async () => {
    const m = await signedInMember(t);
    const other = await login(m.username, m.password);
    const s = await open({ token: m.token });
    const kept = await open({ token: other });
    const seen = recorder(s);
    const end = closed(s);
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: m.auth })).statusCode).toBe(204);
    expect(await end).toBe('io server disconnect');
    const got = next<{ n: number }>(kept, 'MailEvent');
    t.ctx.hub.toMember(m.id, 'MailEvent', { n: 1 });
    expect(await got).toEqual({ n: 1 });
    expect(seen).not.toContain('MailEvent');
  });

  it('on a password change: every session of the member', async () => {
    const m = await signedInMember(t);
    const other = await login(m.username, m.password);
    const a = await open({ token: m.token });
    const b = await open({ token: other });
    const ends = [closed(a), closed(b)];
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/change-password',
      headers: m.auth,
      payload: { currentPassword: m.password, newPassword: 'another-horse-10' },
    });
    expect(res.statusCode).toBe(200);
    expect(await Promise.all(ends)).toEqual(['io server disconnect', 'io server disconnect']);
    // Its old token now connects anonymously: no member room.
    const again = await open({ token: m.token });
    const seen = recorder(again);
    const anyone = next(again, 'Everyone');
    t.ctx.hub.toMember(m.id, 'MailEvent', { n: 2 });
    t.ctx.hub.toAll('Everyone', {});
    await anyone;
    expect(seen).not.toContain('MailEvent');
  });

  it('when an administrator disables the account', async () => {
    const admin = await signedInMember(t, ['administrator']);
    const m = await signedInMember(t);
    const s = await open({ token: m.token });
    const end = closed(s);
    const res = await t.app.inject({ method: 'POST', url: `/api/admin/members/${m.id}/disable`, headers: admin.auth });
    expect(res.statusCode).toBe(204);
    expect(await end).toBe('io server disconnect');
  });

  it('when a refresh token is used again (the session is revoked as stolen)', async () => {
    const m = await signedInMember(t);
    const s = await open({ token: m.token });
    const end = closed(s);
    const refresh = (token: string) => t.app.inject({ method: 'POST', url: '/api/auth/refresh', payload: { token } });
    const first = await refresh(m.token);
    expect(first.statusCode).toBe(200);
    // Two rotations later the first token is old, past any grace for other tabs.
    expect((await refresh(first.json<{ token: string }>().token)).statusCode).toBe(200);
    expect((await refresh(m.token)).statusCode).toBe(401);
    expect(await end).toBe('io server disconnect');
  });
});

describe('when a role is revoked', () => {
  it('the member’s sockets reconnect without the role room and the plugin rooms only the role opened', async () => {
    const admin = await signedInMember(t, ['administrator']);
    const owner = await signedInMember(t);
    const mod = await signedInMember(t, ['moderator']);
    const hidden = await publishedPlugin(t, owner, { name: 'Role Room', shortDescription: 'x', description: '' });
    await t.ctx.db.update(plugins).set({ isActive: false }).where(eq(plugins.id, hidden.id));
    const s = await open({ token: mod.token });
    expect(await s.emitWithAck('JoinPlugin', hidden.id)).toBe(true);
    const end = closed(s);
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/members/${mod.id}/roles/moderator`,
      headers: admin.auth,
    });
    expect(res.statusCode).toBe(204);
    expect(await end).toBe('io server disconnect');
    const again = await open({ token: mod.token });
    const seen = recorder(again);
    expect(await again.emitWithAck('JoinPlugin', hidden.id)).toBe(false);
    const own = next(again, 'MailEvent');
    t.ctx.hub.toRole('moderator', 'RoleEvent', {});
    t.ctx.hub.toMember(mod.id, 'MailEvent', {});
    await own;
    expect(seen).not.toContain('RoleEvent');
  });
});

describe('the check every instance runs each minute', () => {
  it('disconnects a socket whose role was revoked without the hub (command line) or whose session expired', async () => {
    const mod = await signedInMember(t, ['moderator']);
    const expiring = await signedInMember(t);
    const kept = await signedInMember(t, ['administrator']);
    const m = await open({ token: mod.token });
    const e = await open({ token: expiring.token });
    const k = await open({ token: kept.token });
    const ends = [closed(m), closed(e)];
    // What `npm run cli -- revoke-role` does: a write to the database, no call to the hub.
    await t.ctx.db.delete(memberRoles).where(eq(memberRoles.memberId, mod.id));
    await t.ctx.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.memberId, expiring.id));
    await t.ctx.hub.recheckSessions();
    expect(await Promise.all(ends)).toEqual(['io server disconnect', 'io server disconnect']);
    expect(k.connected).toBe(true);
    const got = next(k, 'MailEvent');
    t.ctx.hub.toMember(kept.id, 'MailEvent', {});
    await got;
  });
});

describe('when a plugin stops being visible, who may no longer see it leaves its room', () => {
  async function watched(name: string) {
    const owner = await signedInMember(t);
    const p = await publishedPlugin(t, owner, { name, shortDescription: 'x', description: '' });
    // The anonymous socket also follows a public plugin: its events there tell that earlier ones arrived.
    const other = await publishedPlugin(t, owner, { name: `${name} Too`, shortDescription: 'x', description: '' });
    const anon = await open();
    const own = await open({ token: owner.token });
    for (const s of [anon, own]) expect(await s.emitWithAck('JoinPlugin', p.id)).toBe(true);
    expect(await anon.emitWithAck('JoinPlugin', other.id)).toBe(true);
    return { owner, p, other, anon, own, seen: recorder(anon) };
  }

  /**
   * Once the hub has settled a change to `p`: sends its room a comment deletion, then markers (in
   * `other`'s room and to everyone) and waits for them. Events reach a socket in order, so by then the
   * deletion has arrived wherever it was going to.
   */
  async function deletionThenMarkers(p: { id: number }, other: { id: number }, anon: Socket, own: Socket) {
    await t.ctx.hub.settled();
    t.ctx.hub.toPlugin(p.id, 'plugin:commentDeleted', { id: 1 });
    const marker = Promise.all([next(anon, 'plugin:commentVoted'), next(own, 'Everyone')]);
    t.ctx.hub.toPlugin(other.id, 'plugin:commentVoted', {});
    t.ctx.hub.toAll('Everyone', {});
    await marker;
  }

  it('made private by its owner: the owner stays, an anonymous visitor leaves', async () => {
    const { owner, p, other, anon, own, seen } = await watched('Private Room');
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/plugins/${p.id}/visibility`,
      headers: owner.auth,
      payload: { isPubliclyVisible: false, isListed: false },
    });
    expect(res.statusCode).toBe(200);
    await t.ctx.hub.settled();
    expect((await t.app.inject({ method: 'GET', url: `/api/plugins/${p.id}/comments` })).statusCode).toBe(404);
    const ownerGot = next<{ body: string }>(own, 'plugin:commentCreated');
    expect((await comment(p.id, owner.auth)).statusCode).toBe(201);
    expect((await ownerGot).body).toBe('Still here');
    // Events reach a socket in order: once the marker arrived, the comment would have too.
    const marker = next(anon, 'plugin:commentCreated');
    t.ctx.hub.toPlugin(other.id, 'plugin:commentCreated', { marker: true });
    await marker;
    expect(seen.filter((e) => e === 'plugin:commentCreated')).toHaveLength(1); // the marker only
  });

  it('hidden by a moderator: anonymous and other members leave, the owner stays', async () => {
    const { owner, p, other, anon, own, seen } = await watched('Hidden Room');
    const mod = await signedInMember(t, ['moderator']);
    const stranger = await signedInMember(t);
    const s = await open({ token: stranger.token });
    expect(await s.emitWithAck('JoinPlugin', p.id)).toBe(true);
    const strangerSeen = recorder(s);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/moderation/reported/${p.id}/hide-plugin`,
      headers: mod.auth,
    });
    expect(res.statusCode).toBe(204);
    await t.ctx.hub.settled();
    const ownerGot = next(own, 'plugin:commentCreated');
    expect((await comment(p.id, owner.auth)).statusCode).toBe(201);
    await ownerGot;
    const marker = Promise.all([next(anon, 'plugin:commentCreated'), next(s, 'Everyone')]);
    t.ctx.hub.toPlugin(other.id, 'plugin:commentCreated', { marker: true });
    t.ctx.hub.toAll('Everyone', {});
    await marker;
    expect(seen.filter((e) => e === 'plugin:commentCreated')).toHaveLength(1); // the marker only
    expect(strangerSeen).not.toContain('plugin:commentCreated');
  });

  it('deleted: everyone leaves', async () => {
    const { owner, p, other, anon, own, seen } = await watched('Deleted Room');
    const ownSeen = recorder(own);
    const res = await t.app.inject({ method: 'DELETE', url: `/api/plugins/${p.id}`, headers: owner.auth });
    expect(res.statusCode).toBe(204);
    await deletionThenMarkers(p, other, anon, own);
    expect(seen).not.toContain('plugin:commentDeleted');
    expect(ownSeen).not.toContain('plugin:commentDeleted');
  });

  it('a change to many plugins at once (pluginsChanged without an id, as when a member is disabled) re-checks every room', async () => {
    const { p, other, anon, own, seen } = await watched('Many Rooms');
    const ownSeen = recorder(own);
    // A write that made the plugin unreadable to anyone but staff, announced without naming it.
    await t.ctx.db.update(plugins).set({ isActive: false }).where(eq(plugins.id, p.id));
    pluginsChanged(t.ctx);
    await deletionThenMarkers(p, other, anon, own);
    expect(seen).not.toContain('plugin:commentDeleted');
    // The owner may still read it: they stay.
    expect(ownSeen).toContain('plugin:commentDeleted');
  });
});
