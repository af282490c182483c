import { expectNoAxeViolations } from './axe';
import { expect, test, type Page } from '@playwright/test';
import HOME_TEXT from '../../apps/web/src/locales/en/home';
import { DEMO, signIn } from './support';
import PLUGINS_EN from '../../apps/web/src/locales/en/plugins';
import PLUGIN_DETAIL_EN from '../../apps/web/src/locales/en/pluginDetail';

const featuredCards = (page: Page) =>
  page.getByRole('list', { name: HOME_TEXT.featuredTitle }).getByTestId('plugin-card');
const recentCards = (page: Page) => page.getByRole('list', { name: HOME_TEXT.recentTitle }).getByTestId('plugin-card');

/** A public demo plugin's id, by its exact name. */
async function pluginId(page: Page, name: string): Promise<number> {
  const res = await page.request.get(`/api/plugins?search=${encodeURIComponent(name)}`);
  const items = (await res.json()).items as Array<{ id: number; name: string }>;
  const found = items.find((p) => p.name === name);
  expect(found, name).toBeTruthy();
  return found!.id;
}

test.describe('home page', () => {
  test('a visitor sees the featured and recent plugins, searches from the hero and opens a plugin', async ({
    page,
  }) => {
    await page.goto('/');
    await expect(page).toHaveTitle('BakkesMod Community');
    await expect(page.getByRole('heading', { name: HOME_TEXT.recentTitle })).toBeVisible();
    await expect(page.getByRole('heading', { name: HOME_TEXT.featuredTitle })).toBeVisible();
    await expect(recentCards(page)).toHaveCount(6);
    await expect(featuredCards(page)).toHaveCount(4);
    await expect(page.getByRole('link', { name: HOME_TEXT.joinCommunity })).toHaveAttribute('href', '/register');
    await expect(page.getByRole('link', { name: /Get BakkesMod/ })).toHaveAttribute('href', 'https://bakkesmod.com/');

    await page.getByRole('searchbox', { name: HOME_TEXT.searchLabel }).fill('  Aerial Trainer ');
    await page.getByRole('button', { name: HOME_TEXT.search, exact: true }).click();
    await expect(page).toHaveURL(/\/plugins\?search=Aerial(\+|%20)Trainer$/);
    const results = page.getByRole('list', { name: PLUGINS_EN.list.results }).getByTestId('plugin-card');
    await results.filter({ hasText: 'Aerial Trainer' }).first().click();
    await expect(page.getByRole('heading', { level: 1, name: 'Aerial Trainer' })).toBeVisible();
  });

  test('an administrator features a plugin from its page and it leads the featured strip', async ({ page }) => {
    const name = 'Instant Replay Saver';
    const id = await pluginId(page, name);
    const before = (await (await page.request.get('/api/plugins/featured')).json()).items as Array<{ name: string }>;
    expect(before.map((p) => p.name)).not.toContain(name);

    await signIn(page, DEMO.admin);
    await page.goto(`/plugin/${id}`);
    await expect(page.getByRole('heading', { name: PLUGIN_DETAIL_EN.admin.title })).toBeVisible();
    const toggle = page.getByRole('switch', { name: PLUGIN_DETAIL_EN.admin.featured });
    await expect(toggle).toHaveAttribute('aria-checked', 'false');
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-checked', 'true');
    try {
      await page.goto('/');
      await expect(featuredCards(page).first()).toContainText(name);
      await expect(featuredCards(page)).toHaveCount(4);
      await expect(page.getByRole('link', { name: HOME_TEXT.myDashboard })).toHaveAttribute('href', '/dashboard');
    } finally {
      // Leave the data as found.
      await page.goto(`/plugin/${id}`);
      await expect(toggle).toHaveAttribute('aria-checked', 'true');
      await toggle.click();
      await expect(toggle).toHaveAttribute('aria-checked', 'false');
    }
    await page.goto('/');
    await expect(featuredCards(page)).toHaveCount(4);
    await expect(featuredCards(page).filter({ hasText: name })).toHaveCount(0);
  });

  test('pages carry link previews, unknown pages answer 404, and crawlers get a sitemap and robots.txt', async ({
    page,
  }) => {
    const id = await pluginId(page, 'Boost Meter Plus');
    const html = await (await page.request.get(`/plugin/${id}`)).text();
    expect(html).toContain('<title>Boost Meter Plus · BakkesMod Community</title>');
    expect(html).toContain('<meta property="og:title" content="Boost Meter Plus" />');
    expect(html).toMatch(/<meta property="og:description" content="A bigger, clearer boost meter/);
    expect(html).toMatch(new RegExp(`<meta property="og:url" content="http://localhost:\\d+/plugin/${id}" />`));
    expect(html).toContain('<meta property="og:site_name" content="BakkesMod Community" />');
    expect(html).toMatch(/<meta name="twitter:card" content="summary(_large_image)?" \/>/);
    expect(html).toMatch(new RegExp(`<link rel="canonical" href="http://localhost:\\d+/plugin/${id}" />`));

    const member = await page.request.get(`/members/${DEMO.member.username.toLowerCase()}`);
    expect(member.status()).toBe(200);
    expect(await member.text()).toContain(`<title>${DEMO.member.username} · BakkesMod Community</title>`);

    for (const url of ['/plugin/999999', '/members/nobody-here-xyz', '/cars/999999']) {
      const res = await page.request.get(url);
      expect(res.status(), url).toBe(404);
      expect(await res.text()).toContain('<div id="root">');
    }

    const sitemap = await page.request.get('/sitemap.xml');
    expect(sitemap.status()).toBe(200);
    expect(sitemap.headers()['content-type']).toContain('xml');
    const xml = await sitemap.text();
    expect(xml).toMatch(new RegExp(`<loc>http://localhost:\\d+/plugin/${id}</loc>`));
    expect(xml).toContain(`/members/${DEMO.member.username}</loc>`);
    // Exactly the listed public plugins: the demo draft and the one awaiting review are not there.
    const listed = (await (await page.request.get('/api/plugins?pageSize=1')).json()).totalCount as number;
    expect(xml.match(/<loc>[^<]*\/plugin\/\d+<\/loc>/g)).toHaveLength(listed);

    const robots = await page.request.get('/robots.txt');
    expect(robots.headers()['content-type']).toContain('text/plain');
    expect(await robots.text()).toMatch(/^Sitemap: http:\/\/localhost:\d+\/sitemap\.xml$/m);
  });

  test('has no serious accessibility problems, works by keyboard, and fits 390 px', async ({ page }) => {
    await page.goto('/');
    await expect(recentCards(page)).toHaveCount(6);
    await expectNoAxeViolations(page, '#main', { seriousOnly: true });

    // Keyboard only: Tab to the hero search, type, Enter.
    const box = page.getByRole('searchbox', { name: HOME_TEXT.searchLabel });
    for (let i = 0; i < 30 && !(await box.evaluate((el) => el === document.activeElement)); i++)
      await page.keyboard.press('Tab');
    await expect(box).toBeFocused();
    await page.keyboard.type('Ball Prediction');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/plugins\?search=Ball(\+|%20)Prediction$/);
    await expect(
      page
        .getByRole('list', { name: PLUGINS_EN.list.results })
        .getByTestId('plugin-card')
        .filter({ hasText: 'Ball Prediction' })
        .first(),
    ).toBeVisible();

    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/');
    await expect(recentCards(page)).toHaveCount(6);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
  });
});
