import sharp from 'sharp';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cars, members } from '../../db/schema.js';
import { signedInMember, PAGE_HTML, startPageTestApp, type TestApp } from '../../../test/harness.js';
import { createPlugin, multipart, publishedPlugin } from '../plugins/test-support.js';
import { carsApi } from '../cars/test-support.js';
import { buildSitemap, robotsTxt } from './service.js';

let t: TestApp;
beforeAll(async () => {
  t = await startPageTestApp();
});
afterAll(() => t.close());

/** The content of a meta tag (by name or property), as written. */
const metaOf = (body: string, key: string) =>
  new RegExp(`<meta (?:name|property)="${key}" content="([^"]*)" />`).exec(body)?.[1];

describe('link previews', () => {
  it('writes an escaped title, description, canonical, Open Graph and Twitter tags for a plugin', async () => {
    const owner = await signedInMember(t);
    const name = `Boost <script>alert("x")</script> 'Q'`;
    const p = await publishedPlugin(t, owner, {
      name,
      shortDescription: `Shows "boost" & <b>more</b> ${'word '.repeat(60)}`,
    });
    const png = await sharp({ create: { width: 800, height: 400, channels: 3, background: '#224488' } })
      .png()
      .toBuffer();
    const { payload, headers } = multipart(png, 'b.png', {}, 'image/png');
    const banner = await t.app.inject({
      method: 'POST',
      url: `/api/plugins/${p.id}/files/banner`,
      headers: { ...owner.auth, ...headers },
      payload,
    });
    expect(banner.statusCode, banner.body).toBe(200);

    for (const url of [`/plugin/${p.id}`, `/plugins/view/${p.id}`]) {
      const page = await t.app.inject(url);
      expect(page.statusCode).toBe(200);
      const body = page.body;
      expect(body).not.toContain('<script>alert');
      expect(body).not.toContain('"x"');
      expect(body).toContain(
        '<title>Boost &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &#39;Q&#39; · BakkesMod Community</title>',
      );
      expect(metaOf(body, 'og:title')).toBe('Boost &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &#39;Q&#39;');
      expect(metaOf(body, 'twitter:title')).toBe(metaOf(body, 'og:title'));
      const description = metaOf(body, 'description')!;
      expect(description.startsWith('Shows &quot;boost&quot; &amp; &lt;b&gt;more&lt;/b&gt;')).toBe(true);
      // 160 characters before escaping.
      const raw = description
        .replace(/&quot;/g, '"')
        .replace(/&amp;/g, '&')
        .replace(/&lt;/g, '<')
        .replace(/&gt;/g, '>');
      expect(raw.length).toBe(160);
      expect(metaOf(body, 'og:description')).toBe(description);
      expect(body).toContain(`<link rel="canonical" href="http://localhost:3000/plugin/${p.id}" />`);
      expect(metaOf(body, 'og:url')).toBe(`http://localhost:3000/plugin/${p.id}`);
      expect(metaOf(body, 'og:type')).toBe('article');
      expect(metaOf(body, 'og:site_name')).toBe('BakkesMod Community');
      expect(metaOf(body, 'og:image')).toMatch(/^http:\/\/localhost:3000\/files\/.+/);
      expect(metaOf(body, 'twitter:card')).toBe('summary_large_image');
      expect(body).not.toContain('content="default"');
      expect(body.match(/<title>/g)).toHaveLength(1);
    }
  });

  it('gives the home page the site’s own preview', async () => {
    const home = await t.app.inject('/');
    expect(home.statusCode).toBe(200);
    expect(home.body).toContain('<title>BakkesMod Community</title>');
    expect(metaOf(home.body, 'og:title')).toBe('BakkesMod Community');
    expect(metaOf(home.body, 'og:type')).toBe('website');
    expect(home.body).toContain('<link rel="canonical" href="http://localhost:3000/" />');
  });

  it('describes a car by its markdown reduced to text, with a plain card when it has no image', async () => {
    const owner = await signedInMember(t);
    const carApi = carsApi(t);
    const id = await carApi.create(owner.auth, {
      name: 'Night Rider',
      description:
        '# Night build\n\nA **dark** [ride](https://example.com) for _late_ games.\n\n![shot](https://example.com/a.png)\n\n```\ncode here\n```\nEnd.',
    });
    const page = await t.app.inject(`/cars/${id}`);
    expect(page.statusCode).toBe(200);
    expect(metaOf(page.body, 'description')).toBe('Night build A dark ride for late games. End.');
    expect(metaOf(page.body, 'og:type')).toBe('article');
    expect(metaOf(page.body, 'twitter:card')).toBe('summary');
    expect(metaOf(page.body, 'og:image')).toBeUndefined();
    expect(page.body).toContain('<title>Night Rider · BakkesMod Community</title>');

    await t.ctx.db.update(cars).set({ isPublic: false }).where(eq(cars.id, id));
    expect((await t.app.inject(`/cars/${id}`)).statusCode).toBe(404);
  });

  it('writes a member’s page under any case of the name; unknown and disabled members answer 404 with the app', async () => {
    const m = await signedInMember(t);
    await t.ctx.db
      .update(members)
      .set({ bioMarkdown: '## About me\nI make **boost** plugins.' })
      .where(eq(members.id, m.id));
    const page = await t.app.inject(`/members/${m.username.toUpperCase()}`);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(`<title>${m.username} · BakkesMod Community</title>`);
    expect(metaOf(page.body, 'description')).toBe('About me I make boost plugins.');
    expect(metaOf(page.body, 'og:type')).toBe('profile');
    expect(page.body).toContain(`<link rel="canonical" href="http://localhost:3000/members/${m.username}" />`);

    for (const url of [
      '/members/nobody-here-xyz',
      '/members/no%20such%3Cone%3E',
      '/plugin/999999',
      '/plugins/view/999999',
      '/plugin/99999999999',
      '/cars/999999',
    ]) {
      const res = await t.app.inject(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.body).toContain('<div id="root">');
      expect(res.body).toContain('<title>BakkesMod Community</title>');
    }

    await t.ctx.db.update(members).set({ disabledAt: new Date() }).where(eq(members.id, m.id));
    expect((await t.app.inject(`/members/${m.username}`)).statusCode).toBe(404);
  });
});

describe('sitemap and robots.txt', () => {
  it('lists public plugins, cars and their authors, and nothing hidden, unlisted, unpublished or disabled', async () => {
    const author = await signedInMember(t);
    const carOwner = await signedInMember(t);
    const nobody = await signedInMember(t);
    const hiddenOnly = await signedInMember(t);
    const disabled = await signedInMember(t);
    const shown = await publishedPlugin(t, author, { name: 'Sitemap Shown' });
    const hidden = await publishedPlugin(t, hiddenOnly, { name: 'Sitemap Hidden' });
    const unlisted = await publishedPlugin(t, hiddenOnly, { name: 'Sitemap Unlisted' });
    const draft = await createPlugin(t, hiddenOnly, { name: 'Sitemap Draft' });
    const ofDisabled = await publishedPlugin(t, disabled, { name: 'Sitemap Disabled Author' });
    const put = (id: number, body: object) =>
      t.app.inject({ method: 'PUT', url: `/api/plugins/${id}/visibility`, headers: hiddenOnly.auth, payload: body });
    expect((await put(hidden.id, { isPubliclyVisible: false, isListed: false })).statusCode).toBe(200);
    expect((await put(unlisted.id, { isPubliclyVisible: true, isListed: false })).statusCode).toBe(200);
    const carApi = carsApi(t);
    const car = await carApi.create(carOwner.auth, { name: 'Sitemap Car' });
    const privateCar = await carApi.create(hiddenOnly.auth, { name: 'Private Car' });
    await t.ctx.db.update(cars).set({ isPublic: false }).where(eq(cars.id, privateCar));
    await t.ctx.db.update(members).set({ disabledAt: new Date() }).where(eq(members.id, disabled.id));

    const res = await t.app.inject('/sitemap.xml');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/xml');
    const xml = res.body;
    expect(
      xml.startsWith(
        '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
      ),
    ).toBe(true);
    expect(xml.trimEnd().endsWith('</urlset>')).toBe(true);
    const locs = [...xml.matchAll(/<url><loc>([^<]+)<\/loc>(?:<lastmod>(\d{4}-\d{2}-\d{2})<\/lastmod>)?<\/url>/g)].map(
      (m) => m[1],
    );
    expect(locs.length).toBe(xml.match(/<url>/g)!.length);
    const o = 'http://localhost:3000';
    expect(locs).toEqual(
      expect.arrayContaining([`${o}/`, `${o}/plugins`, `${o}/cars`, `${o}/plugin/${shown.id}`, `${o}/cars/${car}`]),
    );
    expect(locs).toContain(`${o}/members/${author.username}`);
    expect(locs).toContain(`${o}/members/${carOwner.username}`);
    expect(xml).toMatch(
      new RegExp(`/plugin/${shown.id}</loc><lastmod>${new Date().toISOString().slice(0, 10)}</lastmod>`),
    );
    for (const absent of [
      `/plugin/${hidden.id}<`,
      `/plugin/${unlisted.id}<`,
      `/plugin/${draft.id}<`,
      `/plugin/${ofDisabled.id}<`,
      `/cars/${privateCar}<`,
      `/members/${nobody.username}<`,
      `/members/${hiddenOnly.username}<`,
      `/members/${disabled.username}<`,
    ]) {
      expect(xml, absent).not.toContain(absent);
    }
  });

  it('drops a plugin or car at once when it is hidden, though the sitemap is kept a minute', async () => {
    const owner = await signedInMember(t);
    const mod = await signedInMember(t, ['moderator']);
    const plugin = await publishedPlugin(t, owner, { name: 'Sitemap Soon Hidden' });
    const car = await carsApi(t).create(owner.auth, { name: 'Sitemap Soon Hidden Car' });
    const sitemap = async () => (await t.app.inject('/sitemap.xml')).body;
    const before = await sitemap();
    expect(before).toContain(`/plugin/${plugin.id}<`);
    expect(before).toContain(`/cars/${car}<`);
    const hide = (url: string) => t.app.inject({ method: 'POST', url, headers: mod.auth });
    expect((await hide(`/api/moderation/reported/${plugin.id}/hide-plugin`)).statusCode).toBe(204);
    const afterPlugin = await sitemap();
    expect(afterPlugin).not.toContain(`/plugin/${plugin.id}<`);
    expect(afterPlugin).toContain(`/cars/${car}<`);
    expect((await hide(`/api/moderation/cars/${car}/hide`)).statusCode).toBe(204);
    expect(await sitemap()).not.toContain(`/cars/${car}<`);
  });

  it('escapes addresses in the XML', async () => {
    const xml = await buildSitemap(t.ctx, 'https://example.test/a&b<c>');
    expect(xml).toContain('<loc>https://example.test/a&amp;b&lt;c&gt;/plugins</loc>');
    expect(xml).not.toMatch(/&(?!amp;|lt;|gt;|quot;|#39;)/);
  });

  it('serves a valid robots.txt that names the sitemap', async () => {
    const res = await t.app.inject('/robots.txt');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    expect(res.body).not.toContain('<');
    const lines = res.body.split('\n').filter((l) => l.trim() !== '');
    for (const line of lines) expect(line).toMatch(/^(User-agent|Allow|Disallow|Sitemap): \S+$/);
    expect(lines[0]).toBe('User-agent: *');
    expect(lines).toContain('Sitemap: http://localhost:3000/sitemap.xml');
    expect(lines).toContain('Disallow: /api/');
    expect(robotsTxt('https://x.test')).toContain('Sitemap: https://x.test/sitemap.xml');
  });

  it('falls back to the request host when no public address is configured', async () => {
    const other = await startPageTestApp(PAGE_HTML, { env: { PUBLIC_URL: '' } });
    try {
      const robots = await other.app.inject({ url: '/robots.txt', headers: { host: 'bm.example:8080' } });
      expect(robots.body).toContain('Sitemap: http://bm.example:8080/sitemap.xml');
      const sitemap = await other.app.inject({ url: '/sitemap.xml', headers: { host: 'bm.example:8080' } });
      expect(sitemap.body).toContain('<loc>http://bm.example:8080/plugins</loc>');
    } finally {
      await other.close();
    }
  });
});
