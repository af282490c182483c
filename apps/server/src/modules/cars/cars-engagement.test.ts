import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { CAR_MESSAGES as M } from '@bm/core';
import { carCopyMarks, carRatings, cars, carViewMarks, carVotes } from '../../db/schema.js';
import { signedInMember, startTestApp, type TestApp, type Member } from '../../../test/harness.js';
import { CarService } from './service.js';
import { TEST_LIMITS, carsApi } from './test-support.js';

let t: TestApp;
let api: ReturnType<typeof carsApi>;
let owner: Member;
let voters: Member[];
beforeAll(async () => {
  t = await startTestApp({ limits: TEST_LIMITS, env: { TRUST_PROXY: 'true' } });
  api = carsApi(t);
  const signedIn = await Promise.all(Array.from({ length: 6 }, () => signedInMember(t)));
  owner = signedIn[0]!;
  voters = signedIn.slice(1);
});
afterAll(() => t.close());

/** A visitor of their own: visitors are told apart by address (X-Forwarded-For here), not by User-Agent. */
const browser = (name: string) => ({
  'x-forwarded-for': `192.0.2.${['Firefox', 'Chrome', 'Safari', 'Edge'].indexOf(name) + 1}`,
});
/** Moves this car's marks back in time, as if the window had passed. */
const age = (marks: typeof carViewMarks | typeof carCopyMarks, carId: number, seconds: number) =>
  t.ctx.db
    .update(marks)
    .set({ countedAt: sql`${marks.countedAt} - make_interval(secs => ${seconds})` })
    .where(eq(marks.carId, carId));

describe('view counting', () => {
  it('counts a visitor once per 24 hours, and another visitor or a member separately', async () => {
    const id = await api.create(owner.auth);
    const first = await api.post(`/cars/${id}/view`, undefined, browser('Firefox'));
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ views: 1, counted: true });
    expect((await api.post(`/cars/${id}/view`, undefined, browser('Firefox'))).json()).toEqual({
      views: 1,
      counted: false,
    });
    expect((await api.post(`/cars/${id}/view`, undefined, browser('Chrome'))).json()).toEqual({
      views: 2,
      counted: true,
    });
    const elsewhere = await t.app.inject({
      method: 'POST',
      url: `/api/cars/${id}/view`,
      headers: { 'user-agent': 'Firefox', 'x-forwarded-for': '203.0.113.9' },
    });
    expect(elsewhere.json()).toEqual({ views: 3, counted: true });
    expect(
      (await api.post(`/cars/${id}/view`, undefined, { ...voters[0]!.auth, ...browser('Firefox') })).json(),
    ).toEqual({ views: 4, counted: true });
    expect(
      (await api.post(`/cars/${id}/view`, undefined, { ...voters[0]!.auth, ...browser('Safari') })).json(),
    ).toEqual({ views: 4, counted: false });

    await age(carViewMarks, id, 23 * 3600);
    expect((await api.post(`/cars/${id}/view`, undefined, browser('Firefox'))).json()).toEqual({
      views: 4,
      counted: false,
    });
    await age(carViewMarks, id, 3600);
    expect((await api.post(`/cars/${id}/view`, undefined, browser('Firefox'))).json()).toEqual({
      views: 5,
      counted: true,
    });
    expect((await api.get(`/cars/${id}`)).json().views).toBe(5);
  });

  it('keeps no raw IP address, and counts simultaneous requests of one visitor once', async () => {
    const id = await api.create(owner.auth);
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => api.post(`/cars/${id}/view`, undefined, browser('Edge'))),
    );
    expect(answers.filter((r) => r.json().counted)).toHaveLength(1);
    expect((await api.get(`/cars/${id}`)).json().views).toBe(1);
    const marks = await t.ctx.db.select().from(carViewMarks).where(eq(carViewMarks.carId, id));
    expect(marks).toHaveLength(1);
    expect(marks[0]!.visitor).toMatch(/^v:[0-9a-f]{64}$/);
    expect(marks[0]!.visitor).not.toContain('127.0.0.1');
  });

  it('answers 404 for an unknown car and 400 for a bad id', async () => {
    expect((await api.post('/cars/999999/view')).json()).toEqual({ message: M.notFound, code: 'car.notFound' });
    expect((await api.post('/cars/x/view')).statusCode).toBe(400);
  });

  it('prunes marks older than their window', async () => {
    const id = await api.create(owner.auth);
    await api.post(`/cars/${id}/view`);
    await api.post(`/cars/${id}/copy`);
    await age(carViewMarks, id, 25 * 3600);
    await new CarService(t.ctx).engagement.pruneMarks();
    expect(await t.ctx.db.select().from(carViewMarks).where(eq(carViewMarks.carId, id))).toEqual([]);
    expect(await t.ctx.db.select().from(carCopyMarks).where(eq(carCopyMarks.carId, id))).toHaveLength(1);
  });
});

describe('copy counting', () => {
  it('counts a copy at most once per 60 seconds per visitor', async () => {
    const id = await api.create(owner.auth);
    expect((await api.post(`/cars/${id}/copy`, undefined, browser('Firefox'))).json()).toEqual({
      codeCopies: 1,
      counted: true,
    });
    expect((await api.post(`/cars/${id}/copy`, undefined, browser('Firefox'))).json()).toEqual({
      codeCopies: 1,
      counted: false,
    });
    expect((await api.post(`/cars/${id}/copy`, undefined, browser('Chrome'))).json()).toEqual({
      codeCopies: 2,
      counted: true,
    });
    expect((await api.post(`/cars/${id}/copy`, undefined, voters[1]!.auth)).json()).toEqual({
      codeCopies: 3,
      counted: true,
    });
    await age(carCopyMarks, id, 50);
    expect((await api.post(`/cars/${id}/copy`, undefined, browser('Firefox'))).json()).toEqual({
      codeCopies: 3,
      counted: false,
    });
    await age(carCopyMarks, id, 11);
    expect((await api.post(`/cars/${id}/copy`, undefined, browser('Firefox'))).json()).toEqual({
      codeCopies: 4,
      counted: true,
    });
    expect((await api.get(`/cars/${id}`)).json()).toMatchObject({ codeCopies: 4, views: 0 });
  });
});

describe('votes', () => {
  it('keeps one vote per member: U and D replace it, N removes it', async () => {
    const id = await api.create(owner.auth);
    const [a, b] = voters as [Member, Member];
    const vote = (m: Member, voteType: string) => api.post(`/cars/${id}/vote`, { voteType }, m.auth);
    expect((await vote(a, 'U')).json()).toEqual({ upvotes: 1, downvotes: 0 });
    expect((await vote(a, 'U')).json()).toEqual({ upvotes: 1, downvotes: 0 });
    expect((await api.get(`/cars/${id}`, a.auth)).json().myVote).toBe('U');
    expect((await vote(b, 'U')).json()).toEqual({ upvotes: 2, downvotes: 0 });
    expect((await vote(a, 'D')).json()).toEqual({ upvotes: 1, downvotes: 1 });
    expect((await api.get(`/cars/${id}`, a.auth)).json()).toMatchObject({ myVote: 'D', upvotes: 1, downvotes: 1 });
    expect((await vote(a, 'N')).json()).toEqual({ upvotes: 1, downvotes: 0 });
    expect((await vote(a, 'N')).json()).toEqual({ upvotes: 1, downvotes: 0 });
    expect((await api.get(`/cars/${id}`, a.auth)).json().myVote).toBe('N');
    expect((await api.get(`/cars/${id}`)).json().myVote).toBe('N');
    expect(await t.ctx.db.select({ memberId: carVotes.memberId }).from(carVotes).where(eq(carVotes.carId, id))).toEqual(
      [{ memberId: b.id }],
    );
  });

  it('refuses a vote type it does not know', async () => {
    const id = await api.create(owner.auth);
    for (const voteType of ['X', 'u', '', undefined]) {
      const res = await api.post(`/cars/${id}/vote`, { voteType }, voters[0]!.auth);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(M.voteType);
      expect(res.json().errors.voteType).toEqual([M.voteType]);
    }
    expect((await api.post('/cars/999999/vote', { voteType: 'U' }, voters[0]!.auth)).statusCode).toBe(404);
  });

  it('keeps the counters equal to the votes when members vote at the same time', async () => {
    const id = await api.create(owner.auth);
    const rounds = voters.flatMap((m, i) => [
      api.post(`/cars/${id}/vote`, { voteType: i % 2 ? 'U' : 'D' }, m.auth),
      api.post(`/cars/${id}/vote`, { voteType: 'U' }, m.auth),
    ]);
    await Promise.all(rounds);
    const rows = await t.ctx.db.select({ vote: carVotes.vote }).from(carVotes).where(eq(carVotes.carId, id));
    const car = (await api.get(`/cars/${id}`)).json();
    expect(car.upvotes).toBe(rows.filter((r) => r.vote === 'U').length);
    expect(car.downvotes).toBe(rows.filter((r) => r.vote === 'D').length);
    expect(rows).toHaveLength(voters.length);
  });
});

describe('ratings', () => {
  it('keeps one rating per member and answers the average and count', async () => {
    const id = await api.create(owner.auth);
    const [a, b] = voters as [Member, Member];
    const rate = (m: Member, stars: unknown) => api.post(`/cars/${id}/rate`, { stars }, m.auth);
    expect((await rate(a, 4)).json()).toEqual({ myStars: 4, averageRating: 4, ratingCount: 1 });
    expect((await rate(b, 2)).json()).toEqual({ myStars: 2, averageRating: 3, ratingCount: 2 });
    expect((await rate(a, 5)).json()).toEqual({ myStars: 5, averageRating: 3.5, ratingCount: 2 });
    expect((await rate(a, 5)).json()).toEqual({ myStars: 5, averageRating: 3.5, ratingCount: 2 });

    expect((await api.get(`/cars/${id}/rating`, a.auth)).json()).toEqual({
      myStars: 5,
      averageRating: 3.5,
      ratingCount: 2,
    });
    expect((await api.get(`/cars/${id}/rating`)).json()).toEqual({ myStars: null, averageRating: 3.5, ratingCount: 2 });
    expect((await api.get(`/cars/${id}/rating`, voters[2]!.auth)).json().myStars).toBeNull();
    expect((await api.get(`/cars/${id}`, b.auth)).json()).toMatchObject({
      myStars: 2,
      averageRating: 3.5,
      ratingCount: 2,
    });
    const [row] = await t.ctx.db.select({ sum: cars.ratingSum, n: cars.ratingCount }).from(cars).where(eq(cars.id, id));
    expect(row).toEqual({ sum: 7, n: 2 });
  });

  it('averages to any precision; the client rounds to one decimal', async () => {
    const id = await api.create(owner.auth);
    await api.post(`/cars/${id}/rate`, { stars: 5 }, voters[0]!.auth);
    await api.post(`/cars/${id}/rate`, { stars: 4 }, voters[1]!.auth);
    const third = await api.post(`/cars/${id}/rate`, { stars: 4 }, voters[2]!.auth);
    expect(third.json().averageRating).toBeCloseTo(13 / 3, 10);
  });

  it('refuses stars outside 1..5 or not whole', async () => {
    const id = await api.create(owner.auth);
    for (const stars of [0, 6, 3.5, '4', null, undefined]) {
      const res = await api.post(`/cars/${id}/rate`, { stars }, voters[0]!.auth);
      expect(res.statusCode, String(stars)).toBe(400);
      expect(res.json().message).toBe(M.starsRange);
      expect(res.json().errors.stars).toEqual([M.starsRange]);
    }
    expect(await t.ctx.db.select().from(carRatings).where(eq(carRatings.carId, id))).toEqual([]);
    expect((await api.get(`/cars/${id}/rating`)).json()).toEqual({ myStars: null, averageRating: 0, ratingCount: 0 });
  });

  it('keeps the sum and count equal to the ratings when members rate at the same time', async () => {
    const id = await api.create(owner.auth);
    await Promise.all(
      voters.flatMap((m, i) => [
        api.post(`/cars/${id}/rate`, { stars: 1 + i }, m.auth),
        api.post(`/cars/${id}/rate`, { stars: 5 - i }, m.auth),
      ]),
    );
    const rows = await t.ctx.db.select({ stars: carRatings.stars }).from(carRatings).where(eq(carRatings.carId, id));
    const [row] = await t.ctx.db.select({ sum: cars.ratingSum, n: cars.ratingCount }).from(cars).where(eq(cars.id, id));
    expect(row).toEqual({ sum: rows.reduce((s, r) => s + r.stars, 0), n: voters.length });
  });
});
