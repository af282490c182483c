import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInMember, startTestApp, type TestApp } from '../../../test/harness.js';
import { storeApprovedVersion } from './seed.js';
import { pluginsChanged } from './caches.js';
import { MANAGER_MESSAGES } from './manager.js';
import { publishedPlugin } from './test-support.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

const check = (ids: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url: `/api/v1/plugins/get/short?pluginids=${ids}`, headers });

describe('the plugin manager update check, kept and tagged', () => {
  it('refuses what is not a list of ids, and more than 200 of them', async () => {
    for (const bad of ['abc', '1,abc', '-4', '0', '1.5', '1e3', '1234567890']) {
      const res = await check(encodeURIComponent(bad));
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().message).toBe(MANAGER_MESSAGES.notNumbers);
    }
    const tooMany = Array.from({ length: 201 }, (_, i) => i + 1).join(',');
    expect((await check(tooMany)).json()).toMatchObject({ message: MANAGER_MESSAGES.tooMany });
    // 200 distinct ids, some of them twice, is within the limit; empty parts are ignored.
    const atLimit = Array.from({ length: 200 }, (_, i) => i + 1);
    const res = await check([...atLimit, 1, 2, ''].join(','));
    expect(res.statusCode, res.body).toBe(200);
  });

  it('answers one id set in any order with one strong ETag, caches for a minute, and 304s on If-None-Match', async () => {
    const owner = await signedInMember(t);
    const a = await publishedPlugin(t, owner, { name: 'Tagged One' });
    const b = await publishedPlugin(t, owner, { name: 'Tagged Two' });
    const first = await check(`${a.id},${b.id}`);
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('public, max-age=60, stale-while-revalidate=600');
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[A-Za-z0-9_-]{43}"$/);
    expect(Object.keys(first.json().response.plugins)).toEqual([String(a.id), String(b.id)]);

    // Same set, other order, repeated, spaces: the same kept answer.
    const same = await check(`${b.id},%20${a.id},${b.id}`);
    expect(same.headers.etag).toBe(etag);
    expect(same.body).toBe(first.body);

    for (const inm of [etag, `W/${etag}`, `"other", ${etag}`, '*']) {
      const res = await check(`${a.id},${b.id}`, { 'if-none-match': inm });
      expect(res.statusCode, inm).toBe(304);
      expect(res.body).toBe('');
      expect(res.headers.etag).toBe(etag);
      expect(res.headers['cache-control']).toContain('max-age=60');
    }
    expect((await check(`${a.id},${b.id}`, { 'if-none-match': '"stale"' })).statusCode).toBe(200);
    expect((await check(`${a.id}`)).headers.etag).not.toBe(etag);
  });

  it('drops the kept answer when a plugin changes, so a new version is seen at once', async () => {
    const owner = await signedInMember(t);
    const a = await publishedPlugin(t, owner, { name: 'Updated Soon' });
    const before = await check(String(a.id));
    const { submissionId } = await storeApprovedVersion(t.ctx.db, t.ctx.storage, {
      pluginId: a.id,
      pluginName: a.name,
      versionString: '2.0.0',
    });
    // Written straight to the tables: still the kept answer until the writer says it changed.
    expect((await check(String(a.id))).headers.etag).toBe(before.headers.etag);
    pluginsChanged(t.ctx, a.id);
    const after = await check(String(a.id), { 'if-none-match': before.headers.etag as string });
    expect(after.statusCode).toBe(200);
    expect(after.json().response.plugins[String(a.id)].version).toBe(submissionId);
    expect(after.headers.etag).not.toBe(before.headers.etag);
  });
});
