import { expect, test, type Page } from '@playwright/test';
import { OAUTH_MESSAGES } from '@bm/core';
import AUTH_EN from '../../apps/web/src/locales/en/auth';
import SETTINGS_EN from '../../apps/web/src/locales/en/settings';
import { type LocalOidc, startLocalOidc } from '../../apps/server/test/oidc-provider';
import { type LocalSteam, startLocalSteam } from '../../apps/server/test/steam-openid';
import { PORT } from '../playwright.config';
import { axeProblems } from './axe';
import { linkFromOutbox, newAccount, settle, signIn, signOut, tabTo, verifiedAccount } from './support';

// The site of these tests has OIDC_ISSUER on E2E_PORT + 1200 and Steam on E2E_PORT + 1210
// (scripts/e2e-server.mjs): the providers start here.
let op: LocalOidc;
let steam: LocalSteam;
test.beforeAll(async () => {
  op = await startLocalOidc(`http://localhost:${PORT}`, PORT + 1200);
  steam = await startLocalSteam(PORT + 1210);
});
test.afterAll(async () => {
  await op?.close();
  await steam?.close();
});

const providerButton = (page: Page) =>
  page.getByRole('button', { name: AUTH_EN.oauth.signInWith.replace('{name}', 'Local ID') });

/** The provider's own development login page (when its session does not remember the browser yet). */
async function providerLogin(page: Page, login: string) {
  await page.waitForURL((url) => url.port === String(PORT + 1200) || url.pathname.startsWith('/auth/oauth/complete'));
  if (new URL(page.url()).port !== String(PORT + 1200)) return;
  await page.locator('input[name="login"]').fill(login);
  await page.locator('input[name="password"]').fill('any-password');
  await page.keyboard.press('Enter');
}

/** From the login page, by keyboard: the provider's button, then the provider's login. */
async function throughProvider(page: Page, login: string) {
  await page.goto('/login');
  await tabTo(page, providerButton(page));
  await page.keyboard.press('Enter');
  await providerLogin(page, login);
}

test.describe('signing in with an OpenID Connect provider', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('a new player signs up through the provider and signs in again through it', async ({ page }) => {
    const login = newAccount('op').username;
    await page.goto('/login');
    await expect(providerButton(page)).toBeVisible();
    // Only configured providers are offered: this site names OIDC and Steam, not GitHub or Discord.
    await expect(page.getByRole('button', { name: AUTH_EN.oauth.signInWith.replace('{name}', 'GitHub') })).toHaveCount(
      0,
    );
    await expect(page.getByRole('button', { name: AUTH_EN.oauth.signInWith.replace('{name}', 'Discord') })).toHaveCount(
      0,
    );
    expect(await axeProblems(page)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    await throughProvider(page, login);
    await expect(page.getByRole('heading', { name: AUTH_EN.oauth.chooseTitle })).toBeVisible();
    await expect(page).toHaveURL(/\/auth\/oauth\/complete$/);
    const username = page.getByLabel(AUTH_EN.oauth.username);
    await expect(username).toHaveValue(login);
    await expect(username).toBeFocused();
    expect(await axeProblems(page)).toEqual([]);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/dashboard/);

    await signOut(page);
    await throughProvider(page, login);
    await expect(page).toHaveURL(/\/dashboard/);
    const me = await page.evaluate(async () => {
      const token = sessionStorage.getItem('bm.auth.token') ?? localStorage.getItem('bm.auth.token');
      const res = await fetch('/api/auth/me', { headers: { authorization: `Bearer ${token}` } });
      return res.json();
    });
    expect(me).toMatchObject({ username: login, isVerified: true });
  });

  test('an existing member is not signed into by email, and links the provider from Settings', async ({
    page,
    request,
  }) => {
    const account = await verifiedAccount(request, 'link');
    const login = newAccount('opl').username;
    op.accounts.set(login, { email: account.email, emailVerified: true });

    await throughProvider(page, login);
    await expect(page.getByRole('heading', { name: AUTH_EN.oauth.errorTitle })).toBeVisible();
    await expect(page.getByRole('alert')).toHaveText(OAUTH_MESSAGES.emailExists);
    expect(await axeProblems(page)).toEqual([]);

    await signIn(page, account);
    await page.goto('/account/settings/security');
    const card = page.getByRole('region', { name: SETTINGS_EN.linked.heading });
    await expect(
      card.getByRole('listitem').filter({ hasText: 'Local ID' }).getByText(SETTINGS_EN.linked.notLinked),
    ).toBeVisible();
    await settle(page);
    expect(await axeProblems(page)).toEqual([]);
    await tabTo(page, card.getByRole('button', { name: SETTINGS_EN.linked.link.replace('{name}', 'Local ID') }));
    await page.keyboard.press('Enter');
    await providerLogin(page, login);
    await expect(page).toHaveURL(/\/account\/settings\/security/);
    await expect(page.getByText(AUTH_EN.oauth.linked.replace('{provider}', 'Local ID'))).toBeVisible();
    await expect(
      card.getByRole('button', { name: SETTINGS_EN.linked.unlink.replace('{name}', 'Local ID') }),
    ).toBeVisible();
    await expect(card.getByText(account.email)).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    await signOut(page);
    await throughProvider(page, login);
    await expect(page).toHaveURL(/\/dashboard/);
    const me = await page.evaluate(async () => {
      const t = sessionStorage.getItem('bm.auth.token') ?? localStorage.getItem('bm.auth.token');
      return (await fetch('/api/auth/me', { headers: { authorization: `Bearer ${t}` } })).json();
    });
    expect(me.username).toBe(account.username);

    // Unlinked from the keyboard (the password remains a way in): the provider no longer signs in.
    await page.goto('/account/settings/security');
    await settle(page);
    await tabTo(page, card.getByRole('button', { name: SETTINGS_EN.linked.unlink.replace('{name}', 'Local ID') }));
    await page.keyboard.press('Enter');
    await expect(
      card.getByRole('listitem').filter({ hasText: 'Local ID' }).getByText(SETTINGS_EN.linked.notLinked),
    ).toBeVisible();
    await signOut(page);
    await throughProvider(page, login);
    await expect(page.getByRole('heading', { name: AUTH_EN.oauth.errorTitle })).toBeVisible();
  });
});

test.describe('signing in with Steam', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  const steamButton = (page: Page) =>
    page.getByRole('button', { name: AUTH_EN.oauth.signInWith.replace('{name}', 'Steam') });

  /** From the login page, by keyboard: the Steam button, then the stand-in's sign-in page. */
  async function throughSteam(page: Page, steamId: string) {
    await page.goto('/login');
    await tabTo(page, steamButton(page));
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.port === String(PORT + 1210));
    await page.getByLabel('Steam ID').fill(steamId);
    await page.keyboard.press('Enter');
  }

  test('a new player signs up with Steam, gives and verifies an email, and signs in again', async ({
    page,
    request,
  }) => {
    const steamId = `7656119${String(Date.now()).slice(-10)}`;
    const persona = newAccount('stm').username;
    steam.personas.set(steamId, persona);

    await throughSteam(page, steamId);
    await expect(page.getByRole('heading', { name: AUTH_EN.oauth.chooseTitle })).toBeVisible();
    const username = page.getByLabel(AUTH_EN.oauth.username);
    await expect(username).toHaveValue(persona);
    await expect(username).toBeFocused();
    const email = page.getByLabel(AUTH_EN.oauth.email);
    await expect(email).toHaveValue('');
    expect(await axeProblems(page)).toEqual([]);
    await tabTo(page, email);
    await page.keyboard.type(`${persona}@example.com`);
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { name: AUTH_EN.oauth.verifyTitle })).toBeVisible();
    expect(await axeProblems(page)).toEqual([]);

    const link = await linkFromOutbox(`${persona}@example.com`, /Verify your email/);
    const token = new URL(link).searchParams.get('token');
    expect((await request.post('/api/auth/verify-email', { data: { token } })).status()).toBe(200);

    await throughSteam(page, steamId);
    await expect(page).toHaveURL(/\/dashboard/);
    const me = await page.evaluate(async () => {
      const t = sessionStorage.getItem('bm.auth.token') ?? localStorage.getItem('bm.auth.token');
      return (await fetch('/api/auth/me', { headers: { authorization: `Bearer ${t}` } })).json();
    });
    expect(me).toMatchObject({ username: persona, email: `${persona}@example.com`, isVerified: true });
  });

  test('a member links Steam from Settings and then signs in with it', async ({ page, request }) => {
    const account = await verifiedAccount(request, 'stl');
    const steamId = `7656119${String(Date.now() + 1).slice(-10)}`;

    await signIn(page, account);
    await page.goto('/account/settings/security');
    const card = page.getByRole('region', { name: SETTINGS_EN.linked.heading });
    const row = card.getByRole('listitem').filter({ hasText: 'Steam' });
    await expect(row.getByText(SETTINGS_EN.linked.notLinked)).toBeVisible();
    await settle(page);
    await tabTo(page, row.getByRole('button', { name: SETTINGS_EN.linked.link.replace('{name}', 'Steam') }));
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.port === String(PORT + 1210));
    await page.getByLabel('Steam ID').fill(steamId);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/account\/settings\/security/);
    await expect(page.getByText(AUTH_EN.oauth.linked.replace('{provider}', 'Steam'))).toBeVisible();
    await expect(row.getByRole('button', { name: SETTINGS_EN.linked.unlink.replace('{name}', 'Steam') })).toBeVisible();
    expect(await axeProblems(page)).toEqual([]);

    await signOut(page);
    await throughSteam(page, steamId);
    await expect(page).toHaveURL(/\/dashboard/);
    const me = await page.evaluate(async () => {
      const t = sessionStorage.getItem('bm.auth.token') ?? localStorage.getItem('bm.auth.token');
      return (await fetch('/api/auth/me', { headers: { authorization: `Bearer ${t}` } })).json();
    });
    expect(me.username).toBe(account.username);
  });
});
