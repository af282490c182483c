import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  carBodiesSchema,
  carDetailSchema,
  carsPageSchema,
  type CarBody,
  type CarDetail,
  type CarsPage,
} from '@bm/core';
import type { z } from 'zod';
import { cars } from '../../db/schema.js';
import { signedInMember, startTestApp, type TestApp, type Member } from '../../../test/harness.js';
import { carsChanged } from './service.js';
import { TEST_LIMITS, carsApi, codeWithBody, png } from './test-support.js';
import { multipartFile } from '../../../test/requests.js';

type Headers = Record<string, string>;

let t: TestApp;
let api: ReturnType<typeof carsApi>;
let owner: Member;
let voter: Member;
let other: Member;
let mod: Member;

beforeAll(async () => {
  t = await startTestApp({ limits: TEST_LIMITS });
  api = carsApi(t);
  [owner, voter, other] = await Promise.all([signedInMember(t), signedInMember(t), signedInMember(t)]);
  mod = await signedInMember(t, ['moderator']);
});
afterAll(() => t.close());

/** GET /cars/{id} as the given caller: the car, or the status code when it is not shown. */
async function read(id: number, headers: Headers = {}): Promise<CarDetail | number> {
  const res = await api.get(`/cars/${id}`, headers);
  return res.statusCode === 200 ? res.json<CarDetail>() : res.statusCode;
}
async function shown(id: number, headers: Headers = {}) {
  const car = await read(id, headers);
  if (typeof car === 'number') throw new Error(`GET /cars/${id} answered ${car}`);
  return car;
}
async function ok(res: Promise<{ statusCode: number; body: string }>) {
  const r = await res;
  expect(r.statusCode, r.body).toBeLessThan(300);
  return r;
}
let counter = 0;
/** A car with a name only this test uses, and the list page that searches for it. */
async function newCar(input: { code?: string } = {}) {
  const name = `Keptcar ${++counter} zq${counter}x`;
  const id = await api.create(owner.auth, { name, ...input });
  const list = async () => (await api.get(`/cars?search=${encodeURIComponent(`zq${counter}x`)}`)).json<CarsPage>();
  return { id, name, list };
}

describe('kept car lists and details', () => {
  it('serve a car again without the database until a write drops it', async () => {
    const car = await newCar();
    expect((await shown(car.id)).name).toBe(car.name);
    expect((await car.list()).items.map((c) => c.name)).toEqual([car.name]);
    await t.ctx.db
      .update(cars)
      .set({ name: `${car.name} behind` })
      .where(eq(cars.id, car.id));
    expect((await shown(car.id)).name).toBe(car.name);
    expect((await car.list()).items[0]!.name).toBe(car.name);
    carsChanged(t.ctx, car.id);
    expect((await shown(car.id)).name).toBe(`${car.name} behind`);
    expect((await car.list()).items[0]!.name).toBe(`${car.name} behind`);
  });

  it('show an edit, a pin and a new banner on the next read, in the list and the detail', async () => {
    const car = await newCar();
    await shown(car.id);
    await car.list();
    await ok(
      api.put(
        `/cars/${car.id}`,
        { name: `${car.name} edited`, code: codeWithBody(22), description: 'Edited' },
        owner.auth,
      ),
    );
    expect(await shown(car.id)).toMatchObject({ name: `${car.name} edited`, description: 'Edited', bodyProductId: 22 });
    expect((await car.list()).items[0]).toMatchObject({ name: `${car.name} edited`, bodyProductId: 22 });

    await ok(api.post(`/cars/${car.id}/pin`, { isPinned: true }, owner.auth));
    expect((await shown(car.id)).isPinned).toBe(true);

    expect((await shown(car.id)).bannerUrl).toBeNull();
    const upload = multipartFile(await png(64, 36), 'banner.png', 'image/png');
    await ok(
      t.app.inject({
        method: 'POST',
        url: `/api/cars/${car.id}/banner`,
        headers: { ...owner.auth, ...upload.headers },
        payload: upload.body,
      }),
    );
    expect((await shown(car.id)).bannerUrl).toMatch(/\.webp$/);
    expect((await car.list()).items[0]!.bannerUrl).toMatch(/\.webp$/);
  });

  it('show votes and ratings at once, with each viewer their own and never another’s', async () => {
    const car = await newCar();
    expect(await shown(car.id, voter.auth)).toMatchObject({ upvotes: 0, myVote: 'N', myStars: null, ratingCount: 0 });
    await car.list();
    await ok(api.post(`/cars/${car.id}/vote`, { voteType: 'U' }, voter.auth));
    await ok(api.post(`/cars/${car.id}/rate`, { stars: 4 }, voter.auth));
    await ok(api.post(`/cars/${car.id}/vote`, { voteType: 'D' }, other.auth));
    expect(await shown(car.id, voter.auth)).toMatchObject({
      upvotes: 1,
      downvotes: 1,
      myVote: 'U',
      myStars: 4,
      averageRating: 4,
      ratingCount: 1,
    });
    expect(await shown(car.id, other.auth)).toMatchObject({ upvotes: 1, downvotes: 1, myVote: 'D', myStars: null });
    expect(await shown(car.id)).toMatchObject({ upvotes: 1, myVote: 'N', myStars: null });
    expect((await car.list()).items[0]).toMatchObject({ upvotes: 1, downvotes: 1, averageRating: 4, ratingCount: 1 });
  });

  it('show a counted view or copy on the car at once', async () => {
    const car = await newCar();
    const before = await shown(car.id);
    expect((await api.post(`/cars/${car.id}/view`, undefined, { 'user-agent': 'kept' })).json()).toMatchObject({
      counted: true,
    });
    expect((await api.post(`/cars/${car.id}/copy`, undefined, { 'user-agent': 'kept' })).json()).toMatchObject({
      counted: true,
    });
    expect(await shown(car.id)).toMatchObject({ views: before.views + 1, codeCopies: before.codeCopies + 1 });
  });
});

describe('kept car reads after a hide, a deletion, a new body or avatar', () => {
  it('never serve a car a moderator hid to anyone but its owner and staff, and serve it again once restored', async () => {
    const car = await newCar();
    await shown(car.id);
    await shown(car.id, other.auth);
    expect((await car.list()).totalCount).toBe(1);
    await ok(api.post(`/moderation/cars/${car.id}/hide`, undefined, mod.auth));
    expect(await read(car.id)).toBe(404);
    expect(await read(car.id, other.auth)).toBe(404);
    expect((await car.list()).totalCount).toBe(0);
    expect(await shown(car.id, owner.auth)).toMatchObject({ status: 'H' });
    expect(await shown(car.id, mod.auth)).toMatchObject({ status: 'H' });
    // The owner's and staff's reads kept the hidden car: still nobody else sees it.
    expect(await read(car.id)).toBe(404);
    await ok(api.post(`/moderation/cars/${car.id}/restore`, undefined, mod.auth));
    expect(await shown(car.id)).toMatchObject({ status: 'A' });
    expect((await car.list()).totalCount).toBe(1);
  });

  it('never serve a deleted car, not even to its owner, nor list it', async () => {
    const car = await newCar();
    await shown(car.id);
    await shown(car.id, owner.auth);
    expect((await car.list()).totalCount).toBe(1);
    await ok(api.del(`/cars/${car.id}`, owner.auth));
    expect(await read(car.id)).toBe(404);
    expect(await read(car.id, owner.auth)).toBe(404);
    expect(await read(car.id, mod.auth)).toBe(404);
    expect((await car.list()).totalCount).toBe(0);
  });

  it('list a new car and its body at once', async () => {
    const bodies = async () => (await api.get('/cars/bodies')).json<CarBody[]>();
    const before = (await bodies()).find((b) => b.productId === 403)?.count ?? 0;
    const car = await newCar({ code: codeWithBody(403) });
    expect((await car.list()).items.map((c) => c.id)).toEqual([car.id]);
    expect((await bodies()).find((b) => b.productId === 403)?.count).toBe(before + 1);
  });

  it('answer with exactly what the response schemas describe', async () => {
    const car = await newCar({ code: codeWithBody(23) });
    await ok(api.post(`/cars/${car.id}/rate`, { stars: 3 }, voter.auth));
    const checks: Array<[string, z.ZodType, Headers]> = [
      [`/cars/${car.id}`, carDetailSchema, {}],
      ['/cars', carsPageSchema, {}],
      ['/cars', carsPageSchema, voter.auth],
      ['/cars/bodies', carBodiesSchema, {}],
    ];
    for (const [url, schema, headers] of checks) {
      for (let i = 0; i < 2; i++) {
        const res = await ok(api.get(url, headers));
        const body = JSON.parse(res.body) as unknown;
        // Parsing strips what the schema does not name and fails on what it does not allow: nothing changes.
        expect(schema.parse(body), url).toEqual(body);
      }
    }
  });

  it('show a new avatar of the owner on the next read', async () => {
    const car = await newCar();
    expect((await shown(car.id)).member.avatarUrl).toBeNull();
    const upload = multipartFile(await png(64, 64), 'me.png', 'image/png');
    await ok(
      t.app.inject({
        method: 'POST',
        url: '/api/members/me/avatar',
        headers: { ...owner.auth, ...upload.headers },
        payload: upload.body,
      }),
    );
    expect((await shown(car.id)).member.avatarUrl).toMatch(/\.webp$/);
    expect((await car.list()).items[0]!.member.avatarUrl).toMatch(/\.webp$/);
  });
});
