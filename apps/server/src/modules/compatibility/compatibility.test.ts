import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  COMPATIBILITY_MESSAGES as C,
  compatibilityStatus,
  type GameVersion,
  type PluginCompatibilityAnswer,
  type PluginDetail,
  type RebuildStatus,
} from '@bm/core';
import { compatibilityStatusSql } from '../../db/compatibility-status.js';
import { queryRows } from '../plugins/index.js';
import { publishedPlugin, createPlugin } from '../plugins/test-support.js';
import { signedInMember, startTestApp, type TestApp, type Member } from '../../../test/harness.js';
import { onCompatibilityChange, recordRebuildResult, type CompatibilityChange } from './index.js';

let t: TestApp;
let admin: Member;
let author: Member;
let members: Member[];

beforeAll(async () => {
  t = await startTestApp();
  admin = await signedInMember(t, ['administrator']);
  author = await signedInMember(t);
  members = [];
  for (let i = 0; i < 5; i++) members.push(await signedInMember(t));
});
afterAll(async () => {
  await t.close();
});

const call = (method: 'GET' | 'PUT' | 'DELETE' | 'POST', url: string, who: Member | null, payload?: object) =>
  t.app.inject({ method, url: `/api${url}`, headers: who?.auth, payload });
const addVersion = async (name: string, makeCurrent = true) =>
  (
    await call('POST', '/admin/game-versions', admin, { name, bakkesmodVersion: '2.0.0', makeCurrent })
  ).json<GameVersion>();
const compat = async (id: number, who: Member | null = null) =>
  (await call('GET', `/plugins/${id}/compatibility`, who)).json<PluginCompatibilityAnswer>();
const detail = async (id: number) => (await call('GET', `/plugins/${id}`, null)).json<PluginDetail>();
const report = (id: number, gv: number, who: Member, works: boolean) =>
  call('PUT', `/plugins/${id}/compatibility/${gv}`, who, { works });

describe('the rule, in SQL as in packages/core', () => {
  it('gives the same status for every combination of counts, declaration and rebuild', async () => {
    const cases: Array<{ works: number; broken: number; declared: boolean; rebuild: RebuildStatus | null }> = [];
    for (const works of [0, 1, 2, 3, 4])
      for (const broken of [0, 2, 3, 4])
        for (const declared of [false, true])
          for (const rebuild of [null, 'passed', 'failed'] as const) cases.push({ works, broken, declared, rebuild });
    const values = sql.join(
      cases.map((c) => sql`(${c.works}::int, ${c.broken}::int, ${c.declared}::boolean, ${c.rebuild}::text)`),
      sql`, `,
    );
    const rows = await queryRows<{ status: string }>(
      t.ctx.db,
      sql`select ${compatibilityStatusSql('pc', sql`pc.declared`)} as status
        from (values ${values}) as pc(works_count, broken_count, declared, rebuild_status)`,
    );
    expect(rows.map((r) => r.status)).toEqual(cases.map((c) => compatibilityStatus(c)));
    // A few by hand, as the issue states them.
    expect(compatibilityStatus({ works: 3, broken: 0, declared: false, rebuild: null })).toBe('works');
    expect(compatibilityStatus({ works: 3, broken: 3, declared: false, rebuild: null })).toBe('unverified');
    expect(compatibilityStatus({ works: 4, broken: 3, declared: true, rebuild: null })).toBe('works');
    expect(compatibilityStatus({ works: 2, broken: 3, declared: true, rebuild: null })).toBe('broken');
    expect(compatibilityStatus({ works: 9, broken: 0, declared: true, rebuild: 'failed' })).toBe('broken');
  });
});

describe('reports', () => {
  let gv: GameVersion;
  let pluginId: number;
  const changes: CompatibilityChange[][] = [];

  it('a plugin answers unverified with no game version at all, then for the current one', async () => {
    const p = await publishedPlugin(t, author, { name: 'Compat Reports', shortDescription: 'x', description: '' });
    pluginId = p.id;
    expect(p.compatibility).toEqual({ gameVersionId: null, status: 'unverified' });
    expect(await compat(pluginId)).toEqual({ current: null, versions: [] });
    gv = await addVersion('Compat v1');
    // Making a version current dropped the kept answer: the new version shows at once.
    expect((await detail(pluginId)).compatibility).toEqual({ gameVersionId: gv.id, status: 'unverified' });
    expect((await compat(pluginId)).current).toEqual({
      gameVersionId: gv.id,
      gameVersionName: 'Compat v1',
      status: 'unverified',
      works: 0,
      broken: 0,
      declared: false,
      rebuild: null,
    });
    onCompatibilityChange(t.ctx, (c) => void changes.push(c));
  });

  it('three members reporting works make it works, on the plugin and in the kept answers', async () => {
    for (const m of members.slice(0, 2)) expect((await report(pluginId, gv.id, m, true)).statusCode).toBe(200);
    expect((await detail(pluginId)).compatibility.status).toBe('unverified');
    const third = await report(pluginId, gv.id, members[2]!, true);
    expect(third.json<PluginCompatibilityAnswer>()).toMatchObject({
      current: { status: 'works', works: 3, broken: 0 },
      myReport: { works: true },
    });
    expect((await detail(pluginId)).compatibility).toEqual({ gameVersionId: gv.id, status: 'works' });
    expect(changes).toEqual([[{ pluginId, gameVersionId: gv.id, current: true, from: 'unverified', to: 'works' }]]);
  });

  it('a report is changed, not added; broken reporters must outnumber works', async () => {
    await report(pluginId, gv.id, members[0]!, false);
    await report(pluginId, gv.id, members[0]!, false);
    expect((await compat(pluginId)).current).toMatchObject({ works: 2, broken: 1, status: 'unverified' });
    await report(pluginId, gv.id, members[3]!, false);
    await report(pluginId, gv.id, members[4]!, false);
    expect((await compat(pluginId, members[4])).current).toMatchObject({ works: 2, broken: 3, status: 'broken' });
    expect((await detail(pluginId)).compatibility.status).toBe('broken');
    expect(changes.at(-1)).toEqual([
      { pluginId, gameVersionId: gv.id, current: true, from: 'unverified', to: 'broken' },
    ]);
  });

  it('DELETE withdraws a report; myReport shows only to its member', async () => {
    const res = await call('DELETE', `/plugins/${pluginId}/compatibility/${gv.id}`, members[4]!);
    expect(res.statusCode).toBe(200);
    expect(res.json<PluginCompatibilityAnswer>()).toMatchObject({ current: { broken: 2 }, myReport: null });
    expect((await compat(pluginId, members[1])).myReport).toEqual({ works: true });
    expect(await compat(pluginId)).not.toHaveProperty('myReport');
    // Withdrawing again changes nothing.
    expect((await call('DELETE', `/plugins/${pluginId}/compatibility/${gv.id}`, members[4]!)).statusCode).toBe(200);
  });

  it('refuses the author, strangers, unknown versions, plugins without a version and bad input', async () => {
    const own = await report(pluginId, gv.id, author, true);
    expect(own.statusCode).toBe(403);
    expect(own.json()).toMatchObject({ message: C.ownPlugin });
    expect((await call('PUT', `/plugins/${pluginId}/compatibility/${gv.id}`, null, { works: true })).statusCode).toBe(
      401,
    );
    const unknown = await report(pluginId, 999_999, members[0]!, true);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ message: C.unknownGameVersion });
    const bad = await call('PUT', `/plugins/${pluginId}/compatibility/${gv.id}`, members[0]!, { works: 'yes' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ message: C.invalidWorks });
    expect((await report(999_999, gv.id, members[0]!, true)).statusCode).toBe(404);
    const draft = await createPlugin(t, author, { name: 'Compat Draft', shortDescription: 'x', description: '' });
    // A draft is not public: a member cannot see it (404); staff can, and are told it has no version.
    expect((await report(draft.id, gv.id, members[0]!, true)).statusCode).toBe(404);
    const staff = await report(draft.id, gv.id, admin, true);
    expect(staff.statusCode).toBe(409);
    expect(staff.json()).toMatchObject({ message: C.noVersion });
  });

  it('is rate limited through the one limiter', async () => {
    const limited = await startTestApp({
      limits: { compatibility: { ip: { points: 2, durationS: 60 }, account: { points: 2, durationS: 60 } } },
    });
    try {
      const m = await signedInMember(limited);
      const url = `/api/plugins/999999/compatibility/1`;
      const codes = [];
      for (let i = 0; i < 3; i++)
        codes.push(
          (await limited.app.inject({ method: 'PUT', url, headers: m.auth, payload: { works: true } })).statusCode,
        );
      expect(codes).toEqual([404, 404, 429]);
    } finally {
      await limited.close();
    }
  });
});

describe('rebuild results and new game versions', () => {
  it('recordRebuildResult: failed makes it broken whatever the reports, passed makes it works', async () => {
    const p = await publishedPlugin(t, author, { name: 'Compat Rebuilt', shortDescription: 'x', description: '' });
    const gv = await addVersion('Compat v2');
    const seen: CompatibilityChange[][] = [];
    const stop = onCompatibilityChange(t.ctx, (c) => {
      seen.push(c);
      throw new Error('a failing listener goes no further');
    });
    for (const m of members.slice(0, 3)) await report(p.id, gv.id, m, true);
    expect((await detail(p.id)).compatibility.status).toBe('works');
    const changed = await recordRebuildResult(t.ctx, p.id, gv.id, { status: 'failed', logUrl: '/logs/1.txt' });
    expect(changed).toEqual([{ pluginId: p.id, gameVersionId: gv.id, current: true, from: 'works', to: 'broken' }]);
    expect((await detail(p.id)).compatibility.status).toBe('broken');
    expect((await compat(p.id)).current?.rebuild).toEqual({
      status: 'failed',
      logUrl: '/logs/1.txt',
      finishedAt: expect.any(String),
    });
    await recordRebuildResult(t.ctx, p.id, gv.id, { status: 'passed', logUrl: null });
    expect((await detail(p.id)).compatibility.status).toBe('works');
    expect(seen).toHaveLength(3);
    stop();
  });

  it('a new current version makes every plugin unverified for it; the old one keeps what it knew', async () => {
    const p = await publishedPlugin(t, author, { name: 'Compat Moved', shortDescription: 'x', description: '' });
    const old = await addVersion('Compat v3');
    await recordRebuildResult(t.ctx, p.id, old.id, { status: 'passed', logUrl: null });
    expect((await detail(p.id)).compatibility).toEqual({ gameVersionId: old.id, status: 'works' });
    const next = await addVersion('Compat v4');
    expect((await detail(p.id)).compatibility).toEqual({ gameVersionId: next.id, status: 'unverified' });
    const answer = await compat(p.id);
    expect(answer.current).toMatchObject({ gameVersionId: next.id, status: 'unverified' });
    expect(answer.versions.map((v) => [v.gameVersionName, v.status])).toEqual([
      ['Compat v4', 'unverified'],
      ['Compat v3', 'works'],
    ]);
  });
});
