import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { DEFAULT_NOTIFICATION_PREFERENCES, type MailPage, type NotificationPreferences } from '@bm/core';
import { mailMessages, members } from '../../db/schema.js';
import type { BotCheck } from '../../platform/bot-check.js';
import { signedInMember, startTestApp, type TestApp, type Member } from '../../../test/harness.js';
import { publishedPlugin } from '../plugins/test-support.js';
import { NOTICE_BATCH, noticeWanted, type NoticeKind } from './service.js';
import { unsubscribeToken } from './unsubscribe.js';

const botCheck: BotCheck = { enabled: false, verify: async () => true };
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ botCheck });
});
afterAll(async () => {
  await t.close();
});

async function setPrefs(m: Member, change: Partial<NotificationPreferences>) {
  const res = await t.app.inject({
    method: 'PUT',
    url: '/api/NotificationSettings/my',
    headers: m.auth,
    payload: { ...DEFAULT_NOTIFICATION_PREFERENCES, ...change },
  });
  expect(res.statusCode).toBe(200);
}
const prefsOf = async (m: Member) =>
  (
    await t.app.inject({ method: 'GET', url: '/api/NotificationSettings/my', headers: m.auth })
  ).json<NotificationPreferences>();
const inbox = async (m: Member) =>
  (await t.app.inject({ method: 'GET', url: '/api/mail', headers: m.auth })).json<MailPage>();
const send = (m: Member, kind: NoticeKind, subject = `${kind} notice`) =>
  t.ctx.notifications.sendNow({ memberId: m.id, kind, subject, body: `About **${kind}**`, link: '/plugins/1/manage' });

describe('noticeWanted', () => {
  it('lets pluginAll gate every plugin kind with its own sub-toggle, and inboxNotifications the email', () => {
    const d = DEFAULT_NOTIFICATION_PREFERENCES;
    expect(noticeWanted('pluginApproved', null)).toEqual({ inbox: true, email: true });
    expect(noticeWanted('pluginComment', { ...d, pluginAll: false })).toEqual({ inbox: false, email: false });
    expect(noticeWanted('buildFailed', { ...d, buildFailures: false })).toEqual({ inbox: false, email: false });
    expect(noticeWanted('pluginDenied', { ...d, buildFailures: false })).toEqual({ inbox: true, email: true });
    expect(noticeWanted('staffMessage', { ...d, pluginAll: false })).toEqual({ inbox: true, email: true });
    expect(noticeWanted('featureLaunched', { ...d, inboxNotifications: false })).toEqual({ inbox: true, email: false });
    expect(noticeWanted('productUpdate', d)).toEqual({ inbox: false, email: false });
    expect(noticeWanted('productUpdate', { ...d, productUpdates: true })).toEqual({ inbox: true, email: true });
  });
});

describe('sending a notice', () => {
  it('with pluginAll off stores and mails no plugin notice, while other kinds still arrive', async () => {
    const m = await signedInMember(t);
    await setPrefs(m, { pluginAll: false });
    for (const kind of ['pluginApproved', 'pluginDenied', 'buildFailed', 'pluginComment'] as const)
      expect(await send(m, kind)).toBeNull();
    expect(await send(m, 'staffMessage')).not.toBeNull();
    const page = await inbox(m);
    expect(page.items.map((i) => i.subject)).toEqual(['staffMessage notice']);
    expect((await t.mailFor(m.email)).map((x) => x.subject)).toEqual(['staffMessage notice']);
  });

  it('with a sub-toggle off stores only the other plugin kinds', async () => {
    const m = await signedInMember(t);
    await setPrefs(m, { pluginComments: false });
    expect(await send(m, 'pluginComment')).toBeNull();
    expect(await send(m, 'pluginApproved')).not.toBeNull();
    expect((await inbox(m)).items.map((i) => i.subject)).toEqual(['pluginApproved notice']);
  });

  it('with inboxNotifications on sends an email copy through SMTP carrying a one-click unsubscribe link', async () => {
    const m = await signedInMember(t);
    await send(m, 'pluginApproved', 'Your plugin was approved');
    const [mail] = await t.mailFor(m.email);
    expect(mail).toBeDefined();
    expect(mail!.subject).toBe('Your plugin was approved');
    expect(mail!.text).toContain('About **pluginApproved**');
    expect(mail!.text).toContain('http://localhost:3000/plugins/1/manage');
    const unsubscribe = /<(http:\/\/localhost:3000\/api\/notifications\/unsubscribe\?token=[^>]+)>/.exec(
      mail!.headers['list-unsubscribe'] ?? '',
    );
    expect(unsubscribe).not.toBeNull();
    expect(mail!.headers['list-unsubscribe-post']).toContain('List-Unsubscribe=One-Click');
    expect(mail!.text).toContain(unsubscribe![1]);

    // The mail client's one-click POST turns email copies off without signing in.
    const url = new URL(unsubscribe![1]!);
    const res = await t.app.inject({
      method: 'POST',
      url: `${url.pathname}${url.search}`,
      payload: 'List-Unsubscribe=One-Click',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(res.statusCode).toBe(204);
    expect(await prefsOf(m)).toEqual({ ...DEFAULT_NOTIFICATION_PREFERENCES, inboxNotifications: false });
    await send(m, 'pluginApproved', 'Second approval');
    expect((await t.mailFor(m.email)).map((x) => x.subject)).toEqual(['Your plugin was approved']);
    expect((await inbox(m)).items.map((i) => i.subject)).toEqual(['Second approval', 'Your plugin was approved']);
  });

  it('with inboxNotifications off stores the message but sends no email', async () => {
    const m = await signedInMember(t);
    await setPrefs(m, { inboxNotifications: false });
    expect(await send(m, 'staffMessage', 'Quiet one')).not.toBeNull();
    expect((await inbox(m)).totalCount).toBe(1);
    expect(await t.mailFor(m.email)).toEqual([]);
  });

  it('sends no email copy to an unverified address', async () => {
    const m = await signedInMember(t);
    await t.ctx.db.update(members).set({ emailVerifiedAt: null }).where(eq(members.id, m.id));
    expect(await send(m, 'staffMessage', 'Unverified')).not.toBeNull();
    expect(await t.mailFor(m.email)).toEqual([]);
  });

  it('sends product updates only to members who opted in; their link turns productUpdates off', async () => {
    const m = await signedInMember(t);
    expect(await send(m, 'productUpdate')).toBeNull();
    await setPrefs(m, { productUpdates: true });
    expect(await send(m, 'productUpdate', 'New release')).not.toBeNull();
    const [mail] = await t.mailFor(m.email);
    const link = /<([^>]+)>/.exec(mail!.headers['list-unsubscribe'] ?? '')![1]!;
    const url = new URL(link);
    // Opening the link (what a link scanner does too) only asks; nothing changes yet.
    const res = await t.app.inject({ method: 'GET', url: `${url.pathname}${url.search}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain('Stop getting product update emails?');
    expect(await prefsOf(m)).toEqual({ ...DEFAULT_NOTIFICATION_PREFERENCES, productUpdates: true });
    // The page's button posts from a browser and gets a page saying what was turned off.
    const action = /<form method="post" action="([^"]+)"/.exec(res.body)![1]!.replace(/&amp;/g, '&');
    const done = await t.app.inject({
      method: 'POST',
      url: action,
      payload: 'List-Unsubscribe=One-Click',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html,application/xhtml+xml' },
    });
    expect(done.statusCode).toBe(200);
    expect(done.body).toContain('You will no longer get product update emails.');
    expect(await prefsOf(m)).toEqual({ ...DEFAULT_NOTIFICATION_PREFERENCES, productUpdates: false });
  });

  it('refuses unsubscribe tokens that are missing, tampered with or signed with another secret', async () => {
    const m = await signedInMember(t);
    const good = unsubscribeToken(t.ctx.config.keys.unsubscribe, m.id, 'inboxNotifications');
    const other = unsubscribeToken('another-secret-another-secret-123', m.id, 'inboxNotifications');
    const tampered = good.replace(`${m.id}.`, `${m.id + 1}.`);
    const forged = good.replace('inboxNotifications', 'pluginAll');
    for (const token of [other, tampered, forged, 'x', '']) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/notifications/unsubscribe?token=${encodeURIComponent(token)}`,
      });
      expect(res.statusCode).toBe(400);
    }
    expect((await t.app.inject({ method: 'POST', url: '/api/notifications/unsubscribe' })).statusCode).toBe(400);
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/notifications/unsubscribe?token=${encodeURIComponent(tampered)}`,
        })
      ).statusCode,
    ).toBe(400);
    expect(await prefsOf(m)).toEqual(DEFAULT_NOTIFICATION_PREFERENCES);
  });
});

describe('product updates', () => {
  it('an administrator queues one (401, 403, 400 first); a job delivers it once to each member who opted in, in batches', async () => {
    const admin = await signedInMember(t, ['administrator']);
    const optedIn = await signedInMember(t);
    const optedOut = await signedInMember(t);
    await setPrefs(optedIn, { productUpdates: true });
    const bulk = await t.ctx.db
      .insert(members)
      .values(
        Array.from({ length: NOTICE_BATCH + 3 }, (_, i) => ({
          username: `upd${i}x${admin.id}`,
          email: `upd${i}x${admin.id}@example.com`,
          passwordHash: 'not-a-hash',
          notificationPreferences: { ...DEFAULT_NOTIFICATION_PREFERENCES, productUpdates: true },
        })),
      )
      .returning({ id: members.id });

    const post = (who: Member | null, payload: object) =>
      t.app.inject({ method: 'POST', url: '/api/admin/product-updates', headers: who?.auth, payload });
    expect((await post(null, {})).statusCode).toBe(401);
    expect((await post(optedIn, {})).statusCode).toBe(403);
    expect((await post(admin, { subject: '', body: 'x' })).statusCode).toBe(400);
    expect((await post(admin, { subject: 'Version 2 is out', body: 'Read **all** about it' })).statusCode).toBe(202);
    // Nothing is sent inside the request.
    expect((await inbox(optedIn)).totalCount).toBe(0);
    await t.ctx.jobs.runDue();
    await t.ctx.jobs.runDue();

    expect((await inbox(optedIn)).items).toMatchObject([{ subject: 'Version 2 is out', category: 'product' }]);
    expect((await inbox(optedOut)).totalCount).toBe(0);
    const counts = await t.ctx.db
      .select({ memberId: mailMessages.memberId, n: sql<number>`count(*)::int` })
      .from(mailMessages)
      .where(
        and(
          eq(mailMessages.category, 'product'),
          inArray(
            mailMessages.memberId,
            bulk.map((b) => b.id),
          ),
        ),
      )
      .groupBy(mailMessages.memberId);
    expect(counts).toHaveLength(NOTICE_BATCH + 3);
    expect(counts.every((c) => Number(c.n) === 1)).toBe(true);
    const [mail] = await t.mailFor(optedIn.email);
    expect(mail!.subject).toBe('Version 2 is out');
    expect(mail!.text).toContain('You get this email because you asked for product updates');
  });
});

describe('comments on a plugin', () => {
  it('notify the plugin’s author of others’ comments, not of their own, and not with pluginAll off', async () => {
    const author = await signedInMember(t);
    const commenter = await signedInMember(t);
    const plugin = await publishedPlugin(t, author, {
      name: `Notified ${author.id}`,
      shortDescription: 'A plugin to comment on',
    });
    const comment = (m: Member, body: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/plugins/${plugin.id}/comments`,
        headers: m.auth,
        payload: { body, turnstileToken: 'x' },
      });

    expect((await comment(commenter, 'Great plugin, thanks!')).statusCode).toBe(201);
    expect((await comment(author, 'Thank you!')).statusCode).toBe(201);
    const page = await inbox(author);
    expect(page.items).toHaveLength(1);
    expect(page.items[0]).toMatchObject({
      subject: `New comment on ${plugin.name}`,
      category: 'comment',
      link: `/plugin/${plugin.id}`,
      status: 'U',
    });
    expect(page.items[0]!.body).toContain(commenter.username);
    expect(page.items[0]!.body).toContain('> Great plugin, thanks!');
    expect((await t.mailFor(author.email)).map((m) => m.subject)).toEqual([`New comment on ${plugin.name}`]);
    expect((await inbox(commenter)).totalCount).toBe(0);

    await setPrefs(author, { pluginAll: false });
    expect((await comment(commenter, 'Another comment')).statusCode).toBe(201);
    const rows = await t.ctx.db.select().from(mailMessages).where(eq(mailMessages.memberId, author.id));
    expect(rows).toHaveLength(1);
  });
});
