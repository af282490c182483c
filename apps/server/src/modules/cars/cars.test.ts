import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { AUTH_MESSAGES, CAR_MESSAGES as M, decodeCarCode } from '@bm/core';
import { carRatings, cars, carVotes } from '../../db/schema.js';
import { membersForFile, signedInMember, testAppForFile, type Member } from '../../../test/harness.js';
import { postFile } from '../../../test/requests.js';
import { CarService, carMeta } from './index.js';
import { BAD_CHECKSUM_CODE, TEST_LIMITS, V3_CODE, V4_CODE, carsApi, codeWithBody, png } from './test-support.js';

const t = testAppForFile({ limits: TEST_LIMITS });
const api = carsApi(t);
/** Members most tests share; a test that needs a member of its own signs one in. */
const { owner, other } = membersForFile(t, { owner: [], other: [] });

/** Uploads a PNG file as the banner of car `id`, with `who`'s session (a visitor when null). */
const postBanner = (id: number, who: Member | null, data: Buffer, filename: string) =>
  postFile(t.app, `/api/cars/${id}/banner`, who, { data, filename, type: 'image/png' });

const carCount = async () => (await t.ctx.db.select({ n: count() }).from(cars))[0]!.n;
const fileOf = (url: string) => path.join(t.dataDir, 'files', url.replace(/^\/files\//, ''));

describe('creating and reading a car', () => {
  it('creates a car from a v4 code, stores the decoded loadout, and shows it to everyone', async () => {
    const m = owner;
    const res = await api.post(
      '/cars',
      { name: '  Midnight Octane  ', code: ` hAMwB1wA\nBMItCGEWAAA= `, description: '# Fast\n\nA **clean** build.' },
      m.auth,
    );
    expect(res.statusCode).toBe(201);
    const car = res.json();
    expect(car).toMatchObject({
      name: 'Midnight Octane',
      code: V4_CODE,
      description: '# Fast\n\nA **clean** build.',
      descriptionHtml: '<h1>Fast</h1>\n<p>A <strong>clean</strong> build.</p>\n',
      bannerUrl: null,
      member: { id: m.id, displayName: m.username, avatarUrl: null },
      views: 0,
      codeCopies: 0,
      upvotes: 0,
      downvotes: 0,
      averageRating: 0,
      ratingCount: 0,
      isPinned: false,
      status: 'A',
      isPublic: true,
      bodyProductId: 23,
      bodyName: 'Octane',
      myStars: null,
      myVote: 'N',
    });
    expect(car.loadout).toEqual((decodeCarCode(V4_CODE) as { loadout: unknown }).loadout);
    expect(new Date(car.createdAt).toISOString()).toBe(car.createdAt);

    const anon = await api.get(`/cars/${car.id}`);
    expect(anon.statusCode).toBe(200);
    expect(anon.json()).toEqual(car);
    const [row] = await t.ctx.db.select().from(cars).where(eq(cars.id, car.id));
    expect(row).toMatchObject({ memberId: m.id, code: V4_CODE, bodyProductId: 23, status: 'A', isPublic: true });
  });

  it('accepts a two-team v3 code and takes the blue body for the body filter', async () => {
    const m = owner;
    const res = await api.post('/cars', { name: 'Library sample', code: V3_CODE }, m.auth);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ description: '', bodyProductId: 23, bodyName: 'Octane' });
    expect(res.json().loadout).toMatchObject({ version: 3, blueIsOrange: false, orange: { wheelTeamId: 20 } });
  });

  it('names bodies missing from the table by their id', async () => {
    const m = owner;
    const res = await api.post('/cars', { name: 'Mystery body', code: codeWithBody(9999) }, m.auth);
    expect(res.json()).toMatchObject({ bodyProductId: 9999, bodyName: 'Body #9999' });
  });

  it('answers 400 for an id that is not a number and 404 for an unknown car', async () => {
    const bad = await api.get('/cars/abc');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Invalid id');
    const missing = await api.get('/cars/987654');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: M.notFound, code: 'car.notFound' });
  });
});

describe('car validation', () => {
  const cases: Array<[string, Record<string, unknown>, string, string]> = [
    ['no name', { name: undefined }, 'name', M.nameRequired],
    ['a blank name', { name: '   ' }, 'name', M.nameRequired],
    ['a short name', { name: ' ab ' }, 'name', M.nameShort],
    ['a long name', { name: 'x'.repeat(65) }, 'name', M.nameLong],
    ['no code', { code: undefined }, 'code', M.codeRequired],
    ['a blank code', { code: '  ' }, 'code', M.codeRequired],
    ['a corrupted checksum', { code: BAD_CHECKSUM_CODE }, 'code', 'Car code checksum does not match'],
    ['a truncated code', { code: 'hAMwB1wABMItCGEW' }, 'code', 'Car code is truncated'],
    ['garbage', { code: 'not a car code!!' }, 'code', 'Car code is not valid base64'],
    ['an unknown version', { code: 'AAAA' }, 'code', 'Car code version 0 is not supported'],
    ['a long description', { description: 'd'.repeat(5001) }, 'description', M.descriptionLong],
  ];

  it.each(cases)('refuses %s on create with its message, writing nothing', async (_label, change, field, message) => {
    const m = owner;
    const before = await carCount();
    const res = await api.post('/cars', { name: 'Valid name', code: V4_CODE, description: 'ok', ...change }, m.auth);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
    expect(res.json().errors[field]).toEqual([message]);
    expect(await carCount()).toBe(before);
  });

  it.each(cases)(
    'refuses %s on edit with its message, leaving the car as it was',
    async (_label, change, field, message) => {
      const m = owner;
      const id = await api.create(m.auth, { name: 'Before edit', description: 'kept' });
      const res = await api.put(
        `/cars/${id}`,
        { name: 'Valid name', code: codeWithBody(403), description: 'changed', ...change },
        m.auth,
      );
      expect(res.statusCode).toBe(400);
      expect(res.json().errors[field]).toEqual([message]);
      const [row] = await t.ctx.db.select().from(cars).where(eq(cars.id, id));
      expect(row).toMatchObject({ name: 'Before edit', description: 'kept', code: V4_CODE, bodyProductId: 23 });
    },
  );

  it('accepts the limits themselves', async () => {
    const m = owner;
    const res = await api.post('/cars', { name: 'abc', code: V4_CODE, description: 'd'.repeat(5000) }, m.auth);
    expect(res.statusCode).toBe(201);
    const long = await api.put(
      `/cars/${res.json().id}`,
      { name: 'n'.repeat(64), code: V4_CODE, description: null },
      m.auth,
    );
    expect(long.statusCode).toBe(200);
    expect(long.json()).toMatchObject({ name: 'n'.repeat(64), description: '' });
  });
});

describe('editing, pinning and deleting', () => {
  it('lets the owner edit name, code and description; the loadout and body follow the code', async () => {
    const m = owner;
    const id = await api.create(m.auth, { name: 'First name' });
    const before = (await api.get(`/cars/${id}`)).json();
    await new Promise((r) => setTimeout(r, 5));
    const res = await api.put(
      `/cars/${id}`,
      { name: 'Dominus now', code: codeWithBody(403), description: 'New text' },
      m.auth,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id,
      name: 'Dominus now',
      code: codeWithBody(403),
      description: 'New text',
      bodyProductId: 403,
      bodyName: 'Dominus',
    });
    expect(res.json().loadout.blue.items[0]).toEqual({ slot: 0, productId: 403, paintId: null });
    expect(res.json().createdAt).toBe(before.createdAt);
    expect(Date.parse(res.json().updatedAt)).toBeGreaterThan(Date.parse(before.updatedAt));
  });

  it("pins and unpins the owner's car", async () => {
    const m = owner;
    const id = await api.create(m.auth);
    const pin = await api.post(`/cars/${id}/pin`, { isPinned: true }, m.auth);
    expect(pin.statusCode).toBe(200);
    expect(pin.json()).toEqual({ isPinned: true });
    expect((await api.get(`/cars/${id}`)).json().isPinned).toBe(true);
    expect((await api.post(`/cars/${id}/pin`, { isPinned: false }, m.auth)).json()).toEqual({ isPinned: false });
    const bad = await api.post(`/cars/${id}/pin`, { isPinned: 'yes' }, m.auth);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(M.pinRequired);
  });

  it('deletes the car with its votes and ratings', async () => {
    const m = owner;
    const id = await api.create(m.auth);
    await api.post(`/cars/${id}/vote`, { voteType: 'U' }, other.auth);
    await api.post(`/cars/${id}/rate`, { stars: 4 }, other.auth);
    const res = await api.del(`/cars/${id}`, m.auth);
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect((await api.get(`/cars/${id}`)).statusCode).toBe(404);
    expect(await t.ctx.db.select().from(carVotes).where(eq(carVotes.carId, id))).toEqual([]);
    expect(await t.ctx.db.select().from(carRatings).where(eq(carRatings.carId, id))).toEqual([]);
    expect((await api.del(`/cars/${id}`, m.auth)).statusCode).toBe(404);
  });
});

describe('permissions', () => {
  it('lets only the owner edit, pin, delete or upload a banner (403 for others)', async () => {
    const id = await api.create(owner.auth, { name: 'Owned car' });
    const attempts = [
      await api.put(`/cars/${id}`, { name: 'Hijacked', code: V4_CODE }, other.auth),
      await api.post(`/cars/${id}/pin`, { isPinned: true }, other.auth),
      await api.del(`/cars/${id}`, other.auth),
      await postBanner(id, other, await png(20, 20), 'b.png'),
    ];
    for (const res of attempts) {
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(M.notOwner);
    }
    const [row] = await t.ctx.db.select().from(cars).where(eq(cars.id, id));
    expect(row).toMatchObject({ name: 'Owned car', isPinned: false, bannerKey: null });
  });

  it('asks anonymous callers to sign in (401) before looking at the body', async () => {
    const id = await api.create(owner.auth);
    const attempts = [
      await api.get('/cars/my'),
      await api.post('/cars', { name: 'Anonymous', code: V4_CODE }),
      await api.post('/cars', {}),
      await api.put(`/cars/${id}`, { name: 'Anonymous', code: V4_CODE }),
      await api.del(`/cars/${id}`),
      await api.post(`/cars/${id}/pin`, { isPinned: true }),
      await postBanner(id, null, await png(20, 20), 'b.png'),
      await api.post(`/cars/${id}/vote`, { voteType: 'U' }),
      await api.post(`/cars/${id}/rate`, { stars: 5 }),
    ];
    for (const res of attempts) {
      expect(res.statusCode, res.body).toBe(401);
      expect(res.json().message).toBe(AUTH_MESSAGES.notAuthenticated);
    }
    expect((await api.get(`/cars/${id}`)).json()).toMatchObject({ isPinned: false, upvotes: 0, ratingCount: 0 });
  });

  it('hides inactive and private cars from everyone but their owner', async () => {
    const inactive = await api.create(owner.auth, { name: 'Inactive car' });
    const hidden = await api.create(owner.auth, { name: 'Hidden car' });
    await t.ctx.db.update(cars).set({ status: 'D' }).where(eq(cars.id, inactive));
    await t.ctx.db.update(cars).set({ isPublic: false }).where(eq(cars.id, hidden));
    for (const id of [inactive, hidden]) {
      for (const headers of [{}, other.auth]) {
        for (const res of [
          await api.get(`/cars/${id}`, headers),
          await api.get(`/cars/${id}/rating`, headers),
          await api.post(`/cars/${id}/view`, undefined, headers),
          await api.post(`/cars/${id}/copy`, undefined, headers),
        ]) {
          expect(res.statusCode).toBe(404);
          expect(res.json().message).toBe(M.notFound);
        }
      }
      expect((await api.post(`/cars/${id}/vote`, { voteType: 'U' }, other.auth)).statusCode).toBe(404);
      expect((await api.put(`/cars/${id}`, { name: 'Hijacked', code: V4_CODE }, other.auth)).statusCode).toBe(404);
      expect((await api.get(`/cars/${id}`, owner.auth)).statusCode).toBe(200);
      expect((await api.put(`/cars/${id}`, { name: 'Still mine', code: V4_CODE }, owner.auth)).statusCode).toBe(200);
    }
    expect((await api.get(`/cars/${inactive}`, owner.auth)).json()).toMatchObject({ status: 'D', isPublic: true });
  });
});

describe('my cars', () => {
  it("lists the caller's cars, hidden ones too, pinned first then the most recently updated", async () => {
    const m = await signedInMember(t);
    await api.create(other.auth, { name: 'Not mine' });
    const a = await api.create(m.auth, { name: 'Car A' });
    const b = await api.create(m.auth, { name: 'Car B' });
    const c = await api.create(m.auth, { name: 'Car C' });
    await api.post(`/cars/${a}/pin`, { isPinned: true }, m.auth);
    await t.ctx.db.update(cars).set({ isPublic: false }).where(eq(cars.id, b));
    await api.put(`/cars/${b}`, { name: 'Car B edited', code: V4_CODE }, m.auth);
    const res = await api.get('/cars/my', m.auth);
    expect(res.statusCode).toBe(200);
    expect(res.json().map((car: { id: number }) => car.id)).toEqual([a, b, c]);
    expect(res.json()[1]).toMatchObject({ name: 'Car B edited', isPublic: false, member: { id: m.id } });
    expect(res.json()[0]).not.toHaveProperty('loadout');
  });
});

describe('banner', () => {
  it('re-encodes an image inside 1280x720, replaces the old file, and removes it with the car', async () => {
    const m = owner;
    const id = await api.create(m.auth);
    const first = await postBanner(id, m, await png(2560, 1600), 'banner.png');
    expect(first.statusCode, first.body).toBe(200);
    const url1 = first.json().bannerUrl as string;
    expect(url1).toMatch(new RegExp(`^/files/cars/${id}-[0-9a-f]+\\.webp$`));
    const meta = await sharp(fs.readFileSync(fileOf(url1))).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 1152, 720]);
    expect((await api.get(`/cars/${id}`)).json().bannerUrl).toBe(url1);
    expect((await t.app.inject({ method: 'GET', url: url1 })).statusCode).toBe(200);

    const second = await postBanner(id, m, await png(300, 200), 'small.png');
    const url2 = second.json().bannerUrl as string;
    expect(url2).not.toBe(url1);
    expect(fs.existsSync(fileOf(url1))).toBe(false);
    const meta2 = await sharp(fs.readFileSync(fileOf(url2))).metadata();
    expect([meta2.width, meta2.height]).toEqual([300, 200]);

    expect((await api.del(`/cars/${id}`, m.auth)).statusCode).toBe(204);
    expect(fs.existsSync(fileOf(url2))).toBe(false);
  });

  it('refuses a file over 5 MB (413), a file that is not an image (415), and a missing file', async () => {
    const m = owner;
    const id = await api.create(m.auth);
    const filesBefore = fs.existsSync(path.join(t.dataDir, 'files', 'cars'))
      ? fs.readdirSync(path.join(t.dataDir, 'files', 'cars'))
      : [];
    const tooBig = await postBanner(id, m, Buffer.alloc(5 * 1024 * 1024 + 1, 1), 'big.png');
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json().message).toBe(M.bannerTooLarge);
    const notImage = await postBanner(id, m, Buffer.from('just some text, not an image'), 'fake.png');
    expect(notImage.statusCode).toBe(415);
    expect(notImage.json().message).toBe(M.bannerType);
    const json = await api.post(`/cars/${id}/banner`, { file: 'x' }, m.auth);
    expect(json.statusCode).toBe(415);
    expect((await api.get(`/cars/${id}`)).json().bannerUrl).toBeNull();
    const filesAfter = fs.existsSync(path.join(t.dataDir, 'files', 'cars'))
      ? fs.readdirSync(path.join(t.dataDir, 'files', 'cars'))
      : [];
    expect(filesAfter).toEqual(filesBefore);
  });

  it('removes the new file when the car cannot take it', async () => {
    const m = owner;
    const id = await api.create(m.auth);
    await api.del(`/cars/${id}`, m.auth);
    const principal = { memberId: m.id, sessionId: '', roles: [], impersonating: false, impersonatorId: null };
    await expect(new CarService(t.ctx).files.setBanner(principal, id, await png(40, 40))).rejects.toMatchObject({
      statusCode: 404,
    });
    const dir = path.join(t.dataDir, 'files', 'cars');
    const left = fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => f.startsWith(`${id}-`)) : [];
    expect(left).toEqual([]);
  });
});

describe('page meta', () => {
  it("gives the car's name, its description as text cut to 160 characters, and its banner", async () => {
    const m = owner;
    const id = await api.create(m.auth, {
      name: 'Meta car',
      description: `## Heading\n\nA **bold** [link](https://x.test) ${'word '.repeat(60)}`,
    });
    const meta = await carMeta(t.ctx, id);
    expect(meta?.title).toBe('Meta car');
    expect(meta?.description.startsWith('Heading A bold link word word')).toBe(true);
    expect(meta?.description.length).toBeLessThanOrEqual(160);
    expect(meta?.image).toBeNull();
  });

  it('falls back to a text about the car when it has no description, and is null for cars the public cannot see', async () => {
    const m = owner;
    const id = await api.create(m.auth, { name: 'Quiet car', code: codeWithBody(403) });
    expect((await carMeta(t.ctx, id))?.description).toBe(
      `Quiet car: a Dominus car design by ${m.username}. Copy the car code and import it in Rocket League with BakkesMod.`,
    );
    await t.ctx.db.update(cars).set({ isPublic: false }).where(eq(cars.id, id));
    expect(await carMeta(t.ctx, id)).toBeNull();
    expect(await carMeta(t.ctx, 99999)).toBeNull();
  });
});
