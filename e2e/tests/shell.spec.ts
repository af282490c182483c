import { expect, test } from '@playwright/test';
import FEEDBACK_TEXT from '../../apps/web/src/locales/en/feedback';
import SHELL_EN from '../../apps/web/src/locales/en/shell';
import { DEMO, signIn } from './support';

test('an unknown path shows the not-found page with its links', async ({ page }) => {
  await page.goto('/this/page/does-not-exist');
  await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
  for (const href of ['/plugins', '/cars', '/dashboard'])
    await expect(page.locator(`main a[href="${href}"]`).first()).toBeVisible();
  await page
    .getByRole('link', { name: 'Go Home' })
    .or(page.getByRole('button', { name: 'Go Home' }))
    .first()
    .click();
  await expect(page).toHaveURL(/\/$/);
});

test('the feedback dialog sends feedback, closes and clears', async ({ page }) => {
  await signIn(page, DEMO.member);
  await page.getByRole('button', { name: FEEDBACK_TEXT.buttonLabel }).click();
  const dialog = page.getByRole('dialog', { name: FEEDBACK_TEXT.title });
  await expect(dialog).toBeVisible();
  // The page behind is inert while the dialog is open: no click, focus or screen reader reaches it.
  await expect(page.locator('#root')).toHaveAttribute('inert', '');
  const submit = dialog.getByRole('button', { name: FEEDBACK_TEXT.submit, exact: true });
  await expect(submit).toBeDisabled();
  await dialog.getByLabel(FEEDBACK_TEXT.label).fill('The settings page is great.');
  await expect(
    dialog.getByText(FEEDBACK_TEXT.counter.replace('{length}', '27').replace('{max}', '5000')),
  ).toBeVisible();
  const sent = page.waitForResponse((r) => r.url().endsWith('/api/feedback') && r.request().method() === 'POST');
  await submit.click();
  expect((await sent).status()).toBe(201);
  await expect(dialog).toBeHidden();
  await expect(page.locator('#root')).not.toHaveAttribute('inert');
  await page.getByRole('button', { name: FEEDBACK_TEXT.buttonLabel }).click();
  await expect(page.getByRole('dialog', { name: FEEDBACK_TEXT.title }).getByLabel(FEEDBACK_TEXT.label)).toHaveValue('');
});

test('an administrator sees the admin entries and can check the backend version', async ({ page }) => {
  await signIn(page, DEMO.admin);
  await page.getByRole('button', { name: new RegExp(`^${SHELL_EN.nav.accountMenu}`) }).click();
  await expect(
    page
      .getByRole('menuitem', { name: 'Admin' })
      .or(page.getByRole('link', { name: 'Admin', exact: true }))
      .first(),
  ).toBeVisible();
  await expect(
    page
      .getByRole('menuitem', { name: 'Moderator' })
      .or(page.getByRole('link', { name: 'Moderator', exact: true }))
      .first(),
  ).toBeVisible();
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Check BE' }).click();
  await expect(page.getByText(/0\.16\.\d+\+/).last()).toBeVisible();
});

test('the top bar search goes to the chosen list with the query', async ({ page }) => {
  await page.goto('/');
  const search = page
    .getByRole('searchbox', { name: SHELL_EN.search.label })
    .or(page.getByLabel(SHELL_EN.search.label, { exact: true }))
    .first();
  await search.fill('   ');
  await search.press('Enter');
  await expect(page).toHaveURL(/\/$/);
  await search.fill('rocket');
  await search.press('Enter');
  await expect(page).toHaveURL(/\/plugins\?search=rocket/);
});

test('a landing page comes with its first reads: the list or the item renders without asking the API', async ({
  page,
  request,
}) => {
  const plugins = (await (
    await request.get('/api/plugins?page=1&pageSize=1&sortBy=downloads&sortDir=desc')
  ).json()) as { items: Array<{ id: number; name: string; author?: string; member?: { displayName: string } }> };
  const plugin = plugins.items[0]!;
  const cars = (await (await request.get('/api/cars?page=1&pageSize=1')).json()) as {
    items: Array<{ id: number; name: string }>;
  };
  const car = cars.items[0]!;
  const member = encodeURIComponent(plugin.member?.displayName ?? plugin.author ?? '');
  // Each page, the reads the server writes into it (apps/server/src/page-data.ts), and what shows once it rendered.
  const pages: Array<{ path: string; reads: string[]; shows: string }> = [
    { path: '/', reads: ['/api/plugins?page=1&pageSize=6&sortBy=release&sortDir=desc'], shows: 'Recent Plugins' },
    { path: '/plugins', reads: ['/api/plugins?page=1&pageSize=16', '/api/tags'], shows: plugin.name },
    { path: `/plugin/${plugin.id}`, reads: [`/api/plugins/${plugin.id}`], shows: plugin.name },
    {
      path: '/cars',
      reads: ['/api/cars?page=1&pageSize=17&sortBy=views&sortDir=desc', '/api/cars/bodies'],
      shows: 'Browse Cars',
    },
    { path: `/cars/${car.id}`, reads: [`/api/cars/${car.id}`], shows: car.name },
    {
      path: `/members/${member}`,
      reads: [
        `/api/members/${member}`,
        `/api/members/${member}/plugins?page=1&pageSize=50`,
        `/api/members/${member}/cars?page=1&pageSize=50`,
      ],
      shows: plugin.name,
    },
  ];
  for (const { path, reads, shows } of pages) {
    const asked: string[] = [];
    const listen = (req: { url(): string; method(): string }) => {
      const url = new URL(req.url());
      if (req.method() === 'GET' && url.pathname.startsWith('/api/')) asked.push(`${url.pathname}${url.search}`);
    };
    page.on('request', listen);
    const response = await page.goto(path);
    const html = (await response!.text()) ?? '';
    for (const read of reads) expect(html, `${path} carries ${read}`).toContain(JSON.stringify(read));
    await expect(page.getByText(shows).first()).toBeVisible();
    await page.waitForLoadState('networkidle');
    page.off('request', listen);
    expect(
      asked.filter((a) => reads.includes(a)),
      `${path}: first reads asked over the network`,
    ).toEqual([]);
  }
});
