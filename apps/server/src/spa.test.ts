import zlib from 'node:zlib';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInMember, startTestApp, type TestApp, webDistWith } from '../test/harness.js';
import { withConfig, withMeta } from './spa.js';

const html =
  '<!doctype html><html><head><title>BakkesMod Community</title><meta name="description" content="default" /></head><body><div id="root"></div></body></html>';
let t: TestApp;
let dist: string;
beforeAll(async () => {
  dist = webDistWith(html);
  fs.mkdirSync(path.join(dist, 'assets'));
  fs.writeFileSync(path.join(dist, 'assets', 'app.js'), 'console.log(1)');
  const big = `export const words = ${JSON.stringify('plugin car '.repeat(400))};`;
  fs.writeFileSync(path.join(dist, 'assets', 'big.js'), big);
  fs.writeFileSync(path.join(dist, 'assets', 'big.js.br'), zlib.brotliCompressSync(big));
  fs.writeFileSync(path.join(dist, 'assets', 'big.js.gz'), zlib.gzipSync(big));
  fs.writeFileSync(path.join(dist, 'assets', 'big.js.map'), '{"version":3}');
  fs.writeFileSync(path.join(dist, 'favicon.svg'), '<svg/>');
  // Vite's build manifest: the entry, a chunk it shares with the home page, and the home page's own chunks.
  fs.mkdirSync(path.join(dist, '.vite'));
  fs.writeFileSync(
    path.join(dist, '.vite', 'manifest.json'),
    JSON.stringify({
      'index.html': { file: 'assets/app.js', isEntry: true, imports: ['_shared.js'] },
      '_shared.js': { file: 'assets/shared.js' },
      '_card.js': { file: 'assets/card.js', imports: ['_shared.js'] },
      'src/features/home/index.ts': {
        file: 'assets/home.js',
        isDynamicEntry: true,
        imports: ['_card.js', '_shared.js'],
      },
    }),
  );
  t = await startTestApp({ webDist: dist });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

describe('serving the web app', () => {
  it('answers page paths with the app and assets as files', async () => {
    for (const url of ['/', '/plugins?search=x', '/account/settings/security', '/no/such/page']) {
      const res = await t.app.inject(url);
      // A path the app has no page for still gets the app (its not-found page), with an honest 404.
      expect(res.statusCode, url).toBe(url === '/no/such/page' ? 404 : 200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.body).toContain('<div id="root">');
    }
    const asset = await t.app.inject('/assets/app.js');
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
  });

  it('writes the public config into every page, so the app renders without asking for it', async () => {
    const page = (await t.app.inject('/plugins')).body;
    const block = /<script id="bm-config" type="application\/json">(.*?)<\/script>/.exec(page);
    expect(block).not.toBeNull();
    expect(JSON.parse(block![1]!)).toEqual((await t.app.inject('/api/config')).json());
  });

  it("writes a landing page's first reads into it, as the API answers them to a visitor without a session", async () => {
    const m = await signedInMember(t);
    const car = await t.app.inject({
      method: 'POST',
      url: '/api/cars',
      headers: m.auth,
      payload: { name: 'Page </script><b>data', code: 'hAMwB1wABMItCGEWAAA=', description: 'Read with the page.' },
    });
    expect(car.statusCode).toBe(201);
    const dataOf = (body: string) => {
      const block = /<script id="bm-data" type="application\/json">(.*?)<\/script>/s.exec(body);
      return block ? (JSON.parse(block[1]!) as Record<string, unknown>) : null;
    };
    const cars = await t.app.inject('/cars');
    // A name cannot close the block: its '<' is written as \u003c and reads back the same.
    expect(cars.body).not.toContain('</script><b>');
    const data = dataOf(cars.body)!;
    expect(Object.keys(data)).toEqual(['/api/cars?page=1&pageSize=17&sortBy=views&sortDir=desc', '/api/cars/bodies']);
    for (const [url, body] of Object.entries(data)) expect(body, url).toEqual((await t.app.inject(url)).json());
    expect(JSON.stringify(data)).toContain('Page </script><b>data');
    const detail = dataOf((await t.app.inject(`/cars/${car.json().id}`)).body)!;
    expect(detail[`/api/cars/${car.json().id}`]).toMatchObject({ name: 'Page </script><b>data', myStars: null });
    // A page with a query string, a page of nothing, and a page with no first reads: no block.
    expect(dataOf((await t.app.inject('/cars?sortBy=name')).body)).toBeNull();
    expect(dataOf((await t.app.inject('/cars/999999')).body)).toBeNull();
    expect(dataOf((await t.app.inject('/terms')).body)).toBeNull();
  });

  it("preloads a landing page's own chunks with the entry, and nothing the entry already brings", async () => {
    const links = (body: string) =>
      [...body.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((m) => m[1]);
    expect(links((await t.app.inject('/')).body)).toEqual(['/assets/home.js', '/assets/card.js']);
    // A page whose module is not in this build, and a page with no entry in the table: no links.
    expect(links((await t.app.inject('/plugins')).body)).toEqual([]);
    expect(links((await t.app.inject('/terms')).body)).toEqual([]);
  });

  it('sends precompressed assets, caches only hashed ones for good, and never serves source maps', async () => {
    const br = await t.app.inject({ url: '/assets/big.js', headers: { 'accept-encoding': 'br, gzip' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toContain('plugin car plugin car');
    const gz = await t.app.inject({ url: '/assets/big.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await t.app.inject('/favicon.svg')).headers['cache-control']).toBe('public, max-age=0, must-revalidate');
    const map = await t.app.inject('/assets/big.js.map');
    expect(map.headers['content-type'] ?? '').not.toContain('json');
    expect(map.body).not.toBe('{"version":3}');
  });

  it('compresses JSON answers', async () => {
    const docs = await t.app.inject({ url: '/api/docs/json', headers: { 'accept-encoding': 'br' } });
    expect(docs.headers['content-encoding']).toBe('br');
    expect(JSON.parse(zlib.brotliDecompressSync(docs.rawPayload).toString()).openapi).toMatch(/^3\./);
  });

  it('keeps unknown API and file paths as JSON 404s', async () => {
    expect((await t.app.inject('/api/nope')).json()).toEqual({ message: 'Not found' });
    expect((await t.app.inject('/files/nope.png')).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'POST', url: '/somewhere' })).statusCode).toBe(404);
  });
});

describe('page meta', () => {
  it('writes the title and description of a car into its page', async () => {
    const m = await signedInMember(t);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/cars',
      headers: m.auth,
      payload: {
        name: 'Midnight <Octane>',
        code: 'hAMwB1wABMItCGEWAAA=',
        description: 'A **dark** build for night matches.',
      },
    });
    expect(created.statusCode).toBe(201);
    const page = await t.app.inject(`/cars/${created.json().id}`);
    expect(page.body).toContain('<title>Midnight &lt;Octane&gt;');
    expect(page.body).toMatch(/<meta name="description" content="[^"]*dark build for night matches/);
    const unknown = await t.app.inject('/cars/999999');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).toContain('<title>BakkesMod Community</title>');
    expect(unknown.body).toContain('<div id="root">');
    expect((await t.app.inject('/plugin/999999')).statusCode).toBe(404);
    expect((await t.app.inject('/plugins/view/999999')).statusCode).toBe(404);
  });

  it('writes escaped title, description cut to 160 and og tags', () => {
    const out = withMeta(
      html,
      { title: 'Best <Plugin> & "more"', description: 'd'.repeat(300), image: '/files/banners/1.webp' },
      'https://site.test',
      '/plugin/1',
    );
    expect(out).toContain('<title>Best &lt;Plugin&gt; &amp; &quot;more&quot; · BakkesMod Community</title>');
    const description = /<meta name="description" content="([^"]*)"/.exec(out)![1]!;
    expect(description.length).toBeLessThanOrEqual(160);
    expect(out).not.toContain('content="default"');
    expect(out).toContain('<meta property="og:image" content="https://site.test/files/banners/1.webp" />');
    expect(out).toContain('<meta property="og:url" content="https://site.test/plugin/1" />');
    expect(out).not.toContain('rel="preload"');
    // The banner a plugin or car page shows first is preloaded at the address its <img> uses.
    const banner = withMeta(
      html,
      { title: 'P', description: 'd', image: '/files/plugins/1/banner.webp', preloadImage: true },
      'https://site.test',
      '/plugin/1',
    );
    expect(banner).toContain(
      '<link rel="preload" as="image" href="/files/plugins/1/banner.webp" fetchpriority="high" />',
    );
  });

  it('a config value cannot close the data block', () => {
    const out = withConfig(html, { supportEmail: '</script><script>alert(1)</script>' });
    expect(out).not.toContain('</script><script>');
    const block = /<script id="bm-config" type="application\/json">(.*?)<\/script>/.exec(out)![1]!;
    expect(JSON.parse(block)).toEqual({ supportEmail: '</script><script>alert(1)</script>' });
  });
});
