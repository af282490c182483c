import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { DEFAULT_NOTIFICATION_PREFERENCES } from '@bm/core';
import { jobs, members, pluginFollows, plugins } from '../../db/schema.js';
import { signedInMember, startTestApp, type TestApp } from '../../../test/harness.js';
import { NOTICE_BATCH } from '../notifications/index.js';
import { pluginsChanged, queryRows } from '../plugins/index.js';
import {
  approve,
  call,
  followNotices,
  followerJobs,
  livePlugin,
  submitVersion,
  unpublishedWithVersion,
  type Member,
} from './test-support.js';

let t: TestApp;
let mod: Member;
let author: Member;
beforeAll(async () => {
  t = await startTestApp();
  mod = await signedInMember(t, ['moderator']);
  author = await signedInMember(t);
});
afterAll(async () => {
  await t.close();
});

const setPrefs = (who: Member, prefs: Partial<typeof DEFAULT_NOTIFICATION_PREFERENCES>) =>
  t.app.inject({
    method: 'PUT',
    url: '/api/NotificationSettings/my',
    headers: who.auth,
    payload: { ...DEFAULT_NOTIFICATION_PREFERENCES, ...prefs },
  });

describe('a followed plugin’s new version', () => {
  it('is told to its followers by the background job, not in the approval’s request, with an email copy per their settings', async () => {
    const p = await livePlugin(t, author, 'Told Plugin');
    const [fan, quiet, noEmail, stranger] = await Promise.all([1, 2, 3, 4].map(() => signedInMember(t)));
    for (const m of [fan!, quiet!, noEmail!]) await call(t, 'PUT', `/plugins/${p.id}/follow`, m);
    expect((await setPrefs(quiet!, { followedUpdates: false })).statusCode).toBe(200);
    await setPrefs(noEmail!, { inboxNotifications: false });
    const live = vi.spyOn(t.ctx.hub, 'toMember');

    const submissionId = await submitVersion(
      t,
      author,
      p.id,
      '2.0.0',
      '- Faster boost meter\n- Fixed **overlay** in replays',
    );
    await approve(t, mod, submissionId);
    // The request only queued the job.
    expect(await followNotices(t, fan!.id)).toEqual([]);
    expect((await followerJobs(t)).filter((j) => j.payload.submissionId === submissionId)).toMatchObject([
      { status: 'pending' },
    ]);

    await t.ctx.jobs.runDue();
    const [notice] = await followNotices(t, fan!.id);
    expect(notice).toMatchObject({ subject: 'Told Plugin v2.0.0 is out', link: `/plugin/${p.id}`, status: 'U' });
    expect(notice!.body).toContain('a plugin you follow');
    // It quotes the version's public changelog, as the author wrote it.
    expect(notice!.body).toContain("What's new:\n\n> - Faster boost meter\n> - Fixed **overlay** in replays");
    expect(live).toHaveBeenCalledWith(
      fan!.id,
      'MailEvent',
      expect.objectContaining({ event: 'MailReceived', data: expect.objectContaining({ id: notice!.id }) }),
    );
    live.mockRestore();
    expect(await followNotices(t, quiet!.id)).toEqual([]);
    expect(await followNotices(t, noEmail!.id)).toHaveLength(1);
    expect(await followNotices(t, stranger!.id)).toEqual([]);
    expect(await followNotices(t, author.id)).toEqual([]);

    const mails = await t.mailFor(fan!.email);
    expect(mails.map((m) => m.subject)).toEqual(['Told Plugin v2.0.0 is out']);
    expect(mails[0]!.text).toContain(`http://localhost:3000/plugin/${p.id}`);
    expect(mails[0]!.headers['list-unsubscribe']).toBeTruthy();
    expect(await t.mailFor(noEmail!.email)).toEqual([]);
    expect(await t.mailFor(quiet!.email)).toEqual([]);
    // Run again: nobody is told twice.
    await t.ctx.jobs.runDue();
    expect(await followNotices(t, fan!.id)).toHaveLength(1);
  });

  it('queues no job when nobody follows', async () => {
    const p = await livePlugin(t, author, 'Unfollowed Plugin');
    const before = (await followerJobs(t)).length;
    await approve(t, mod, await submitVersion(t, author, p.id, '1.1.0'));
    expect((await followerJobs(t)).length).toBe(before);
  });

  it('reaches every follower exactly once across batches, and a failed batch is retried whole', async () => {
    const p = await livePlugin(t, author, 'Crowd Plugin');
    const crowd = await t.ctx.db
      .insert(members)
      .values(
        Array.from({ length: NOTICE_BATCH + 7 }, (_, i) => ({
          username: `crowd${i}x${p.id}`,
          email: `crowd${i}x${p.id}@example.com`,
          passwordHash: 'not-a-hash',
        })),
      )
      .returning({ id: members.id });
    await t.ctx.db.insert(pluginFollows).values(crowd.map((m) => ({ pluginId: p.id, memberId: m.id })));
    await approve(t, mod, await submitVersion(t, author, p.id, '3.0.0'));

    // The first send of the first run fails: its whole batch rolls back and the job is retried later.
    const send = t.ctx.notifications.send.bind(t.ctx.notifications);
    const spy = vi
      .spyOn(t.ctx.notifications, 'send')
      .mockImplementationOnce(() => Promise.reject(new Error('SMTP outbox unavailable')))
      .mockImplementation(send);
    await t.ctx.jobs.runDue();
    const told = async () =>
      Number(
        (
          await queryRows<{ n: number }>(
            t.ctx.db,
            sql`select count(*)::int as n from mail_messages where category = 'follow' and member_id in (select member_id from plugin_follows where plugin_id = ${p.id})`,
          )
        )[0]!.n,
      );
    expect(await told()).toBe(0);
    const [failed] = (await followerJobs(t)).filter((j) => j.payload.pluginId === p.id);
    expect(failed).toMatchObject({ status: 'pending', attempts: 1, lastError: expect.stringContaining('SMTP') });

    await t.ctx.db.update(jobs).set({ runAt: new Date() }).where(eq(jobs.kind, 'follower-notice'));
    await t.ctx.jobs.runDue();
    await t.ctx.jobs.runDue();
    spy.mockRestore();
    expect(await told()).toBe(NOTICE_BATCH + 7);
    const perMember = await queryRows(
      t.ctx.db,
      sql`select count(*)::int as n from mail_messages where category = 'follow' and member_id = any(${`{${crowd.map((c) => c.id).join(',')}}`}::int[]) group by member_id having count(*) > 1`,
    );
    expect(perMember).toEqual([]);
    const chain = (await followerJobs(t)).filter((j) => j.payload.pluginId === p.id);
    expect(chain.map((j) => j.status)).toEqual(['done', 'done']);
  });

  it('tells nobody of a plugin hidden before the job ran', async () => {
    const p = await livePlugin(t, author, 'Hidden Later');
    const fan = await signedInMember(t);
    await call(t, 'PUT', `/plugins/${p.id}/follow`, fan);
    await approve(t, mod, await submitVersion(t, author, p.id, '1.2.0'));
    await t.ctx.db.update(plugins).set({ isActive: false }).where(eq(plugins.id, p.id));
    pluginsChanged(t.ctx, p.id);
    await t.ctx.jobs.runDue();
    expect(await followNotices(t, fan.id)).toEqual([]);
    expect((await followerJobs(t)).find((j) => j.payload.pluginId === p.id)).toMatchObject({ status: 'done' });
  });
});

describe('a followed author’s new plugin', () => {
  it('is told to the author’s followers once it is first published (once to one who also follows the plugin)', async () => {
    const writer = await signedInMember(t);
    const [fan, both] = [await signedInMember(t), await signedInMember(t)];
    await call(t, 'PUT', `/members/${writer.username}/follow`, fan);
    await call(t, 'PUT', `/members/${writer.username}/follow`, both);
    const { plugin, submissionId } = await unpublishedWithVersion(t, writer, 'Fresh Release');
    // Staff may see (and so follow) an unpublished plugin; an ordinary member gets 404.
    expect((await call(t, 'PUT', `/plugins/${plugin.id}/follow`, both)).statusCode).toBe(404);
    await t.ctx.db.insert(pluginFollows).values({ pluginId: plugin.id, memberId: both.id });
    await approve(t, mod, submissionId);
    expect(await followNotices(t, fan.id)).toEqual([]);
    await t.ctx.jobs.runDue();
    for (const m of [fan, both]) {
      const notices = await followNotices(t, m.id);
      expect(notices).toHaveLength(1);
      expect(notices[0]).toMatchObject({
        subject: `${writer.username} published a new plugin: Fresh Release`,
        link: `/plugin/${plugin.id}`,
      });
    }
    // A later version of it is news for the plugin's followers only.
    await approve(t, mod, await submitVersion(t, writer, plugin.id, '1.0.1'));
    await t.ctx.jobs.runDue();
    expect(await followNotices(t, fan.id)).toHaveLength(1);
    expect(await followNotices(t, both.id)).toHaveLength(2);
  });
});
