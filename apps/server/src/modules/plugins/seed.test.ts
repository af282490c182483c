import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import type { Plugin, PluginPage } from '@bm/core';
import { pluginComments, pluginRatings, plugins, submissions } from '../../db/schema.js';
import { seedDemo } from '../../demo/seed.js';
import { startTestApp, type TestApp } from '../../../test/harness.js';
import { checkBinaryZip, checkSourceZip } from './zip.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
  await seedDemo(t.ctx.db, t.ctx.storage);
});
afterAll(() => t.close());

describe('demo plugins', () => {
  it('fill more than two pages of the list, with tags, versions, ratings and comments', async () => {
    const page = (await t.app.inject({ method: 'GET', url: '/api/plugins' })).json<PluginPage>();
    expect(page.totalCount).toBeGreaterThanOrEqual(40);
    expect(page.totalPages).toBeGreaterThanOrEqual(3);
    expect(page.items).toHaveLength(16);
    expect(page.items.every((p: Plugin) => p.versionString && p.downloadUrl && p.tags.length > 0)).toBe(true);
    const tags = (await t.app.inject({ method: 'GET', url: '/api/tags' })).json();
    expect(tags.length).toBeGreaterThanOrEqual(12);
    const training = (
      await t.app.inject({ method: 'GET', url: '/api/plugins?tags=training&search=trainer' })
    ).json<PluginPage>();
    expect(training.totalCount).toBeGreaterThan(3);
    expect((await t.ctx.db.select({ n: count() }).from(pluginComments))[0]!.n).toBeGreaterThan(5);
  });

  it('stores real ZIPs: sources with a solution, binaries in the plugins/ + data/ layout', async () => {
    const versions = await t.ctx.db.select().from(submissions).where(eq(submissions.status, 'a'));
    expect(versions.length).toBeGreaterThanOrEqual(40);
    for (const v of versions.slice(0, 10)) {
      const binary = await t.ctx.storage.get(v.binaryKey!);
      const summary = await checkBinaryZip(binary!);
      expect(summary.files.some((f) => f.startsWith('data/'))).toBe(true);
      await checkSourceZip((await t.ctx.storage.get(v.sourceKey))!);
    }
  });

  it('keeps rating counters equal to their rows, and seeds once', async () => {
    for (const row of await t.ctx.db.select().from(plugins)) {
      const ratings = await t.ctx.db
        .select({ stars: pluginRatings.stars })
        .from(pluginRatings)
        .where(eq(pluginRatings.pluginId, row.id));
      expect([row.ratingCount, row.ratingSum]).toEqual([ratings.length, ratings.reduce((s, r) => s + r.stars, 0)]);
    }
    const before = (await t.ctx.db.select({ n: count() }).from(plugins))[0]!.n;
    expect((await seedDemo(t.ctx.db, t.ctx.storage)).seeded).toBe(false);
    expect((await t.ctx.db.select({ n: count() }).from(plugins))[0]!.n).toBe(before);
    const states = await t.ctx.db
      .select({ n: plugins.name, pending: plugins.needsApproval, published: plugins.publishedOnce })
      .from(plugins);
    expect(states).toContainEqual({ n: 'Draft Plugin', pending: false, published: false });
    expect(states).toContainEqual({ n: 'Pending Review Plugin', pending: true, published: false });
  });
});
