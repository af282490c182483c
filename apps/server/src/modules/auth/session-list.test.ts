import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { mailMessages, members, sessions } from '../../db/schema.js';
import { ensureMember } from '../../db/seed.js';
import { startTestApp, uniqueMember, type TestApp } from '../../../test/harness.js';
import { describeAgent } from './session-list.js';
import { ipPrefix } from './sessions.js';

const FIREFOX_LINUX = 'Mozilla/5.0 (X11; Linux x86_64; rv:125.0) Gecko/20100101 Firefox/125.0';
const CHROME_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ env: { TRUST_PROXY: 'true' } });
});
afterAll(() => t.close());

type Account = ReturnType<typeof uniqueMember> & { id: number };
async function account(): Promise<Account> {
  const m = uniqueMember('sess');
  const { id } = await ensureMember(t.ctx.db, { ...m, roles: [] });
  return { ...m, id };
}
async function signIn(m: Account, userAgent: string, ip = '203.0.113.7') {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { username: m.username, password: m.password },
    headers: { 'user-agent': userAgent, 'x-forwarded-for': ip },
  });
  expect(res.statusCode).toBe(200);
  return { authorization: `Bearer ${res.json().token as string}` };
}
const call = (method: 'GET' | 'POST' | 'DELETE', url: string, headers: Record<string, string>) =>
  t.app.inject({ method, url: `/api${url}`, headers });

describe('the list of sessions', () => {
  it('lists where the member is signed in, with names from the user agent and the network only', async () => {
    const m = await account();
    await signIn(m, FIREFOX_LINUX, '198.51.100.23');
    const phone = await signIn(m, SAFARI_IPHONE, '2001:db8:abcd:12::1');
    const res = await call('GET', '/auth/sessions', phone);
    expect(res.statusCode).toBe(200);
    const list = res.json() as Array<Record<string, unknown>>;
    expect(list).toHaveLength(2);
    const current = list.find((s) => s.current)!;
    expect(current).toMatchObject({
      userAgent: SAFARI_IPHONE,
      ipPrefix: '2001:db8:abcd::/48',
      browser: 'Safari',
      device: 'iPhone (iOS)',
      lastSeenAt: expect.any(String),
      createdAt: expect.any(String),
    });
    expect(list.find((s) => !s.current)).toMatchObject({
      ipPrefix: '198.51.100.0/24',
      browser: 'Firefox',
      device: 'Linux',
    });
    expect((await call('GET', '/auth/sessions', {})).statusCode).toBe(401);
  });

  it('writes the last-seen time at most every few minutes, not on every request', async () => {
    const m = await account();
    const auth = await signIn(m, FIREFOX_LINUX);
    const [row] = await t.ctx.db.select().from(sessions).where(eq(sessions.memberId, m.id));
    const first = row!.lastSeenAt!;
    await call('GET', '/auth/me', auth);
    await call('GET', '/auth/me', auth);
    const [same] = await t.ctx.db.select().from(sessions).where(eq(sessions.id, row!.id));
    expect(same!.lastSeenAt!.getTime()).toBe(first.getTime());
    const old = new Date(Date.now() - 6 * 60_000);
    await t.ctx.db.update(sessions).set({ lastSeenAt: old }).where(eq(sessions.id, row!.id));
    await call('GET', '/auth/me', auth);
    const [touched] = await t.ctx.db.select().from(sessions).where(eq(sessions.id, row!.id));
    expect(touched!.lastSeenAt!.getTime()).toBeGreaterThan(old.getTime() + 60_000);
  });

  it('ends one session: its token fails at once; another member’s session or a made-up id is not found', async () => {
    const m = await account();
    const laptop = await signIn(m, FIREFOX_LINUX);
    const phone = await signIn(m, SAFARI_IPHONE);
    const list = (await call('GET', '/auth/sessions', phone)).json() as Array<{ id: string; current: boolean }>;
    const other = list.find((s) => !s.current)!;
    expect((await call('GET', '/auth/me', laptop)).statusCode).toBe(200);
    expect((await call('DELETE', `/auth/sessions/${other.id}`, phone)).statusCode).toBe(204);
    expect((await call('GET', '/auth/me', laptop)).statusCode).toBe(401);
    expect((await call('GET', '/auth/me', phone)).statusCode).toBe(200);
    expect((await call('DELETE', `/auth/sessions/${other.id}`, phone)).statusCode).toBe(404);

    const stranger = await account();
    const theirs = await signIn(stranger, CHROME_WINDOWS);
    const mine = (await call('GET', '/auth/sessions', phone)).json() as Array<{ id: string }>;
    expect((await call('DELETE', `/auth/sessions/${mine[0]!.id}`, theirs)).statusCode).toBe(404);
    expect((await call('GET', '/auth/me', phone)).statusCode).toBe(200);
    expect((await call('DELETE', '/auth/sessions/not-a-uuid', phone)).statusCode).toBe(400);
  });

  it('ends every other session and keeps the current one', async () => {
    const m = await account();
    const a = await signIn(m, FIREFOX_LINUX);
    const b = await signIn(m, CHROME_WINDOWS);
    const keep = await signIn(m, SAFARI_IPHONE);
    const res = await call('POST', '/auth/sessions/revoke-others', keep);
    expect(res.json()).toEqual({ revoked: 2 });
    expect((await call('GET', '/auth/me', a)).statusCode).toBe(401);
    expect((await call('GET', '/auth/me', b)).statusCode).toBe(401);
    expect((await call('GET', '/auth/me', keep)).statusCode).toBe(200);
    expect((await call('GET', '/auth/sessions', keep)).json()).toHaveLength(1);
  });
});

describe('the new-device notice', () => {
  it('tells the member of a sign-in from a new browser or system, by email when their settings ask', async () => {
    const m = await account();
    await signIn(m, FIREFOX_LINUX);
    await signIn(m, FIREFOX_LINUX);
    const inbox = () => t.ctx.db.select().from(mailMessages).where(eq(mailMessages.memberId, m.id));
    expect(await inbox()).toHaveLength(0);
    expect(await t.mailFor(m.email)).toHaveLength(0);

    await signIn(m, CHROME_WINDOWS, '192.0.2.44');
    const [notice] = await inbox();
    expect(notice).toMatchObject({ subject: 'New sign-in to your account', category: 'security' });
    expect(notice!.body).toContain('Chrome on Windows 10');
    expect(notice!.body).toContain('192.0.2.0/24');
    const mails = await t.mailFor(m.email);
    expect(mails.map((x) => x.subject)).toEqual(['New sign-in to your account']);

    // Email copies turned off: the inbox still has it, no email goes out.
    await t.ctx.db
      .update(members)
      .set({ notificationPreferences: { inboxNotifications: false } })
      .where(eq(members.id, m.id));
    await signIn(m, SAFARI_IPHONE);
    expect(await inbox()).toHaveLength(2);
    expect(await t.mailFor(m.email)).toHaveLength(1);
  });
});

describe('names and networks', () => {
  it('reads browser and device names from user agents, and cuts addresses to their network', () => {
    expect(describeAgent(CHROME_WINDOWS)).toEqual({ browser: 'Chrome', device: 'Windows 10' });
    expect(describeAgent('curl/8.0')).toEqual({ browser: null, device: null });
    expect(describeAgent(null)).toEqual({ browser: null, device: null });
    expect(ipPrefix('10.1.2.3')).toBe('10.1.2.0/24');
    expect(ipPrefix('::ffff:10.1.2.3')).toBe('10.1.2.0/24');
    expect(ipPrefix('2001:db8::1')).toBe('2001:db8:0::/48');
    expect(ipPrefix('::1')).toBe('::/48');
    expect(ipPrefix('unknown')).toBeNull();
  });
});
