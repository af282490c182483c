import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CollectionDetail } from '@bm/core';
import { signedInMember, startPageTestApp, type TestApp } from '../../../test/harness.js';

let t: TestApp;
beforeAll(async () => {
  t = await startPageTestApp();
});
afterAll(() => t.close());

describe('collection pages', () => {
  it('write meta and a sitemap entry for a public collection only; others keep nothing of it, an unknown one is 404', async () => {
    const owner = await signedInMember(t);
    const make = async (name: string, visibility: string) =>
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/collections',
          headers: owner.auth,
          payload: { name, visibility, description: `About ${name}` },
        })
      ).json<CollectionDetail>();
    const pub = await make('Shown Everywhere', 'public');
    const unlisted = await make('Link Holders', 'unlisted');
    const priv = await make('Just Mine', 'private');

    const page = await t.app.inject(`/collections/${pub.id}`);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<title>Shown Everywhere · BakkesMod Community</title>');
    expect(page.body).toContain('About Shown Everywhere');
    for (const c of [unlisted, priv]) {
      const res = await t.app.inject(`/collections/${c.id}`);
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('noindex');
      expect(res.body).not.toContain(c.name);
    }
    expect((await t.app.inject('/collections/999999')).statusCode).toBe(404);
    expect((await t.app.inject('/collections')).statusCode).toBe(200);

    const sitemap = (await t.app.inject('/sitemap.xml')).body;
    expect(sitemap).toContain(`/collections/${pub.id}<`);
    expect(sitemap).not.toContain(`/collections/${unlisted.id}<`);
    expect(sitemap).not.toContain(`/collections/${priv.id}<`);
  });
});
