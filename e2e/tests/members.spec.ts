import { expectNoAxeViolations } from './axe';
import { expect, test, type Page } from '@playwright/test';
import type { MemberProfile } from '@bm/core';
import MEMBERS_EN from '../../apps/web/src/locales/en/members';
import { DEMO, signIn } from './support';
import PLUGINS_EN from '../../apps/web/src/locales/en/plugins';

const PROFILE_TEXT = MEMBERS_EN.profile;
const PROFILE_EDIT_TEXT = MEMBERS_EN.edit;

const grid = (page: Page) => page.getByRole('list', { name: PROFILE_TEXT.contentList });
const repButton = (page: Page) => page.getByTestId('rep-button');

async function profileOf(page: Page, name: string, token?: string): Promise<MemberProfile> {
  const res = await page.request.get(
    `/api/members/${name}`,
    token ? { headers: { authorization: `Bearer ${token}` } } : undefined,
  );
  expect(res.status()).toBe(200);
  return res.json();
}

test.describe('member profiles', () => {
  test("a visitor follows a plugin's author to their profile with their plugins and cars", async ({ page }) => {
    await page.goto('/plugins?search=Boost%20Meter%20Plus');
    const card = page
      .getByRole('list', { name: PLUGINS_EN.list.results })
      .getByTestId('plugin-card')
      .filter({ hasText: 'Boost Meter Plus' })
      .first();
    // The card's author link goes straight to the profile; the detail page has one too.
    await expect(card.getByRole('link', { name: 'BoostQueen' })).toHaveAttribute('href', '/members/BoostQueen');
    await card.getByRole('link', { name: 'Boost Meter Plus' }).click();
    await expect(page).toHaveURL(/\/plugin\/\d+$/);
    await page.locator('#main').getByRole('link', { name: 'BoostQueen' }).first().click();

    await expect(page).toHaveURL('/members/BoostQueen');
    await expect(page.getByRole('heading', { level: 1, name: 'BoostQueen' })).toBeVisible();
    await expect(page).toHaveTitle('BoostQueen · BakkesMod Community');
    const api = await profileOf(page, 'BoostQueen');
    await expect(page.getByLabel(PROFILE_TEXT.counters)).toContainText(String(api.pluginCount));
    await expect(grid(page).locator('[data-kind="plugin"]').filter({ hasText: 'Boost Meter Plus' })).toHaveCount(1);
    await expect(grid(page).locator('[data-kind="car"]').first()).toBeVisible();
    await expect(page.getByRole('heading', { name: PROFILE_TEXT.about })).toBeVisible();
    // Anonymous: the rep button asks to sign in.
    await repButton(page).click();
    await expect(page.getByRole('dialog', { name: PROFILE_TEXT.repJoinTitle })).toBeVisible();
    await page.keyboard.press('Escape');
    await expectNoAxeViolations(page, '#main', { seriousOnly: true });

    // A car in the grid opens its page.
    await grid(page).locator('[data-kind="car"]').first().getByRole('link').click();
    await expect(page).toHaveURL(/\/cars\/\d+$/);

    await page.goto('/members/no-such-member-here');
    await expect(page.getByRole('heading', { name: PROFILE_TEXT.notFoundTitle })).toBeVisible();
    await expect(page.getByRole('link', { name: PROFILE_TEXT.browsePlugins })).toBeVisible();
  });

  test('a member gives and takes back reputation, and has no button on their own profile', async ({ page }) => {
    await signIn(page, DEMO.member);
    const login = await page.request.post('/api/auth/login', { data: { ...DEMO.member, rememberMe: false } });
    const token = ((await login.json()) as { token: string }).token;
    const before = await profileOf(page, 'AerialAce', token);

    await page.goto('/members/AerialAce');
    const button = repButton(page);
    await expect(button).toBeVisible();
    const given = before.hasGivenRep;
    const done = page.waitForResponse((r) => r.url().endsWith('/api/members/AerialAce/rep') && r.ok());
    await button.click();
    await done;
    const expected = given ? Math.max(1, before.reputation - 1) : before.reputation + 1;
    await expect(page.getByTestId('rep-counter')).toContainText(String(expected));
    await expect.poll(async () => (await profileOf(page, 'AerialAce')).reputation).toBe(expected);

    // Back to where it was (after the 300 ms lock).
    await page.waitForTimeout(350);
    const undone = page.waitForResponse((r) => r.url().endsWith('/api/members/AerialAce/rep') && r.ok());
    await button.click();
    await undone;
    await expect(page.getByTestId('rep-counter')).toContainText(String(before.reputation));
    await expect.poll(async () => (await profileOf(page, 'AerialAce')).reputation).toBe(before.reputation);

    await page.goto('/members/RocketRyan');
    await expect(page.getByRole('heading', { level: 1, name: 'RocketRyan' })).toBeVisible();
    await expect(page.getByRole('link', { name: PROFILE_TEXT.editProfile })).toBeVisible();
    await expect(repButton(page)).toHaveCount(0);
    // The owner sees pin toggles on their items.
    await expect(grid(page).getByRole('button', { name: /^Pin / }).first()).toBeVisible();
  });

  test('a member edits the profile with a preview, and saves by keyboard only', async ({ page }) => {
    await signIn(page, DEMO.member);
    await page.goto('/members/RocketRyan');
    await page.getByRole('link', { name: PROFILE_TEXT.editProfile }).click();
    await expect(page).toHaveURL('/settings/profile');
    await expect(page.getByRole('heading', { level: 1, name: PROFILE_EDIT_TEXT.title })).toBeVisible();
    await expect(page).toHaveTitle(/^(\(\d+\) )?Edit Profile · BakkesMod Community$/); // "(2) ": unread count

    const stamp = Date.now().toString(36);
    const bio = page.getByRole('textbox', { name: PROFILE_EDIT_TEXT.bio, exact: true });
    // What an attacker would type shows as text and does nothing, in the preview and on the profile.
    const alerts: string[] = [];
    page.on('dialog', (d) => {
      alerts.push(d.message());
      void d.dismiss();
    });
    const hostile = '<img src=x onerror=alert(1)> [x](javascript:alert(2))';
    const harmless = async () => {
      const shown = page.locator('.markdown').first();
      await expect(shown).toContainText('<img src=x onerror=alert(1)>');
      expect(await shown.locator('img, script, a[href^="javascript"]').count()).toBe(0);
    };
    await bio.fill(`## Garage ${stamp}\n\nI build **fast** things. ${hostile}`);
    await page.getByRole('tab', { name: PROFILE_EDIT_TEXT.preview }).click();
    await expect(page.getByRole('heading', { name: `Garage ${stamp}` })).toBeVisible();
    await harmless();
    await page.getByRole('tab', { name: PROFILE_EDIT_TEXT.write }).click();

    const twitch = page.getByLabel('Twitch');
    await twitch.fill('twitch.tv/ryan');
    await expect(page.getByText('Twitch must be a link starting with http:// or https://')).toBeVisible();
    await twitch.fill(`https://www.twitch.tv/ryan${stamp}`);
    await expect(page.getByText('Twitch must be a link starting with http:// or https://')).toHaveCount(0);
    await expectNoAxeViolations(page, '#main', { seriousOnly: true });

    // Keyboard only from here: Tab to Save Changes and press Enter.
    await twitch.focus();
    for (let i = 0; i < 10; i++) {
      const onSave = await page.evaluate(
        (name) => document.activeElement?.textContent === name,
        PROFILE_EDIT_TEXT.save,
      );
      if (onSave) break;
      await page.keyboard.press('Tab');
    }
    await expect(page.getByRole('button', { name: PROFILE_EDIT_TEXT.save })).toBeFocused();
    await page.keyboard.press('Enter');

    await expect(page.getByText(PROFILE_EDIT_TEXT.saved)).toBeVisible();
    await expect(page).toHaveURL('/members/RocketRyan');
    await expect(page.getByRole('heading', { name: `Garage ${stamp}` })).toBeVisible();
    await harmless();
    expect(alerts).toEqual([]);
    await expect(page.getByRole('link', { name: /Twitch/ })).toHaveAttribute(
      'href',
      `https://www.twitch.tv/ryan${stamp}`,
    );
    const saved = await profileOf(page, 'RocketRyan');
    expect(saved.bioMarkdown).toContain(`Garage ${stamp}`);
    expect(saved.socials.twitchUrl).toBe(`https://www.twitch.tv/ryan${stamp}`);
    await expectNoAxeViolations(page, '#main', { seriousOnly: true });

    // Cancel goes back without saving.
    await page.getByRole('link', { name: PROFILE_TEXT.editProfile }).click();
    await page.getByRole('textbox', { name: PROFILE_EDIT_TEXT.bio, exact: true }).fill('not saved');
    await page.getByRole('button', { name: PROFILE_EDIT_TEXT.cancel }).click();
    await expect(page).toHaveURL('/members/RocketRyan');
    expect((await profileOf(page, 'RocketRyan')).bioMarkdown).toContain(`Garage ${stamp}`);
  });

  test('the profile fits a 390 px wide screen', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/members/RocketRyan');
    await expect(grid(page)).toBeVisible();
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
  });
});
