import { expect, test, type APIRequestContext } from '@playwright/test';
import SETTINGS_EN from '../../apps/web/src/locales/en/settings';
import { axeProblems } from './axe';
import { settle, signIn, tabTo, verifiedAccount } from './support';

const FIREFOX_LINUX = 'Mozilla/5.0 (X11; Linux x86_64; rv:125.0) Gecko/20100101 Firefox/125.0';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';

/** A sign-in from another device: its token. */
async function otherDevice(request: APIRequestContext, account: { username: string; password: string }, ua: string) {
  const res = await request.post('/api/auth/login', {
    data: { username: account.username, password: account.password },
    headers: { 'user-agent': ua },
  });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { token: string }).token;
}
const meStatus = async (request: APIRequestContext, token: string) =>
  (await request.get('/api/auth/me', { headers: { authorization: `Bearer ${token}` } })).status();

test.describe('where you are signed in', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('lists the sessions, and ending one from the list makes its token fail', async ({ page, request }) => {
    const account = await verifiedAccount(request, 'sess', { signOut: true });
    const laptop = await otherDevice(request, account, FIREFOX_LINUX);
    await signIn(page, account);
    await page.goto('/account/settings/security');
    await settle(page);

    const list = page.getByRole('list', { name: SETTINGS_EN.sessions.listLabel });
    await expect(list.getByRole('listitem')).toHaveCount(2);
    await expect(list.getByText(SETTINGS_EN.sessions.current)).toBeVisible();
    await expect(list.getByText('Firefox on Linux')).toBeVisible();
    expect(await axeProblems(page)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    // From the keyboard: end the laptop's session; its token stops working at once.
    expect(await meStatus(request, laptop)).toBe(200);
    await tabTo(
      page,
      page.getByRole('button', { name: SETTINGS_EN.sessions.endLabel.replace('{name}', 'Firefox on Linux') }),
    );
    await page.keyboard.press('Enter');
    await expect(list.getByRole('listitem')).toHaveCount(1);
    expect(await meStatus(request, laptop)).toBe(401);

    // Everywhere else: two more devices, both ended by one button; this browser stays signed in.
    const a = await otherDevice(request, account, SAFARI_IPHONE);
    const b = await otherDevice(request, account, FIREFOX_LINUX);
    await page.reload();
    await settle(page);
    await expect(list.getByRole('listitem')).toHaveCount(3);
    await page.getByRole('button', { name: SETTINGS_EN.sessions.endOthers }).click();
    await expect(page.getByText(SETTINGS_EN.sessions.endedOthers_other.replace('{count}', '2'))).toBeVisible();
    await expect(list.getByRole('listitem')).toHaveCount(1);
    await expect(page.getByText(SETTINGS_EN.sessions.onlyThis)).toBeVisible();
    expect(await meStatus(request, a)).toBe(401);
    expect(await meStatus(request, b)).toBe(401);
    await page.reload();
    await settle(page);
    await expect(list.getByText(SETTINGS_EN.sessions.current)).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('sessions-390.png') });
  });
});
