import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { RATING_PRIOR_WEIGHT, type Car } from '@bm/core';
import { carDailyCounts, cars } from '../../db/schema.js';
import { signedInMember, startTestApp, type TestApp } from '../../../test/harness.js';
import { carsChanged } from './service.js';
import { TEST_LIMITS, carsApi, codeWithBody } from './test-support.js';

/** Five listed cars with known ratings, code copies and daily copy counts (docs/search.md). */
let t: TestApp;
let api: ReturnType<typeof carsApi>;
const id: Record<string, number> = {};

beforeAll(async () => {
  t = await startTestApp({ limits: TEST_LIMITS });
  api = carsApi(t);
  const member = await signedInMember(t);
  // name: [rating sum, rating count, all-time copies, [days ago, copies]...]
  const seed: Record<string, [number, number, number, Array<[number, number]>]> = {
    'Sorted One Vote': [5, 1, 0, [[0, 3]]],
    'Sorted Many Good': [90, 20, 500, [[10, 400]]],
    'Sorted Many Middling': [
      30,
      10,
      5,
      [
        [2, 10],
        [6, 1],
      ],
    ],
    'Sorted Unrated': [0, 0, 1, [[7, 50]]],
    'Other Unrated': [0, 0, 2, []],
  };
  for (const [name, [ratingSum, ratingCount, codeCopies, days]] of Object.entries(seed)) {
    const carId = (await api.post('/cars', { name, code: codeWithBody(23) }, member.auth)).json<{ id: number }>().id;
    id[name] = carId;
    await t.ctx.db.update(cars).set({ ratingSum, ratingCount, codeCopies }).where(eq(cars.id, carId));
    for (const [ago, copies] of days)
      await t.ctx.db
        .insert(carDailyCounts)
        .values({ carId, day: sql`(now() at time zone 'utc')::date - ${ago}::int`, copies });
  }
  carsChanged(t.ctx);
});
afterAll(() => t.close());

const names = async (query: string) => {
  const res = await api.get(`/cars${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ items: Car[] }>().items.map((c) => c.name);
};

describe('car sorts', () => {
  it('orders by the Bayesian mean of the stars: few votes sit near the site average', async () => {
    // m = 125 / 31 stars; (C m + sum) / (C + n) with C = 5: Many Good 4.41, One Vote 4.19,
    // the unrated ones at m (4.03, newest first), Many Middling 3.34.
    expect(RATING_PRIOR_WEIGHT).toBe(5);
    const byRating = ['Sorted Many Good', 'Sorted One Vote', 'Other Unrated', 'Sorted Unrated', 'Sorted Many Middling'];
    expect(await names('?sort=rating')).toEqual(byRating);
    expect(await names('?sortBy=rating&sortDir=asc')).toEqual([...byRating].reverse());
    // With search text: the same order among the matches.
    expect(await names('?sort=rating&search=sorted')).toEqual(byRating.filter((n) => n.startsWith('Sorted')));
  });

  it('orders by the code copies of the last 7 days, then all-time copies', async () => {
    // Middling 11 (2 and 6 days ago), One Vote 3 (today); 10 and 7 days ago do not count.
    expect(await names('?sort=trending')).toEqual([
      'Sorted Many Middling',
      'Sorted One Vote',
      'Sorted Many Good',
      'Other Unrated',
      'Sorted Unrated',
    ]);
    expect(await names('?sort=trending&search=unrated')).toEqual(['Other Unrated', 'Sorted Unrated']);
    // sortBy wins over its other name.
    expect((await names('?sort=trending&sortBy=name&sortDir=asc'))[0]).toBe('Other Unrated');
  });
});
