import { describe, expect, it } from 'vitest';
import { GAME_VERSION_MESSAGES as M, type GameVersion } from '@bm/core';
import { gameVersions } from '../../db/schema.js';
import { seedDemo } from '../../demo/seed.js';
import { membersForFile, startTestApp, testAppForFile, type Member } from '../../../test/harness.js';
import { DEMO_GAME_VERSIONS } from './seed.js';

const t = testAppForFile();
const { admin, member } = membersForFile(t, { admin: ['administrator'], member: [] });

const call = (method: 'GET' | 'POST' | 'PATCH', url: string, who: Member | null, payload?: object) =>
  t.app.inject({ method, url: `/api${url}`, headers: who?.auth, payload });
const list = async () => (await call('GET', '/game-versions', null)).json<GameVersion[]>();
const add = async (body: object) => call('POST', '/admin/game-versions', admin, body);
const currentOnes = async () => (await list()).filter((v) => v.current);

describe('game versions', () => {
  it('starts empty, and the first version added is current even without makeCurrent', async () => {
    expect(await list()).toEqual([]);
    const res = await add({ name: 'v2.40', bakkesmodVersion: '2.0.50', releasedAt: '2026-01-05' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      id: expect.any(Number),
      name: 'v2.40',
      bakkesmodVersion: '2.0.50',
      releasedAt: '2026-01-05T00:00:00.000Z',
      current: true,
    });
  });

  it('lists newest first and keeps exactly one current when another is made current', async () => {
    const older = (
      await add({ name: 'v2.41', bakkesmodVersion: '2.0.51', releasedAt: '2026-02-05', makeCurrent: false })
    ).json<GameVersion>();
    expect(older.current).toBe(false);
    const newer = await add({
      name: ' v2.42 ',
      bakkesmodVersion: '2.0.52',
      releasedAt: '2026-03-05',
      makeCurrent: true,
    });
    expect(newer.statusCode).toBe(201);
    expect(newer.json<GameVersion>()).toMatchObject({ name: 'v2.42', current: true });
    expect((await list()).map((v) => v.name)).toEqual(['v2.42', 'v2.41', 'v2.40']);
    expect((await currentOnes()).map((v) => v.name)).toEqual(['v2.42']);

    const promoted = await call('PATCH', `/admin/game-versions/${older.id}`, admin, { makeCurrent: true });
    expect(promoted.statusCode).toBe(200);
    expect(promoted.json<GameVersion>()).toMatchObject({ id: older.id, current: true });
    expect((await currentOnes()).map((v) => v.id)).toEqual([older.id]);
  });

  it('defaults the release date to now', async () => {
    const before = Date.now();
    const v = (await add({ name: 'v2.43', bakkesmodVersion: '2.0.53', makeCurrent: false })).json<GameVersion>();
    expect(Date.parse(v.releasedAt)).toBeGreaterThanOrEqual(before - 1000);
    expect((await list())[0]!.name).toBe('v2.43');
  });

  it('edits the name, the BakkesMod version and the date', async () => {
    const v = (await add({ name: 'v2.44', bakkesmodVersion: '2.0.54', releasedAt: '2025-01-01' })).json<GameVersion>();
    const res = await call('PATCH', `/admin/game-versions/${v.id}`, admin, {
      name: 'v2.44 (hotfix)',
      bakkesmodVersion: '2.0.55',
      releasedAt: '2025-01-02T10:00:00Z',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      id: v.id,
      name: 'v2.44 (hotfix)',
      bakkesmodVersion: '2.0.55',
      releasedAt: '2025-01-02T10:00:00.000Z',
      current: false,
    });
    // Renaming to its own name, in another case, is not a duplicate of itself.
    expect((await call('PATCH', `/admin/game-versions/${v.id}`, admin, { name: 'V2.44 (HOTFIX)' })).statusCode).toBe(
      200,
    );
  });

  it('answers 409 for a duplicate name, whatever its case, on add and on rename', async () => {
    const res = await add({ name: 'V2.40', bakkesmodVersion: '9' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ message: M.duplicateName, errors: { name: [M.duplicateName] } });
    const other = (await list()).find((v) => v.name === 'v2.41')!;
    const rename = await call('PATCH', `/admin/game-versions/${other.id}`, admin, { name: 'v2.42' });
    expect(rename.statusCode).toBe(409);
    expect(rename.json()).toMatchObject({ message: M.duplicateName });
  });

  it('refuses to take the current mark off without moving it (409), and keeps one current', async () => {
    const [current] = await currentOnes();
    const res = await call('PATCH', `/admin/game-versions/${current!.id}`, admin, { makeCurrent: false });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ message: M.unmakeCurrent });
    expect((await currentOnes()).map((v) => v.id)).toEqual([current!.id]);
  });

  it('answers 400 with clear messages for invalid input', async () => {
    const cases: [object, string][] = [
      [{ bakkesmodVersion: '1' }, M.nameRequired],
      [{ name: '   ', bakkesmodVersion: '1' }, M.nameRequired],
      [{ name: 'x'.repeat(51), bakkesmodVersion: '1' }, M.nameTooLong],
      [{ name: 'ok' }, M.bakkesmodRequired],
      [{ name: 'ok', bakkesmodVersion: 'y'.repeat(51) }, M.bakkesmodTooLong],
      [{ name: 'ok', bakkesmodVersion: '1', releasedAt: 'yesterday' }, M.releasedAtInvalid],
      [{ name: 'ok', bakkesmodVersion: '1', releasedAt: '2026-13-45' }, M.releasedAtInvalid],
      [{ name: 'ok', bakkesmodVersion: '1', makeCurrent: 'yes' }, M.makeCurrentInvalid],
    ];
    for (const [body, message] of cases) {
      const res = await add(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message, JSON.stringify(body)).toBe(message);
    }
    const [v] = await list();
    const empty = await call('PATCH', `/admin/game-versions/${v!.id}`, admin, {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe(M.emptyPatch);
    expect((await call('PATCH', '/admin/game-versions/abc', admin, { name: 'z' })).statusCode).toBe(400);
  });

  it('answers 404 for an unknown version', async () => {
    const res = await call('PATCH', '/admin/game-versions/999999', admin, { name: 'nobody' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ message: M.notFound });
  });

  it('lets only administrators write (401 signed out, 403 for members), and anyone read', async () => {
    const [v] = await list();
    const body = { name: 'sneaky', bakkesmodVersion: '1' };
    expect((await call('POST', '/admin/game-versions', null, body)).statusCode).toBe(401);
    expect((await call('POST', '/admin/game-versions', member, body)).statusCode).toBe(403);
    expect((await call('PATCH', `/admin/game-versions/${v!.id}`, null, { makeCurrent: true })).statusCode).toBe(401);
    expect((await call('PATCH', `/admin/game-versions/${v!.id}`, member, { makeCurrent: true })).statusCode).toBe(403);
    expect((await call('GET', '/game-versions', member, undefined)).statusCode).toBe(200);
    expect((await list()).some((x) => x.name === 'sneaky')).toBe(false);
  });

  it('has the database refuse a second current version', async () => {
    await expect(
      t.ctx.db.insert(gameVersions).values({ name: 'rogue', bakkesmodVersion: '1', current: true }),
    ).rejects.toThrow();
    expect(await currentOnes()).toHaveLength(1);
  });

  it('keeps one current when two versions are made current at the same time', async () => {
    const a = (await add({ name: 'race-a', bakkesmodVersion: '1' })).json<GameVersion>();
    const b = (await add({ name: 'race-b', bakkesmodVersion: '1' })).json<GameVersion>();
    const results = await Promise.all([
      call('PATCH', `/admin/game-versions/${a.id}`, admin, { makeCurrent: true }),
      call('PATCH', `/admin/game-versions/${b.id}`, admin, { makeCurrent: true }),
    ]);
    expect(results.map((r) => r.statusCode)).toEqual([200, 200]);
    expect(await currentOnes()).toHaveLength(1);
  });
});

describe('demo game versions', () => {
  it('seeds a few versions with the newest current', async () => {
    const demo = await startTestApp();
    try {
      await seedDemo(demo.ctx.db, demo.ctx.storage);
      const seeded = (await demo.app.inject({ method: 'GET', url: '/api/game-versions' })).json<GameVersion[]>();
      expect(seeded.map((v) => v.name)).toEqual(DEMO_GAME_VERSIONS.map((v) => v.name).reverse());
      expect(seeded.filter((v) => v.current).map((v) => v.name)).toEqual([DEMO_GAME_VERSIONS.at(-1)!.name]);
    } finally {
      await demo.close();
    }
  });
});
