import { AUTH_MESSAGES, type WebhookDelivery } from '@bm/core';
import { expect, test, type Page } from '@playwright/test';
import ADMIN_EN from '../../apps/web/src/locales/en/admin';
import MEMBERS_EN from '../../apps/web/src/locales/en/members';
import { JUST_NOW } from '../../apps/web/src/lib/format';
import { DEMO, signIn, tokenOf } from './support';

/** Issue 24, what a person sees: points 3 (a live comment reads 'just now') and 7 (the toast's fallback text). */

/** sonner's live region (containerAriaLabel 'Notifications', plus its hotkey hint): what a screen reader hears. */
const toasts = (page: Page) => page.getByRole('region', { name: /^Notifications/ });

test("a comment posted elsewhere shows live on an open plugin page as 'just now', never 'in N seconds'", async ({
  page,
  request,
}) => {
  await signIn(page, DEMO.member);
  await page.goto('/plugin/1');
  await page.getByRole('tab', { name: /^Comments/ }).click();
  // Other times on the page keep the shared clock subscribed, so it is not read afresh when the comment arrives.
  await expect(page.locator('#main time').first()).toBeVisible();
  const opened = Date.now();
  // The comment must be stamped a while after the page's clock last read the time (the bug read 'in 2 seconds').
  await expect.poll(() => Date.now() - opened, { timeout: 5_000 }).toBeGreaterThan(2_000);

  const login = await request.post('/api/auth/login', { data: DEMO.moderator });
  expect(login.status()).toBe(200);
  const { token } = (await login.json()) as { token: string };
  const text = `Live from elsewhere ${Date.now().toString(36)}`;
  const posted = await request.post('/api/plugins/1/comments', {
    headers: { authorization: `Bearer ${token}` },
    data: { body: text },
  });
  expect(posted.status()).toBe(201);
  const { createdAt } = (await posted.json()) as { createdAt: string };
  expect(new Date(createdAt).getTime() - opened).toBeGreaterThan(1_000);

  const time = page.getByTestId('comment').filter({ hasText: text }).locator('time');
  await expect(time).toHaveText(JUST_NOW, { timeout: 20_000 });
  expect(await time.textContent()).not.toMatch(/^in \d+ seconds?$/);
});

test("a redelivery failing with a bare 500 says 'Something went wrong. Please try again.' in a toast", async ({
  page,
}) => {
  await signIn(page, DEMO.admin);
  const sent = await page.request.post('/api/webhooks/test', {
    headers: { authorization: `Bearer ${await tokenOf(page)}` },
    data: { url: 'http://127.0.0.1:9/' },
  });
  expect(sent.ok()).toBe(true);
  const delivery = (await sent.json()) as WebhookDelivery;
  await page.route(`**/api/admin/webhooks/deliveries/${delivery.id}/redeliver`, (route) =>
    route.fulfill({ status: 500, contentType: 'application/json', body: '{}' }),
  );

  await page.goto('/admin/webhooks');
  // The row has no place of its own for an error: the toast says it, by the general rule.
  await page
    .getByRole('button', { name: ADMIN_EN.webhooks.redeliverLabel.replace('{id}', delivery.deliveryId) })
    .click();
  await expect(toasts(page).getByText(AUTH_MESSAGES.genericError, { exact: true })).toBeVisible({ timeout: 20_000 });
});

test("saving a profile that fails with a bare 500 says 'Failed to save profile.' in its form, not in a toast", async ({
  page,
}) => {
  await signIn(page, DEMO.member);
  await page.route('**/api/members/me/profile', (route) =>
    route.request().method() === 'PUT'
      ? route.fulfill({ status: 500, contentType: 'application/json', body: '{}' })
      : route.continue(),
  );
  await page.goto('/settings/profile');
  const form = page.getByRole('form', { name: MEMBERS_EN.edit.title });
  const failed = page.waitForResponse((r) => r.url().endsWith('/api/members/me/profile') && r.status() === 500);
  await form.getByRole('button', { name: MEMBERS_EN.edit.save }).click();
  await failed;
  // The form is the action's place for its error, so the general toast stays out of it.
  await expect(form.getByRole('alert')).toContainText(MEMBERS_EN.edit.saveFailed);
  // The toaster loads with the first toast: once the network is quiet, a toast asked for would show.
  await page.waitForLoadState('networkidle');
  await expect(toasts(page).getByText(MEMBERS_EN.edit.saveFailed)).toHaveCount(0);
  await expect(toasts(page).getByText(AUTH_MESSAGES.genericError)).toHaveCount(0);
});
