import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { isNotNull } from 'drizzle-orm';
import type { MemberProfile } from '@bm/core';
import { cars, plugins } from '../../db/schema.js';
import { seedDemo } from '../../demo/seed.js';
import { startTestApp, type TestApp } from '../../../test/harness.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
  await seedDemo(t.ctx.db, t.ctx.storage);
});
afterAll(() => t.close());

describe('demo profiles', () => {
  it('give demo members a markdown bio, social links and a drawn avatar served from the file store', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/members/RocketRyan' });
    const p = res.json<MemberProfile>();
    expect(p.bioMarkdown).toContain('## Hey');
    expect(p.socials.githubUrl).toMatch(/^https:\/\//);
    expect(p.member.avatarUrl).toMatch(/^\/files\/avatars\/\d+-[0-9a-f]+\.webp$/);
    expect(p.pluginCount).toBeGreaterThan(5);
    expect(p.carCount).toBeGreaterThan(5);
    // Reputation between demo members, kept in step with its rows.
    expect(p.reputation).toBe(6);
    const file = await t.app.inject({ method: 'GET', url: p.member.avatarUrl! });
    expect(file.statusCode).toBe(200);
    expect(await sharp(file.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 256, height: 256 });
    // One member keeps the initial fallback and an empty bio (the profile shows a quip).
    const flip = (await t.app.inject({ method: 'GET', url: '/api/members/FlipReset' })).json<MemberProfile>();
    expect(flip.member.avatarUrl).toBeNull();
  });

  it('draws plugin and car banners stored under the upload keys', async () => {
    const pluginBanners = await t.ctx.db
      .select({ key: plugins.bannerKey })
      .from(plugins)
      .where(isNotNull(plugins.bannerKey));
    const carBanners = await t.ctx.db.select({ key: cars.bannerKey }).from(cars).where(isNotNull(cars.bannerKey));
    expect(pluginBanners.length).toBeGreaterThanOrEqual(40);
    expect(carBanners.length).toBeGreaterThanOrEqual(30);
    const banner = await t.ctx.storage.get(pluginBanners[0]!.key!);
    expect(await sharp(banner!).metadata()).toMatchObject({ format: 'webp', width: 640, height: 360 });
    const carFile = await t.app.inject({ method: 'GET', url: t.ctx.storage.url(carBanners[0]!.key!) });
    expect(carFile.statusCode).toBe(200);
  });
});
