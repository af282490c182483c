import { createHash } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { PAGINATION_TEXT } from '../../apps/web/src/components/pagination';
import { axeProblems } from './axe';
import { DEMO, signIn, recordInstalls } from './support';
import PLUGINS_EN from '../../apps/web/src/locales/en/plugins';
import PLUGIN_DETAIL_EN from '../../apps/web/src/locales/en/pluginDetail';

const cards = (page: Page) => page.getByRole('list', { name: PLUGINS_EN.list.results }).getByTestId('plugin-card');

async function openPlugin(page: Page, name: string): Promise<number> {
  await page.goto(`/plugins?search=${encodeURIComponent(name)}`);
  await cards(page).filter({ hasText: name }).first().click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  return Number(new URL(page.url()).pathname.split('/').pop());
}

test.describe('plugins list', () => {
  test('search (with a typo), tag filter, view switch and pages mirror into the address', async ({ page }) => {
    await page.goto('/plugins');
    await expect(page.getByRole('heading', { level: 1, name: PLUGINS_EN.list.title })).toBeVisible();
    await expect(page.getByRole('link', { name: /Get BakkesMod/ })).toHaveAttribute('href', 'https://bakkesmod.com/');
    await expect(cards(page)).toHaveCount(16);
    await expect(page.getByTestId('plugins-counter')).toContainText('Page 1 of');

    // Page 2 through the numbered pagination.
    await page
      .getByRole('navigation', { name: 'Pagination' })
      .getByRole('button', { name: PAGINATION_TEXT.page(2) })
      .click();
    await expect(page).toHaveURL(/page=2/);
    await expect(page.getByTestId('plugins-counter')).toContainText('Page 2 of');

    // One typo still finds the plugin.
    const box = page.getByRole('searchbox', { name: PLUGINS_EN.list.searchLabel });
    await box.fill('Aerial Trainr');
    await expect(page).toHaveURL(/search=Aerial(\+|%20)Trainr/);
    await expect(page).not.toHaveURL(/page=2/);
    await expect(cards(page).filter({ hasText: 'Aerial Trainer' })).toHaveCount(1);

    // Clear, then filter by a tag (repeated tags= params).
    await page.getByRole('button', { name: PLUGINS_EN.list.clear }).click();
    await expect(page).not.toHaveURL(/search=/);
    await page.getByRole('button', { name: PLUGINS_EN.list.filters }).click();
    await page.getByText('Replays', { exact: true }).click();
    await expect(page).toHaveURL(/tags=replays/);
    await expect(cards(page).filter({ hasText: 'Instant Replay Saver' })).toHaveCount(1);
    await expect(cards(page).filter({ hasText: 'Aerial Trainer' })).toHaveCount(0);
    await page.keyboard.press('Escape');

    // Sort menu by keyboard.
    await page.getByRole('button', { name: /^Sort:/ }).click();
    await expect(page.getByRole('menu', { name: PLUGINS_EN.list.sortMenu })).toBeVisible();
    await page.getByRole('menuitemradio', { name: 'Name ↑' }).click();
    await expect(page).toHaveURL(/sortBy=name&sortDir=asc/);

    // The list view, remembered after a reload.
    await page.getByRole('button', { name: PLUGINS_EN.list.list }).click();
    await expect(page.getByRole('list', { name: PLUGINS_EN.list.results })).toHaveAttribute('data-view', 'list');
    await page.goto('/plugins');
    await expect(page.getByRole('list', { name: PLUGINS_EN.list.results })).toHaveAttribute('data-view', 'list');
    await page.getByRole('button', { name: PLUGINS_EN.list.grid }).click();
  });
});

test.describe('plugin detail', () => {
  test('install link, helper modal, tabs', async ({ page }) => {
    // A custom scheme cannot be followed here: record what the page tries to open instead.
    const installs = await recordInstalls(page);
    const id = await openPlugin(page, 'Rocket Plugin');
    await expect(page.getByRole('heading', { name: PLUGIN_DETAIL_EN.info.title })).toBeVisible();
    await page.getByRole('button', { name: PLUGIN_DETAIL_EN.detail.install }).click();
    const dialog = page.getByRole('dialog', { name: PLUGIN_DETAIL_EN.install.title });
    await expect(dialog).toBeVisible();
    await expect(page.getByTestId('install-dialog')).toHaveAttribute('data-install-link', `bakkesmod://install/${id}`);
    await expect(page.locator('html')).toHaveAttribute('data-install-attempt', `bakkesmod://install/${id}`);
    expect(await installs()).toEqual([`bakkesmod://install/${id}`]);
    await dialog.getByRole('button', { name: PLUGIN_DETAIL_EN.install.tryAgain }).click();
    expect(await installs()).toEqual([`bakkesmod://install/${id}`, `bakkesmod://install/${id}`]);
    await dialog.getByRole('button', { name: PLUGIN_DETAIL_EN.install.close }).click();
    await expect(dialog).toBeHidden();

    // ?install=1 starts it on arrival.
    await page.goto(`/plugin/${id}?install=1`);
    await expect(page.getByRole('dialog', { name: PLUGIN_DETAIL_EN.install.title })).toBeVisible();
    expect(await installs()).toEqual([`bakkesmod://install/${id}`]);
    await expect(page).not.toHaveURL(/install=1/);
    await page.getByRole('button', { name: PLUGIN_DETAIL_EN.install.close }).click();

    // Tabs, keyboard too.
    const tabs = page.getByRole('tablist');
    await tabs.getByRole('tab', { name: PLUGIN_DETAIL_EN.detail.details }).focus();
    await page.keyboard.press('ArrowRight');
    await expect(tabs.getByRole('tab', { name: /^Comments/ })).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('ArrowRight');
    await expect(page.getByRole('columnheader', { name: PLUGIN_DETAIL_EN.versions.releasedCol })).toBeVisible();
  });

  test('anonymous rating asks to join; download; old addresses redirect; non-numeric id is not found', async ({
    page,
  }) => {
    const id = await openPlugin(page, 'Boost Meter Plus');
    // Download Files: counted, then the browser goes to the returned file.
    const counted = page.waitForResponse(
      (r) => r.url().endsWith(`/plugins/${id}/download`) && r.request().method() === 'POST',
    );
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: PLUGIN_DETAIL_EN.detail.moreDownloads }).click();
    await page.getByRole('menuitem', { name: PLUGIN_DETAIL_EN.detail.downloadFiles }).click();
    const answer = (await (await counted).json()) as { downloadUrl: string | null };
    expect(answer.downloadUrl).toBeTruthy();
    expect((await download).suggestedFilename()).toMatch(/\.zip$/i);

    await page.getByTestId('rating-summary').click();
    await page.getByRole('button', { name: 'Rate 4 stars' }).click();
    await expect(page.getByRole('dialog', { name: 'Rate and Review Plugins' })).toBeVisible();
    await page.goto(`/plugins/view/${id}`);
    await expect(page).toHaveURL(new RegExp(`/plugin/${id}$`));
    await page.goto('/plugin-search/2');
    await expect(page).toHaveURL(/\/plugins$/);
    await page.goto('/plugin/abc');
    await expect(page.getByRole('heading', { level: 1, name: PLUGIN_DETAIL_EN.detail.notFoundTitle })).toBeVisible();
    await expect(page.getByText(PLUGIN_DETAIL_EN.detail.error)).toHaveCount(0);
  });

  test('a member rates, comments (seen live elsewhere), votes, edits and deletes', async ({ page, browser }) => {
    await signIn(page, DEMO.member);
    const id = await openPlugin(page, 'Session Stats');

    // One click opens the rating panel; rating keeps it open; Escape closes it back onto the button.
    const summary = page.getByTestId('rating-summary');
    const panel = page.getByTestId('rating-panel');
    await summary.click();
    await expect(panel).toBeVisible();
    const rateResponse = page.waitForResponse(
      (r) => r.url().endsWith(`/plugins/${id}/rating`) && r.request().method() === 'POST',
    );
    await page.getByRole('button', { name: 'Rate 4 stars' }).click();
    expect((await rateResponse).ok()).toBe(true);
    await expect(page.getByRole('button', { name: 'Rate 4 stars' })).toHaveAttribute('aria-pressed', 'true');
    await expect(panel).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(panel).toBeHidden();
    await expect(summary).toBeFocused();
    // An outside click closes it too.
    await summary.click();
    await expect(panel).toBeVisible();
    await page.getByRole('heading', { level: 1 }).click();
    await expect(panel).toBeHidden();

    // A second, anonymous visitor has the plugin open.
    const other = await browser.newContext();
    const watcher = await other.newPage();
    await watcher.goto(`/plugin/${id}`);
    await watcher.getByRole('tab', { name: /^Comments/ }).click();
    await expect(watcher.getByLabel(PLUGIN_DETAIL_EN.comments.label)).toBeVisible();

    await page.getByRole('tab', { name: /^Comments/ }).click();
    const text = `Live comment ${Date.now()}`;
    await page.getByLabel(PLUGIN_DETAIL_EN.comments.label).fill('abc');
    await page.getByRole('button', { name: PLUGIN_DETAIL_EN.comments.post }).click();
    await expect(page.getByText('Comment must be at least 5 characters')).toBeVisible();
    await page.getByLabel(PLUGIN_DETAIL_EN.comments.label).fill(text);
    await page.getByRole('button', { name: PLUGIN_DETAIL_EN.comments.post }).click();
    await expect(page.getByTestId('comment').filter({ hasText: text })).toHaveCount(1);
    // Held by its id: while it is edited its text is in the field's value, which is not the item's text.
    const mineId = await page.getByTestId('comment').filter({ hasText: text }).getAttribute('data-comment-id');
    const mine = page.locator(`[data-testid="comment"][data-comment-id="${mineId}"]`);
    await expect(mine.getByText(PLUGIN_DETAIL_EN.comments.isNew)).toBeVisible();

    // Live, without a reload, and only once.
    await expect(watcher.getByTestId('comment').filter({ hasText: text })).toHaveCount(1);

    // Vote up, then toggle off.
    await mine.getByRole('button', { name: /Upvote/ }).click();
    await expect(mine.getByRole('button', { name: 'Upvote 1' })).toHaveAttribute('aria-pressed', 'true');
    await expect(
      watcher.getByTestId('comment').filter({ hasText: text }).getByRole('button', { name: 'Upvote 1' }),
    ).toBeVisible();
    await mine.getByRole('button', { name: /Upvote/ }).click();
    await expect(mine.getByRole('button', { name: 'Upvote 0' })).toHaveAttribute('aria-pressed', 'false');

    // Edit within the window.
    await mine.getByRole('button', { name: PLUGIN_DETAIL_EN.comments.edit }).click();
    await mine.getByLabel(PLUGIN_DETAIL_EN.comments.editLabel).fill(`${text} (changed)`);
    await mine.getByRole('button', { name: PLUGIN_DETAIL_EN.comments.save }).click();
    await expect(page.getByText(`${text} (changed)`)).toBeVisible();
    await expect(watcher.getByText(`${text} (changed)`)).toBeVisible();

    // Delete after confirming in the site's own dialog (Escape first: it cancels and keeps the comment).
    const deleteButton = page
      .getByTestId('comment')
      .filter({ hasText: text })
      .getByRole('button', { name: PLUGIN_DETAIL_EN.comments.delete });
    await deleteButton.click();
    const ask = page.getByRole('alertdialog', { name: PLUGIN_DETAIL_EN.comments.deleteConfirm });
    await expect(ask.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(ask).toBeHidden();
    await expect(deleteButton).toBeFocused();
    await deleteButton.click();
    await ask.getByRole('button', { name: PLUGIN_DETAIL_EN.comments.delete }).click();
    await expect(page.getByTestId('comment').filter({ hasText: text })).toHaveCount(0);
    await expect(watcher.getByTestId('comment').filter({ hasText: text })).toHaveCount(0);
    await other.close();
  });
});

test.describe('plugin detail on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('at 390 px the rating panel opens on one tap, inside the viewport, and counts read the same on card and page', async ({
    page,
  }) => {
    await page.goto('/plugins?search=Rocket%20Plugin');
    const card = cards(page).filter({ hasText: 'Rocket Plugin' }).first();
    const cardDownloads = card.locator('[title]').filter({ hasText: /download/ });
    const exact = await cardDownloads.getAttribute('title');
    expect(exact).toMatch(/^\d{1,3}(,\d{3})*$/);
    const compact = (await cardDownloads.locator('span').first().textContent())!;
    await card.click();
    await expect(page.getByRole('heading', { level: 1, name: 'Rocket Plugin' })).toBeVisible();
    // The header shows the same compact text, with the same exact figure on hover.
    await expect(page.locator('header').getByTitle(exact!, { exact: true }).first()).toHaveText(compact);

    const width = () => page.evaluate(() => document.documentElement.scrollWidth);
    expect(await width()).toBeLessThanOrEqual(390);
    const summary = page.getByTestId('rating-summary');
    await summary.tap();
    const panel = page.getByTestId('rating-panel');
    await expect(panel).toBeVisible();
    const box = (await panel.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    expect(await width()).toBeLessThanOrEqual(390);
    // A tap inside keeps it open; a tap outside closes it.
    await panel.getByText(PLUGIN_DETAIL_EN.rating.yours).tap();
    await expect(panel).toBeVisible();
    await page.getByRole('heading', { level: 1 }).tap();
    await expect(panel).toBeHidden();
  });
});

test.describe('the SHA-256 of a version', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the Versions tab shows the hash of the ZIP downloaded, copyable with the keyboard, at 390 px and with axe', async ({
    page,
  }) => {
    await openPlugin(page, 'Rocket Plugin');
    await page.getByRole('tab', { name: PLUGIN_DETAIL_EN.detail.versions }).click();
    await expect(page.getByText(PLUGIN_DETAIL_EN.versions.sha256, { exact: true }).first()).toBeVisible();
    const href = await page.getByRole('tabpanel').getByRole('link').first().getAttribute('href');
    const zip = await page.request.get(href!);
    expect(zip.status()).toBe(200);
    const fresh = createHash('sha256')
      .update(await zip.body())
      .digest('hex');
    expect(zip.headers()['repr-digest']).toBe(`sha-256=:${Buffer.from(fresh, 'hex').toString('base64')}:`);
    await expect(page.getByText(fresh, { exact: true })).toBeVisible();

    const copy = page.getByRole('button', { name: /^Copy the SHA-256 of the ZIP of version/ }).first();
    await copy.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('button', { name: PLUGIN_DETAIL_EN.versions.hashCopied }).first()).toBeVisible();
    await page
      .getByText(/^Files in the ZIP/)
      .first()
      .click();
    await expect(page.getByText(/plugins\/.+\.dll/).first()).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await axeProblems(page)).toEqual([]);
  });
});
