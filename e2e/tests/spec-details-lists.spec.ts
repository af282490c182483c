import { type Car } from '@bm/core';
import { expect, test, type Page } from '@playwright/test';
import { PAGINATION_TEXT } from '../../apps/web/src/components/pagination';
import CARS_EN from '../../apps/web/src/locales/en/cars';
import DASHBOARD_EN from '../../apps/web/src/locales/en/dashboard';
import MEMBERS_EN from '../../apps/web/src/locales/en/members';
import { DEMO, signIn, signOut, tokenOf } from './support';
import PLUGINS_EN from '../../apps/web/src/locales/en/plugins';

/** Issue 24, lists and panels: point 8 (a list's top after paging on /cars and /plugins, the rating panel on hover) and the rest of point 5. */

// A valid Octane code with one item (the same as a11y.spec's).
const OCTANE_CODE = 'hAMwB1wABMItCGEWAAA=';

async function myCars(page: Page): Promise<Car[]> {
  const mine = await page.request.get('/api/cars/my', {
    headers: { authorization: `Bearer ${await tokenOf(page)}` },
  });
  expect(mine.status()).toBe(200);
  return (await mine.json()) as Car[];
}

const LISTS = [
  { path: '/cars', counter: 'cars-counter', results: CARS_EN.list.results, card: 'car-card' },
  { path: '/plugins', counter: 'plugins-counter', results: PLUGINS_EN.list.results, card: 'plugin-card' },
] as const;

for (const list of LISTS) {
  test(`paging ${list.path} from below the list's top brings the list's top back into view`, async ({ page }) => {
    await page.goto(list.path);
    const counter = page.getByTestId(list.counter);
    await expect(counter).toContainText('Page 1 of');
    const pageTwo = page
      .getByRole('navigation', { name: PAGINATION_TEXT.nav })
      .getByRole('button', { name: PAGINATION_TEXT.page(2) });
    await pageTwo.scrollIntoViewIfNeeded();
    // Scrolled down to the pager: the list's top is above the viewport.
    await expect(counter).not.toBeInViewport();
    await pageTwo.click();
    await expect(counter).toContainText('Page 2 of');
    await expect(counter).toBeInViewport();
    await expect(page.getByRole('list', { name: list.results }).getByTestId(list.card).first()).toBeInViewport();
  });
}

test('the rating panel opens while the mouse rests on it, closes when it leaves, and a click keeps it open', async ({
  page,
}) => {
  await page.goto('/plugin/1');
  const summary = page.getByTestId('rating-summary');
  const panel = page.getByTestId('rating-panel');
  await expect(summary).toBeVisible();
  await expect(panel).toBeHidden();

  await summary.hover();
  await expect(panel).toBeVisible();
  await expect(summary).toHaveAttribute('aria-expanded', 'true');
  await page.mouse.move(1, 1);
  await expect(panel).toBeHidden();
  await expect(summary).toHaveAttribute('aria-expanded', 'false');

  // A click (the mouse arrives, then presses) leaves it open, also after the mouse goes away.
  await summary.click();
  await expect(panel).toBeVisible();
  await page.mouse.move(1, 1);
  await expect(panel).toBeVisible();
  await expect(summary).toHaveAttribute('aria-expanded', 'true');
});

test("the owner's profile says 'Pinned' in words on a pinned car", async ({ page }) => {
  await signIn(page, DEMO.member);
  const car = (await myCars(page)).find((c) => c.status === 'A');
  expect(car).toBeDefined();
  const pin = await page.request.post(`/api/cars/${car!.id}/pin`, {
    headers: { authorization: `Bearer ${await tokenOf(page)}` },
    data: { isPinned: true },
  });
  expect(pin.status()).toBe(200);

  await page.goto(`/members/${DEMO.member.username}`);
  const grid = page.getByRole('list', { name: MEMBERS_EN.profile.contentList });
  const card = grid.getByRole('article').filter({ has: page.getByRole('link', { name: car!.name }) });
  await expect(card).toContainText(MEMBERS_EN.profile.pinned);
  await expect(
    card.getByRole('button', { name: MEMBERS_EN.profile.pinLabel.replace('{name}', car!.name) }),
  ).toHaveAttribute('aria-pressed', 'true');

  // Unpinned again, so the profile order the other specs see stays the demo's.
  const unpin = await page.request.post(`/api/cars/${car!.id}/pin`, {
    headers: { authorization: `Bearer ${await tokenOf(page)}` },
    data: { isPinned: false },
  });
  expect(unpin.status()).toBe(200);
});

test("the dashboard's Total Cars counts every own car, a hidden one too", async ({ page }) => {
  await signIn(page, DEMO.member);
  const made = await page.request.post('/api/cars', {
    headers: { authorization: `Bearer ${await tokenOf(page)}` },
    data: { name: `Hidden Car ${Date.now().toString(36)}`, code: OCTANE_CODE, description: '' },
  });
  expect(made.status()).toBe(201);
  const { id } = (await made.json()) as { id: number };
  await signOut(page);

  // A moderator hides it: status H, neither active nor inactive, still the member's own car.
  await signIn(page, DEMO.moderator);
  const hide = await page.request.post(`/api/moderation/cars/${id}/hide`, {
    headers: { authorization: `Bearer ${await tokenOf(page)}` },
  });
  expect(hide.status()).toBe(204);
  await signOut(page);

  await signIn(page, DEMO.member);
  const mine = await myCars(page);
  expect(mine.find((c) => c.id === id)?.status).toBe('H');
  await page.goto('/dashboard');
  const stats = page.getByTestId('dashboard-stats');
  const card = stats.locator('div').filter({ has: page.getByText(DASHBOARD_EN.overview.totalCars, { exact: true }) });
  await expect(card.locator('dd')).toHaveText(mine.length.toLocaleString('en-US'));
});
