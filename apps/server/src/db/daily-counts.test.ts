import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { statsDates } from '@bm/core';
import { carDailyCounts, cars, pluginDailyCounts, plugins } from './schema.js';
import { seedDemoDailyCounts } from '../demo/daily-counts.js';
import { membersForFile, testAppForFile } from '../../test/harness.js';
import { TEST_LIMITS, carsApi } from '../modules/cars/test-support.js';
import { createPlugin, publishedPlugin } from '../modules/plugins/test-support.js';

// Visitors are told apart by address (X-Forwarded-For here), not by User-Agent.
const t = testAppForFile({ limits: TEST_LIMITS, env: { TRUST_PROXY: 'true' } });
const { owner, other, admin } = membersForFile(t, { owner: [], other: [], admin: ['administrator'] });

const call = (method: 'GET' | 'POST', url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method, url: `/api${url}`, headers });
const today = () => new Date().toISOString().slice(0, 10);
const pluginToday = async (id: number) =>
  (await t.ctx.db.select().from(pluginDailyCounts).where(eq(pluginDailyCounts.pluginId, id))).filter(
    (r) => r.day === today(),
  );
const carToday = async (id: number) =>
  (await t.ctx.db.select().from(carDailyCounts).where(eq(carDailyCounts.carId, id))).filter((r) => r.day === today());

describe('daily counts move with the counters', () => {
  it('a plugin view and download add one to today, and a deduplicated repeat adds nothing', async () => {
    const p = await publishedPlugin(t, owner, { name: 'Daily plugin', shortDescription: 'x' });
    expect(await pluginToday(p.id)).toEqual([]);
    const ua = { 'user-agent': 'daily-a' };
    expect((await call('POST', `/plugins/${p.id}/view`, ua)).json()).toMatchObject({ counted: true });
    expect((await call('POST', `/plugins/${p.id}/view`, ua)).json()).toMatchObject({ counted: false });
    expect(await pluginToday(p.id)).toEqual([{ pluginId: p.id, day: today(), downloads: 0, views: 1 }]);
    await call('POST', `/plugins/${p.id}/view`, { 'x-forwarded-for': '192.0.2.2' });
    expect((await call('POST', `/plugins/${p.id}/download`, ua)).json()).toMatchObject({ counted: true });
    expect((await call('POST', `/plugins/${p.id}/download`, ua)).json()).toMatchObject({ counted: false });
    expect(await pluginToday(p.id)).toEqual([{ pluginId: p.id, day: today(), downloads: 1, views: 2 }]);
    const plugin = (await call('GET', `/plugins/${p.id}`)).json();
    expect([plugin.viewCount, plugin.downloadCount]).toEqual([2, 1]);
  });

  it('simultaneous views of one visitor move the day once', async () => {
    const p = await publishedPlugin(t, owner, { name: 'Busy plugin', shortDescription: 'x' });
    await Promise.all(
      Array.from({ length: 6 }, () => call('POST', `/plugins/${p.id}/view`, { 'user-agent': 'burst' })),
    );
    expect((await pluginToday(p.id))[0]?.views).toBe(1);
  });

  it('a car view and code copy add one to today, and a repeat within the window adds nothing', async () => {
    const api = carsApi(t);
    const id = await api.create(owner.auth);
    const ua = { 'user-agent': 'car-daily' };
    expect((await api.post(`/cars/${id}/view`, undefined, ua)).json()).toMatchObject({ counted: true });
    expect((await api.post(`/cars/${id}/view`, undefined, ua)).json()).toMatchObject({ counted: false });
    expect((await api.post(`/cars/${id}/copy`, undefined, ua)).json()).toMatchObject({ counted: true });
    expect((await api.post(`/cars/${id}/copy`, undefined, ua)).json()).toMatchObject({ counted: false });
    expect(await carToday(id)).toEqual([{ carId: id, day: today(), copies: 1, views: 1 }]);
  });
});

describe('GET /plugins/my/{id}/stats and /cars/my/{id}/stats', () => {
  it('answers 30 zero-filled days by default, oldest first and ending today, with the counted day', async () => {
    const p = await createPlugin(t, owner, { name: 'Stats plugin', shortDescription: 'x' });
    await t.ctx.db.insert(pluginDailyCounts).values([
      { pluginId: p.id, day: today(), downloads: 4, views: 9 },
      { pluginId: p.id, day: sql`(now() at time zone 'utc')::date - 29` as unknown as string, downloads: 1, views: 2 },
      {
        pluginId: p.id,
        day: sql`(now() at time zone 'utc')::date - 30` as unknown as string,
        downloads: 50,
        views: 50,
      },
    ]);
    const res = await call('GET', `/plugins/my/${p.id}/stats`, owner.auth);
    expect(res.statusCode).toBe(200);
    const days = res.json().days as Array<{ date: string; downloads: number; views: number }>;
    expect(days.map((d) => d.date)).toEqual(statsDates(30));
    expect(days[0]).toEqual({ date: statsDates(30)[0], downloads: 1, views: 2 });
    expect(days[29]).toEqual({ date: today(), downloads: 4, views: 9 });
    expect(days.slice(1, 29).every((d) => d.downloads === 0 && d.views === 0)).toBe(true);

    const ninety = (await call('GET', `/plugins/my/${p.id}/stats?days=90`, owner.auth)).json().days as Array<{
      downloads: number;
    }>;
    expect(ninety).toHaveLength(90);
    expect(ninety.reduce((s, d) => s + d.downloads, 0)).toBe(55);
  });

  it('car stats answer copies and views per day', async () => {
    const id = await carsApi(t).create(owner.auth);
    await t.ctx.db.insert(carDailyCounts).values({ carId: id, day: today(), copies: 3, views: 7 });
    const res = await call('GET', `/cars/my/${id}/stats?days=90`, owner.auth);
    expect(res.statusCode).toBe(200);
    const days = res.json().days as Array<{ date: string; copies: number; views: number }>;
    expect(days).toHaveLength(90);
    expect(days.map((d) => d.date)).toEqual(statsDates(90));
    expect(days.at(-1)).toEqual({ date: today(), copies: 3, views: 7 });
  });

  it('is for the owner or an administrator: 404 for others and unknown ids, 401 anonymous, 400 for bad days', async () => {
    const p = await createPlugin(t, owner, { name: 'Private stats', shortDescription: 'x' });
    const car = await carsApi(t).create(owner.auth);
    for (const url of [`/plugins/my/${p.id}/stats`, `/cars/my/${car}/stats`]) {
      expect((await call('GET', url, other.auth)).statusCode).toBe(404);
      expect((await call('GET', url)).statusCode).toBe(401);
      const asAdmin = await call('GET', url, admin.auth);
      expect(asAdmin.statusCode).toBe(200);
      expect(asAdmin.json().days).toHaveLength(30);
      for (const bad of ['7', '31', 'abc', '']) {
        const res = await call('GET', `${url}?days=${bad}`, owner.auth);
        expect(res.statusCode).toBe(400);
        expect(res.json().message).toMatch(/days must be 30 or 90/);
      }
    }
    expect((await call('GET', '/plugins/my/999999/stats', owner.auth)).statusCode).toBe(404);
    expect((await call('GET', '/cars/my/999999/stats', owner.auth)).statusCode).toBe(404);
    expect((await call('GET', '/cars/my/999999/stats', admin.auth)).statusCode).toBe(404);
  });
});

describe('demo daily counts', () => {
  it('fill the last 90 days below each total, and the charts read them', async () => {
    const p = await publishedPlugin(
      t,
      owner,
      { name: 'Demo chart plugin', shortDescription: 'x' },
      { downloadCount: 90_000 },
    );
    await t.ctx.db.update(plugins).set({ viewCount: 270_000 }).where(eq(plugins.id, p.id));
    const car = await carsApi(t).create(owner.auth);
    await t.ctx.db.update(cars).set({ views: 5000, codeCopies: 900 }).where(eq(cars.id, car));
    await seedDemoDailyCounts(t.ctx.db);

    const pluginDays = (await call('GET', `/plugins/my/${p.id}/stats?days=90`, owner.auth)).json().days as Array<{
      downloads: number;
      views: number;
    }>;
    const downloads = pluginDays.reduce((s, d) => s + d.downloads, 0);
    const views = pluginDays.reduce((s, d) => s + d.views, 0);
    expect(pluginDays.filter((d) => d.downloads > 0)).toHaveLength(90);
    expect(downloads).toBeGreaterThan(90_000 * 0.05);
    expect(downloads).toBeLessThan(90_000 * 0.25);
    expect(views).toBeGreaterThan(downloads);
    const carDays = (await call('GET', `/cars/my/${car}/stats?days=90`, owner.auth)).json().days as Array<{
      copies: number;
      views: number;
    }>;
    const copies = carDays.reduce((s, d) => s + d.copies, 0);
    expect(copies).toBeGreaterThan(0);
    expect(copies).toBeLessThan(900);
  });
});
