import COLLECTIONS_EN from '../../apps/web/src/locales/en/collections';
import type { CarsPage, CollectionDetail, PluginPage } from '@bm/core';
import { expect, test, type Page } from '@playwright/test';
import { axeProblems } from './axe';
import { DEMO, settle, signIn, tabTo, tokenOf, recordInstalls } from './support';

// Collections (issue 29 item 1), on a phone-sized screen: a member builds a public collection of two
// plugins and a car from their pages, reorders it with the keyboard, shares the link; a visitor
// opens it and uses Install and Copy Code; a private collection is 404 to others.
test.use({ viewport: { width: 390, height: 844 } });
const T = COLLECTIONS_EN;
/** The English text with its placeholders filled. */
const fill = (text: string, values: Record<string, string | number>) =>
  text.replace(/\{(\w+)\}/g, (_, key: string) => String(values[key]));

async function fitsAndPasses(page: Page) {
  await settle(page);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  expect(await axeProblems(page)).toEqual([]);
}

/** Opens 'Add to collection' on the current page and returns the dialog. */
async function openAdd(page: Page, name: string) {
  await page.getByRole('button', { name: T.add.button }).click();
  const dialog = page.getByRole('dialog', { name: fill(T.add.title, { name }) });
  await expect(dialog).toBeVisible();
  return dialog;
}

test('a member builds, reorders and shares a public collection; a visitor installs and copies from it', async ({
  page,
  browser,
}) => {
  // Two people, five pages, axe on four of them: longer than the default minute on a busy machine.
  test.setTimeout(150_000);
  const plugins = ((await (await page.request.get('/api/plugins?page=1&pageSize=16')).json()) as PluginPage).items
    .filter((p) => p.versionString !== null)
    .slice(0, 2);
  const car = ((await (await page.request.get('/api/cars?page=1&pageSize=1')).json()) as CarsPage).items[0]!;
  expect(plugins).toHaveLength(2);
  const [first, second] = plugins as [(typeof plugins)[0], (typeof plugins)[0]];
  const name = `Starter kit ${Date.now().toString(36)}`;

  await signIn(page, DEMO.member);
  // The first plugin: a new collection made from the dialog, the plugin added to it.
  await page.goto(`/plugin/${first.id}`);
  let dialog = await openAdd(page, first.name);
  await dialog.getByRole('button', { name: T.newCollection }).click();
  const form = page.getByRole('dialog', { name: T.form.createTitle });
  await form.getByLabel(T.form.name).fill(name);
  await form.getByLabel(T.form.description).fill('Everything a **new player** needs.');
  await form.getByRole('button', { name: T.form.create }).click();
  dialog = page.getByRole('dialog', { name: fill(T.add.title, { name: first.name }) });
  await expect(dialog.getByRole('checkbox', { name })).toBeChecked();
  await fitsAndPasses(page);
  await dialog.getByRole('button', { name: T.add.done }).click();

  // The second plugin and the car: ticked in the member's list, with the keyboard.
  for (const [path, itemName] of [
    [`/plugin/${second.id}`, second.name],
    [`/cars/${car.id}`, car.name],
  ] as const) {
    await page.goto(path);
    await settle(page);
    const add = page.getByRole('button', { name: T.add.button });
    await tabTo(page, add, { max: 150 });
    await page.keyboard.press('Enter');
    const box = page
      .getByRole('dialog', { name: fill(T.add.title, { name: itemName }) })
      .getByRole('checkbox', { name });
    await expect(box).not.toBeChecked();
    await box.focus();
    await page.keyboard.press('Space');
    await expect(box).toBeChecked();
    await page.keyboard.press('Escape');
  }

  // The collection page: three items in the order added; Alt+ArrowDown on the first moves it down, announced and saved.
  const token = await tokenOf(page);
  const mine = (await (
    await page.request.get(`/api/members/${DEMO.member.username}/collections`, {
      headers: { authorization: `Bearer ${token}` },
    })
  ).json()) as { items: Array<{ id: number; name: string }> };
  const id = mine.items.find((c) => c.name === name)!.id;
  await page.goto(`/collections/${id}`);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  const keys = () =>
    page.getByTestId('collection-item').evaluateAll((els) => els.map((e) => e.getAttribute('data-key')));
  await expect.poll(keys).toEqual([`plugin:${first.id}`, `plugin:${second.id}`, `car:${car.id}`]);
  await fitsAndPasses(page);
  const firstRow = page.locator(`[data-key="plugin:${first.id}"]`);
  await tabTo(page, firstRow, { max: 80 });
  const saved = page.waitForResponse((r) => r.url().endsWith(`/api/collections/${id}/order`) && r.status() === 200);
  await page.keyboard.press('Alt+ArrowDown');
  await saved;
  await expect(page.getByTestId('reorder-status')).toHaveText(
    fill(T.items.moved, { name: first.name, position: 2, total: 3 }),
  );
  await expect(firstRow).toBeFocused();
  await expect.poll(keys).toEqual([`plugin:${second.id}`, `plugin:${first.id}`, `car:${car.id}`]);
  // Move up (a button) puts it back, then Alt+ArrowDown again: the order is kept on the server.
  await page.getByRole('button', { name: fill(T.items.moveUpLabel, { name: first.name }) }).click();
  await expect.poll(keys).toEqual([`plugin:${first.id}`, `plugin:${second.id}`, `car:${car.id}`]);
  await firstRow.focus();
  await page.keyboard.press('Alt+ArrowDown');
  await expect.poll(keys).toEqual([`plugin:${second.id}`, `plugin:${first.id}`, `car:${car.id}`]);
  await expect
    .poll(async () =>
      ((await (await page.request.get(`/api/collections/${id}`)).json()) as CollectionDetail).items.map((i) => i.id),
    )
    .toEqual([second.id, first.id, car.id]);
  await expect(page.getByRole('button', { name: T.detail.share })).toBeVisible();

  // A private one answers 404 to others.
  const priv = await page.request.post('/api/collections', {
    headers: { authorization: `Bearer ${token}` },
    data: { name: 'Just for me', visibility: 'private' },
  });
  expect(priv.status()).toBe(201);
  const privId = ((await priv.json()) as CollectionDetail).id;

  // A visitor with the link: the items in the saved order, Install and Copy Code work.
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const visitor = await context.newPage();
  const installs = await recordInstalls(visitor);
  await visitor.goto(`/collections/${id}`);
  await expect(visitor.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(visitor.getByRole('strong').filter({ hasText: 'new player' })).toBeVisible();
  await fitsAndPasses(visitor);
  const install = visitor.getByRole('button', { name: fill(T.items.installLabel, { name: second.name }) });
  await tabTo(visitor, install, { max: 80 });
  await visitor.keyboard.press('Enter');
  await expect(visitor.getByTestId('install-dialog')).toHaveAttribute(
    'data-install-link',
    `bakkesmod://install/${second.id}`,
  );
  expect(await installs()).toEqual([`bakkesmod://install/${second.id}`]);
  await visitor.keyboard.press('Escape');
  const copy = visitor.getByRole('button', { name: fill(T.items.copyCodeLabel, { name: car.name }) });
  await tabTo(visitor, copy, { max: 80 });
  await visitor.keyboard.press('Enter');
  await expect(visitor.getByRole('button', { name: fill(T.items.copyCodeLabel, { name: car.name }) })).toHaveText(
    T.items.copied,
  );
  expect(await visitor.evaluate(() => navigator.clipboard.readText())).toBe(car.code);

  expect((await visitor.request.get(`/api/collections/${privId}`)).status()).toBe(404);
  await visitor.goto(`/collections/${privId}`);
  await expect(visitor.getByRole('heading', { level: 1, name: T.detail.notFound })).toBeVisible();

  // The public list and the member's profile show it.
  await visitor.goto('/collections?sort=new');
  await expect(visitor.getByRole('link', { name, exact: true })).toBeVisible();
  await fitsAndPasses(visitor);
  await visitor.goto(`/members/${DEMO.member.username}`);
  await expect(visitor.getByTestId('member-collections').getByRole('link', { name, exact: true })).toBeVisible();
  await context.close();
});

test('the dashboard lists every collection of the member, private ones too, with New collection', async ({ page }) => {
  await signIn(page, DEMO.member);
  await page.goto('/dashboard/collections');
  await expect(page.getByRole('link', { name: 'Collections', exact: true })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByTestId('member-collections').getByRole('link', { name: 'Just for me' })).toBeVisible();
  await fitsAndPasses(page);
  const create = page.getByRole('button', { name: T.newCollection });
  await tabTo(page, create, { max: 80 });
  await page.keyboard.press('Enter');
  const form = page.getByRole('dialog', { name: T.form.createTitle });
  await tabTo(page, form.getByLabel(T.form.name), { max: 10 });
  await page.keyboard.type('ab');
  await form.getByRole('button', { name: T.form.create }).click();
  await expect(form.getByText('Name must be at least 3 characters')).toBeVisible();
  await fitsAndPasses(page);
  await form.getByLabel(T.form.name).fill('Keyboard made');
  await form.getByRole('button', { name: T.form.create }).click();
  await expect(page).toHaveURL(/\/collections\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Keyboard made' })).toBeVisible();
});
