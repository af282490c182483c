import { expect, test, type Page } from '@playwright/test';
import { OAUTH_MESSAGES } from '@bm/core';
import { OAUTH_TEXT } from '../../apps/web/src/features/auth/oauth-text';
import { LINKED_TEXT } from '../../apps/web/src/features/settings/security-text';
import { type LocalOidc, startLocalOidc } from '../../apps/server/test/oidc-provider';
import { PORT } from '../playwright.config';
import { axeProblems, linkFromOutbox, newAccount, settle, signIn, tabTo } from './support';

// The site of these tests has OIDC_ISSUER on E2E_PORT + 1200 (scripts/e2e-server.mjs): the provider starts here.
let op: LocalOidc;
test.beforeAll(async () => {
  op = await startLocalOidc(`http://localhost:${PORT}`, PORT + 1200);
});
test.afterAll(async () => {
  await op?.close();
});

const providerButton = (page: Page) => page.getByRole('button', { name: OAUTH_TEXT.signInWith('Local ID') });

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

async function signOut(page: Page) {
  await page.evaluate(() => {
    localStorage.clear();
    sessionStorage.clear();
  });
}

test.describe('signing in with an OpenID Connect provider', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('a new player signs up through the provider and signs in again through it', async ({ page }) => {
    const login = newAccount('op').username;
    await page.goto('/login');
    await expect(providerButton(page)).toBeVisible();
    expect(await axeProblems(page)).toEqual([]);

    await throughProvider(page, login);
    await expect(page.getByRole('heading', { name: OAUTH_TEXT.chooseTitle })).toBeVisible();
    await expect(page).toHaveURL(/\/auth\/oauth\/complete$/);
    const username = page.getByLabel(OAUTH_TEXT.username);
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
    const account = newAccount('link');
    const reg = await request.post('/api/auth/register', { data: { ...account, productUpdatesOptIn: false } });
    expect(reg.status()).toBe(201);
    const link = await linkFromOutbox(account.email, /Verify your email/);
    const token = new URL(link).searchParams.get('token');
    expect((await request.post('/api/auth/verify-email', { data: { token } })).status()).toBe(200);
    const login = newAccount('opl').username;
    op.accounts.set(login, { email: account.email, emailVerified: true });

    await throughProvider(page, login);
    await expect(page.getByRole('heading', { name: OAUTH_TEXT.errorTitle })).toBeVisible();
    await expect(page.getByRole('alert')).toHaveText(OAUTH_MESSAGES.emailExists);
    expect(await axeProblems(page)).toEqual([]);

    await signIn(page, account);
    await page.goto('/account/settings/security');
    const card = page.getByRole('region', { name: LINKED_TEXT.heading });
    await expect(card.getByText(LINKED_TEXT.notLinked)).toBeVisible();
    await settle(page);
    expect(await axeProblems(page)).toEqual([]);
    await tabTo(page, card.getByRole('button', { name: LINKED_TEXT.link('Local ID') }));
    await page.keyboard.press('Enter');
    await providerLogin(page, login);
    await expect(page).toHaveURL(/\/account\/settings\/security/);
    await expect(page.getByText(OAUTH_TEXT.linked('Local ID'))).toBeVisible();
    await expect(card.getByRole('button', { name: LINKED_TEXT.unlink('Local ID') })).toBeVisible();
    await expect(card.getByText(account.email)).toBeVisible();

    await signOut(page);
    await throughProvider(page, login);
    await expect(page).toHaveURL(/\/dashboard/);
    const me = await page.evaluate(async () => {
      const t = sessionStorage.getItem('bm.auth.token') ?? localStorage.getItem('bm.auth.token');
      return (await fetch('/api/auth/me', { headers: { authorization: `Bearer ${t}` } })).json();
    });
    expect(me.username).toBe(account.username);
  });
});
