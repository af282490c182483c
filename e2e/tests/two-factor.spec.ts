import { expect, test, type Page } from '@playwright/test';
import { TWO_FACTOR_MESSAGES } from '@bm/core';
import AUTH_EN from '../../apps/web/src/locales/en/auth';
import SETTINGS_EN from '../../apps/web/src/locales/en/settings';
// The authenticator app's codes, as the server tests compute them.
import { awayFromStepEdge, codeAt, wrongCode } from '../../apps/server/test/totp';
import { axeProblems } from './axe';
import { settle, signIn, signOut, tabTo, verifiedAccount } from './support';

/** Username and password from the keyboard; the two-factor step opens with the code field focused. */
async function passwordStep(page: Page, account: { username: string; password: string }) {
  await page.goto('/login');
  await page.getByLabel(AUTH_EN.login.username).fill(account.username);
  await page.getByLabel(AUTH_EN.login.password, { exact: true }).fill(account.password);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: AUTH_EN.twoFactor.title })).toBeVisible();
  await expect(page.getByLabel(AUTH_EN.twoFactor.code)).toBeFocused();
}

async function enterCode(page: Page, code: string) {
  await page.getByLabel(AUTH_EN.twoFactor.code).fill(code);
  await page.keyboard.press('Enter');
}

test.describe('two-factor with an authenticator app', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('a member turns it on, signs in only with a valid code, and once with a recovery code', async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    const account = await verifiedAccount(request, 'tfa');
    await signIn(page, account);

    // Settings → Security: set up with the QR code and the key as text.
    await page.goto('/account/settings/security');
    await settle(page);
    const setUp = page.getByRole('button', { name: SETTINGS_EN.twoFactor.setUp });
    await tabTo(page, setUp);
    await page.keyboard.press('Enter');
    await expect(page.getByRole('img', { name: SETTINGS_EN.twoFactor.qrAlt })).toBeVisible();
    const secret = (await page.getByTestId('totp-secret').textContent())!.trim();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(await axeProblems(page)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    // A browser's sign-in takes longer than a server test's: keep eight seconds from the step's edge.
    await awayFromStepEdge(8);
    await page.getByLabel(SETTINGS_EN.twoFactor.code).fill(codeAt(secret, -1));
    await page.keyboard.press('Enter');
    const list = page.getByRole('list', { name: SETTINGS_EN.twoFactor.codesHeading });
    await expect(list.getByRole('listitem')).toHaveCount(10);
    const recovery = (await list.getByRole('listitem').allTextContents()).map((c) => c.trim());
    expect(await axeProblems(page)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: SETTINGS_EN.twoFactor.download }).click();
    expect((await download).suggestedFilename()).toBe(SETTINGS_EN.twoFactor.fileName);
    await page.getByRole('button', { name: SETTINGS_EN.twoFactor.done }).click();
    await expect(page.getByText(SETTINGS_EN.twoFactor.codesLeft_other.replace('{count}', '10'))).toBeVisible();

    // Sign in: the password alone is not enough; a wrong code is refused, a right one signs in.
    await signOut(page);
    await passwordStep(page, account);
    expect(await axeProblems(page)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await enterCode(page, wrongCode(secret));
    await expect(page.getByText(TWO_FACTOR_MESSAGES.codeWrong)).toBeVisible();
    const used = codeAt(secret);
    await enterCode(page, used);
    await expect(page).toHaveURL(/\/dashboard/);

    // The same code again is refused; after five wrong codes the sixth attempt is refused even when right.
    await signOut(page);
    await passwordStep(page, account);
    await enterCode(page, used);
    await expect(page.getByText(TWO_FACTOR_MESSAGES.codeUsed)).toBeVisible();
    for (let i = 0; i < 4; i++) {
      await enterCode(page, wrongCode(secret));
      await expect(page.getByText(TWO_FACTOR_MESSAGES.codeWrong)).toBeVisible();
    }
    await enterCode(page, codeAt(secret, 1));
    await expect(page.getByText(TWO_FACTOR_MESSAGES.challengeExpired)).toBeVisible();
    await expect(page.getByRole('heading', { name: AUTH_EN.login.title })).toBeVisible();

    // A recovery code signs in once, chosen from the keyboard.
    await passwordStep(page, account);
    await tabTo(page, page.getByRole('button', { name: AUTH_EN.twoFactor.useRecovery }));
    await page.keyboard.press('Enter');
    const recoveryField = page.getByLabel(AUTH_EN.twoFactor.recoveryCode);
    await expect(recoveryField).toBeFocused();
    await recoveryField.fill(recovery[0]!);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/dashboard/);

    await signOut(page);
    await passwordStep(page, account);
    await page.getByRole('button', { name: AUTH_EN.twoFactor.useRecovery }).click();
    await page.getByLabel(AUTH_EN.twoFactor.recoveryCode).fill(recovery[0]!);
    await page.keyboard.press('Enter');
    await expect(page.getByText(TWO_FACTOR_MESSAGES.recoveryCodeWrong)).toBeVisible();
    await page.getByLabel(AUTH_EN.twoFactor.recoveryCode).fill(recovery[1]!);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/dashboard/);
    await page.screenshot({ path: test.info().outputPath('two-factor-390.png') });
  });
});
