import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { decodeCarCode } from '@bm/core';
import { carRatings, cars, carVotes } from '../../db/schema.js';
import { startTestApp, uniqueMember, type TestApp } from '../../../test/harness.js';
import { ensureMember } from '../../db/seed.js';
import { seedDemoCars } from './seed.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
  const memberIds: number[] = [];
  for (let i = 0; i < 6; i++) memberIds.push((await ensureMember(t.ctx.db, uniqueMember('demo'))).id);
  await t.ctx.db.transaction((tx) => seedDemoCars(tx, memberIds));
});
afterAll(() => t.close());

describe('demo cars', () => {
  it('gives the list more than two pages of cars with valid codes and varied bodies', async () => {
    const page = (await t.app.inject({ method: 'GET', url: '/api/cars' })).json();
    expect(page.totalCount).toBeGreaterThanOrEqual(40);
    expect(page.totalPages).toBeGreaterThanOrEqual(3);
    const rows = await t.ctx.db.select().from(cars);
    for (const row of rows) {
      const decoded = decodeCarCode(row.code);
      expect(decoded.ok, row.code).toBe(true);
      if (decoded.ok) expect(decoded.loadout).toEqual(row.loadout);
    }
    expect(new Set(rows.map((r) => r.memberId)).size).toBeGreaterThan(3);
    expect(new Set(rows.map((r) => r.loadout.version))).toEqual(new Set([3, 4]));
    const bodies = (await t.app.inject({ method: 'GET', url: '/api/cars/bodies' })).json();
    expect(bodies.length).toBeGreaterThan(10);
    expect(bodies[0].count).toBeGreaterThan(1);
    expect(rows.some((r) => r.views > 0 && r.codeCopies > 0 && r.ratingCount > 0 && r.upvotes > 0)).toBe(true);
  });

  it('keeps rating and vote counters equal to their rows', async () => {
    for (const row of await t.ctx.db.select().from(cars)) {
      const ratings = await t.ctx.db
        .select({ stars: carRatings.stars })
        .from(carRatings)
        .where(eq(carRatings.carId, row.id));
      expect([row.ratingCount, row.ratingSum]).toEqual([ratings.length, ratings.reduce((s, r) => s + r.stars, 0)]);
      const [votes] = await t.ctx.db.select({ n: count() }).from(carVotes).where(eq(carVotes.carId, row.id));
      expect(row.upvotes + row.downvotes).toBe(votes!.n);
    }
  });
});
