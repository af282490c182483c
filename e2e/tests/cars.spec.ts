import { expect, test, type Page } from '@playwright/test';
import { CAR_BANNER_MAX_BYTES, CAR_MESSAGES, decodeCarCode, type Car, type CarDetail, type CarsPage } from '@bm/core';
import { PAGINATION_TEXT } from '../../apps/web/src/components/pagination';
import { STAR_RATING_TEXT } from '../../apps/web/src/components/star-rating';
import CARS_EN from '../../apps/web/src/locales/en/cars';
import { formatBytes } from '../../apps/web/src/lib/format';
import { expectNoAxeViolations } from './axe';
import { dropPng, expectTooLargeRefused, holdRequest, PNG_1X1 } from './drop-zone';
import { DEMO, signIn } from './support';

const OCTANE_CODE = 'hAMwB1wABMItCGEWAAA=';
const BAD_CODE = 'hAMwB1wBBMItCGEWAAA=';

const cards = (page: Page) => page.getByRole('list', { name: CARS_EN.list.results }).getByTestId('car-card');
const counter = (page: Page) => page.getByTestId('cars-counter');
const info = (page: Page) => page.getByRole('complementary', { name: CARS_EN.info.title });
/** The number in a row of the Car Information box. */
async function infoNumber(page: Page, label: string): Promise<number> {
  const text = await info(page)
    .locator('div', { has: page.getByText(label, { exact: true }) })
    .locator('dd')
    .innerText();
  return Number(text.replace(/\D/g, ''));
}
/** The Global Rating row's text: '4.3/5 (12 ratings)'. */
const ratingValue = (average: number, count: number) =>
  (count === 1 ? CARS_EN.detail.ratingValue_one : CARS_EN.detail.ratingValue_other)
    .replace('{average}', average.toFixed(1))
    .replace('{count}', String(count));
const carIdOf = (page: Page) => Number(new URL(page.url()).pathname.split('/')[2]);

test.describe('cars list', () => {
  test('the Body filter fits a 390 px screen, is named, and works from the keyboard', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/cars');
    await expect(cards(page).first()).toBeVisible();
    const body = page.getByRole('combobox', { name: CARS_EN.list.body });
    const box = (await body.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    expect(box.height).toBeGreaterThanOrEqual(24);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    await body.focus();
    await page.keyboard.press('ArrowDown');
    await expect(page).toHaveURL(/[?&]body=\d+/);
    // The URL changes a moment before the select renders its new value: read the option once it has.
    await expect(body).toHaveValue(/^\d+$/);
    const chosen = (await body.locator('option:checked').innerText()).replace(/ \(\d+\)$/, '');
    await expect(cards(page).first()).toContainText(chosen);
    await expectNoAxeViolations(page, '#main');
  });

  test('browse, search, sort, switch view (kept after a reload) and go to page 2', async ({ page }) => {
    await page.goto('/cars');
    await expect(page.getByRole('heading', { level: 1, name: CARS_EN.list.title })).toBeVisible();
    await expect(page.getByRole('link', { name: /Get BakkesMod/ })).toHaveAttribute('href', 'https://bakkesmod.com/');
    await expect(cards(page)).toHaveCount(17);
    await expect(counter(page)).toContainText(/Showing \d+ cars/);
    await expect(counter(page)).toContainText('Page 1 of 3 (1-17 of');

    // Search: typing waits for the pause, the address follows, the counter names the search.
    const box = page.getByRole('searchbox', { name: CARS_EN.list.searchLabel });
    await expect(box).toHaveAttribute('placeholder', CARS_EN.list.searchPlaceholder);
    await box.pressSequentially('Dominus', { delay: 20 });
    await expect(page).toHaveURL(/search=Dominus/);
    await expect(counter(page)).toContainText(/Found \d+ cars? for "Dominus"/);
    const found = await cards(page).count();
    expect(found).toBeGreaterThan(0);
    expect(found).toBeLessThan(17);
    await expect(cards(page).first()).toContainText('Dominus');

    // Nothing found, then Clear.
    await box.fill('zzzz-no-such-car');
    await box.press('Enter');
    await expect(page.getByRole('heading', { name: CARS_EN.list.noResultsTitle })).toBeVisible();
    await expect(page.getByText(CARS_EN.list.noResults.replace('{search}', 'zzzz-no-such-car'))).toBeVisible();
    await page.getByRole('button', { name: CARS_EN.list.clear }).click();
    await expect(page).not.toHaveURL(/search=/);
    await expect(cards(page)).toHaveCount(17);

    // Sort by name, ascending, from the menu.
    await page.getByRole('button', { name: /^Sort:/ }).click();
    const menu = page.getByRole('menu', { name: CARS_EN.list.sortMenu });
    await expect(menu).toBeVisible();
    await menu.getByRole('menuitemradio', { name: 'Name ascending' }).click();
    await expect(menu).toBeHidden();
    await expect(page).toHaveURL(/sortBy=name&sortDir=asc/);
    await expect(counter(page)).toContainText('Page 1 of 3');
    await expect
      .poll(async () => {
        const names = await cards(page).locator('h3').allInnerTexts();
        return names.length === 17 && names.every((n, i) => i === 0 || names[i - 1]!.toLowerCase() <= n.toLowerCase());
      })
      .toBe(true);
    // Escape closes the menu too.
    await page.getByRole('button', { name: /^Sort:/ }).click();
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();

    // The list view, remembered after a reload.
    await page.getByRole('button', { name: CARS_EN.list.list }).click();
    await expect(page.getByRole('list', { name: CARS_EN.list.results })).toHaveAttribute('data-view', 'list');
    await page.reload();
    await expect(page.getByRole('button', { name: CARS_EN.list.list })).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByRole('list', { name: CARS_EN.list.results })).toHaveAttribute('data-view', 'list');

    // Page 2 keeps the sort.
    await page
      .getByRole('navigation', { name: PAGINATION_TEXT.nav })
      .getByRole('button', { name: PAGINATION_TEXT.page(2) })
      .click();
    await expect(page).toHaveURL(/page=2/);
    await expect(page).toHaveURL(/sortBy=name/);
    await expect(counter(page)).toContainText('Page 2 of 3 (18-34 of');
    await page.getByRole('button', { name: CARS_EN.list.grid }).click();
    await expect(page.getByRole('list', { name: CARS_EN.list.results })).toHaveAttribute('data-view', 'grid');
  });
});

test.describe('car detail', () => {
  test('open a car, copy its code to the clipboard, and the copies count goes up', async ({ page, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.goto('/cars');
    const first = cards(page).first();
    const name = await first.locator('h3').innerText();
    await first.click();
    await expect(page).toHaveURL(/\/cars\/\d+$/);
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    await expect(page).toHaveTitle(new RegExp(`^${name}`));
    await expect(page.getByText(CARS_EN.detail.codeIntro)).toBeVisible();

    const car = (await (await page.request.get(`/api/cars/${carIdOf(page)}`)).json()) as CarDetail;
    await expect.poll(() => infoNumber(page, CARS_EN.info.copies)).toBe(car.codeCopies);

    await page.getByRole('button', { name: CARS_EN.detail.copyCarCode }).click();
    await expect(page.getByRole('button', { name: CARS_EN.detail.copied }).first()).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(car.code);
    await expect.poll(() => infoNumber(page, CARS_EN.info.copies)).toBe(car.codeCopies + 1);
    // 'Copied!' goes back after 2 seconds.
    await expect(page.getByRole('button', { name: CARS_EN.detail.copyToClipboard })).toBeVisible({ timeout: 4000 });
  });

  test('a member rates with the stars and the average and count follow', async ({ page }) => {
    const list = (await (await page.request.get('/api/cars?sortBy=name&sortDir=asc&pageSize=50')).json()) as CarsPage;
    const target = list.items.find((c: Car) => c.member.displayName !== DEMO.member.username)!;
    await signIn(page, DEMO.member);
    await page.goto(`/cars/${target.id}`);
    await expect(page.getByRole('heading', { level: 1, name: target.name })).toBeVisible();

    const stars = page.getByRole('group', { name: CARS_EN.detail.rateLabel });
    await expect(stars.getByRole('button')).toHaveCount(5);
    const pressed = stars.locator('[aria-pressed="true"]');
    const mine = (await pressed.count()) ? Number((await pressed.getAttribute('aria-label'))!.match(/\d/)![0]) : null;
    const give = mine === 5 ? 4 : 5;
    // Star sums are whole numbers: the same division the server makes.
    const sum = Math.round(target.averageRating * target.ratingCount) - (mine ?? 0) + give;
    const count = target.ratingCount + (mine === null ? 1 : 0);

    await stars.getByRole('button', { name: STAR_RATING_TEXT.rate(give) }).click();
    await expect(page.getByTestId('global-rating')).toHaveText(ratingValue(sum / count, count));
    await expect(stars.getByRole('button', { name: STAR_RATING_TEXT.rate(give) })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await page.reload();
    await expect(page.getByTestId('global-rating')).toHaveText(ratingValue(sum / count, count));
  });

  test('an anonymous visitor who rates is asked to join', async ({ page }) => {
    await page.goto('/cars');
    await cards(page).first().click();
    await page.getByRole('button', { name: STAR_RATING_TEXT.rate(3) }).click();
    const dialog = page.getByRole('dialog', { name: 'Rate and Share Cars' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText('Rate car designs')).toBeVisible();
    await expect(dialog.getByRole('link', { name: 'Sign In' })).toHaveAttribute(
      'href',
      /\/login\?redirect=%2Fcars%2F\d+/,
    );
  });
});

test.describe('car upload, edit and delete', () => {
  test('a member uploads a car (a bad code is refused first), sees it listed with its body, edits and deletes it', async ({
    page,
  }) => {
    const name = `E2E Octane ${Date.now().toString(36)}`;
    const bad = decodeCarCode(BAD_CODE);
    if (bad.ok) throw new Error('the bad code decodes');

    await signIn(page, DEMO.member);
    await page.goto('/cars/upload');
    await expect(page.getByRole('heading', { level: 1, name: CARS_EN.form.uploadTitle })).toBeVisible();
    await page.getByLabel(CARS_EN.form.name).fill(name);

    // The checksum message shows while typing, and submitting is refused.
    await page.getByLabel(CARS_EN.form.code).fill(BAD_CODE);
    await expect(page.getByText(bad.message)).toBeVisible();
    await page.getByRole('button', { name: CARS_EN.form.create }).click();
    await expect(page).toHaveURL(/\/cars\/upload$/);
    await expect(page.getByText(bad.message)).toBeVisible();

    await page.getByLabel(CARS_EN.form.code).fill(OCTANE_CODE);
    await expect(page.getByText(/^Valid code: Octane, \d+ items?$/)).toBeVisible();
    await page
      .getByRole('textbox', { name: CARS_EN.form.description, exact: true })
      .fill('## Made by a test\n\nA **plain** Octane.');
    await page.getByRole('tab', { name: CARS_EN.form.preview }).click();
    await expect(page.getByRole('tabpanel').getByRole('heading', { name: 'Made by a test' })).toBeVisible();
    const bannerInput = page.getByLabel(CARS_EN.form.banner, { exact: true });
    await expectTooLargeRefused(page, bannerInput, CAR_BANNER_MAX_BYTES, CARS_EN.messages.bannerTooLarge);
    await dropPng(page, bannerInput, 'banner.png');
    await expect(page.getByText(`(${formatBytes(PNG_1X1.length)})`)).toBeVisible();
    await expectNoAxeViolations(page, '#main');
    const releaseBanner = await holdRequest(page, '**/api/cars/*/banner');
    await page.getByRole('button', { name: CARS_EN.form.create }).click();
    await expect(page.getByRole('progressbar', { name: CARS_EN.form.bannerProgress })).toBeVisible();
    await releaseBanner();

    await expect(page).toHaveURL(/\/cars\/\d+$/);
    const id = carIdOf(page);
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    const loadout = page.getByRole('region', { name: CARS_EN.loadout.bothTeams });
    await expect(loadout).toContainText('Octane');
    // Items other than the body are named too: the names table loads as the loadout nears the screen.
    await loadout.scrollIntoViewIfNeeded();
    await expect(loadout).toContainText('(Alpha Reward) Goldstone');
    await expect(loadout).toContainText('Octane: Karmine Corp (Home)');
    await expect(loadout).not.toContainText('Item #');
    await expect(page.getByRole('heading', { name: 'Made by a test' })).toBeVisible();
    await expect(page.locator('img[src*="/files/cars/"]')).toBeVisible();

    // Listed, with its decoded body.
    await page.goto(`/cars?search=${encodeURIComponent(name)}`);
    const card = cards(page).filter({ hasText: name });
    await expect(card).toHaveCount(1);
    await expect(card).toContainText('Octane');
    await expect(card.getByRole('link', { name, exact: true })).toHaveAttribute('href', `/cars/${id}`);

    // Edit through the owner menu.
    await card.click();
    await page.getByRole('button', { name: CARS_EN.owner.actions }).click();
    await page.getByRole('menuitem', { name: CARS_EN.owner.edit }).click();
    await expect(page).toHaveURL(new RegExp(`/cars/${id}/edit$`));
    await expect(page.getByLabel(CARS_EN.form.name)).toHaveValue(name);
    await page.getByLabel(CARS_EN.form.name).fill(`${name} v2`);
    // 'Updated' shows only for a change more than a second after creation (one within it counts as none); a fast run
    // can get here sooner, so wait for that second to pass before saving.
    const { createdAt } = (await (await page.request.get(`/api/cars/${id}`)).json()) as { createdAt: string };
    await page.waitForTimeout(Math.max(0, new Date(createdAt).getTime() + 1100 - Date.now()));
    await page.getByRole('button', { name: CARS_EN.form.save }).click();
    await expect(page).toHaveURL(new RegExp(`/cars/${id}$`));
    await expect(page.getByRole('heading', { level: 1, name: `${name} v2` })).toBeVisible();
    await expect(page.getByText(/^Updated /)).toBeVisible();

    // A too-short name is refused with the shared rule's message.
    await page.goto(`/cars/${id}/edit`);
    await page.getByLabel(CARS_EN.form.name).fill('ab');
    await page.getByRole('button', { name: CARS_EN.form.save }).click();
    await expect(page.getByText(CAR_MESSAGES.nameShort)).toBeVisible();

    // Delete, after the site's confirmation dialog.
    await page.goto(`/cars/${id}`);
    await page.getByRole('button', { name: CARS_EN.owner.actions }).click();
    await page.getByRole('menuitem', { name: CARS_EN.owner.delete }).click();
    const ask = page.getByRole('alertdialog', { name: `Are you sure you want to delete "${name} v2"?` });
    await expect(ask.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await ask.getByRole('button', { name: CARS_EN.owner.delete }).click();
    await expect(page).toHaveURL(/\/cars$/);
    expect((await page.request.get(`/api/cars/${id}`)).status()).toBe(404);
  });

  test('someone else cannot edit a car', async ({ page }) => {
    const list = (await (await page.request.get('/api/cars?pageSize=50')).json()) as CarsPage;
    const other = list.items.find((c: Car) => c.member.displayName !== DEMO.member.username)!;
    await signIn(page, DEMO.member);
    await page.goto(`/cars/${other.id}/edit`);
    await expect(page.getByText(CARS_EN.form.notOwner)).toBeVisible();
    await page.goto(`/cars/${other.id}`);
    await expect(page.getByRole('heading', { level: 1, name: other.name })).toBeVisible();
    await expect(page.getByRole('button', { name: CARS_EN.owner.actions })).toHaveCount(0);
  });
});
