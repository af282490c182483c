import { expect, test } from '@playwright/test';
import { FEEDBACK_TEXT } from '../../apps/web/src/features/feedback/constants';
import { SHELL_TEXT } from '../../apps/web/src/app/shell/nav-model';
import { DEMO, signIn } from './support';

test('an unknown path shows the not-found page with its links', async ({ page }) => {
  await page.goto('/this/page/does-not-exist');
  await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
  for (const href of ['/plugins', '/cars', '/dashboard']) await expect(page.locator(`main a[href="${href}"]`).first()).toBeVisible();
  await page.getByRole('link', { name: 'Go Home' }).or(page.getByRole('button', { name: 'Go Home' })).first().click();
  await expect(page).toHaveURL(/\/$/);
});

test('the feedback dialog sends feedback, closes and clears', async ({ page }) => {
  await signIn(page, DEMO.member);
  await page.getByRole('button', { name: FEEDBACK_TEXT.buttonLabel }).click();
  const dialog = page.getByRole('dialog', { name: FEEDBACK_TEXT.title });
  await expect(dialog).toBeVisible();
  const submit = dialog.getByRole('button', { name: FEEDBACK_TEXT.submit, exact: true });
  await expect(submit).toBeDisabled();
  await dialog.getByLabel(FEEDBACK_TEXT.label).fill('The settings page is great.');
  await expect(dialog.getByText(FEEDBACK_TEXT.counter(27))).toBeVisible();
  const sent = page.waitForResponse((r) => r.url().endsWith('/api/feedback') && r.request().method() === 'POST');
  await submit.click();
  expect((await sent).status()).toBe(201);
  await expect(dialog).toBeHidden();
  await page.getByRole('button', { name: FEEDBACK_TEXT.buttonLabel }).click();
  await expect(page.getByRole('dialog', { name: FEEDBACK_TEXT.title }).getByLabel(FEEDBACK_TEXT.label)).toHaveValue('');
});

test('an administrator sees the admin entries and can check the backend version', async ({ page }) => {
  await signIn(page, DEMO.admin);
  await page.getByRole('button', { name: new RegExp(`^${SHELL_TEXT.accountMenu}`) }).click();
  await expect(page.getByRole('menuitem', { name: 'Admin' }).or(page.getByRole('link', { name: 'Admin', exact: true })).first()).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Moderator' }).or(page.getByRole('link', { name: 'Moderator', exact: true })).first()).toBeVisible();
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Check BE' }).click();
  await expect(page.getByText(/0\.16\.\d+\+/).last()).toBeVisible();
});

test('the top bar search goes to the chosen list with the query', async ({ page }) => {
  await page.goto('/');
  const search = page.getByRole('searchbox', { name: SHELL_TEXT.searchLabel }).or(page.getByLabel(SHELL_TEXT.searchLabel, { exact: true })).first();
  await search.fill('   ');
  await search.press('Enter');
  await expect(page).toHaveURL(/\/$/);
  await search.fill('rocket');
  await search.press('Enter');
  await expect(page).toHaveURL(/\/plugins\?search=rocket/);
});
