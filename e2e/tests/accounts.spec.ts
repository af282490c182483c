import { expect, test } from '@playwright/test';
import { AUTH_MESSAGES, AVATAR_MAX_BYTES } from '@bm/core';
import AUTH_EN from '../../apps/web/src/locales/en/auth';
import SETTINGS_EN from '../../apps/web/src/locales/en/settings';
import { expectNoAxeViolations } from './axe';
import { dropPng, expectTooLargeRefused, holdRequest } from './drop-zone';
import SHELL_EN from '../../apps/web/src/locales/en/shell';
import { DEMO, linkFromOutbox, newAccount, signIn } from './support';

test('a new member registers, verifies through the mailed link, changes a setting and signs out', async ({ page }) => {
  const account = newAccount('walk');
  await page.goto('/register');
  await page.getByLabel(AUTH_EN.register.username, { exact: true }).fill(account.username);
  await page.getByLabel(AUTH_EN.register.email, { exact: true }).fill(account.email);
  await page.getByLabel(AUTH_EN.register.password, { exact: true }).fill(account.password);
  await expect(page.getByText(/Strong|Very Strong/).first()).toBeVisible();
  await page.getByLabel(AUTH_EN.register.confirm, { exact: true }).fill(account.password);
  await expect(page.getByText(AUTH_MESSAGES.passwordsMatch)).toBeVisible();
  await page.getByRole('checkbox', { name: new RegExp(AUTH_EN.register.termsPrefix) }).check();
  await page.getByRole('button', { name: AUTH_EN.register.submit }).click();

  await expect(page).toHaveURL(/\/registration-success\?/);
  await expect(page.getByRole('heading', { name: AUTH_EN.registrationSuccess.title })).toBeVisible();

  // Signing in before verifying leads to the email step.
  await page.goto('/login');
  await page.getByLabel(AUTH_EN.login.username).fill(account.username);
  await page.getByLabel(AUTH_EN.login.password, { exact: true }).fill(account.password);
  await page.getByRole('button', { name: AUTH_EN.login.submit, exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Verify Your Email' })).toBeVisible();

  const link = await linkFromOutbox(account.email, /Verify your email/);
  await page.goto(link.replace(/^https?:\/\/[^/]+/, ''));
  await expect(page.getByText(AUTH_MESSAGES.verifySuccess)).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 10_000 });

  // An avatar through the drop zone: a file too large is refused, a PNG is previewed and uploaded
  // with a progress bar, and the page fits a phone.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/account/settings');
  const avatarInput = page.getByLabel(SETTINGS_EN.avatar.upload, { exact: true });
  await expectTooLargeRefused(page, avatarInput, AVATAR_MAX_BYTES, SETTINGS_EN.messages.avatarTooLarge);
  await expectNoAxeViolations(page, '#main');
  const releaseAvatar = await holdRequest(page, '**/api/members/me/avatar');
  await dropPng(page, avatarInput, 'me.png');
  await expect(page.getByRole('progressbar', { name: SETTINGS_EN.avatar.progress })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: test.info().outputPath('avatar-drop-zone-390.png') });
  await releaseAvatar();
  await expect(page.getByRole('button', { name: SETTINGS_EN.avatar.remove })).toBeVisible();
  await expect(page.getByRole('progressbar')).toHaveCount(0);
  await page.setViewportSize({ width: 1280, height: 720 });

  // A setting, saved and still there after a reload.
  await page.goto('/account/settings/notifications');
  const comments = page
    .getByRole('switch', { name: /comment/i })
    .or(page.getByRole('checkbox', { name: /comment/i }))
    .first();
  await expect(comments).toBeChecked();
  await comments.click();
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText(AUTH_MESSAGES.preferencesUpdated)).toBeVisible();
  await page.reload();
  await expect(
    page
      .getByRole('switch', { name: /comment/i })
      .or(page.getByRole('checkbox', { name: /comment/i }))
      .first(),
  ).not.toBeChecked();

  await page.getByRole('button', { name: new RegExp(`^${SHELL_EN.nav.accountMenu}`) }).click();
  await page
    .getByRole('menuitem', { name: SHELL_EN.nav.signOut })
    .or(page.getByRole('button', { name: SHELL_EN.nav.signOut }))
    .first()
    .click();
  await expect(page).toHaveURL(/\/$/);
  await expect(
    page
      .getByRole('link', { name: SHELL_EN.nav.signIn })
      .or(page.getByRole('button', { name: SHELL_EN.nav.signIn }))
      .first(),
  ).toBeVisible();
  await page.goto('/account/settings');
  await expect(page).toHaveURL(/\/login\?redirect=%2Faccount%2Fsettings/);
});

test('a wrong password is refused with the spec text', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel(AUTH_EN.login.username).fill(DEMO.member.username);
  await page.getByLabel(AUTH_EN.login.password, { exact: true }).fill('not-the-password');
  await page.getByRole('button', { name: AUTH_EN.login.submit, exact: true }).click();
  await expect(page.getByText(AUTH_MESSAGES.invalidCredentials)).toBeVisible();
  await expect(page).toHaveURL(/\/login/);
});

test('guards send visitors to sign in and back, and signed-in members away from guest pages', async ({ page }) => {
  await page.goto('/account/settings/security');
  await expect(page).toHaveURL(/\/login\?redirect=%2Faccount%2Fsettings%2Fsecurity$/);
  await page.getByLabel(AUTH_EN.login.username).fill(DEMO.member.username);
  await page.getByLabel(AUTH_EN.login.password, { exact: true }).fill(DEMO.member.password);
  await page.getByRole('button', { name: AUTH_EN.login.submit, exact: true }).click();
  await expect(page).toHaveURL(/\/account\/settings\/security$/);
  await expect(page.getByRole('heading', { name: SETTINGS_EN.page.title })).toBeVisible();

  await page.goto('/login?redirect=/cars');
  await expect(page).toHaveURL(/\/cars$/);
  await page.goto('/register');
  await expect(page).toHaveURL(/\/$|\/dashboard$/);
  // A member is neither moderator nor administrator: /admin says the page needs that role.
  await page.goto('/admin');
  await expect(page.getByText('This page needs the administrator or moderator role.')).toBeVisible();
});

test('forgot password, reset through the mailed link, and sign in with the new password', async ({ page }) => {
  const account = newAccount('reset');
  await page.request.post('/api/auth/register', { data: { ...account, productUpdatesOptIn: false } });
  const verify = await linkFromOutbox(account.email, /Verify your email/);
  await page.request.post('/api/auth/verify-email', { data: { token: new URL(verify).searchParams.get('token') } });

  await page.goto('/login');
  await page.getByRole('link', { name: AUTH_EN.login.forgot }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await page.getByLabel(AUTH_EN.forgot.email).fill(account.email);
  await page.getByRole('button', { name: AUTH_EN.forgot.submit }).click();
  await expect(page.getByRole('heading', { name: AUTH_EN.forgot.sentTitle })).toBeVisible();
  await expect(page.getByText('Link expires in 24 hours')).toBeVisible();

  const link = await linkFromOutbox(account.email, /Reset your password/);
  await page.goto(link.replace(/^https?:\/\/[^/]+/, ''));
  await page.getByLabel(AUTH_EN.reset.newPassword, { exact: true }).fill('Another-Passw0rd');
  await page.getByLabel(AUTH_EN.reset.confirm, { exact: true }).fill('Another-Passw0rd');
  await page.getByRole('button', { name: AUTH_EN.reset.submit }).click();
  await expect(page.getByRole('heading', { name: AUTH_EN.reset.successTitle })).toBeVisible();
  await page
    .getByRole('link', { name: AUTH_EN.reset.signInNew })
    .or(page.getByRole('button', { name: AUTH_EN.reset.signInNew }))
    .first()
    .click();

  await signIn(page, { username: account.username, password: 'Another-Passw0rd' });
});

test('a reset page without a token says the link is invalid', async ({ page }) => {
  await page.goto('/reset-password');
  await expect(page.getByRole('heading', { name: AUTH_EN.reset.invalidTitle })).toBeVisible();
  await expect(page.getByRole('link', { name: AUTH_EN.reset.requestNew })).toBeVisible();
});
