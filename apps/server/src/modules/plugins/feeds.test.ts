import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInMember, startPageTestApp, type TestApp, type Member } from '../../../test/harness.js';
import { postAs } from '../../../test/requests.js';
import { fetchFeed, publishVersion, uploadSource } from './feed-test-support.js';
import { storeApprovedVersion } from './seed.js';
import { createPlugin, publishedPlugin } from './test-support.js';

let t: TestApp;
beforeAll(async () => {
  t = await startPageTestApp();
});
afterAll(() => t.close());

const get = (url: string) => t.app.inject({ method: 'GET', url });
const hidePlugin = async (mod: Member, id: number) => {
  expect((await postAs(t.app, `/api/moderation/reported/${id}/hide-plugin`, mod)).statusCode).toBe(204);
};

describe('Atom feeds of published versions', () => {
  it('the site, plugin and member feeds list a newly approved version with its changelog, escaped', async () => {
    const owner = await signedInMember(t);
    const mod = await signedInMember(t, ['moderator']);
    const p = await createPlugin(t, owner, { name: 'Feed & <Friends>', shortDescription: 'Short "quoted"' });
    const before = await fetchFeed(t, '/feeds/plugins.atom');
    const versionId = await publishVersion(t, owner, mod, p.id, {
      versionString: '2.0 "beta"',
      changelog: '**Faster** boost & <script>alert(1)</script>',
      approvalNote: 'SECRET-MOD-NOTE',
    });

    for (const url of ['/feeds/plugins.atom', `/feeds/plugins/${p.id}.atom`, `/feeds/members/${owner.username}.atom`]) {
      const { feed, xml } = await fetchFeed(t, url);
      const entry = feed.entry.find((e) => e.id.endsWith(`:plugins/${p.id}/versions/${versionId}`));
      expect(entry, url).toBeDefined();
      expect(entry!.title['#text']).toBe('Feed & <Friends> 2.0 "beta"');
      expect(entry!.author.name).toBe(owner.username);
      expect(entry!.author.uri).toMatch(new RegExp(`/members/${owner.username}$`));
      expect(entry!.link[0]!['@_href']).toMatch(new RegExp(`^https?://[^/]+/plugin/${p.id}$`));
      expect(entry!.content['#text']).toContain('<strong>Faster</strong> boost &amp;');
      expect(entry!.content['#text']).not.toMatch(/<script/i);
      expect(feed.updated).toBe(feed.entry[0]!.updated);
      expect(xml).not.toContain('SECRET-MOD-NOTE');
      expect(xml).not.toContain('<script');
    }
    const site = (await fetchFeed(t, '/feeds/plugins.atom')).feed;
    expect(site.entry[0]!.id).toMatch(new RegExp(`:plugins/${p.id}/versions/${versionId}$`));
    expect(site.entry.length).toBe(before.feed.entry.length + 1);
    // Ids stay the same from one reading to the next.
    expect((await fetchFeed(t, '/feeds/plugins.atom')).feed.entry.map((e) => e.id)).toEqual(
      site.entry.map((e) => e.id),
    );
    const pluginFeed = (await fetchFeed(t, `/feeds/plugins/${p.id}.atom`)).feed;
    expect(pluginFeed.title['#text']).toBe('Feed & <Friends>: versions');
    expect(pluginFeed.id).toMatch(new RegExp(`:plugins/${p.id}$`));
  });

  it('a version without a changelog shows the plugin short description; newest first, at most 50 site-wide', async () => {
    const owner = await signedInMember(t);
    const mod = await signedInMember(t, ['moderator']);
    const p = await createPlugin(t, owner, { name: 'Quiet Notes', shortDescription: 'Tiny & neat' });
    const a = await publishVersion(t, owner, mod, p.id, { versionString: '1' });
    const b = await publishVersion(t, owner, mod, p.id, { versionString: '2', changelog: 'Second' });
    const { feed } = await fetchFeed(t, `/feeds/plugins/${p.id}.atom`);
    expect(feed.entry.map((e) => e.id.split('/').pop())).toEqual([String(b), String(a)]);
    expect(feed.entry[1]!.content['#text']).toBe('<p>Tiny &amp; neat</p>');
    expect((await fetchFeed(t, '/feeds/plugins.atom')).feed.entry.length).toBeLessThanOrEqual(50);
  });
});

describe('the size of a feed', () => {
  it('holds the 50 newest versions, newest first', async () => {
    const owner = await signedInMember(t);
    const p = await publishedPlugin(t, owner, { name: 'Many Versions', shortDescription: 'x' }, { versionString: '0' });
    // Older than the first version (approved just now), and than every other test's versions.
    const start = Date.now() - 30 * 86_400_000;
    for (let i = 1; i <= 52; i++) {
      await storeApprovedVersion(t.ctx.db, t.ctx.storage, {
        pluginId: p.id,
        pluginName: p.name,
        versionString: `1.${i}`,
        approvedAt: new Date(start + i * 60_000),
      });
    }
    const { feed } = await fetchFeed(t, `/feeds/plugins/${p.id}.atom`);
    expect(feed.entry).toHaveLength(50);
    expect(feed.entry.map((e) => e.title['#text']).slice(0, 3)).toEqual([
      'Many Versions 0',
      'Many Versions 1.52',
      'Many Versions 1.51',
    ]);
    expect(feed.entry[49]!.title['#text']).toBe('Many Versions 1.4');
    expect(feed.entry[1]!.updated).toBe(new Date(start + 52 * 60_000).toISOString());
  });
});

describe('what the feeds never show', () => {
  it('nothing of a hidden plugin, in any feed, from the moment it is hidden; its feed answers 404', async () => {
    const owner = await signedInMember(t);
    const mod = await signedInMember(t, ['moderator']);
    const p = await createPlugin(t, owner, { name: 'Soon Hidden', shortDescription: 'x' });
    await publishVersion(t, owner, mod, p.id, { versionString: '1.0', changelog: 'HIDDEN-CHANGELOG' });
    const urls = ['/feeds/plugins.atom', `/feeds/members/${owner.username}.atom`];
    for (const url of urls) expect((await get(url)).body).toContain('HIDDEN-CHANGELOG');
    expect((await get(`/feeds/plugins/${p.id}.atom`)).statusCode).toBe(200);
    await hidePlugin(mod, p.id);
    for (const url of urls) {
      const { xml } = await fetchFeed(t, url);
      expect(xml).not.toContain('HIDDEN-CHANGELOG');
      expect(xml).not.toContain('Soon Hidden');
    }
    expect((await get(`/feeds/plugins/${p.id}.atom`)).statusCode).toBe(404);
  });

  it('never a version waiting for review, nor a plugin that was never published', async () => {
    const owner = await signedInMember(t);
    const mod = await signedInMember(t, ['moderator']);
    const p = await createPlugin(t, owner, { name: 'Half Out', shortDescription: 'x' });
    await publishVersion(t, owner, mod, p.id, { versionString: '1.0', changelog: 'Out now' });
    expect((await uploadSource(t, owner, p.id, { versionString: '2.0', changelog: 'PENDING-NOTES' })).statusCode).toBe(
      201,
    );
    const draft = await createPlugin(t, owner, { name: 'Draft Only', shortDescription: 'x' });
    await uploadSource(t, owner, draft.id, { versionString: '0.1', changelog: 'DRAFT-NOTES' });
    for (const url of ['/feeds/plugins.atom', `/feeds/plugins/${p.id}.atom`, `/feeds/members/${owner.username}.atom`]) {
      const { xml } = await fetchFeed(t, url);
      expect(xml).toContain('Out now');
      expect(xml).not.toContain('PENDING-NOTES');
      expect(xml).not.toContain('DRAFT-NOTES');
    }
    expect((await get(`/feeds/plugins/${draft.id}.atom`)).statusCode).toBe(404);
  });

  it('404 for an unknown plugin or member, a disabled member, and a malformed path', async () => {
    const admin = await signedInMember(t, ['administrator']);
    const gone = await signedInMember(t);
    expect((await get(`/feeds/members/${gone.username}.atom`)).statusCode).toBe(200);
    const off = await postAs(t.app, `/api/admin/members/${gone.id}/disable`, admin);
    expect(off.statusCode).toBe(204);
    for (const url of [
      `/feeds/members/${gone.username}.atom`,
      '/feeds/members/nobody-at-all-here.atom',
      '/feeds/plugins/2147483000.atom',
      '/feeds/plugins/99999999999.atom',
      '/feeds/plugins/abc.atom',
      '/feeds/plugins/12',
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type']).not.toContain('atom');
    }
  });
});

describe('feed links in page heads', () => {
  it('the plugin list, a plugin page and a member page link their Atom feed', async () => {
    const owner = await signedInMember(t);
    const mod = await signedInMember(t, ['moderator']);
    const p = await createPlugin(t, owner, { name: 'Head "Linked"', shortDescription: 'x' });
    await publishVersion(t, owner, mod, p.id, { versionString: '1.0' });
    const link = (title: string, path: string) =>
      new RegExp(
        `<link rel="alternate" type="application/atom\\+xml" title="${title}" href="https?://[^"]+${path.replace(/[.]/g, '\\.')}" data-page-feed />`,
      );
    expect((await get('/plugins')).body).toMatch(
      link('BakkesMod Community: new plugin versions', '/feeds/plugins.atom'),
    );
    expect((await get(`/plugin/${p.id}`)).body).toMatch(
      link('Head &quot;Linked&quot;: versions', `/feeds/plugins/${p.id}.atom`),
    );
    expect((await get(`/members/${owner.username}`)).body).toMatch(
      link(`${owner.username}: plugins and versions`, `/feeds/members/${owner.username}.atom`),
    );
    expect((await get('/cars')).body).not.toContain('application/atom+xml');
  });
});
