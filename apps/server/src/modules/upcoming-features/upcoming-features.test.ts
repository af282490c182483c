import { describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import type { MailPage, SubscribersPage, UpcomingFeature } from '@bm/core';
import { featureSubscriptions, mailMessages, members } from '../../db/schema.js';
import { membersForFile, signedInMember, testAppForFile, type Member } from '../../../test/harness.js';
import { FEATURE_NOTICE_BATCH } from './service.js';

const t = testAppForFile();
const { admin, member } = membersForFile(t, { admin: ['administrator'], member: [] });

const call = (method: 'GET' | 'POST', url: string, who: Member | null, payload?: object) =>
  t.app.inject({ method, url: `/api${url}`, headers: who?.auth, payload });
const messagesOf = (memberId: number, category: string) =>
  t.ctx.db
    .select()
    .from(mailMessages)
    .where(and(eq(mailMessages.memberId, memberId), eq(mailMessages.category, category)));

describe('upcoming features', () => {
  it('lists the three coming-soon sections on a fresh database, and leaves completed ones out when asked', async () => {
    const all = (await call('GET', '/UpcomingFeatures', null)).json<UpcomingFeature[]>();
    expect(all).toEqual(
      expect.arrayContaining([
        { key: 'maps', name: 'Maps', isCompleted: false },
        { key: 'tools', name: 'Tools', isCompleted: false },
        { key: 'community', name: 'Community', isCompleted: false },
      ]),
    );
    expect(
      (await call('POST', '/UpcomingFeatures/upsert', admin, { key: 'done-thing', name: 'Done thing' })).json(),
    ).toEqual({
      key: 'done-thing',
      name: 'Done thing',
      isCompleted: false,
    });
    expect(
      (await call('POST', '/UpcomingFeatures/set-completed', admin, { key: 'done-thing', isCompleted: true }))
        .statusCode,
    ).toBe(200);
    const open = (await call('GET', '/UpcomingFeatures?includeCompleted=false', null)).json<UpcomingFeature[]>();
    expect(open.map((f) => f.key)).not.toContain('done-thing');
    expect(open.map((f) => f.key)).toContain('maps');
    const withDone = (await call('GET', '/UpcomingFeatures', null)).json<UpcomingFeature[]>();
    expect(withDone).toContainEqual({ key: 'done-thing', name: 'Done thing', isCompleted: true });
  });

  it('upsert renames an existing feature', async () => {
    await call('POST', '/UpcomingFeatures/upsert', admin, { key: 'renamed', name: 'First name' });
    const res = await call('POST', '/UpcomingFeatures/upsert', admin, { key: 'renamed', name: '  Second name ' });
    expect(res.json()).toEqual({ key: 'renamed', name: 'Second name', isCompleted: false });
  });

  it('answers 401, then 403, before looking at the body; then 400 and 404', async () => {
    for (const url of ['/UpcomingFeatures/upsert', '/UpcomingFeatures/set-completed']) {
      expect((await call('POST', url, null, {})).statusCode).toBe(401);
      expect((await call('POST', url, member, {})).statusCode).toBe(403);
      expect((await call('POST', url, admin, {})).statusCode).toBe(400);
    }
    expect((await call('POST', '/UpcomingFeatures/upsert', admin, { key: 'Bad Key!', name: 'x' })).statusCode).toBe(
      400,
    );
    expect(
      (await call('POST', '/UpcomingFeatures/set-completed', admin, { key: 'maps', isCompleted: 'yes' })).statusCode,
    ).toBe(400);
    expect(
      (await call('POST', '/UpcomingFeatures/set-completed', admin, { key: 'nope', isCompleted: true })).statusCode,
    ).toBe(404);
  });
});

describe('feature subscriptions', () => {
  it('subscribe, status and unsubscribe for the signed-in member', async () => {
    const m = await signedInMember(t);
    const status = async () =>
      (await call('GET', '/FeatureSubscriptions/status?feature=tools', m)).json<{ subscribed: boolean }>();
    expect(await status()).toEqual({ subscribed: false });
    expect((await call('POST', '/FeatureSubscriptions/subscribe', m, { feature: 'tools' })).statusCode).toBe(204);
    expect((await call('POST', '/FeatureSubscriptions/subscribe', m, { feature: 'tools' })).statusCode).toBe(204);
    expect(await status()).toEqual({ subscribed: true });
    expect((await call('POST', '/FeatureSubscriptions/unsubscribe', m, { feature: 'tools' })).statusCode).toBe(204);
    expect(await status()).toEqual({ subscribed: false });
  });

  it('answers 401 anonymous, 400 without a feature, 404 for an unknown one', async () => {
    expect((await call('GET', '/FeatureSubscriptions/status?feature=maps', null)).statusCode).toBe(401);
    expect((await call('POST', '/FeatureSubscriptions/subscribe', null, {})).statusCode).toBe(401);
    expect((await call('POST', '/FeatureSubscriptions/unsubscribe', null, { feature: 'maps' })).statusCode).toBe(401);
    expect((await call('GET', '/FeatureSubscriptions/status', member)).statusCode).toBe(400);
    expect((await call('POST', '/FeatureSubscriptions/subscribe', member, {})).statusCode).toBe(400);
    expect((await call('POST', '/FeatureSubscriptions/subscribe', member, { feature: 'unknown' })).statusCode).toBe(
      404,
    );
  });

  it('lists subscribers 25 to a page for administrators only', async () => {
    await call('POST', '/UpcomingFeatures/upsert', admin, { key: 'listed', name: 'Listed' });
    const subs: Member[] = [];
    for (let i = 0; i < 3; i++) {
      const m = await signedInMember(t);
      subs.push(m);
      await call('POST', '/FeatureSubscriptions/subscribe', m, { feature: 'listed' });
    }
    expect((await call('GET', '/FeatureSubscriptions/subscribers?feature=listed', null)).statusCode).toBe(401);
    expect((await call('GET', '/FeatureSubscriptions/subscribers?feature=listed', member)).statusCode).toBe(403);
    expect((await call('GET', '/FeatureSubscriptions/subscribers', admin)).statusCode).toBe(400);
    const page = (await call('GET', '/FeatureSubscriptions/subscribers?feature=listed', admin)).json<SubscribersPage>();
    expect(page).toMatchObject({ page: 1, pageSize: 25, totalCount: 3 });
    expect(page.items.map((i) => i.username)).toEqual(subs.map((s) => s.username));
    expect(page.items[0]).toMatchObject({ memberId: subs[0]!.id });
    expect(Date.parse(page.items[0]!.subscribedAt)).not.toBeNaN();
    const second = (
      await call('GET', '/FeatureSubscriptions/subscribers?feature=listed&page=2&pageSize=2', admin)
    ).json<SubscribersPage>();
    expect(second).toMatchObject({ page: 2, pageSize: 2, totalCount: 3 });
    expect(second.items.map((i) => i.username)).toEqual([subs[2]!.username]);
  });
});

describe('messages to subscribers', () => {
  it('send-message answers 202 and a background job delivers one staff message to each subscriber', async () => {
    await call('POST', '/UpcomingFeatures/upsert', admin, { key: 'messaged', name: 'Messaged' });
    const a = await signedInMember(t);
    const b = await signedInMember(t);
    const outsider = await signedInMember(t);
    for (const m of [a, b]) await call('POST', '/FeatureSubscriptions/subscribe', m, { feature: 'messaged' });

    expect((await call('POST', '/FeatureSubscriptions/send-message', null, {})).statusCode).toBe(401);
    expect((await call('POST', '/FeatureSubscriptions/send-message', member, {})).statusCode).toBe(403);
    expect(
      (
        await call('POST', '/FeatureSubscriptions/send-message', admin, {
          feature: 'messaged',
          subject: ' ',
          body: 'x',
        })
      ).statusCode,
    ).toBe(400);
    expect(
      (await call('POST', '/FeatureSubscriptions/send-message', admin, { feature: 'nope', subject: 'Hi', body: 'x' }))
        .statusCode,
    ).toBe(404);

    const res = await call('POST', '/FeatureSubscriptions/send-message', admin, {
      feature: 'messaged',
      subject: 'Beta opens',
      body: 'Join the **beta**',
    });
    expect(res.statusCode).toBe(202);
    // Nothing is sent inside the request.
    expect(await messagesOf(a.id, 'staff')).toHaveLength(0);
    await t.ctx.jobs.runDue();
    for (const m of [a, b]) {
      const page = (await call('GET', '/mail', m)).json<MailPage>();
      expect(page.items).toHaveLength(1);
      expect(page.items[0]).toMatchObject({
        subject: 'Beta opens',
        body: 'Join the **beta**',
        from: admin.username,
        category: 'staff',
      });
    }
    expect((await call('GET', '/mail', outsider)).json<MailPage>().totalCount).toBe(0);
    expect((await t.mailFor(a.email)).map((m) => m.subject)).toEqual(['Beta opens']);
  });

  it('completing a feature notifies every subscriber exactly once, in batches, even when completed again', async () => {
    await call('POST', '/UpcomingFeatures/upsert', admin, { key: 'launching', name: 'Launching' });
    const a = await signedInMember(t);
    await call('POST', '/FeatureSubscriptions/subscribe', a, { feature: 'launching' });
    // More subscribers than one batch holds (unverified: no email copies to deliver).
    const many = await t.ctx.db
      .insert(members)
      .values(
        Array.from({ length: FEATURE_NOTICE_BATCH + 5 }, (_, i) => ({
          username: `bulk${i}x${a.id}`,
          email: `bulk${i}x${a.id}@example.com`,
          passwordHash: 'not-a-hash',
        })),
      )
      .returning({ id: members.id });
    await t.ctx.db.insert(featureSubscriptions).values(many.map((m) => ({ featureKey: 'launching', memberId: m.id })));

    const complete = (isCompleted: boolean) =>
      call('POST', '/UpcomingFeatures/set-completed', admin, { key: 'launching', isCompleted });
    expect((await complete(true)).json()).toEqual({ key: 'launching', name: 'Launching', isCompleted: true });
    expect((await complete(true)).statusCode).toBe(200);
    await t.ctx.jobs.runDue();
    await complete(false);
    await complete(true);
    await t.ctx.jobs.runDue();

    const counts = await t.ctx.db
      .select({ memberId: mailMessages.memberId, n: sql<number>`count(*)::int` })
      .from(mailMessages)
      .innerJoin(
        featureSubscriptions,
        and(eq(featureSubscriptions.memberId, mailMessages.memberId), eq(featureSubscriptions.featureKey, 'launching')),
      )
      .where(eq(mailMessages.category, 'feature'))
      .groupBy(mailMessages.memberId);
    expect(counts).toHaveLength(FEATURE_NOTICE_BATCH + 6);
    expect(counts.every((c) => Number(c.n) === 1)).toBe(true);
    const [mine] = await messagesOf(a.id, 'feature');
    expect(mine).toMatchObject({ subject: 'Launching is here', link: null });
    expect(await messagesOf(member.id, 'feature')).toHaveLength(0);
  });

  it('a coming-soon section’s launch notice links to its page', async () => {
    const m = await signedInMember(t);
    await call('POST', '/FeatureSubscriptions/subscribe', m, { feature: 'maps' });
    await call('POST', '/UpcomingFeatures/set-completed', admin, { key: 'maps', isCompleted: true });
    await t.ctx.jobs.runDue();
    const page = (await call('GET', '/mail', m)).json<MailPage>();
    expect(page.items).toMatchObject([{ subject: 'Maps is here', link: '/maps', category: 'feature' }]);
  });
});
