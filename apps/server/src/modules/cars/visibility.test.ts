/**
 * The car access policy on every read path: a car that is private, inactive, hidden by a moderator,
 * or whose owner is disabled, is absent from the list, search, the body menu, its detail (and the
 * reads that hang on it), the member pages, the sitemap, the page meta and the banner link, and
 * comes back when the reason goes. Each path is asked for a listed car first, so that a path that
 * shows nothing would not pass for one that follows the rule.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CarBody, CarsPage, MemberProfile } from '@bm/core';
import { cars } from '../../db/schema.js';
import { signedInMember, startTestApp, type TestApp, type Member } from '../../../test/harness.js';
import { buildSitemap } from '../pages/service.js';
import { carsChanged } from './index.js';
import { TEST_LIMITS, carsApi, codeWithBody, png } from './test-support.js';
import { multipartFile } from '../../../test/requests.js';

let t: TestApp;
let api: ReturnType<typeof carsApi>;
let dist: string;
let stranger: Member;
let mod: Member;
let admin: Member;

beforeAll(async () => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'bm-dist-'));
  fs.writeFileSync(
    path.join(dist, 'index.html'),
    '<!doctype html><html><head><title>x</title></head><body></body></html>',
  );
  t = await startTestApp({ limits: TEST_LIMITS, webDist: dist });
  api = carsApi(t);
  [stranger, mod, admin] = await Promise.all([
    signedInMember(t),
    signedInMember(t, ['moderator']),
    signedInMember(t, ['administrator']),
  ]);
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

let counter = 0;
/** A listed car with a banner, a name only it has and a body no other car uses. */
async function listedCar() {
  const owner = await signedInMember(t);
  const n = ++counter;
  const word = `vizq${n}x`;
  const body = 9000 + n;
  const id = await api.create(owner.auth, { name: `Policy car ${word}`, code: codeWithBody(body) });
  const upload = multipartFile(await png(64, 36), 'banner.png', 'image/png');
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/cars/${id}/banner`,
    headers: { ...owner.auth, ...upload.headers },
    payload: upload.body,
  });
  const bannerUrl = res.json<{ bannerUrl: string }>().bannerUrl;
  expect(bannerUrl).toMatch(/^\/files\/cars\//);
  return { id, owner, word, body, bannerUrl };
}
type TestCar = Awaited<ReturnType<typeof listedCar>>;

const og = (html: string, key: string) =>
  new RegExp(`<meta (?:name|property)="${key}" content="([^"]*)" />`).exec(html)?.[1];

/** Whether each public read path shows the car, as an anonymous visitor (and another member for the detail). */
async function publicReads(car: TestCar) {
  const list = await api.get('/cars?sortBy=createdAt&sortDir=desc&pageSize=100');
  const search = await api.get(`/cars?search=${car.word}`);
  const byBody = await api.get(`/cars?body=${car.body}`);
  const bodies = await api.get('/cars/bodies');
  const memberCars = await api.get(`/members/${car.owner.username}/cars`);
  const profile = await api.get(`/members/${car.owner.username}`);
  // /sitemap.xml keeps a built sitemap for a minute (pages/routes.ts): the builder itself is asked.
  const sitemap = await buildSitemap(t.ctx, 'http://localhost:3000');
  const page = await t.app.inject(`/cars/${car.id}`);
  const ids = (res: { statusCode: number; json: <T>() => T }) =>
    res.statusCode === 200 ? res.json<CarsPage | { items: Array<{ id: number }> }>().items.map((c) => c.id) : [];
  const found = async (method: 'get' | 'post', url: string, headers?: Record<string, string>) =>
    (method === 'get' ? await api.get(url, headers) : await api.post(url, undefined, headers)).statusCode !== 404;
  const pages = [list, search, byBody, memberCars];
  return {
    list: ids(list).includes(car.id),
    search: ids(search).includes(car.id),
    bodyFilter: ids(byBody).includes(car.id),
    bodyMenu: bodies.json<CarBody[]>().some((b) => b.productId === car.body),
    detail: await found('get', `/cars/${car.id}`),
    detailToMember: await found('get', `/cars/${car.id}`, stranger.auth),
    rating: await found('get', `/cars/${car.id}/rating`),
    view: await found('post', `/cars/${car.id}/view`),
    copy: await found('post', `/cars/${car.id}/copy`),
    vote: (await api.post(`/cars/${car.id}/vote`, { voteType: 'U' }, stranger.auth)).statusCode !== 404,
    memberCars: ids(memberCars).includes(car.id),
    memberCount: profile.statusCode === 200 && profile.json<MemberProfile>().carCount > 0,
    sitemap: sitemap.includes(`/cars/${car.id}</loc>`),
    pageMeta: og(page.body, 'og:title') === `Policy car ${car.word}`,
    bannerLink: pages.some((r) => r.body.includes(car.bannerUrl)) || page.body.includes(car.bannerUrl),
  };
}

const everywhere = (shown: boolean) => ({
  list: shown,
  search: shown,
  bodyFilter: shown,
  bodyMenu: shown,
  detail: shown,
  detailToMember: shown,
  rating: shown,
  view: shown,
  copy: shown,
  vote: shown,
  memberCars: shown,
  memberCount: shown,
  sitemap: shown,
  pageMeta: shown,
  bannerLink: shown,
});

async function ok(res: Promise<{ statusCode: number; body: string }>) {
  const r = await res;
  expect(r.statusCode, r.body).toBeLessThan(300);
}

describe('a hidden car is absent from every public read path', () => {
  it('when its owner makes it private', async () => {
    const car = await listedCar();
    expect(await publicReads(car)).toEqual(everywhere(true));
    // No route sets it yet: the column is written as a future route would, and the caches dropped as it must.
    await t.ctx.db.update(cars).set({ isPublic: false }).where(eq(cars.id, car.id));
    carsChanged(t.ctx, car.id);
    expect(await publicReads(car)).toEqual(everywhere(false));
    expect((await api.get(`/cars/${car.id}`, car.owner.auth)).statusCode).toBe(200);
  });

  it('when its status is not an active letter (A or I)', async () => {
    const car = await listedCar();
    await t.ctx.db.update(cars).set({ status: 'I' }).where(eq(cars.id, car.id));
    carsChanged(t.ctx, car.id);
    expect(await publicReads(car)).toEqual(everywhere(true));
    await t.ctx.db.update(cars).set({ status: 'D' }).where(eq(cars.id, car.id));
    carsChanged(t.ctx, car.id);
    expect(await publicReads(car)).toEqual(everywhere(false));
  });

  it('while a moderator hides it, and back once restored', async () => {
    const car = await listedCar();
    expect(await publicReads(car)).toEqual(everywhere(true));
    await ok(api.post(`/moderation/cars/${car.id}/hide`, undefined, mod.auth));
    expect(await publicReads(car)).toEqual(everywhere(false));
    expect((await api.get(`/cars/${car.id}`, mod.auth)).statusCode).toBe(200);
    await ok(api.post(`/moderation/cars/${car.id}/restore`, undefined, mod.auth));
    expect(await publicReads(car)).toEqual(everywhere(true));
  });

  it('while its owner is disabled, and back once enabled', async () => {
    const car = await listedCar();
    expect(await publicReads(car)).toEqual(everywhere(true));
    await ok(api.post(`/admin/members/${car.owner.id}/disable`, undefined, admin.auth));
    expect(await publicReads(car)).toEqual(everywhere(false));
    // Staff still open it by id, as they open the disabled member's profile.
    expect((await api.get(`/cars/${car.id}`, mod.auth)).statusCode).toBe(200);
    await ok(api.post(`/admin/members/${car.owner.id}/enable`, undefined, admin.auth));
    expect(await publicReads(car)).toEqual(everywhere(true));
  });
});
