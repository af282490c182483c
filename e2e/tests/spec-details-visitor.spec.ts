import { CAR_STATUS_LABELS } from '@bm/core';
import { expect, test, type Page } from '@playwright/test';
import MODERATION_EN from '../../apps/web/src/locales/en/moderation';
import SETTINGS_EN from '../../apps/web/src/locales/en/settings';
import { formatClockTime } from '../../apps/web/src/lib/format';
import { axeProblems } from './axe';
import { DEMO, linkFromOutbox, signIn, signOut, submitPlugin, tokenOf } from './support';
import PLUGIN_DETAIL_EN from '../../apps/web/src/locales/en/pluginDetail';

/** Issue 24, what a person sees: points 2, 4, 5 (Moderator › Cars), 6 and 9 (points 1 and 10 are in their own specs). */

// lib/auth's SESSION_TEXT (that module starts the realtime client and reads browser storage on import).
const SESSION_TEXT = { memberFetchFailed: 'Failed to fetch member data', retry: 'Retry' } as const;

async function memberEmail(page: Page): Promise<string> {
  const me = await page.request.get('/api/auth/me', { headers: { authorization: `Bearer ${await tokenOf(page)}` } });
  expect(me.status()).toBe(200);
  const { email } = (await me.json()) as { email: string };
  expect(email).toBeTruthy();
  return email;
}

test("Settings › Security: 'Forgot your current password?' mails the reset link and says so", async ({ page }) => {
  await signIn(page, DEMO.member);
  const email = await memberEmail(page);
  await page.goto('/account/settings/security');
  await page.getByRole('button', { name: SETTINGS_EN.password.forgot }).click();
  await expect(page.getByText(SETTINGS_EN.password.forgotSent.replace('{email}', email))).toBeVisible({
    timeout: 20_000,
  });
  expect(await linkFromOutbox(email, /reset/i)).toMatch(/\/reset-password\?token=/);
  expect(await axeProblems(page)).toEqual([]);
});

test('the Comments tab shows no count while comments load or after they fail', async ({ page }) => {
  const tab = page.getByRole('tab', { name: new RegExp(`^${PLUGIN_DETAIL_EN.detail.comments}`) });
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/plugins/*/comments**', async (route) => {
    await held;
    await route.fulfill({ status: 500, contentType: 'application/json', body: '{}' });
  });
  const failed = page.waitForResponse((r) => /\/api\/plugins\/\d+\/comments/.test(r.url()) && r.status() === 500);
  await page.goto('/plugin/1');
  // Loading: the label carries no number.
  await expect(tab).toHaveText(PLUGIN_DETAIL_EN.detail.comments);
  release();
  await failed;
  // Failed: still no number (never 'Comments (0)').
  await expect(tab).toHaveText(PLUGIN_DETAIL_EN.detail.comments);
  await expect(tab).not.toContainText('(0)');
});

test("a 5xx on /auth/me says 'Failed to fetch member data', keeps the session, and Retry recovers", async ({
  page,
}) => {
  await signIn(page, DEMO.member);
  let failing = true;
  await page.route('**/api/auth/me', (route) =>
    failing
      ? route.fulfill({ status: 503, contentType: 'application/json', body: '{"message":"down"}' })
      : route.continue(),
  );
  await page.reload();
  const alert = page.getByRole('alert').filter({ hasText: SESSION_TEXT.memberFetchFailed });
  await expect(alert).toBeVisible({ timeout: 20_000 });
  // Still signed in: the token is kept and the page does not offer Sign In instead.
  await tokenOf(page);
  await expect(page.getByRole('link', { name: 'Sign In', exact: true })).toHaveCount(0);
  expect(await axeProblems(page)).toEqual([]);

  failing = false;
  await alert.getByRole('button', { name: SESSION_TEXT.retry }).click();
  await expect(alert).toHaveCount(0, { timeout: 20_000 });
  await expect(page.getByRole('banner')).toContainText(DEMO.member.username);
});

test("a moderator opening a review reads 'You are reviewing this until HH:MM' and can Release it", async ({ page }) => {
  await signIn(page, DEMO.member);
  const name = `Hold ${Date.now().toString(36)}`;
  await submitPlugin(page, name);
  await signOut(page);

  await signIn(page, DEMO.moderator);
  await page.goto('/moderator/pending');
  const search = page.getByRole('searchbox', { name: MODERATION_EN.list.searchLabel });
  await search.fill(name);
  await search.press('Enter');
  const opened = page.waitForResponse(
    (r) => /\/api\/moderation\/plugins\/\d+(\?|$)/.test(r.url()) && r.request().method() === 'GET' && r.ok(),
  );
  await page.getByTestId('submission-row').getByRole('link', { name }).click();
  await expect(page.getByRole('heading', { name: MODERATION_EN.review.title.replace('{name}', name) })).toBeVisible();
  const detail = (await (await opened).json()) as { lock: { until: string } | null };
  expect(detail.lock).not.toBeNull();
  const hold = page.getByTestId('my-hold');
  await expect(hold).toContainText(
    MODERATION_EN.hold.reviewingUntil.replace('{time}', formatClockTime(detail.lock!.until)),
  );
  expect(await axeProblems(page)).toEqual([]);

  await hold.getByRole('button', { name: MODERATION_EN.hold.release }).click();
  await expect(page.getByText(MODERATION_EN.hold.released)).toBeVisible();
  await expect(hold).toHaveCount(0);
});

test('Moderator › Cars shows each status in words, never the raw letter', async ({ page }) => {
  await signIn(page, DEMO.moderator);
  await page.goto('/moderator/cars');
  const rows = page.getByTestId('car-row');
  await expect(rows.first()).toBeVisible();
  const words: string[] = [CAR_STATUS_LABELS.active, CAR_STATUS_LABELS.inactive, MODERATION_EN.cars.statusHidden];
  const statuses = await rows.locator('td:nth-child(3)').allInnerTexts();
  expect(statuses.length).toBeGreaterThan(0);
  for (const status of statuses) expect(words).toContain(status.trim());
  expect(await axeProblems(page)).toEqual([]);
});
