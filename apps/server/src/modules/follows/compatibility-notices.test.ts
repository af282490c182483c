import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { gameVersions } from '../../db/schema.js';
import { signedInMember, startTestApp, type TestApp } from '../../../test/harness.js';
import { followerNotice, notifyFollowersOfCompatibility } from './index.js';
import { call, followNotices, followerJobs, livePlugin, type Member } from './test-support.js';

let t: TestApp;
let author: Member;
beforeAll(async () => {
  t = await startTestApp();
  author = await signedInMember(t);
});
afterAll(async () => {
  await t.close();
});

describe('notifyFollowersOfCompatibility', () => {
  it('queues the batched job, which tells followers that the plugin works or is broken on the game version', async () => {
    const p = await livePlugin(t, author, 'Patch Day');
    const fan = await signedInMember(t);
    await call(t, 'PUT', `/plugins/${p.id}/follow`, fan);
    const [game] = await t.ctx.db
      .insert(gameVersions)
      .values({ name: 'v2.51 Follow test', bakkesmodVersion: '1.0.51' })
      .returning({ id: gameVersions.id });

    await notifyFollowersOfCompatibility(t.ctx, { pluginId: p.id, gameVersionId: game!.id, status: 'broken' });
    expect(await followNotices(t, fan.id)).toEqual([]);
    await t.ctx.jobs.runDue();
    await t.ctx.db.transaction((tx) =>
      notifyFollowersOfCompatibility(t.ctx, { pluginId: p.id, gameVersionId: game!.id, status: 'works' }, tx),
    );
    await t.ctx.jobs.runDue();
    const subjects = (await followNotices(t, fan.id)).map((n) => n.subject).sort();
    expect(subjects).toEqual([
      'Patch Day is reported broken on v2.51 Follow test',
      'Patch Day works with v2.51 Follow test',
    ]);
    expect(await t.mailFor(fan.email)).toHaveLength(2);
  });

  it('queues nothing for a plugin nobody follows', async () => {
    const p = await livePlugin(t, author, 'Nobody Cares');
    const before = (await followerJobs(t)).length;
    await notifyFollowersOfCompatibility(t.ctx, { pluginId: p.id, gameVersionId: 1, status: 'works' });
    expect((await followerJobs(t)).length).toBe(before);
  });
});

describe('a plugin turning works on the current game version through reports', () => {
  it("tells its followers once the third member's report makes it works (jobs.ts wires the change to the notice)", async () => {
    const admin = await signedInMember(t, ['administrator']);
    const add = await t.app.inject({
      method: 'POST',
      url: '/api/admin/game-versions',
      headers: admin.auth,
      payload: { name: 'v2.60 Reported', bakkesmodVersion: '2.0.60', makeCurrent: true },
    });
    expect(add.statusCode, add.body).toBe(201);
    const gv = add.json<{ id: number }>();
    const p = await livePlugin(t, author, 'Players Say Works');
    const fan = await signedInMember(t);
    await call(t, 'PUT', `/plugins/${p.id}/follow`, fan);
    // The upload declared the version current when it was stored: take it off, so reports decide.
    await t.ctx.db.execute(sql`delete from submission_game_versions where game_version_id = ${gv.id}`);
    for (let i = 0; i < 3; i++) {
      const reporter = await signedInMember(t);
      const res = await t.app.inject({
        method: 'PUT',
        url: `/api/plugins/${p.id}/compatibility/${gv.id}`,
        headers: reporter.auth,
        payload: { works: true },
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    await t.ctx.hub.settled();
    await t.ctx.jobs.runDue();
    const subjects = (await followNotices(t, fan.id)).map((n) => n.subject);
    expect(subjects).toContain('Players Say Works works with v2.60 Reported');
  });
});

describe('the follower notice builder', () => {
  const facts = { pluginId: 7, pluginName: 'Speedo', authorName: 'ada', versionString: '1.2.0' };

  it('quotes a markdown changelog as a block quote', () => {
    const n = followerNotice({ ...facts, reason: 'version', changelog: { markdown: '- Faster\n\n- Fixed **boost**' } });
    expect(n).toMatchObject({ kind: 'followedUpdate', subject: 'Speedo v1.2.0 is out', link: '/plugin/7' });
    expect(n.body).toContain("What's new:\n\n> - Faster\n>\n> - Fixed **boost**");
  });

  it('quotes an HTML changelog by its words, and cuts a long one', () => {
    const html = followerNotice({
      ...facts,
      reason: 'version',
      changelog: { html: '<ul><li>Faster</li></ul><script>x</script>' },
    });
    expect(html.body).toContain('> Faster');
    expect(html.body).not.toContain('<');
    const long = followerNotice({ ...facts, reason: 'version', changelog: { markdown: 'a'.repeat(5000) } });
    expect(long.body.length).toBeLessThan(1700);
    expect(long.body.endsWith('…')).toBe(true);
  });

  it('says nothing of a changelog when there is none, and names the author of a new plugin', () => {
    expect(followerNotice({ ...facts, reason: 'version' }).body).not.toContain("What's new");
    expect(followerNotice({ ...facts, reason: 'newPlugin' })).toMatchObject({
      subject: 'ada published a new plugin: Speedo',
    });
    expect(followerNotice({ ...facts, reason: 'compatibility', status: 'works' }).subject).toBe(
      'Speedo works with the current game version',
    );
  });
});
