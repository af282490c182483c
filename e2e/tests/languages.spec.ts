import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { LOCALE_NAMES, SUPPORTED_LOCALES, type Locale } from '@bm/core';
import { axeProblems } from './axe';
import { linkFromOutbox, newAccount, settle, signIn, verifiedAccount } from './support';

/**
 * Issue 30: the site in the players' languages. The texts checked here are read from the catalogues
 * themselves (apps/web/src/locales, apps/server/src/i18n), so the test follows their wording.
 */
const LOCALES = path.resolve(import.meta.dirname, '../../apps/web/src/locales');
type Texts = { [key: string]: string | Texts };
const web = (locale: Exclude<Locale, 'en'>, ns: string) =>
  JSON.parse(fs.readFileSync(path.join(LOCALES, locale, `${ns}.json`), 'utf8')) as Texts;
const text = (texts: Texts, key: string) =>
  key.split('.').reduce<Texts | string>((t, k) => (t as Texts)[k]!, texts) as string;
const server = (locale: Exclude<Locale, 'en'>) =>
  JSON.parse(
    fs.readFileSync(path.resolve(import.meta.dirname, `../../apps/server/src/i18n/${locale}.json`), 'utf8'),
  ) as Texts;

const htmlLang = (page: Page) => page.evaluate(() => document.documentElement.lang);

test.describe('a visitor whose browser asks for French', () => {
  test.use({ locale: 'fr-FR' });

  test('sees the home page, the plugin list, a plugin page and the login form in French', async ({ page, request }) => {
    const home = web('fr', 'home');
    const plugins = web('fr', 'plugins');
    const auth = web('fr', 'auth');

    // Only the French catalogue's chunk comes with the first visit, no other language's.
    const catalogues: string[] = [];
    page.on('request', (r) => {
      const file = new URL(r.url()).pathname.split('/').pop() ?? '';
      if (/^catalogue-.*\.js$/.test(file)) catalogues.push(file);
    });
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: text(home, 'heroTitle') })).toBeVisible();
    expect(await htmlLang(page)).toBe('fr');
    // The public pages' part of it: the members' and staff's texts are a second chunk.
    expect(catalogues).toHaveLength(1);
    expect(catalogues[0]).toMatch(/^catalogue-fr-/);
    expect(catalogues[0]).not.toMatch(/^catalogue-fr-later-/);
    await settle(page);
    expect(await axeProblems(page)).toEqual([]);

    // The most downloaded plugin: its card counts in French ('12 345', narrow no-break space).
    const list = (await (await request.get('/api/plugins?sortBy=downloads&sortDir=desc&pageSize=10')).json()) as {
      items: Array<{ id: number; name: string; downloadCount: number }>;
    };
    const top = list.items[0]!;
    expect(top.downloadCount).toBeGreaterThanOrEqual(1000);
    await page.goto('/plugins');
    await expect(page.getByRole('heading', { level: 1, name: text(plugins, 'list.title') })).toBeVisible();
    const exact = new Intl.NumberFormat('fr').format(top.downloadCount);
    expect(exact).toMatch(/\d\u202f\d{3}/);
    await expect(page.locator(`[title="${exact}"]`).first()).toBeVisible();
    expect(await axeProblems(page)).toEqual([]);

    await page.goto(`/plugin/${top.id}`);
    await expect(page.getByRole('heading', { level: 1, name: top.name })).toBeVisible();
    await expect(page.getByRole('tab', { name: text(web('fr', 'pluginDetail'), 'detail.details') })).toBeVisible();
    expect(await htmlLang(page)).toBe('fr');
    await settle(page);
    expect(await axeProblems(page)).toEqual([]);

    await page.goto('/login');
    await expect(page.getByRole('heading', { name: text(auth, 'login.title') })).toBeVisible();
    await expect(page.getByRole('button', { name: text(auth, 'login.submit'), exact: true })).toBeVisible();
    await expect(page.getByLabel(text(auth, 'login.username'))).toBeVisible();
    expect(await axeProblems(page)).toEqual([]);

    // The Terms are in that second chunk, fetched with the page's code: the page's heading is French
    // from the first time it shows, never English first.
    await page.addInitScript(() => {
      const seen: string[] = [];
      Object.assign(window, { headingsSeen: seen });
      new MutationObserver(() => {
        const h1 = document.querySelector('#main h1');
        if (h1?.textContent && seen.at(-1) !== h1.textContent) seen.push(h1.textContent);
      }).observe(document, { subtree: true, childList: true, characterData: true });
    });
    await page.goto('/terms');
    const terms = text(web('fr', 'legal'), 'titles.terms');
    await expect(page.getByRole('heading', { level: 1, name: terms })).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { headingsSeen: string[] }).headingsSeen)).toEqual([terms]);
    expect(catalogues.filter((file) => /^catalogue-fr-later-/.test(file))).toHaveLength(1);
  });

  test("shows the server's refusal in French, by its code", async ({ page, request }) => {
    const taken = newAccount('fr-taken');
    expect(
      (await request.post('/api/auth/register', { data: { ...taken, productUpdatesOptIn: false } })).status(),
    ).toBe(201);
    const auth = web('fr', 'auth');
    const account = newAccount('fr-second');
    await page.goto('/register');
    await page.getByLabel(text(auth, 'register.username'), { exact: true }).fill(account.username);
    await page.getByLabel(text(auth, 'register.email'), { exact: true }).fill(taken.email);
    await page.getByLabel(text(auth, 'register.password'), { exact: true }).fill(account.password);
    await page.getByLabel(text(auth, 'register.confirm'), { exact: true }).fill(account.password);
    await page.getByRole('checkbox', { name: new RegExp(text(auth, 'register.terms')) }).check();
    const answer = page.waitForResponse((r) => r.url().endsWith('/api/auth/register'));
    await page.getByRole('button', { name: text(auth, 'register.submit'), exact: true }).click();
    // The server answers in English with the message's code; the page shows the French of the code.
    expect(await (await answer).json()).toMatchObject({ code: 'auth.emailTaken' });
    await expect(page.getByText(text(web('fr', 'errors'), 'auth.emailTaken'))).toBeVisible();
  });

  test('switches to German in the footer, and German stays after a reload', async ({ page }) => {
    const shellDe = web('de', 'shell');
    await page.goto('/');
    await settle(page);
    const menu = page.getByRole('combobox', { name: text(web('fr', 'shell'), 'footer.language') });
    await menu.focus();
    await menu.selectOption({ label: LOCALE_NAMES.de });
    await expect(page.getByRole('link', { name: text(shellDe, 'footer.privacy') })).toBeVisible();
    expect(await htmlLang(page)).toBe('de');
    await page.reload();
    await expect(page.getByRole('link', { name: text(shellDe, 'footer.privacy') })).toBeVisible();
    expect(await htmlLang(page)).toBe('de');
    await expect(page.getByRole('combobox', { name: text(shellDe, 'footer.language') })).toHaveValue('de');
  });
});

test('a member who picks Spanish gets a password-reset mail in Spanish', async ({ page, request }) => {
  const account = await verifiedAccount(request, 'es');

  await signIn(page, account);
  await page.goto('/account/settings/account');
  await settle(page);
  const saved = page.waitForResponse(
    (r) => r.url().endsWith('/api/members/me/locale') && r.request().method() === 'PUT',
  );
  await page.getByRole('contentinfo').getByRole('combobox').selectOption({ label: LOCALE_NAMES.es });
  expect((await saved).status()).toBe(200);
  expect(await htmlLang(page)).toBe('es');

  // Signed out, from any browser: the mail follows the account's language, not the request's.
  expect((await request.post('/api/auth/forgot-password', { data: { email: account.email } })).status()).toBe(200);
  const subject = text(server('es'), 'mail.reset.subject');
  const reset = await linkFromOutbox(account.email, new RegExp(subject.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
  expect(reset).toContain('/reset-password');
});

test('an English first visit loads no other language', async ({ page }) => {
  const catalogues: string[] = [];
  page.on('request', (r) => {
    if (/\/catalogue-[^/]*\.js$/.test(new URL(r.url()).pathname)) catalogues.push(r.url());
  });
  await page.goto('/');
  await settle(page);
  expect(await htmlLang(page)).toBe('en');
  expect(catalogues).toEqual([]);
});

test.describe('every language', () => {
  test.use({ viewport: { width: 390, height: 844 } });
  for (const locale of SUPPORTED_LOCALES) {
    test(`passes axe in ${locale} on the home page, the plugin list and the login form`, async ({ page }) => {
      await page.addInitScript((l) => localStorage.setItem('bm.locale', l), locale);
      for (const route of ['/', '/plugins', '/login']) {
        await page.goto(route);
        await settle(page);
        expect(await htmlLang(page)).toBe(locale);
        expect(await axeProblems(page)).toEqual([]);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      }
    });
  }
});
