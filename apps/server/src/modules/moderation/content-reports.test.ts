import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import {
  MODERATION_MESSAGES as MM,
  REPORT_MESSAGES as RM,
  type ModeratorDashboard,
  type ReportedCarsResponse,
  type ReportedCommentsResponse,
} from '@bm/core';
import { mailMessages, moderationAudit, pluginComments, reports } from '../../db/schema.js';
import { signedInMember, type Member } from '../../../test/harness.js';
import { createPlugin, publishedPlugin } from '../plugins/test-support.js';
import { reportTestApp } from './test-support.js';

const { t, mod, inject } = reportTestApp();

let carNo = 0;
async function car(owner: Member, name = `Reported Car ${++carNo}`) {
  const res = await inject('POST', '/cars', owner.auth, { name, code: 'hAMwB1wABMItCGEWAAA=' });
  expect(res.statusCode).toBe(201);
  return res.json<{ id: number }>().id;
}
async function comment(author: Member, pluginId: number, body = 'Buy cheap credits at example.com') {
  const res = await inject('POST', `/plugins/${pluginId}/comments`, author.auth, { body, turnstileToken: 'human' });
  expect(res.statusCode).toBe(201);
  return res.json<{ id: number }>().id;
}
const noticesOf = (m: Member) => t.ctx.db.select().from(mailMessages).where(eq(mailMessages.memberId, m.id));

describe('reporting a car', () => {
  it('follows the plugin rules: signed in, a listed reason, not one’s own, once while open', async () => {
    const owner = await signedInMember(t);
    const reporter = await signedInMember(t);
    const id = await car(owner);
    const report = (who: Member, body: unknown = { reason: 'stolen', details: 'Copied from my design' }) =>
      inject('POST', `/cars/${id}/report`, who.auth, body);

    expect((await inject('POST', `/cars/${id}/report`, {}, { reason: 'stolen' })).statusCode).toBe(401);
    // A plugin-only reason is not a car reason.
    expect((await report(reporter, { reason: 'malware' })).json()).toMatchObject({ message: MM.reportReason });
    expect((await report(reporter, { reason: 'other', details: ' ' })).json()).toMatchObject({
      message: MM.reportDetailsRequired,
    });
    const own = await report(owner);
    expect([own.statusCode, own.json<{ message: string }>().message]).toEqual([400, RM.carOwn]);
    expect((await report(reporter)).statusCode).toBe(201);
    const again = await report(reporter, { reason: 'spam' });
    expect([again.statusCode, again.json<{ message: string }>().message]).toEqual([409, RM.carExists]);
    expect((await inject('POST', '/cars/99999999/report', reporter.auth, { reason: 'spam' })).statusCode).toBe(404);
    const rows = await t.ctx.db.select().from(reports).where(eq(reports.carId, id));
    expect(rows.map((r) => [r.kind, r.reason, r.pluginId, r.commentId])).toEqual([['car', 'stolen', null, null]]);
  });

  it('is dismissed, or the car hidden through the car hide with its owner told why', async () => {
    const owner = await signedInMember(t);
    const a = await signedInMember(t);
    const b = await signedInMember(t);
    const kept = await car(owner, 'Zebra Kept Car');
    const bad = await car(owner, 'Zebra Offensive Car');
    await inject('POST', `/cars/${bad}/report`, a.auth, { reason: 'inappropriate', details: 'Rude name' });
    await inject('POST', `/cars/${bad}/report`, b.auth, { reason: 'inappropriate' });
    await inject('POST', `/cars/${kept}/report`, a.auth, { reason: 'spam' });

    expect((await inject('GET', '/moderation/cars/reported', a.auth)).statusCode).toBe(403);
    const list = (await inject('GET', '/moderation/cars/reported?search=zebra', mod.auth)).json<ReportedCarsResponse>();
    expect(list.data.map((d) => [d.name, d.reportCount, d.hidden])).toEqual([
      ['Zebra Offensive Car', 2, false],
      ['Zebra Kept Car', 1, false],
    ]);
    expect(list.data[0]!.reasons).toEqual([
      { reason: 'inappropriate', label: 'Inappropriate name, design or description', count: 2 },
    ]);
    expect(list.data[0]!.reports.map((r) => r.details)).toContain('Rude name');
    const dash = (await inject('GET', '/moderation/dashboard', mod.auth)).json<ModeratorDashboard>();
    expect(dash.reportedCars).toBeGreaterThanOrEqual(2);

    expect((await inject('POST', `/moderation/reported/cars/${kept}/dismiss`, mod.auth)).statusCode).toBe(204);
    const hide = await inject('POST', `/moderation/reported/cars/${bad}/hide-car`, mod.auth, {
      note: 'Keep names clean',
    });
    expect(hide.statusCode).toBe(204);
    expect((await inject('GET', `/cars/${bad}`)).statusCode).toBe(404);
    expect((await inject('GET', `/cars/${bad}`, owner.auth)).statusCode).toBe(200);
    expect(
      (await inject('GET', '/moderation/cars/reported?search=zebra', mod.auth)).json<ReportedCarsResponse>().data,
    ).toEqual([]);
    const statuses = await t.ctx.db.select().from(reports).where(eq(reports.kind, 'car'));
    expect(statuses.filter((r) => r.carId === bad).map((r) => r.status)).toEqual(['actioned', 'actioned']);
    expect(statuses.filter((r) => r.carId === kept).map((r) => r.status)).toEqual(['dismissed']);
    const audit = await t.ctx.db.select().from(moderationAudit).where(eq(moderationAudit.carId, bad));
    expect(audit.map((x) => x.action)).toEqual(['hide-car']);
    const [notice] = await noticesOf(owner);
    expect(notice!.subject).toBe('Your car Zebra Offensive Car was hidden');
    expect(notice!.body).toContain('Inappropriate name, design or description');
    expect(notice!.body).toContain('Keep names clean');
    expect(notice!.link).toBe(`/cars/${bad}`);
    // A hidden car cannot be reported any more (it looks missing).
    expect((await inject('POST', `/cars/${bad}/report`, b.auth, { reason: 'spam' })).statusCode).toBe(404);
    const miss = await inject('POST', '/moderation/reported/cars/99999999/hide-car', mod.auth);
    expect(miss.statusCode).toBe(404);
  });
});

describe('reporting a comment', () => {
  it('follows the plugin rules, on comments of plugins the member can see', async () => {
    const owner = await signedInMember(t);
    const author = await signedInMember(t);
    const reporter = await signedInMember(t);
    const p = await publishedPlugin(t, owner, { name: 'Commented Plugin', shortDescription: 'x' });
    const id = await comment(author, p.id);
    const report = (who: Member, body: unknown = { reason: 'spam' }) =>
      inject('POST', `/comments/${id}/report`, who.auth, body);
    expect((await inject('POST', `/comments/${id}/report`, {}, { reason: 'spam' })).statusCode).toBe(401);
    expect((await report(reporter, { reason: 'stolen' })).statusCode).toBe(400);
    const own = await report(author);
    expect([own.statusCode, own.json<{ message: string }>().message]).toEqual([400, RM.commentOwn]);
    expect((await report(reporter)).statusCode).toBe(201);
    const again = await report(reporter, { reason: 'harassment' });
    expect([again.statusCode, again.json<{ message: string }>().message]).toEqual([409, RM.commentExists]);
    expect((await inject('POST', '/comments/99999999/report', reporter.auth, { reason: 'spam' })).statusCode).toBe(404);

    // A comment on an unpublished plugin of someone else: its owner sees it, others get 404.
    const draft = await createPlugin(t, owner, { name: 'Draft With Comment', shortDescription: 'x' });
    const [hidden] = await t.ctx.db
      .insert(pluginComments)
      .values({ pluginId: draft.id, memberId: owner.id, body: 'A note to self' })
      .returning();
    expect((await inject('POST', `/comments/${hidden!.id}/report`, reporter.auth, { reason: 'spam' })).statusCode).toBe(
      404,
    );
  });

  it('is dismissed, or the comment deleted through the comment delete with its author told why', async () => {
    const owner = await signedInMember(t);
    const author = await signedInMember(t);
    const a = await signedInMember(t);
    const b = await signedInMember(t);
    const p = await publishedPlugin(t, owner, { name: 'Quokka Plugin', shortDescription: 'x' });
    const spam = await comment(author, p.id, 'Quokka credits for sale');
    const fine = await comment(author, p.id, 'Quokka works great');
    await inject('POST', `/comments/${spam}/report`, a.auth, { reason: 'spam', details: 'An ad' });
    await inject('POST', `/comments/${spam}/report`, b.auth, { reason: 'harassment' });
    await inject('POST', `/comments/${fine}/report`, a.auth, { reason: 'misleading' });

    const list = (
      await inject('GET', '/moderation/comments/reported?Search=quokka', mod.auth)
    ).json<ReportedCommentsResponse>();
    expect(list.data.map((d) => [d.commentId, d.reportCount, d.pluginName, d.author])).toEqual([
      [spam, 2, 'Quokka Plugin', author.username],
      [fine, 1, 'Quokka Plugin', author.username],
    ]);
    expect(list.data[0]!.body).toBe('Quokka credits for sale');
    expect(
      (await inject('GET', '/moderation/dashboard', mod.auth)).json<ModeratorDashboard>().reportedComments,
    ).toBeGreaterThanOrEqual(2);

    expect((await inject('POST', `/moderation/reported/comments/${fine}/dismiss`, mod.auth)).statusCode).toBe(204);
    const del = await inject('POST', `/moderation/reported/comments/${spam}/delete`, mod.auth, {});
    expect(del.statusCode).toBe(204);
    const left = (await inject('GET', `/plugins/${p.id}/comments`)).json<Array<{ id: number }>>().map((c) => c.id);
    expect(left).toEqual([fine]);
    expect(
      (await inject('GET', '/moderation/comments/reported?search=quokka', mod.auth)).json<ReportedCommentsResponse>()
        .data,
    ).toEqual([]);
    const fineReports = await t.ctx.db
      .select()
      .from(reports)
      .where(and(eq(reports.kind, 'comment'), eq(reports.commentId, fine)));
    expect(fineReports.map((r) => r.status)).toEqual(['dismissed']);
    const notices = await noticesOf(author);
    const notice = notices.find((n) => n.subject === 'Your comment on Quokka Plugin was removed');
    expect(notice!.body).toContain('Harassment or hate; Spam or advertising');
    expect(notice!.body).toContain('> Quokka credits for sale');
    const audit = await t.ctx.db.select().from(moderationAudit).where(eq(moderationAudit.pluginId, p.id));
    expect(audit.map((x) => x.action)).toEqual(['dismiss-comment-reports', 'delete-comment']);
    expect((await inject('POST', `/moderation/reported/comments/${spam}/delete`, mod.auth)).statusCode).toBe(404);
  });

  it('shares the report rate limit with plugins', async () => {
    const owner = await signedInMember(t);
    const reporter = await signedInMember(t);
    const codes: number[] = [];
    for (let i = 0; i < 5; i++)
      codes.push(
        (await inject('POST', `/cars/${await car(owner)}/report`, reporter.auth, { reason: 'spam' })).statusCode,
      );
    expect(codes).toEqual([201, 201, 201, 201, 429]);
  });
});
