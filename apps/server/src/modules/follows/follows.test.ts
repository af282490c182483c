import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  FOLLOW_MESSAGES as FM,
  type FollowingResponse,
  type MemberProfile,
  type PluginDetail,
  type PluginPage,
} from '@bm/core';
import { members, plugins } from '../../db/schema.js';
import { signedInMember, startTestApp, type TestApp } from '../../../test/harness.js';
import { pluginsChanged } from '../plugins/index.js';
import { call as callOf, livePlugin, type Member } from './test-support.js';

let t: TestApp;
let author: Member;
let fan: Member;
let other: Member;
beforeAll(async () => {
  t = await startTestApp();
  author = await signedInMember(t);
  fan = await signedInMember(t);
  other = await signedInMember(t);
});
afterAll(async () => {
  await t.close();
});
const call = (method: 'GET' | 'PUT' | 'DELETE', url: string, who: Member | null) => callOf(t, method, url, who);
const detail = async (id: number, who: Member | null) =>
  (await call('GET', `/plugins/${id}`, who)).json<PluginDetail>();

describe('following a plugin', () => {
  it('is for members, idempotent both ways, and counted on the plugin', async () => {
    const p = await livePlugin(t, author, 'Followable One');
    expect(p).toMatchObject({ followerCount: 0, isFollowing: false });
    expect((await call('PUT', `/plugins/${p.id}/follow`, null)).statusCode).toBe(401);

    for (let i = 0; i < 2; i++) {
      const res = await call('PUT', `/plugins/${p.id}/follow`, fan);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ isFollowing: true, followerCount: 1 });
    }
    expect((await call('PUT', `/plugins/${p.id}/follow`, other)).json()).toEqual({
      isFollowing: true,
      followerCount: 2,
    });
    expect(await detail(p.id, fan)).toMatchObject({ followerCount: 2, isFollowing: true });
    for (let i = 0; i < 2; i++)
      expect((await call('DELETE', `/plugins/${p.id}/follow`, other)).json()).toEqual({
        isFollowing: false,
        followerCount: 1,
      });
    expect(await detail(p.id, other)).toMatchObject({ followerCount: 1, isFollowing: false });
  });

  it('keeps the kept answers the same for everyone: isFollowing is added per viewer, the count follows a follow at once', async () => {
    const p = await livePlugin(t, author, 'Cached Follow');
    expect(await detail(p.id, null)).toMatchObject({ followerCount: 0, isFollowing: false }); // now kept
    await call('PUT', `/plugins/${p.id}/follow`, fan);
    expect(await detail(p.id, null)).toMatchObject({ followerCount: 1, isFollowing: false });
    expect(await detail(p.id, fan)).toMatchObject({ followerCount: 1, isFollowing: true });
    expect(await detail(p.id, other)).toMatchObject({ followerCount: 1, isFollowing: false });
    expect(await detail(p.id, null)).toMatchObject({ isFollowing: false });

    const list = async (who: Member | null) =>
      (await call('GET', `/plugins?search=${encodeURIComponent('Cached Follow')}`, who))
        .json<PluginPage>()
        .items.find((i) => i.id === p.id);
    expect(await list(fan)).toMatchObject({ isFollowing: true });
    expect(await list(null)).toMatchObject({ isFollowing: false });
    expect(await list(other)).toMatchObject({ isFollowing: false });
    expect(await list(fan)).toMatchObject({ isFollowing: true });
  });

  it('answers 404 for an unknown plugin and for one the member may not see, 400 for their own', async () => {
    expect((await call('PUT', '/plugins/999999/follow', fan)).statusCode).toBe(404);
    expect((await call('PUT', '/plugins/abc/follow', fan)).statusCode).toBe(400);
    const p = await livePlugin(t, author, 'Soon Hidden');
    const own = await call('PUT', `/plugins/${p.id}/follow`, author);
    expect(own.statusCode).toBe(400);
    expect(own.json().message).toBe(FM.ownPlugin);
    await call('PUT', `/plugins/${p.id}/follow`, fan);
    await t.ctx.db.update(plugins).set({ isActive: false }).where(eq(plugins.id, p.id));
    pluginsChanged(t.ctx, p.id);
    expect((await call('PUT', `/plugins/${p.id}/follow`, other)).statusCode).toBe(404);
    expect((await call('DELETE', `/plugins/${p.id}/follow`, fan)).statusCode).toBe(404);
    const mine = (await call('GET', '/me/following', fan)).json<FollowingResponse>();
    expect(mine.plugins.map((x) => x.id)).not.toContain(p.id);
    // Back in view, the follow is there again.
    await t.ctx.db.update(plugins).set({ isActive: true }).where(eq(plugins.id, p.id));
    pluginsChanged(t.ctx, p.id);
    expect((await call('GET', '/me/following', fan)).json<FollowingResponse>().plugins.map((x) => x.id)).toContain(
      p.id,
    );
  });
});

describe('following a member', () => {
  it('is idempotent, counted on the profile, and never of oneself', async () => {
    const profile = async (who: Member | null) =>
      (await call('GET', `/members/${author.username}`, who)).json<MemberProfile>();
    const before = (await profile(null)).followerCount;
    expect(await profile(null)).toMatchObject({ isFollowing: false });
    expect((await call('PUT', `/members/${author.username}/follow`, null)).statusCode).toBe(401);
    for (let i = 0; i < 2; i++)
      expect((await call('PUT', `/members/${author.username.toUpperCase()}/follow`, fan)).json()).toEqual({
        isFollowing: true,
        followerCount: before + 1,
      });
    expect(await profile(fan)).toMatchObject({ isFollowing: true, followerCount: before + 1 });
    expect(await profile(other)).toMatchObject({ isFollowing: false, followerCount: before + 1 });
    expect(await profile(null)).toMatchObject({ isFollowing: false, followerCount: before + 1 });
    const self = await call('PUT', `/members/${author.username}/follow`, author);
    expect(self.statusCode).toBe(400);
    expect(self.json().message).toBe(FM.self);
    expect((await call('DELETE', `/members/${author.username}/follow`, other)).json()).toEqual({
      isFollowing: false,
      followerCount: before + 1,
    });
  });

  it('answers 404 for an unknown or disabled member', async () => {
    expect((await call('PUT', '/members/nobody-at-all-here/follow', fan)).statusCode).toBe(404);
    const gone = await signedInMember(t);
    await t.ctx.db.update(members).set({ disabledAt: new Date() }).where(eq(members.id, gone.id));
    expect((await call('PUT', `/members/${gone.username}/follow`, fan)).statusCode).toBe(404);
  });
});

describe('GET /me/following', () => {
  it('lists followed plugins as list cards and members, latest first, and nothing for someone new', async () => {
    const reader = await signedInMember(t);
    expect((await call('GET', '/me/following', null)).statusCode).toBe(401);
    expect((await call('GET', '/me/following', reader)).json()).toEqual({ plugins: [], members: [], collections: [] });
    const a = await livePlugin(t, author, 'Following A');
    const b = await livePlugin(t, author, 'Following B');
    await call('PUT', `/plugins/${a.id}/follow`, reader);
    await call('PUT', `/plugins/${b.id}/follow`, reader);
    await call('PUT', `/members/${author.username}/follow`, reader);
    const mine = (await call('GET', '/me/following', reader)).json<FollowingResponse>();
    expect(mine.plugins.map((p) => p.id)).toEqual([b.id, a.id]);
    const card = (await call('GET', `/plugins?search=${encodeURIComponent('Following B')}`, reader))
      .json<PluginPage>()
      .items.find((p) => p.id === b.id)!;
    expect(mine.plugins[0]).toEqual(card);
    expect(mine.plugins[0]).toMatchObject({ isFollowing: true, followerCount: 1 });
    expect(mine.members).toEqual([
      {
        id: author.id,
        displayName: author.username,
        avatarUrl: null,
        followerCount: expect.any(Number),
        followedAt: expect.any(String),
      },
    ]);
    await call('DELETE', `/plugins/${b.id}/follow`, reader);
    await call('DELETE', `/members/${author.username}/follow`, reader);
    const after = (await call('GET', '/me/following', reader)).json<FollowingResponse>();
    expect(after).toMatchObject({ plugins: [{ id: a.id }], members: [] });
  });

  it('is rate limited through the one limiter', async () => {
    const tight = await startTestApp({
      limits: { follow: { ip: { points: 100, durationS: 60 }, account: { points: 2, durationS: 60 } } },
    });
    try {
      const owner = await signedInMember(tight);
      const m = await signedInMember(tight);
      const p = await livePlugin(tight, owner, 'Limited');
      const codes = [];
      for (let i = 0; i < 3; i++) codes.push((await callOf(tight, 'PUT', `/plugins/${p.id}/follow`, m)).statusCode);
      expect(codes).toEqual([200, 200, 429]);
    } finally {
      await tight.close();
    }
  });
});
