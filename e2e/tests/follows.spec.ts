import { FOLLOW_TEXT } from '@bm/core';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { axeProblems } from './axe';
import { DEMO, settle, signIn, tabTo, zipOf, approveWithCleanDll } from './support';

// Follows (issue 25 item 4), on a phone-sized screen: follow from the plugin page with the keyboard,
// a moderator approves a new version, the follower's open inbox shows the notice without a reload,
// and the dashboard's Following tab lists the plugin with Unfollow.
test.use({ viewport: { width: 390, height: 844 } });

async function moderatorHeaders(request: APIRequestContext) {
  const login = await request.post('/api/auth/login', { data: { ...DEMO.moderator, rememberMe: false } });
  expect(login.ok()).toBe(true);
  return { authorization: `Bearer ${((await login.json()) as { token: string }).token}` };
}

/** Uploads a source version of plugin `id` and approves it with a binary, as the moderator (its author). */
async function publishVersion(
  request: APIRequestContext,
  headers: Record<string, string>,
  id: number,
  version: string,
  changelog?: string,
) {
  const source = await zipOf({ 'Plugin.sln': 'Microsoft Visual Studio Solution File', 'src/plugin.cpp': '// plugin' });
  const upload = await request.post(`/api/plugins/${id}/files/source`, {
    headers,
    multipart: {
      file: { name: `follow-${version}.zip`, mimeType: 'application/zip', buffer: source },
      versionString: version,
      ...(changelog ? { changelog } : {}),
    },
  });
  expect(upload.status()).toBe(201);
  const { submission } = (await upload.json()) as { submission: { submissionId: number } };
  await approveWithCleanDll(request, headers, submission.submissionId, 'Followed');
}

async function fitsAndPasses(page: Page) {
  await settle(page);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  expect(await axeProblems(page)).toEqual([]);
}

test('a member follows a plugin, a new version is approved, and the notice reaches the open inbox live', async ({
  page,
  request,
}) => {
  const headers = await moderatorHeaders(request);
  const name = `Followed ${Date.now().toString(36)}`;
  const created = await request.post('/api/plugins/create', {
    headers,
    data: { name, shortDescription: 'Made by the follows browser test.' },
  });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: number };
  await publishVersion(request, headers, id, '1.0.0');

  // Follow from the plugin page with the keyboard: a toggle button, pressed, counted.
  await signIn(page, DEMO.member);
  await page.goto(`/plugin/${id}`);
  const follow = page.getByRole('button', { name: `${FOLLOW_TEXT.follow} ${name}, 0 followers`, exact: true });
  await expect(follow).toHaveAttribute('aria-pressed', 'false');
  await expect(follow.getByTestId('follower-count')).toHaveText('0');
  await tabTo(page, follow, { max: 120 });
  await page.keyboard.press('Enter');
  const following = page.getByRole('button', { name: `${FOLLOW_TEXT.following} ${name}, 1 follower`, exact: true });
  await expect(following).toHaveAttribute('aria-pressed', 'true');
  await expect(following.getByTestId('follower-count')).toHaveText('1');
  await fitsAndPasses(page);
  await page.screenshot({ path: test.info().outputPath('plugin-follow-390.png') });
  // Kept after a reload (the server's answer, not only the page's).
  await page.reload();
  await expect(page.getByTestId('follow-button')).toHaveAttribute('aria-pressed', 'true');

  // The inbox is open when the moderator approves a new version: the notice arrives without a reload.
  await page.goto('/mail');
  await settle(page);
  await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));
  await publishVersion(request, headers, id, '1.1.0', '- Boost meter redrawn\n- Works in **replays**');
  const item = page.getByTestId('mail-item').filter({ hasText: `${name} v1.1.0 is out` });
  await expect(item).toBeVisible({ timeout: 20_000 });
  expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
  await fitsAndPasses(page);
  await item.getByRole('link').click();
  await expect(page.getByRole('heading', { level: 1, name: `${name} v1.1.0 is out` })).toBeVisible();
  await expect(page.getByText('a plugin you follow')).toBeVisible();
  // The notice quotes the version's public changelog.
  await expect(page.getByText('Boost meter redrawn')).toBeVisible();

  // The Following tab lists it; Unfollow from the keyboard takes it away.
  await page.goto('/dashboard/following');
  const link = page.getByRole('link', { name, exact: true });
  await expect(link).toHaveAttribute('href', `/plugin/${id}`);
  await expect(page.getByRole('link', { name: FOLLOW_TEXT.tab })).toHaveAttribute('aria-current', 'page');
  await fitsAndPasses(page);
  await page.screenshot({ path: test.info().outputPath('following-tab-390.png') });
  const unfollow = page.getByRole('button', { name: FOLLOW_TEXT.unfollowLabel(name) });
  await tabTo(page, unfollow, { max: 120 });
  await page.keyboard.press('Enter');
  await expect(link).toHaveCount(0);
  await page.goto(`/plugin/${id}`);
  await expect(page.getByTestId('follow-button')).toHaveAttribute('aria-pressed', 'false');
  await expect(page.getByTestId('follower-count')).toHaveText('0');
});
