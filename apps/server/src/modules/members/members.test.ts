import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { MEMBER_MESSAGES as M, socialUrlMessage, type MemberPluginsPage, type MemberProfile } from '@bm/core';
import { cars, memberReputation, members, plugins } from '../../db/schema.js';
import { signedInMember, startTestApp, type TestApp, type Member } from '../../../test/harness.js';
import { TEST_LIMITS, V4_CODE } from '../cars/test-support.js';
import { decodeForStorage } from '../cars/service.js';

let t: TestApp;
let owner: Member;
let other: Member;
let admin: Member;

const call = (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  headers: Record<string, string> = {},
  payload?: unknown,
) => t.app.inject({ method, url: `/api${url}`, headers, payload: payload as object });

type PluginSeed = Partial<typeof plugins.$inferInsert> & { name: string };
async function addPlugin(memberId: number, p: PluginSeed) {
  const [row] = await t.ctx.db
    .insert(plugins)
    .values({ memberId, shortDescription: `${p.name} short`, publishedOnce: true, ...p })
    .returning({ id: plugins.id });
  return row!.id;
}
async function addCar(memberId: number, c: Partial<typeof cars.$inferInsert> & { name: string }) {
  const [row] = await t.ctx.db
    .insert(cars)
    .values({ memberId, ...decodeForStorage(V4_CODE), ...c })
    .returning({ id: cars.id });
  return row!.id;
}

const ids: Record<string, number> = {};
beforeAll(async () => {
  t = await startTestApp({ limits: TEST_LIMITS });
  [owner, other, admin] = await Promise.all([
    signedInMember(t),
    signedInMember(t),
    signedInMember(t, ['administrator']),
  ]);
  const old = new Date('2025-01-01T00:00:00Z');
  const newer = new Date('2025-06-01T00:00:00Z');
  // Ordering: pinned first, then downloads, then views, then updatedAt.
  ids.pinnedLow = await addPlugin(owner.id, { name: 'Pinned Low', isPinned: true, downloadCount: 1, viewCount: 1 });
  ids.top = await addPlugin(owner.id, { name: 'Top Downloads', downloadCount: 500, viewCount: 10 });
  ids.tieMoreViews = await addPlugin(owner.id, { name: 'Tie More Views', downloadCount: 100, viewCount: 90 });
  ids.tieNewer = await addPlugin(owner.id, { name: 'Tie Newer', downloadCount: 100, viewCount: 50, updatedAt: newer });
  ids.tieOlder = await addPlugin(owner.id, { name: 'Tie Older', downloadCount: 100, viewCount: 50, updatedAt: old });
  // Hidden from others, each for one reason.
  ids.unlisted = await addPlugin(owner.id, { name: 'Unlisted', isListed: false, downloadCount: 1000, viewCount: 1000 });
  ids.hidden = await addPlugin(owner.id, {
    name: 'Hidden',
    isPubliclyVisible: false,
    downloadCount: 1000,
    viewCount: 1000,
  });
  ids.inactive = await addPlugin(owner.id, { name: 'Inactive', isActive: false, downloadCount: 1000, viewCount: 1000 });
  ids.draft = await addPlugin(owner.id, { name: 'Draft', publishedOnce: false, downloadCount: 1000, viewCount: 1000 });
  ids.othersPlugin = await addPlugin(other.id, { name: 'Not Mine', downloadCount: 9999 });

  ids.carPinned = await addCar(owner.id, { name: 'Pinned car', isPinned: true, codeCopies: 0 });
  ids.carCopies = await addCar(owner.id, { name: 'Most copied', codeCopies: 50, views: 1 });
  ids.carViews = await addCar(owner.id, { name: 'Most viewed', codeCopies: 10, views: 99 });
  ids.carHidden = await addCar(owner.id, { name: 'Private car', isPublic: false, codeCopies: 100 });
  ids.carRemoved = await addCar(owner.id, { name: 'Removed car', status: 'D', codeCopies: 90 });
});
afterAll(() => t.close());

const publicPlugins = ['Pinned Low', 'Top Downloads', 'Tie More Views', 'Tie Newer', 'Tie Older'];

describe('GET /members/{username}', () => {
  it('answers the profile with public counters to others and anonymous visitors', async () => {
    for (const headers of [{}, other.auth]) {
      const res = await call('GET', `/members/${owner.username.toUpperCase()}`, headers);
      expect(res.statusCode).toBe(200);
      const p = res.json<MemberProfile>();
      expect(p).toMatchObject({
        member: { id: owner.id, displayName: owner.username, avatarUrl: null },
        pluginCount: 5,
        carCount: 3,
        totalDownloads: 1 + 500 + 100 * 3,
        totalViews: 1 + 10 + 90 + 50 + 50,
        reputation: 1,
        hasGivenRep: false,
        bioMarkdown: '',
        socials: { websiteUrl: '', githubUrl: '', twitterUrl: '', discordUrl: '', youtubeUrl: '', twitchUrl: '' },
      });
      expect(new Date(p.member.joinDateTime).toISOString()).toBe(p.member.joinDateTime);
    }
  });

  it('counts everything of their own for the owner', async () => {
    const p = (await call('GET', `/members/${owner.username}`, owner.auth)).json<MemberProfile>();
    expect(p).toMatchObject({ pluginCount: 9, carCount: 5, totalDownloads: 801 + 4000 });
  });

  it('answers 404 for an unknown name, and for a disabled account to all but staff', async () => {
    const missing = await call('GET', '/members/nobody-here-at-all');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: M.notFound, code: 'member.notFound' });

    const gone = await signedInMember(t);
    await t.ctx.db.update(members).set({ disabledAt: new Date() }).where(eq(members.id, gone.id));
    for (const url of [
      `/members/${gone.username}`,
      `/members/${gone.username}/plugins`,
      `/members/${gone.username}/cars`,
    ]) {
      expect((await call('GET', url)).statusCode).toBe(404);
      expect((await call('GET', url, other.auth)).statusCode).toBe(404);
      expect((await call('GET', url, admin.auth)).statusCode).toBe(200);
    }
    const rep = await call('POST', `/members/${gone.username}/rep`, other.auth);
    expect(rep.statusCode).toBe(404);
  });
});

describe('GET /members/{username}/plugins and /cars', () => {
  it('lists public plugins to others in the content order: pinned, downloads, views, updatedAt', async () => {
    const res = await call('GET', `/members/${owner.username}/plugins`, other.auth);
    expect(res.statusCode).toBe(200);
    const page = res.json<MemberPluginsPage>();
    expect(page.items.map((p) => p.name)).toEqual(publicPlugins);
    expect(page).toMatchObject({ totalCount: 5, totalPages: 1 });
    expect(page.items[0]).toEqual({
      id: ids.pinnedLow,
      name: 'Pinned Low',
      shortDescription: 'Pinned Low short',
      bannerImageUrl: null,
      downloadCount: 1,
      viewCount: 1,
      isPinned: true,
      updatedAt: expect.any(String),
    });
    const anon = (await call('GET', `/members/${owner.username}/plugins`)).json<MemberPluginsPage>();
    expect(anon.items.map((p) => p.name)).toEqual(publicPlugins);
  });

  it('lists all of their plugins to the owner', async () => {
    const page = (await call('GET', `/members/${owner.username}/plugins`, owner.auth)).json<MemberPluginsPage>();
    expect(page.totalCount).toBe(9);
    expect(page.items[0]!.name).toBe('Pinned Low');
    expect(page.items.map((p) => p.name)).toEqual(expect.arrayContaining(['Unlisted', 'Hidden', 'Inactive', 'Draft']));
  });

  it('pages with a default of 16, at most 50, and 400 for a bad page size', async () => {
    const paged = (await call('GET', `/members/${owner.username}/plugins?page=2&pageSize=2`)).json<MemberPluginsPage>();
    expect(paged).toMatchObject({ totalCount: 5, totalPages: 3 });
    expect(paged.items.map((p) => p.name)).toEqual(['Tie More Views', 'Tie Newer']);
    expect((await call('GET', `/members/${owner.username}/plugins?pageSize=50`)).statusCode).toBe(200);
    for (const q of ['pageSize=51', 'pageSize=0', 'page=0', 'page=abc']) {
      const bad = await call('GET', `/members/${owner.username}/plugins?${q}`);
      expect(bad.statusCode, q).toBe(400);
      expect(bad.json().message).toBe(q.startsWith('pageSize') ? M.pageSizeInvalid : M.pageInvalid);
    }
    expect((await call('GET', '/members/nobody-here-at-all/plugins')).statusCode).toBe(404);
  });

  it('lists cars in the content order, public ones to others and all to the owner', async () => {
    const others = (await call('GET', `/members/${owner.username}/cars`, other.auth)).json<{
      items: Array<{ name: string }>;
      totalCount: number;
    }>();
    expect(others.items.map((c) => c.name)).toEqual(['Pinned car', 'Most copied', 'Most viewed']);
    const mine = (await call('GET', `/members/${owner.username}/cars?pageSize=50`, owner.auth)).json<{
      items: Array<{ name: string }>;
      totalCount: number;
    }>();
    expect(mine.totalCount).toBe(5);
    expect(mine.items.map((c) => c.name)).toEqual([
      'Pinned car',
      'Private car',
      'Removed car',
      'Most copied',
      'Most viewed',
    ]);
  });
});

describe('PUT /members/me/profile', () => {
  const socials = {
    websiteUrl: ' https://example.com ',
    githubUrl: 'https://github.com/someone',
    twitterUrl: '',
    discordUrl: 'https://discord.gg/abc',
    youtubeUrl: '',
    twitchUrl: 'http://twitch.tv/someone',
  };

  it('saves the bio and trimmed social links and answers the profile', async () => {
    const m = await signedInMember(t);
    const res = await call('PUT', '/members/me/profile', m.auth, { bioMarkdown: '# Hi\n\nI make **cars**.', socials });
    expect(res.statusCode).toBe(200);
    const p = res.json<MemberProfile>();
    expect(p).toMatchObject({ member: { id: m.id, displayName: m.username }, bioMarkdown: '# Hi\n\nI make **cars**.' });
    expect(p.socials).toEqual({ ...socials, websiteUrl: 'https://example.com' });
    const again = (await call('GET', `/members/${m.username}`)).json<MemberProfile>();
    expect(again.socials.websiteUrl).toBe('https://example.com');
    expect(again.bioMarkdown).toBe('# Hi\n\nI make **cars**.');
    expect(again.bioHtml).toBe('<h1>Hi</h1>\n<p>I make <strong>cars</strong>.</p>\n');
    const [row] = await t.ctx.db
      .select({ bio: members.bioMarkdown, socials: members.socials })
      .from(members)
      .where(eq(members.id, m.id));
    expect(row!.socials).toEqual(p.socials);

    const cleared = (
      await call('PUT', '/members/me/profile', m.auth, { bioMarkdown: '', socials: {} })
    ).json<MemberProfile>();
    expect(cleared.bioMarkdown).toBe('');
    expect(Object.values(cleared.socials).every((v) => v === '')).toBe(true);
  });

  it('answers 400 with a message per bad field and changes nothing', async () => {
    const m = await signedInMember(t);
    const res = await call('PUT', '/members/me/profile', m.auth, {
      bioMarkdown: 'x'.repeat(5001),
      socials: {
        ...socials,
        githubUrl: 'github.com/someone',
        twitchUrl: 'javascript:alert(1)',
        youtubeUrl: 'ftp://example.com',
      },
    });
    expect(res.statusCode).toBe(400);
    const body = res.json<{ message: string; errors: Record<string, string[]> }>();
    expect(body.errors).toMatchObject({
      bioMarkdown: [M.bioTooLong],
      'socials.githubUrl': [socialUrlMessage('githubUrl')],
      'socials.twitchUrl': [socialUrlMessage('twitchUrl')],
      'socials.youtubeUrl': [socialUrlMessage('youtubeUrl')],
    });
    expect(body.errors['socials.websiteUrl']).toBeUndefined();
    expect(socialUrlMessage('githubUrl')).toBe('GitHub must be a link starting with http:// or https://');
    const [row] = await t.ctx.db.select({ bio: members.bioMarkdown }).from(members).where(eq(members.id, m.id));
    expect(row!.bio).toBe('');

    const ok = await call('PUT', '/members/me/profile', m.auth, { bioMarkdown: 'x'.repeat(5000), socials: {} });
    expect(ok.statusCode).toBe(200);
  });

  it('answers 401 to anonymous callers', async () => {
    const res = await call('PUT', '/members/me/profile', {}, { bioMarkdown: 'hi', socials: {} });
    expect(res.statusCode).toBe(401);
  });
});

describe('reputation', () => {
  const repRows = async (receiverId: number) =>
    (
      await t.ctx.db.select({ n: count() }).from(memberReputation).where(eq(memberReputation.receiverId, receiverId))
    )[0]!.n;
  const kept = async (id: number) =>
    (await t.ctx.db.select({ r: members.reputation }).from(members).where(eq(members.id, id)))[0]!.r;

  it('gives once per giver, repeats are idempotent, removal goes back and never below 1', async () => {
    const [giver, receiver, second] = await Promise.all([signedInMember(t), signedInMember(t), signedInMember(t)]);
    const give = await call('POST', `/members/${receiver.username}/rep`, giver.auth);
    expect(give.statusCode).toBe(200);
    expect(give.json()).toEqual({ reputation: 2, hasGivenRep: true });
    expect((await call('POST', `/members/${receiver.username.toUpperCase()}/rep`, giver.auth)).json()).toEqual({
      reputation: 2,
      hasGivenRep: true,
    });
    expect((await call('POST', `/members/${receiver.username}/rep`, second.auth)).json()).toEqual({
      reputation: 3,
      hasGivenRep: true,
    });

    const seen = (await call('GET', `/members/${receiver.username}`, giver.auth)).json<MemberProfile>();
    expect(seen).toMatchObject({ reputation: 3, hasGivenRep: true });
    expect((await call('GET', `/members/${receiver.username}`)).json<MemberProfile>().hasGivenRep).toBe(false);

    expect((await call('DELETE', `/members/${receiver.username}/rep`, giver.auth)).json()).toEqual({
      reputation: 2,
      hasGivenRep: false,
    });
    expect((await call('DELETE', `/members/${receiver.username}/rep`, giver.auth)).json()).toEqual({
      reputation: 2,
      hasGivenRep: false,
    });
    expect((await call('DELETE', `/members/${receiver.username}/rep`, second.auth)).json()).toEqual({
      reputation: 1,
      hasGivenRep: false,
    });
    expect((await call('DELETE', `/members/${receiver.username}/rep`, second.auth)).json()).toEqual({
      reputation: 1,
      hasGivenRep: false,
    });
    expect(await repRows(receiver.id)).toBe(0);
    expect(await kept(receiver.id)).toBe(1);
  });

  it('counts two calls at once only once, and keeps the count in step with the rows', async () => {
    const [giver, receiver] = await Promise.all([signedInMember(t), signedInMember(t)]);
    const both = await Promise.all([
      call('POST', `/members/${receiver.username}/rep`, giver.auth),
      call('POST', `/members/${receiver.username}/rep`, giver.auth),
    ]);
    expect(both.map((r) => r.statusCode)).toEqual([200, 200]);
    expect(both.map((r) => r.json().reputation)).toEqual([2, 2]);
    expect(await repRows(receiver.id)).toBe(1);
    expect(await kept(receiver.id)).toBe(2);

    const removed = await Promise.all([
      call('DELETE', `/members/${receiver.username}/rep`, giver.auth),
      call('DELETE', `/members/${receiver.username}/rep`, giver.auth),
    ]);
    expect(removed.map((r) => r.json())).toEqual([
      { reputation: 1, hasGivenRep: false },
      { reputation: 1, hasGivenRep: false },
    ]);
    expect(await kept(receiver.id)).toBe(1);

    // Many givers at once: each counts.
    const givers = await Promise.all([1, 2, 3, 4].map(() => signedInMember(t)));
    await Promise.all(givers.map((g) => call('POST', `/members/${receiver.username}/rep`, g.auth)));
    expect(await kept(receiver.id)).toBe(5);
    expect(await repRows(receiver.id)).toBe(4);
  });

  it('refuses reputation to oneself, anonymous callers and unknown members', async () => {
    const self = await call('POST', `/members/${owner.username}/rep`, owner.auth);
    expect(self.statusCode).toBe(400);
    expect(self.json().message).toBe('You cannot give reputation to yourself');
    expect((await call('DELETE', `/members/${owner.username}/rep`, owner.auth)).statusCode).toBe(400);
    expect((await call('POST', `/members/${owner.username}/rep`)).statusCode).toBe(401);
    expect((await call('DELETE', `/members/${owner.username}/rep`)).statusCode).toBe(401);
    const missing = await call('POST', '/members/nobody-here-at-all/rep', other.auth);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(M.notFound);
    expect(await kept(owner.id)).toBe(1);
    expect((await call('GET', `/members/${owner.username}`, owner.auth)).json<MemberProfile>().hasGivenRep).toBe(false);
  });

  it('is rate limited', async () => {
    const limited = await startTestApp({
      limits: { ...TEST_LIMITS, rep: { ip: { points: 100, durationS: 600 }, account: { points: 2, durationS: 600 } } },
    });
    try {
      const [a, b] = await Promise.all([signedInMember(limited), signedInMember(limited)]);
      const hit = () => limited.app.inject({ method: 'POST', url: `/api/members/${b.username}/rep`, headers: a.auth });
      expect((await hit()).statusCode).toBe(200);
      expect((await hit()).statusCode).toBe(200);
      const third = await hit();
      expect(third.statusCode).toBe(429);
      expect(Number(third.headers['retry-after'])).toBeGreaterThan(0);
    } finally {
      await limited.close();
    }
  });
});
