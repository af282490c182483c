import { expectNoAxeViolations } from './axe';
import { expect, test, type Page } from '@playwright/test';
import CREATE_PLUGIN_TEXT from '../../apps/web/src/locales/en/pluginCreate';
import T from '../../apps/web/src/locales/en/dashboard';
import { DEMO, signIn, tabTo } from './support';

interface OwnPlugin {
  id: number;
  name: string;
  isActive: boolean;
  publishedOnce: boolean;
  needsApproval: boolean;
  isPinned: boolean;
  downloadCount: number;
}
interface OwnCar {
  id: number;
  name: string;
  status: string;
  isPinned: boolean;
}

async function expectNoHorizontalScroll(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
}

/** The member's own lists as the server answers them (the dashboard must agree with these). */
async function ownLists(page: Page): Promise<{ plugins: OwnPlugin[]; cars: OwnCar[] }> {
  return page.evaluate(async () => {
    const token = localStorage.getItem('bm.auth.token') ?? sessionStorage.getItem('bm.auth.token');
    const get = async (path: string) => (await fetch(path, { headers: { authorization: `Bearer ${token}` } })).json();
    return { plugins: await get('/api/plugins/my'), cars: await get('/api/cars/my') };
  });
}

const tabs = (page: Page) => page.getByRole('navigation', { name: T.tabs.nav });
const stat = (page: Page, label: string) =>
  page
    .getByTestId('dashboard-stats')
    .locator('div')
    .filter({ has: page.getByText(label, { exact: true }) })
    .locator('dd');
const cards = (page: Page) => page.getByTestId('dashboard-card');
const card = (page: Page, name: string) => cards(page).filter({ has: page.getByRole('link', { name, exact: true }) });
const cardNames = (page: Page) => cards(page).locator('h3').allInnerTexts();
const n = (v: number) => v.toLocaleString('en-US');
const statsTitle = (name: string) => T.stats.title.replace('{name}', name);
const chartLabel = (days: number) => T.stats.chartPlugin_other.replace('{count}', String(days));

test('a member sees their numbers, sorts, pins, charts and deletes from the dashboard', async ({ page }) => {
  await signIn(page, DEMO.member);
  const { plugins, cars } = await ownLists(page);
  const pending = plugins.find((p) => p.needsApproval);
  const draft = plugins.find((p) => !p.needsApproval && !p.publishedOnce);
  const published = plugins.find((p) => !p.needsApproval && p.publishedOnce);
  expect(pending && draft && published, 'the demo member has a pending, a draft and a published plugin').toBeTruthy();

  // Overview: the §4 counting rules over what the server answered.
  await expect(tabs(page).getByRole('link', { name: T.tabs.overview })).toHaveAttribute('aria-current', 'page');
  await expect(stat(page, T.overview.totalPlugins)).toHaveText(n(plugins.length));
  await expect(stat(page, T.overview.published)).toHaveText(
    n(plugins.filter((p) => p.isActive && p.publishedOnce).length),
  );
  // Total Cars: every own car, whatever its status letter.
  await expect(stat(page, T.overview.totalCars)).toHaveText(n(cars.length));
  await expect(stat(page, T.overview.downloads)).toHaveText(n(plugins.reduce((s, p) => s + p.downloadCount, 0)));
  await expect(tabs(page).getByRole('link', { name: `${T.tabs.myPlugins} (${plugins.length})` })).toBeVisible();
  await expect(tabs(page).getByRole('link', { name: `${T.tabs.myCars} (${cars.length})` })).toBeVisible();
  await expect(tabs(page).getByRole('link', { name: T.tabs.settings })).toHaveAttribute('href', '/account/settings');
  const recent = page.getByRole('region', { name: T.overview.recentPlugins });
  await expect(recent.getByRole('listitem')).toHaveCount(Math.min(5, plugins.length));
  await expectNoAxeViolations(page, '#main', { seriousOnly: true });

  // My Plugins, by keyboard from the tab bar.
  await tabs(page)
    .getByRole('link', { name: `${T.tabs.myPlugins} (${plugins.length})` })
    .focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/dashboard\/plugins$/);
  await expect(tabs(page).getByRole('link', { name: /My Plugins/ })).toHaveAttribute('aria-current', 'page');
  await expect(card(page, pending!.name).getByText('Pending', { exact: true })).toBeVisible();
  await expect(card(page, draft!.name).getByText('Draft', { exact: true })).toBeVisible();
  await expect(card(page, published!.name).getByText('Published', { exact: true })).toBeVisible();
  await expect(
    card(page, published!.name).getByRole('link', { name: `${T.card.manage} ${published!.name}` }),
  ).toHaveAttribute('href', `/plugins/${published!.id}/manage`);
  await expectNoAxeViolations(page, '#main', { seriousOnly: true });

  // Sort by name, ascending: pinned first, each group A to Z; remembered in the address.
  await page.getByLabel(T.sort.by).selectOption({ label: T.sort.name });
  await page.getByRole('group', { name: T.sort.direction }).getByRole('button', { name: T.sort.ascending }).click();
  await expect(page).toHaveURL(/sort=name&dir=asc/);
  const byName = (a: OwnPlugin, b: OwnPlugin) =>
    a.name.localeCompare(b.name, undefined, { sensitivity: 'base' }) || a.name.localeCompare(b.name);
  const expected = [
    ...plugins.filter((p) => p.isPinned).sort(byName),
    ...plugins.filter((p) => !p.isPinned).sort(byName),
  ].map((p) => p.name);
  await expect.poll(() => cardNames(page)).toEqual(expected);
  await page.getByRole('group', { name: T.sort.direction }).getByRole('button', { name: T.sort.descending }).click();
  await expect(page).toHaveURL(/sort=name&dir=desc/);
  await page.reload();
  await expect(page.getByLabel(T.sort.by)).toHaveValue('name');
  await expect(page.getByRole('button', { name: T.sort.descending })).toHaveAttribute('aria-pressed', 'true');

  // Pin the draft: it jumps into the pinned group at the top, and stays pinned after a reload; then unpin.
  await page.getByRole('button', { name: `${T.card.pin} ${draft!.name}`, exact: true }).click();
  await expect(page.getByRole('button', { name: `${T.card.unpin} ${draft!.name}`, exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  const pinnedCount = plugins.filter((p) => p.isPinned).length + 1;
  await expect.poll(async () => (await cardNames(page)).slice(0, pinnedCount)).toContain(draft!.name);
  await page.reload();
  await expect(page.getByRole('button', { name: `${T.card.unpin} ${draft!.name}`, exact: true })).toBeVisible();
  await page.getByRole('button', { name: `${T.card.unpin} ${draft!.name}`, exact: true }).click();
  await expect(page.getByRole('button', { name: `${T.card.pin} ${draft!.name}`, exact: true })).toHaveAttribute(
    'aria-pressed',
    'false',
  );
  await expect.poll(async () => (await cardNames(page)).slice(0, pinnedCount - 1)).not.toContain(draft!.name);

  // Chart of the published plugin: drawn (a canvas), with the totals as text; 90 days on request.
  await card(page, published!.name)
    .getByRole('button', { name: `${T.card.stats} ${published!.name}` })
    .click();
  const stats = page.getByRole('dialog', { name: statsTitle(published!.name) });
  await expect(stats.locator('canvas')).toBeVisible();
  await expect(stats.getByRole('img', { name: chartLabel(30) })).toBeVisible();
  await expect(stats.getByTestId('stats-summary')).toHaveText(/^Last 30 days: [\d,]+ downloads and [\d,]+ views\.$/);
  await stats.getByRole('button', { name: T.stats.days_other.replace('{count}', '90') }).click();
  await expect(stats.getByTestId('stats-summary')).toHaveText(/^Last 90 days: [\d,]+ downloads and [\d,]+ views\.$/);
  await expect(stats.getByRole('img', { name: chartLabel(90) })).toBeVisible();
  await expectNoAxeViolations(page, '[role="dialog"]', { seriousOnly: true });
  await page.keyboard.press('Escape');
  await expect(stats).toBeHidden();
  await expect(
    card(page, published!.name).getByRole('button', { name: `${T.card.stats} ${published!.name}` }),
  ).toBeFocused();

  // A new plugin from the header's Create Plugin dialog, then deleted by keyboard through 'Delete plugin?'.
  const name = `Doomed ${Date.now().toString(36)}`;
  await page.getByRole('button', { name: 'Create Plugin' }).click();
  const create = page.getByRole('dialog', { name: CREATE_PLUGIN_TEXT.title });
  await create.getByLabel(CREATE_PLUGIN_TEXT.name).fill(name);
  await create.getByRole('button', { name: CREATE_PLUGIN_TEXT.submit }).click();
  await expect(page).toHaveURL(/\/plugins\/\d+\/manage$/);
  await page.goto('/dashboard/plugins');
  await expect(tabs(page).getByRole('link', { name: `${T.tabs.myPlugins} (${plugins.length + 1})` })).toBeVisible();
  await expect(card(page, name).getByText('Draft', { exact: true })).toBeVisible();
  const deleteButton = page.getByRole('button', { name: `${T.card.delete} ${name}`, exact: true });
  await deleteButton.focus();
  await page.keyboard.press('Enter');
  let confirm = page.getByRole('dialog', { name: T.delete.pluginTitle });
  await expect(confirm).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(confirm).toBeHidden();
  await expect(deleteButton).toBeFocused();
  await page.keyboard.press('Enter');
  confirm = page.getByRole('dialog', { name: T.delete.pluginTitle });
  await expect(confirm).toContainText(name);
  await expectNoAxeViolations(page, '[role="dialog"]', { seriousOnly: true });
  await tabTo(page, confirm.getByRole('button', { name: T.delete.confirm, exact: true }));
  await page.keyboard.press('Enter');
  await expect(confirm).toBeHidden();
  await expect(page.getByText(T.delete.pluginDone)).toBeVisible();
  await expect(card(page, name)).toHaveCount(0);
  await expect(tabs(page).getByRole('link', { name: `${T.tabs.myPlugins} (${plugins.length})` })).toBeVisible();

  // My Cars: status badges, a car's chart, accessible.
  await tabs(page)
    .getByRole('link', { name: /My Cars/ })
    .click();
  await expect(page).toHaveURL(/\/dashboard\/cars$/);
  const someCar = cars[0]!;
  const carCard = card(page, someCar.name);
  await expect(
    carCard.getByText(someCar.status === 'A' || someCar.status === 'I' ? T.badge.active : T.badge.inactive, {
      exact: true,
    }),
  ).toBeVisible();
  await expect(carCard.getByRole('link', { name: `${T.card.edit} ${someCar.name}` })).toHaveAttribute(
    'href',
    `/cars/${someCar.id}/edit`,
  );
  await expectNoAxeViolations(page, '#main', { seriousOnly: true });
  await carCard.getByRole('button', { name: `${T.card.stats} ${someCar.name}` }).click();
  const carStats = page.getByRole('dialog', { name: statsTitle(someCar.name) });
  await expect(carStats.locator('canvas')).toBeVisible();
  await expect(carStats.getByTestId('stats-summary')).toHaveText(/^Last 30 days: [\d,]+ copies and [\d,]+ views\.$/);
  await page.keyboard.press('Escape');
});

test('the dashboard fits a 390 px wide screen, the chart too', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, DEMO.member);
  for (const path of ['/dashboard', '/dashboard/plugins', '/dashboard/cars']) {
    await page.goto(path);
    await expect(tabs(page)).toBeVisible();
    if (path === '/dashboard') await expect(page.getByTestId('dashboard-stats').locator('dd').first()).toHaveText(/\d/);
    else await expect(cards(page).first()).toBeVisible();
    await expectNoHorizontalScroll(page);
  }
  await cards(page)
    .first()
    .getByRole('button', { name: new RegExp(`^${T.card.stats} `) })
    .click();
  const dialog = page.getByRole('dialog');
  const canvas = dialog.locator('canvas').first();
  await expect(canvas).toBeVisible();
  const box = (await canvas.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(390);
  await expectNoHorizontalScroll(page);
});

test("an administrator impersonating a member sees the member's dashboard under the banner, and Stop Impersonation returns to /login", async ({
  page,
}) => {
  await signIn(page, DEMO.admin);
  await page.goto('/admin/members');
  await page.getByRole('button', { name: `Impersonate ${DEMO.member.username}` }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  const banner = page.getByRole('region', { name: 'Impersonation' });
  await expect(banner).toContainText(`You are impersonating ${DEMO.member.username}.`);
  await expect(page.getByRole('heading', { level: 1, name: T.title })).toBeVisible();
  await expect(page.getByTestId('dashboard-stats').locator('dd').first()).toHaveText(/\d/);
  await banner.getByRole('button', { name: 'Stop Impersonation' }).click();
  await expect(page).toHaveURL(/\/login/);
  await expect(banner).toBeHidden();
});
