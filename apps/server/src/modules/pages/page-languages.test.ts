import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInMember, startPageTestApp, type TestApp } from '../../../test/harness.js';
import { publishedPlugin } from '../plugins/test-support.js';

const html =
  '<!doctype html><html lang="en" class="dark"><head><title>BakkesMod Community</title><meta name="description" content="Share and discover BakkesMod plugins and custom car designs for Rocket League." /></head><body><div id="root"></div></body></html>';
let t: TestApp;
beforeAll(async () => {
  t = await startPageTestApp(html);
});
afterAll(() => t.close());

const page = (url: string, acceptLanguage?: string) =>
  t.app.inject({ url, headers: acceptLanguage ? { 'accept-language': acceptLanguage } : {} });
const metaOf = (body: string, key: string) =>
  new RegExp(`<meta (?:name|property)="${key}" content="([^"]*)" />`).exec(body)?.[1];
const linkHref = (body: string, rel: string, extra = '') =>
  new RegExp(`<link rel="${rel}"${extra} href="([^"]*)" />`).exec(body)?.[1];

describe('page heads in the visitor’s language (docs/i18n.md, Server)', () => {
  it('writes the plugin list in the language of Accept-Language, and varies by it', async () => {
    const res = await page('/plugins', 'de-AT,de;q=0.9,en;q=0.5');
    expect(res.statusCode).toBe(200);
    expect(res.headers.vary).toMatch(/Accept-Language/i);
    expect(res.body).toContain('<html lang="de" class="dark">');
    expect(res.body).toContain('<title>Plugins · BakkesMod Community</title>');
    expect(metaOf(res.body, 'description')).toBe(
      'BakkesMod-Plugins für Rocket League: stöbern, suchen und herunterladen, mit dem Änderungsprotokoll jeder Version.',
    );
    // No ?lang: the one address, which the browser's language decides.
    expect(linkHref(res.body, 'canonical')).toBe('http://localhost:3000/plugins');
  });

  it('lets ?lang win over Accept-Language, keeps it in the canonical address, and lists every language', async () => {
    const res = await page('/?lang=pt-BR', 'fr');
    expect(res.body).toContain('<html lang="pt-BR"');
    expect(metaOf(res.body, 'description')).toBe(
      'Compartilhe e descubra plugins do BakkesMod e designs de carros personalizados para Rocket League.',
    );
    expect(linkHref(res.body, 'canonical')).toBe('http://localhost:3000/?lang=pt-BR');
    for (const l of ['en', 'fr', 'de', 'es', 'pt-BR'])
      expect(linkHref(res.body, 'alternate', ` hreflang="${l}"`)).toBe(`http://localhost:3000/?lang=${l}`);
    expect(linkHref(res.body, 'alternate', ' hreflang="x-default"')).toBe('http://localhost:3000/');
    // An unknown ?lang is ignored: Accept-Language decides.
    expect((await page('/?lang=xx', 'es')).body).toContain('<html lang="es"');
  });

  it('translates the fixed parts of a plugin page and leaves what its author wrote as written', async () => {
    const owner = await signedInMember(t);
    const p = await publishedPlugin(t, owner, { name: 'Speedo Flip', shortDescription: '' });
    const fr = await page(`/plugin/${p.id}`, 'fr');
    expect(fr.body).toContain('<title>Speedo Flip · BakkesMod Community</title>');
    expect(fr.body).toContain('title="Speedo Flip : versions"');
    const described = await page(`/plugin/${p.id}?lang=es`);
    expect(metaOf(described.body, 'og:title')).toBe('Speedo Flip');
  });

  it('keeps English pages as they were, apart from the language links', async () => {
    const res = await page('/plugins', 'en-US');
    expect(res.body).toContain('<html lang="en" class="dark">');
    expect(metaOf(res.body, 'description')).toBe(
      'BakkesMod plugins for Rocket League: browse, search and download, with every version&#39;s changelog.',
    );
    const other = await page('/account/settings/account', 'es');
    expect(metaOf(other.body, 'description')).toBe(
      'Comparte y descubre plugins de BakkesMod y diseños de coches personalizados para Rocket League.',
    );
    const english = await page('/account/settings/account');
    expect(metaOf(english.body, 'description')).toBe(
      'Share and discover BakkesMod plugins and custom car designs for Rocket League.',
    );
    expect((await page('/no/such/page', 'fr')).body).not.toContain('hreflang');
  });
});
