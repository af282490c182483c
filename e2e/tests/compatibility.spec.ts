import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import type { PluginPage } from '@bm/core';
import ADMIN_EN from '../../apps/web/src/locales/en/admin';
import PLUGINS_EN from '../../apps/web/src/locales/en/plugins';
import { axeProblems } from './axe';
import { DEMO, settle, signIn, tabTo } from './support';

const C = PLUGINS_EN.compatibility;

/**
 * Issue 25 point 2 in Chromium, with the keyboard, on a 390 px screen: an administrator makes a new
 * game version current, a plugin is not yet confirmed for it, three members report it works, and
 * its card, its page and the list's filter say it works.
 */

const G = ADMIN_EN.gameVersions;

test.use({ viewport: { width: 390, height: 844 } });

async function tokenFor(request: APIRequestContext, account: { username: string; password: string }) {
  const res = await request.post('/api/auth/login', { data: { ...account, rememberMe: false } });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { token: string }).token;
}

async function fitsWidth(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
}

test('a new current game version, three reports, and the plugin works with it on its card, its page and the filter', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const findings: string[] = [];
  const version = `v9.${Date.now().toString(36)}`;

  // An administrator adds a game version and makes it current.
  await signIn(page, DEMO.admin);
  await page.goto('/admin/game-versions');
  await settle(page);
  await page.getByLabel(G.name, { exact: true }).fill(version);
  await page.getByLabel(G.bakkesmod, { exact: true }).fill('2.0.90');
  await page.getByLabel(G.makeCurrent).check();
  await page.getByRole('button', { name: G.create }).click();
  await expect(
    page.getByTestId('game-version-row').filter({ hasText: version }).getByText(G.current, { exact: true }),
  ).toBeVisible();

  // A listed plugin none of the three reporters wrote.
  const reporters = [DEMO.admin, DEMO.moderator, DEMO.member].map((a) => a.username.toLowerCase());
  const list = (await (await page.request.get('/api/plugins?pageSize=50')).json()) as PluginPage;
  const plugin = list.items.find((p) => !reporters.includes(p.author.toLowerCase()))!;
  expect(plugin, 'a demo plugin by someone else').toBeTruthy();
  const unverified = `Not yet confirmed for ${version}`;
  const works = `Works with ${version}`;

  // Not yet confirmed: on its card and on its page.
  await page.goto(`/plugins?search=${encodeURIComponent(plugin.name)}`);
  await settle(page);
  const card = page.getByTestId('plugin-card').filter({ hasText: plugin.name }).first();
  await expect(card.getByTestId('compatibility-badge')).toHaveText(new RegExp(unverified));
  await page.goto(`/plugin/${plugin.id}`);
  await settle(page);
  await expect(page.getByTestId('compatibility-badge')).toHaveText(new RegExp(unverified));
  const panel = page.getByTestId('compatibility-panel');
  await expect(panel.getByTestId('compatibility-counts')).toHaveText('0 members report it works, 0 report it broken');
  for (const p of await axeProblems(page)) findings.push(`plugin page, unverified: ${p}`);
  await fitsWidth(page);

  // Two members report through the API; the administrator is the third, with the keyboard.
  for (const account of [DEMO.moderator, DEMO.member]) {
    const token = await tokenFor(page.request, account);
    const res = await page.request.put(`/api/plugins/${plugin.id}/compatibility/${await currentId(page)}`, {
      headers: { authorization: `Bearer ${token}` },
      data: { works: true },
    });
    expect(res.status()).toBe(200);
  }
  await page.reload();
  await settle(page);
  await expect(panel.getByTestId('compatibility-counts')).toHaveText('2 members report it works, 0 report it broken');
  const worksButton = panel.getByRole('button', { name: C.works, exact: true });
  await tabTo(page, worksButton);
  await page.keyboard.press('Enter');
  await expect(panel.getByTestId('compatibility-counts')).toHaveText('3 members report it works, 0 report it broken');
  await expect(worksButton).toHaveAttribute('aria-pressed', 'true');
  await expect(panel.getByText(C.myReportWorks)).toBeVisible();
  await expect(page.getByTestId('compatibility-badge')).toHaveText(new RegExp(works));
  for (const p of await axeProblems(page)) findings.push(`plugin page, reported: ${p}`);
  await fitsWidth(page);

  // The list's Filters panel: works with the current game version, from the keyboard.
  await page.goto('/plugins');
  await settle(page);
  await tabTo(page, page.getByRole('button', { name: /Filters/ }));
  await page.keyboard.press('Enter');
  const filter = page.getByRole('checkbox', { name: C.filterLabel });
  await tabTo(page, filter);
  for (const p of await axeProblems(page)) findings.push(`filters panel: ${p}`);
  await page.keyboard.press('Space');
  await expect(page).toHaveURL(/compatible=current/);
  await page.keyboard.press('Escape');
  await settle(page);
  const filtered = page.getByTestId('plugin-card').filter({ hasText: plugin.name });
  await expect(filtered.getByTestId('compatibility-badge')).toHaveText(new RegExp(works));
  // Only plugins that work are listed.
  const badges = page.getByTestId('plugin-card').getByTestId('compatibility-badge');
  await expect(badges.first()).toBeVisible();
  for (const status of await badges.evaluateAll((els) => els.map((e) => e.getAttribute('data-status'))))
    expect(status).toBe('works');
  for (const p of await axeProblems(page)) findings.push(`filtered list: ${p}`);
  await fitsWidth(page);
  expect(findings).toEqual([]);
});

test('the author declares on the manage page that the live version works with the current game version', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const findings: string[] = [];
  const version = `v8.${Date.now().toString(36)}`;
  const admin = await tokenFor(page.request, DEMO.admin);
  const made = await page.request.post('/api/admin/game-versions', {
    headers: { authorization: `Bearer ${admin}` },
    data: { name: version, bakkesmodVersion: '2.0.91', makeCurrent: true },
  });
  expect(made.status()).toBe(201);
  const list = (await (await page.request.get('/api/plugins?pageSize=50')).json()) as PluginPage;
  const plugin = list.items.find((p) => p.author.toLowerCase() === DEMO.member.username.toLowerCase())!;
  expect(plugin, "a demo plugin of the demo member's").toBeTruthy();

  await signIn(page, DEMO.member);
  await page.goto(`/plugins/${plugin.id}/manage`);
  await settle(page);
  // The source upload offers the game versions, the current one checked.
  const upload = page.getByRole('group', { name: C.uploadLegend }).first();
  await expect(upload.getByRole('checkbox', { name: new RegExp(version) })).toBeChecked();
  const section = page.locator('section#game-versions');
  const box = section.getByRole('checkbox', { name: new RegExp(version) });
  await expect(box).not.toBeChecked();
  for (const p of await axeProblems(page)) findings.push(`manage page: ${p}`);
  await fitsWidth(page);
  await tabTo(page, box);
  await page.keyboard.press('Space');
  await tabTo(page, section.getByRole('button', { name: C.declareSave }));
  await page.keyboard.press('Enter');
  await expect(section.getByRole('status')).toHaveText(C.declareSaved);

  await page.goto(`/plugin/${plugin.id}`);
  await settle(page);
  await expect(page.getByTestId('compatibility-badge')).toHaveText(new RegExp(`Works with ${version}`));
  await expect(page.getByTestId('compatibility-panel').getByText(C.declared)).toBeVisible();
  await expect(page.getByTestId('compatibility-panel').getByText(C.ownPlugin)).toBeVisible();
  expect(findings).toEqual([]);
});

async function currentId(page: Page): Promise<number> {
  const versions = (await (await page.request.get('/api/game-versions')).json()) as Array<{
    id: number;
    current: boolean;
  }>;
  return versions.find((v) => v.current)!.id;
}
