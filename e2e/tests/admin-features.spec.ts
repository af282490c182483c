import { expect, test, type Page } from '@playwright/test';
import ADMIN_EN from '../../apps/web/src/locales/en/admin';
import { axeProblems } from './axe';
import { DEMO, settle, signIn, tabTo, tokenOf } from './support';

/** Issue 24 point 1: upcoming features and product updates from /admin, with the keyboard alone. */

const F = ADMIN_EN.features;
const U = ADMIN_EN.productUpdate;
/** An English plural of the catalogue, filled with its count. */
const plural = (one: string, other: string, count: number) =>
  (count === 1 ? one : other).replace('{count}', String(count));

async function apiAs<T>(page: Page, token: string, path: string, init: { method?: string; data?: unknown } = {}) {
  const res = await page.request.fetch(`/api${path}`, {
    method: init.method ?? 'GET',
    data: init.data,
    headers: { authorization: `Bearer ${token}` },
  });
  expect(res.ok(), `${init.method ?? 'GET'} ${path} answered ${res.status()}`).toBe(true);
  return (await res.json().catch(() => null)) as T;
}

async function memberToken(page: Page): Promise<string> {
  const res = await page.request.post('/api/auth/login', { data: DEMO.member });
  return ((await res.json()) as { token: string }).token;
}

const mailWith = async (page: Page, token: string, subject: string) =>
  (await apiAs<{ items: Array<{ subject: string }> }>(page, token, '/mail')).items.filter((m) => m.subject === subject)
    .length;

test('an administrator adds, renames and completes an upcoming feature; its subscriber hears once', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const findings: string[] = [];
  const tag = Date.now().toString(36);
  const key = `jetpacks-${tag}`;
  const member = await memberToken(page);
  await signIn(page, DEMO.admin);
  await page.goto('/admin/features');
  await settle(page);
  for (const p of await axeProblems(page)) findings.push(`/admin/features: ${p}`);

  // Add: key, name, Enter.
  await tabTo(page, page.getByLabel(F.key));
  await page.keyboard.type(key);
  await tabTo(page, page.getByLabel(F.name, { exact: true }));
  await page.keyboard.type('Jetpacks');
  await page.keyboard.press('Enter');
  const row = page.getByTestId('feature-row').filter({ hasText: key });
  await expect(row).toContainText('Jetpacks');
  await apiAs(page, member, '/FeatureSubscriptions/subscribe', { method: 'POST', data: { feature: key } });

  // Rename: Edit, the new name, Enter.
  await tabTo(page, row.getByRole('button', { name: F.editLabel.replace('{name}', 'Jetpacks') }));
  await page.keyboard.press('Enter');
  const field = row.getByLabel(F.editLabel.replace('{name}', 'Jetpacks'));
  await expect(field).toBeFocused();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type('Jetpacks for all');
  await page.keyboard.press('Enter');
  await expect(row).toContainText('Jetpacks for all');

  // Complete: the confirmation says subscribers are told; it passes axe.
  await tabTo(page, row.getByRole('button', { name: F.completeLabel.replace('{name}', 'Jetpacks for all') }));
  await page.keyboard.press('Enter');
  const ask = page.getByRole('alertdialog', { name: F.confirmCompleteTitle.replace('{name}', 'Jetpacks for all') });
  await expect(ask).toBeVisible();
  for (const p of await axeProblems(page)) findings.push(`complete confirmation: ${p}`);
  await tabTo(page, ask.getByRole('button', { name: F.complete }));
  await page.keyboard.press('Enter');
  await expect(row).toContainText(F.completed);
  const features = await apiAs<Array<{ key: string; name: string; isCompleted: boolean }>>(
    page,
    await tokenOf(page),
    '/UpcomingFeatures',
  );
  expect(features.find((f) => f.key === key)).toEqual({ key, name: 'Jetpacks for all', isCompleted: true });
  await expect.poll(() => mailWith(page, member, 'Jetpacks for all is here')).toBe(1);

  // Reopened and completed again: the subscriber is not told twice.
  await row.getByRole('button', { name: F.reopenLabel.replace('{name}', 'Jetpacks for all') }).click();
  await expect(row).toContainText(F.upcoming);
  await row.getByRole('button', { name: F.completeLabel.replace('{name}', 'Jetpacks for all') }).click();
  await ask.getByRole('button', { name: F.complete }).click();
  await expect(row).toContainText(F.completed);
  await page.waitForTimeout(1500);
  expect(await mailWith(page, member, 'Jetpacks for all is here')).toBe(1);
  expect(findings).toEqual([]);
});

test('an administrator writes a product update in markdown, previews it, sees whom it reaches and follows the send', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const findings: string[] = [];
  const subject = `Season update ${Date.now().toString(36)}`;
  const member = await memberToken(page);
  const prefs = await apiAs<Record<string, boolean>>(page, member, '/NotificationSettings/my');
  await apiAs(page, member, '/NotificationSettings/my', { method: 'PUT', data: { ...prefs, productUpdates: true } });

  await signIn(page, DEMO.admin);
  const { recipients } = await apiAs<{ recipients: number }>(
    page,
    await tokenOf(page),
    '/admin/product-updates/audience',
  );
  expect(recipients).toBeGreaterThan(0);
  await page.goto('/admin/product-update');
  await settle(page);
  await expect(page.getByTestId('product-update-audience')).toHaveText(
    plural(U.audience_one, U.audience_other, recipients),
  );
  for (const p of await axeProblems(page)) findings.push(`/admin/product-update: ${p}`);

  await tabTo(page, page.getByLabel(U.subject));
  await page.keyboard.type(subject);
  await tabTo(page, page.getByRole('textbox', { name: U.body }));
  await page.keyboard.type('The **new season** is here.');
  await tabTo(page, page.getByRole('tab', { name: U.preview }));
  await page.keyboard.press('Enter');
  await expect(page.locator('strong', { hasText: 'new season' })).toBeVisible();
  for (const p of await axeProblems(page)) findings.push(`/admin/product-update preview: ${p}`);

  await tabTo(page, page.getByRole('button', { name: U.send }));
  await page.keyboard.press('Enter');
  const ask = page.getByRole('alertdialog', { name: plural(U.confirmTitle_one, U.confirmTitle_other, recipients) });
  await expect(ask).toBeVisible();
  await tabTo(page, ask.getByRole('button', { name: U.send }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('progressbar', { name: U.progressLabel })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: plural(U.done_one, U.done_other, recipients) })).toBeVisible({
    timeout: 20_000,
  });
  for (const p of await axeProblems(page)) findings.push(`/admin/product-update progress: ${p}`);
  await expect.poll(() => mailWith(page, member, subject)).toBe(1);
  expect(findings).toEqual([]);
});
