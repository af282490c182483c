import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { CAR_MESSAGES as M, type Car } from '@bm/core';
import { cars } from '../../db/schema.js';
import { signedInMember, startTestApp, type TestApp, type Member } from '../../../test/harness.js';
import { TEST_LIMITS, carsApi, codeWithBody } from './test-support.js';

/**
 * One database holding a known catalogue: 40 listed cars by two members, with views 0..39,
 * creation a day apart, and bodies Octane (23) x20, Dominus (403) x12, Breakout (22) x8;
 * plus one inactive and one private car that lists never show.
 */
let t: TestApp;
let api: ReturnType<typeof carsApi>;
let alice: Member;
let bob: Member;
const ids: number[] = [];
const NAMES = ['Alpha', 'bravo', 'Charlie', 'Delta', 'echo', 'Foxtrot', 'Golf', 'Hotel'];

beforeAll(async () => {
  t = await startTestApp({ limits: TEST_LIMITS });
  api = carsApi(t);
  [alice, bob] = await Promise.all([signedInMember(t), signedInMember(t)]);
  for (let i = 0; i < 40; i++) {
    const body = i < 20 ? 23 : i < 32 ? 403 : 22;
    const bodyWord = { 23: 'Octane', 403: 'Dominus', 22: 'Breakout' }[body];
    const name = `${NAMES[i % NAMES.length]} ${bodyWord} ${String(i).padStart(2, '0')}`;
    const description = i === 7 ? 'Painted with the rare **Sunburst** decal, 100% clean' : `Car number ${i}`;
    const id = await api.create(i % 2 ? bob.auth : alice.auth, { name, code: codeWithBody(body), description });
    await t.ctx.db
      .update(cars)
      .set({
        views: i,
        createdAt: sql`now() - make_interval(days => ${40 - i})`,
        updatedAt: sql`now() - make_interval(hours => ${(i * 7) % 40})`,
      })
      .where(eq(cars.id, id));
    ids.push(id);
  }
  const inactive = await api.create(alice.auth, { name: 'Alpha Inactive', code: codeWithBody(1317) });
  const hidden = await api.create(alice.auth, { name: 'Alpha Hidden', code: codeWithBody(1317) });
  await t.ctx.db.update(cars).set({ status: 'D', views: 1000 }).where(eq(cars.id, inactive));
  await t.ctx.db.update(cars).set({ isPublic: false, views: 1000 }).where(eq(cars.id, hidden));
});
afterAll(() => t.close());

type Page = { items: Car[]; totalCount: number; totalPages: number };
const list = async (query: string) => {
  const res = await api.get(`/cars${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Page>();
};
const names = (page: Page) => page.items.map((c) => c.name);

describe('GET /cars paging', () => {
  it('shows 17 active public cars a page, most viewed first', async () => {
    const page = await list('');
    expect(page.totalCount).toBe(40);
    expect(page.totalPages).toBe(3);
    expect(page.items).toHaveLength(17);
    expect(page.items.map((c) => c.views)).toEqual(Array.from({ length: 17 }, (_, k) => 39 - k));
    expect(page.items[0]).toMatchObject({
      id: ids[39],
      member: { id: bob.id, displayName: bob.username },
      bodyName: 'Breakout',
    });
    expect(page.items[0]).not.toHaveProperty('loadout');
    const last = await list('?page=3');
    expect(last.items.map((c) => c.views)).toEqual([5, 4, 3, 2, 1, 0]);
    const beyond = await list('?page=9');
    expect(beyond).toEqual({ items: [], totalCount: 40, totalPages: 3 });
  });

  it('keeps the page size within 1..100 and the page at least 1', async () => {
    expect((await list('?pageSize=1000')).items).toHaveLength(40);
    expect((await list('?pageSize=1000')).totalPages).toBe(1);
    const one = await list('?pageSize=0');
    expect([one.items.length, one.totalPages]).toEqual([1, 40]);
    expect((await list('?pageSize=-5&page=2')).items[0]!.views).toBe(38);
    expect((await list('?page=0')).items[0]!.views).toBe(39);
    expect((await list('?page=-3&pageSize=10')).items.map((c) => c.views)).toEqual([
      39, 38, 37, 36, 35, 34, 33, 32, 31, 30,
    ]);
  });

  it('answers 400 with a message for values that are not numbers or not a sort it knows', async () => {
    for (const [query, message] of [
      ['?page=abc', M.pageInvalid],
      ['?pageSize=1.5', M.pageSizeInvalid],
      ['?sortBy=stars', M.sortByInvalid],
      ['?sort=stars', M.sortByInvalid],
      ['?sortDir=up', M.sortDirInvalid],
      ['?body=octane', M.bodyInvalid],
    ]) {
      const res = await api.get(`/cars${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().message).toBe(message);
    }
  });
});

describe('GET /cars sorting', () => {
  it('sorts by name either way, ignoring case', async () => {
    const asc = names(await list('?sortBy=name&sortDir=asc&pageSize=100'));
    const sorted = [...asc].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase()));
    expect(asc).toEqual(sorted);
    expect(asc[0]).toBe('Alpha Breakout 32');
    expect(asc.slice(5, 10).every((n) => n.startsWith('bravo'))).toBe(true);
    expect(names(await list('?sortBy=name&sortDir=desc&pageSize=100'))).toEqual([...sorted].reverse());
  });

  it('sorts by views ascending, and by created and updated dates either way', async () => {
    expect((await list('?sortBy=views&sortDir=asc&pageSize=3')).items.map((c) => c.views)).toEqual([0, 1, 2]);
    expect((await list('?sortBy=createdAt&sortDir=desc&pageSize=3')).items.map((c) => c.id)).toEqual([
      ids[39],
      ids[38],
      ids[37],
    ]);
    expect((await list('?sortBy=createdAt&sortDir=asc&pageSize=3')).items.map((c) => c.id)).toEqual([
      ids[0],
      ids[1],
      ids[2],
    ]);
    const updated = (await list('?sortBy=updatedAt&sortDir=desc&pageSize=100')).items.map((c) =>
      Date.parse(c.updatedAt),
    );
    expect(updated).toEqual([...updated].sort((a, b) => b - a));
    const updatedAsc = (await list('?sortBy=updatedAt&sortDir=asc&pageSize=100')).items.map((c) =>
      Date.parse(c.updatedAt),
    );
    expect(updatedAsc).toEqual([...updated].reverse());
  });

  it('defaults to views descending', async () => {
    expect((await list('?sortBy=views')).items[0]!.views).toBe(39);
    expect((await list('?sortDir=asc')).items[0]!.views).toBe(0);
  });
});

describe('GET /cars search', () => {
  it('finds partial words in the name, whatever their case, and counts only matches', async () => {
    const page = await list('?search=char&pageSize=100');
    expect(names(page).every((n) => n.startsWith('Charlie'))).toBe(true);
    expect(page.totalCount).toBe(5);
    expect(page.totalPages).toBe(1);
    expect((await list('?search=DOMIN&pageSize=100')).totalCount).toBe(12);
  });

  it('needs every word, each in the name or the description', async () => {
    expect(names(await list('?search=alpha%20dominus'))).toEqual(['Alpha Dominus 24']);
    expect(names(await list('?search=sunburst'))).toEqual(['Hotel Octane 07']);
    expect(names(await list('?search=hotel%20sunb'))).toEqual(['Hotel Octane 07']);
    expect(names(await list('?search=%20%20golf%20%20octane%20'))).toEqual(['Golf Octane 14', 'Golf Octane 06']);
  });

  it('takes LIKE wildcards literally', async () => {
    expect(names(await list('?search=100%25'))).toEqual(['Hotel Octane 07']);
    expect((await list('?search=%25')).totalCount).toBe(1);
    expect((await list('?search=_')).totalCount).toBe(0);
  });

  it('tolerates a typo in the name', async () => {
    expect((await list('?search=Dominos&pageSize=100')).totalCount).toBe(12);
  });

  it('never finds inactive or private cars, and keeps the chosen order', async () => {
    const alpha = await list('?search=alpha&sortBy=views&sortDir=asc');
    expect(names(alpha)).toEqual([
      'Alpha Octane 00',
      'Alpha Octane 08',
      'Alpha Octane 16',
      'Alpha Dominus 24',
      'Alpha Breakout 32',
    ]);
    expect(await list('?search=zzzz-nothing')).toEqual({ items: [], totalCount: 0, totalPages: 0 });
  });
});

describe('body filter', () => {
  it('lists only cars with that body, combined with search and sort', async () => {
    const dominus = await list('?body=403&pageSize=100');
    expect(dominus.totalCount).toBe(12);
    expect(dominus.items.every((c) => c.bodyProductId === 403 && c.bodyName === 'Dominus')).toBe(true);
    expect(names(await list('?body=22&search=alpha'))).toEqual(['Alpha Breakout 32']);
    expect((await list('?body=22&sortBy=views&sortDir=asc&pageSize=2')).items.map((c) => c.views)).toEqual([32, 33]);
    expect((await list('?body=1317')).totalCount).toBe(0);
  });

  it('offers the bodies listed cars use, most used first, with their names', async () => {
    const res = await api.get('/cars/bodies');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      { productId: 23, name: 'Octane', count: 20 },
      { productId: 403, name: 'Dominus', count: 12 },
      { productId: 22, name: 'Breakout', count: 8 },
    ]);
  });
});

describe('GET /members/{username}/cars', () => {
  it("pages a member's listed cars: pinned first, then code copies, views and last update", async () => {
    const aliceIds = ids.filter((_, i) => i % 2 === 0);
    const [pinned, copied, tieA, tieB] = [aliceIds[3]!, aliceIds[5]!, aliceIds[8]!, aliceIds[9]!];
    await api.post(`/cars/${pinned}/pin`, { isPinned: true }, alice.auth);
    await t.ctx.db.update(cars).set({ codeCopies: 50 }).where(eq(cars.id, copied));
    // Same copies and views: the more recently updated comes first.
    await t.ctx.db
      .update(cars)
      .set({ codeCopies: 10, views: 5, updatedAt: sql`now() - interval '2 days'` })
      .where(eq(cars.id, tieA));
    await t.ctx.db
      .update(cars)
      .set({ codeCopies: 10, views: 5, updatedAt: sql`now() - interval '1 day'` })
      .where(eq(cars.id, tieB));

    const res = await api.get(`/members/${alice.username.toUpperCase()}/cars`);
    expect(res.statusCode).toBe(200);
    const page = res.json();
    expect(page.totalCount).toBe(20);
    expect(page.totalPages).toBe(2);
    expect(page.items).toHaveLength(16);
    expect(page.items.slice(0, 4).map((c: { id: number }) => c.id)).toEqual([pinned, copied, tieB, tieA]);
    expect(Object.keys(page.items[0]).sort()).toEqual([
      'bannerUrl',
      'codeCopies',
      'description',
      'id',
      'isPinned',
      'name',
      'updatedAt',
      'views',
    ]);
    expect(page.items[0]).toMatchObject({ id: pinned, isPinned: true, bannerUrl: null });
    const rest = page.items.slice(4).map((c: { views: number }) => c.views);
    expect(rest).toEqual([...rest].sort((a, b) => b - a));

    const all = (await api.get(`/members/${alice.username}/cars?pageSize=500`)).json();
    expect([all.items.length, all.totalPages]).toEqual([20, 1]);
    expect(all.items.some((c: { name: string }) => c.name.includes('Inactive') || c.name.includes('Hidden'))).toBe(
      false,
    );
    const second = (await api.get(`/members/${alice.username}/cars?page=2`)).json();
    expect(second.items).toHaveLength(4);
    const small = (await api.get(`/members/${alice.username}/cars?pageSize=0`)).json();
    expect([small.items.length, small.totalPages]).toEqual([1, 20]);
  });

  it('answers 404 for an unknown member', async () => {
    const res = await api.get('/members/nobody-by-that-name/cars');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: M.memberNotFound, code: 'member.notFound' });
  });
});
