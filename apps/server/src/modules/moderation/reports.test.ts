import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  MODERATION_MESSAGES as MM,
  type ModerationCarsResponse,
  type ModeratorDashboard,
  type ReportedListResponse,
} from '@bm/core';
import { moderationAudit, pluginReports } from '../../db/schema.js';
import { signedInMember, type Member } from '../../../test/harness.js';
import { createPlugin, publishedPlugin } from '../plugins/test-support.js';
import { reportTestApp } from './test-support.js';

const { t, mod, inject } = reportTestApp();
const report = (who: Member, pluginId: number, body: unknown = { reason: 'broken', details: 'Crashes on start' }) =>
  inject('POST', `/plugins/${pluginId}/report`, who.auth, body);

describe('reporting a plugin', () => {
  it('is for signed-in members, on plugins they can see and do not own, once while open', async () => {
    const owner = await signedInMember(t);
    const reporter = await signedInMember(t);
    const p = await publishedPlugin(t, owner, { name: 'Reported Once', shortDescription: 'x' });

    expect((await inject('POST', `/plugins/${p.id}/report`, {}, { reason: 'nonsense' })).statusCode).toBe(401);
    const bad = await report(reporter, p.id, { reason: 'nonsense' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ message: MM.reportReason });
    expect((await report(reporter, p.id, { reason: 'other', details: '  ' })).json()).toMatchObject({
      message: MM.reportDetailsRequired,
    });

    const own = await report(owner, p.id);
    expect(own.statusCode).toBe(400);
    expect(own.json()).toMatchObject({ message: MM.reportOwn });

    const first = await report(reporter, p.id);
    expect(first.statusCode).toBe(201);
    expect(first.json<{ id: number }>().id).toBeGreaterThan(0);
    const again = await report(reporter, p.id, { reason: 'spam', details: '' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ message: MM.reportExists });

    // An unpublished plugin of someone else is not visible: 404, nothing stored.
    const hiddenOne = await createPlugin(t, owner, { name: 'Not Yet Public', shortDescription: 'x' });
    expect((await report(reporter, hiddenOne.id)).statusCode).toBe(404);
    expect(await t.ctx.db.select().from(pluginReports).where(eq(pluginReports.pluginId, hiddenOne.id))).toEqual([]);
  });

  it('is rate limited per account', async () => {
    const owner = await signedInMember(t);
    const reporter = await signedInMember(t);
    const codes: number[] = [];
    for (let i = 0; i < 5; i++) {
      const p = await publishedPlugin(t, owner, { name: `Limit ${i}`, shortDescription: 'x' });
      codes.push((await report(reporter, p.id)).statusCode);
    }
    expect(codes).toEqual([201, 201, 201, 201, 429]);
  });
});

describe('the reported list', () => {
  it('counts reports and reasons, most reported first; dismissing empties it', async () => {
    const owner = await signedInMember(t);
    const many = await publishedPlugin(t, owner, { name: 'Much Flagged', shortDescription: 'x' });
    const few = await publishedPlugin(t, owner, { name: 'Little Flagged', shortDescription: 'x' });
    const a = await signedInMember(t);
    const b = await signedInMember(t);
    await report(a, many.id, { reason: 'malware', details: 'Phones home' });
    await report(b, many.id, { reason: 'malware', details: '' });
    await report(a, few.id, { reason: 'spam', details: '' });

    const list = (
      await inject('GET', '/moderation/plugins/reported?Search=FLAGGED', mod.auth)
    ).json<ReportedListResponse>();
    expect(list.data.map((d) => [d.name, d.reportCount])).toEqual([
      ['Much Flagged', 2],
      ['Little Flagged', 1],
    ]);
    expect(list.data[0]!.reasons).toEqual([{ reason: 'malware', label: 'Malware or suspicious behaviour', count: 2 }]);
    expect(list.data[0]!.reports.map((r) => r.reporter).sort()).toEqual([a.username, b.username].sort());
    expect(
      (await inject('GET', '/moderation/dashboard', mod.auth)).json<ModeratorDashboard>().reported,
    ).toBeGreaterThanOrEqual(2);

    expect((await inject('POST', `/moderation/reported/${few.id}/dismiss`, mod.auth)).statusCode).toBe(204);
    const after = (
      await inject('GET', '/moderation/plugins/reported?search=flagged', mod.auth)
    ).json<ReportedListResponse>();
    expect(after.data.map((d) => d.name)).toEqual(['Much Flagged']);
    const rows = await t.ctx.db.select().from(pluginReports).where(eq(pluginReports.pluginId, few.id));
    expect(rows.map((r) => r.status)).toEqual(['dismissed']);
    // A dismissed report no longer blocks a new one.
    expect((await report(a, few.id)).statusCode).toBe(201);
  });

  it('hiding the plugin takes it off the site and the plugin manager; restoring brings it back', async () => {
    const owner = await signedInMember(t);
    const p = await publishedPlugin(t, owner, { name: 'Bad Actor Plugin', shortDescription: 'x' });
    await report(await signedInMember(t), p.id);
    const listed = async () =>
      (await t.app.inject({ method: 'GET', url: '/api/plugins?search=Bad%20Actor' }))
        .json<{ items: Array<{ id: number }> }>()
        .items.map((i) => i.id);
    const inManager = async () =>
      Object.keys(
        (await t.app.inject({ method: 'GET', url: `/api/v1/plugins/get/short?pluginids=${p.id}` })).json<{
          response: { plugins: object };
        }>().response.plugins,
      );
    expect(await listed()).toContain(p.id);
    expect(await inManager()).toEqual([String(p.id)]);

    expect((await inject('POST', `/moderation/reported/${p.id}/hide-plugin`, mod.auth)).statusCode).toBe(204);
    expect(await listed()).not.toContain(p.id);
    expect(await inManager()).toEqual([]);
    expect(
      (await t.ctx.db.select().from(pluginReports).where(eq(pluginReports.pluginId, p.id))).map((r) => r.status),
    ).toEqual(['actioned']);

    expect((await inject('POST', `/moderation/reported/${p.id}/restore-plugin`, mod.auth)).statusCode).toBe(204);
    expect(await inManager()).toEqual([String(p.id)]);
    const audit = await t.ctx.db.select().from(moderationAudit).where(eq(moderationAudit.pluginId, p.id));
    expect(audit.map((a) => a.action)).toEqual(['hide-plugin', 'restore-plugin']);
    expect((await inject('POST', '/moderation/reported/999999/hide-plugin', mod.auth)).statusCode).toBe(404);
  });
});

describe('cars', () => {
  it('a moderator hides a car from everyone but its owner and staff, and restores it', async () => {
    const owner = await signedInMember(t);
    const other = await signedInMember(t);
    const created = await inject('POST', '/cars', owner.auth, {
      name: 'Moderated Octane',
      code: 'hAMwB1wABMItCGEWAAA=',
    });
    expect(created.statusCode).toBe(201);
    const carId = created.json<{ id: number }>().id;
    const inList = async () =>
      (await inject('GET', '/cars?search=Moderated%20Octane'))
        .json<{ items: Array<{ id: number }> }>()
        .items.map((c) => c.id);
    expect(await inList()).toContain(carId);

    expect((await inject('POST', `/moderation/cars/${carId}/hide`, mod.auth)).statusCode).toBe(204);
    expect(await inList()).not.toContain(carId);
    expect((await inject('GET', `/cars/${carId}`)).statusCode).toBe(404);
    expect((await inject('GET', `/cars/${carId}`, other.auth)).statusCode).toBe(404);
    expect((await inject('GET', `/cars/${carId}`, owner.auth)).statusCode).toBe(200);
    expect((await inject('GET', `/cars/${carId}`, mod.auth)).statusCode).toBe(200);
    const hidden = (
      await inject('GET', '/moderation/cars?status=hidden&search=moderated', mod.auth)
    ).json<ModerationCarsResponse>();
    expect(hidden.items.map((c) => [c.id, c.hidden, c.owner])).toEqual([[carId, true, owner.username]]);
    expect((await inject('GET', '/moderation/dashboard', mod.auth)).json<ModeratorDashboard>().hiddenCars).toBe(1);

    expect((await inject('POST', `/moderation/cars/${carId}/restore`, mod.auth)).statusCode).toBe(204);
    expect(await inList()).toContain(carId);
    const active = (
      await inject('GET', '/moderation/cars?Status=active&Search=moderated', mod.auth)
    ).json<ModerationCarsResponse>();
    expect(active.items.map((c) => c.id)).toEqual([carId]);
    const audit = await t.ctx.db.select().from(moderationAudit).where(eq(moderationAudit.carId, carId));
    expect(audit.map((a) => a.action)).toEqual(['hide-car', 'restore-car']);
    expect((await inject('POST', '/moderation/cars/999999/hide', mod.auth)).statusCode).toBe(404);
  });
});
