import * as OTPAuth from 'otpauth';
import { expect, test, type Page } from '@playwright/test';
import { PASSKEY_MESSAGES } from '@bm/core';
import AUTH_EN from '../../apps/web/src/locales/en/auth';
import SETTINGS_EN from '../../apps/web/src/locales/en/settings';
import { axeProblems } from './axe';
import { settle, signIn, signOut, tabTo, tokenOf, verifiedAccount } from './support';

/** A platform authenticator in the browser (DevTools WebAuthn domain) that holds passkeys and checks the person. */
async function virtualAuthenticator(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return {
    credentials: async () => (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials,
  };
}

async function passkeySignIn(page: Page) {
  await page.goto('/login');
  await settle(page);
  await tabTo(page, page.getByRole('button', { name: AUTH_EN.login.passkey }));
  await page.keyboard.press('Enter');
}

const fitsWidth = async (page: Page) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

test.describe('passkeys', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('a member adds, renames and removes a passkey, and signs in with it alone', async ({ page, request }) => {
    test.setTimeout(120_000);
    const account = await verifiedAccount(request, 'pk');
    const authenticator = await virtualAuthenticator(page);
    await signIn(page, account);

    // Settings → Security: add a named passkey from the keyboard.
    await page.goto('/account/settings/security');
    await settle(page);
    await expect(page.getByText(SETTINGS_EN.passkeys.none)).toBeVisible();
    expect(await axeProblems(page)).toEqual([]);
    await fitsWidth(page);
    await tabTo(page, page.getByLabel(SETTINGS_EN.passkeys.name));
    await page.keyboard.type('Test laptop');
    await page.keyboard.press('Enter');
    const list = page.getByRole('list', { name: SETTINGS_EN.passkeys.listLabel });
    await expect(list.getByRole('listitem')).toHaveCount(1);
    await expect(list).toContainText('Test laptop');
    await expect(list).toContainText(SETTINGS_EN.passkeys.neverUsed);
    const stored = await authenticator.credentials();
    expect(stored).toHaveLength(1);
    expect(stored[0]!.isResidentCredential).toBe(true);
    // The 'Passkey added' toast is checked once it has finished sliding in (mid-fade its text is faint).
    await expect(page.getByText(SETTINGS_EN.passkeys.added)).toBeVisible();
    await page.waitForTimeout(600);
    expect(await axeProblems(page)).toEqual([]);
    await fitsWidth(page);

    // Rename it: the field opens focused; Enter saves.
    await tabTo(
      page,
      page.getByRole('button', { name: SETTINGS_EN.passkeys.renameLabel.replace('{name}', 'Test laptop') }),
    );
    await page.keyboard.press('Enter');
    const newName = page.getByLabel(SETTINGS_EN.passkeys.newName);
    await expect(newName).toBeFocused();
    await newName.fill('Work laptop');
    await page.keyboard.press('Enter');
    await expect(list).toContainText('Work laptop');

    // Signed out, the passkey alone signs in: no username, no password.
    await signOut(page);
    await page.goto('/login');
    await settle(page);
    expect(await axeProblems(page)).toEqual([]);
    await fitsWidth(page);
    await passkeySignIn(page);
    await expect(page).toHaveURL(/\/dashboard/);
    const me = await request.get('/api/auth/me', { headers: { authorization: `Bearer ${await tokenOf(page)}` } });
    expect((await me.json()).username).toBe(account.username);

    // Removed (after confirming), it no longer signs in.
    await page.goto('/account/settings/security');
    await settle(page);
    await expect(list).not.toContainText(SETTINGS_EN.passkeys.neverUsed);
    await tabTo(
      page,
      page.getByRole('button', { name: SETTINGS_EN.passkeys.removeLabel.replace('{name}', 'Work laptop') }),
    );
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('alertdialog', {
      name: SETTINGS_EN.passkeys.confirmRemove.replace('{name}', 'Work laptop'),
    });
    await expect(dialog).toBeVisible();
    await tabTo(page, dialog.getByRole('button', { name: SETTINGS_EN.passkeys.remove }));
    await page.keyboard.press('Enter');
    await expect(page.getByText(SETTINGS_EN.passkeys.none)).toBeVisible();
    await signOut(page);
    await passkeySignIn(page);
    await expect(page.getByText(PASSKEY_MESSAGES.notKnown)).toBeVisible();
    await expect(page).toHaveURL(/\/login/);
  });

  test('with two-factor on, a passkey answers the second step', async ({ page, request }) => {
    const account = await verifiedAccount(request, 'pk');
    await virtualAuthenticator(page);
    await signIn(page, account);
    const auth = { authorization: `Bearer ${await tokenOf(page)}` };
    const { secret } = await (await request.post('/api/auth/2fa/totp/setup', { headers: auth })).json();
    const code = OTPAuth.TOTP.generate({
      secret: OTPAuth.Secret.fromBase32(secret),
      algorithm: 'SHA1',
      digits: 6,
      period: 30,
    });
    expect((await request.post('/api/auth/2fa/totp/enable', { headers: auth, data: { code } })).status()).toBe(200);

    await page.goto('/account/settings/security');
    await settle(page);
    await page.getByLabel(SETTINGS_EN.passkeys.name).fill('Phone');
    await page.getByRole('button', { name: SETTINGS_EN.passkeys.add }).click();
    await expect(page.getByRole('list', { name: SETTINGS_EN.passkeys.listLabel })).toContainText('Phone');

    await signOut(page);
    await page.goto('/login');
    await page.getByLabel(AUTH_EN.login.username).fill(account.username);
    await page.getByLabel(AUTH_EN.login.password, { exact: true }).fill(account.password);
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { name: AUTH_EN.twoFactor.title })).toBeVisible();
    expect(await axeProblems(page)).toEqual([]);
    await fitsWidth(page);
    await tabTo(page, page.getByRole('button', { name: AUTH_EN.twoFactor.passkey }));
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/dashboard/);
  });
});
