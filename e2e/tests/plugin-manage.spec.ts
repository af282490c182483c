import { expect, test, type Page } from '@playwright/test';
import CREATE_PLUGIN_TEXT from '../../apps/web/src/locales/en/pluginCreate';
import MANAGE_TEXT from '../../apps/web/src/locales/en/pluginManage';
import { DROP_ZONE_TEXT } from '../../apps/web/src/components/file-drop-zone';
import { formatBytes } from '../../apps/web/src/lib/format';
import { expectNoAxeViolations } from './axe';
import { chooseWithKeyboard, dropFile, holdRequest, zoneOf } from './drop-zone';
import { DEMO, signIn, zipOf } from './support';

/** A 1x1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

/** Resolves when the page's real-time connection is accepted (socket.io's CONNECT answer, '40'). */
function hubConnection(page: Page): Promise<void> {
  return new Promise((resolve) => {
    page.on('websocket', (ws) => ws.on('framereceived', (f) => String(f.payload).startsWith('40') && resolve()));
    page.on('response', (r) => {
      if (r.url().includes('/api/hubs/app/') && r.request().method() === 'GET') {
        void r.text().then(
          (body) => body.includes('40{') && resolve(),
          () => undefined,
        );
      }
    });
  });
}

async function createFromDashboard(page: Page, name: string) {
  await page.goto('/dashboard');
  await page.getByRole('button', { name: 'Create Plugin' }).click();
  const dialog = page.getByRole('dialog', { name: CREATE_PLUGIN_TEXT.title });
  await expect(dialog).toBeVisible();
  // Core's rules, before anything is sent.
  await dialog.getByLabel(CREATE_PLUGIN_TEXT.homepage).fill('not a url');
  await dialog.getByRole('button', { name: CREATE_PLUGIN_TEXT.submit }).click();
  await expect(dialog.getByText('Plugin name is required')).toBeVisible();
  await expect(dialog.getByText('Homepage must be a valid URL')).toBeVisible();

  await dialog.getByLabel(CREATE_PLUGIN_TEXT.name).fill(name);
  await dialog.getByLabel(CREATE_PLUGIN_TEXT.shortDescription).fill('Trains aerials in freeplay.');
  await expect(dialog.getByText('27/500')).toBeVisible();
  await dialog.getByLabel(CREATE_PLUGIN_TEXT.homepage).fill('https://example.com/aerial');
  await dialog.getByRole('button', { name: CREATE_PLUGIN_TEXT.submit }).click();
  await expect(page).toHaveURL(/\/plugins\/\d+\/manage$/);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  return Number(/\/plugins\/(\d+)\/manage/.exec(page.url())![1]);
}

test('a member creates a plugin from the dashboard and manages it', async ({ page }) => {
  await signIn(page, DEMO.member);
  const name = `Aerial Trainer ${Date.now().toString(36)}`;
  const id = await createFromDashboard(page, name);
  await expect(page.getByRole('group', { name: MANAGE_TEXT.status })).toContainText('Draft');
  await expect(page.getByRole('link', { name: MANAGE_TEXT.viewPublic })).toHaveAttribute('href', `/plugin/${id}`);

  // Details: change the name and a markdown description (preview shows it rendered).
  const details = page.locator('section#details');
  await details.getByLabel(MANAGE_TEXT.name).fill(`${name} Pro`);
  await details
    .getByRole('textbox', { name: MANAGE_TEXT.description, exact: true })
    .fill('## Features\n\n- **fast** resets');
  await details.getByRole('tab', { name: MANAGE_TEXT.preview }).click();
  await expect(details.getByRole('heading', { name: 'Features' })).toBeVisible();
  await details.getByRole('button', { name: MANAGE_TEXT.save }).click();
  await expect(details.getByRole('status').filter({ hasText: MANAGE_TEXT.saved })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: `${name} Pro` })).toBeVisible();

  // Tags.
  const tags = page.locator('section#tags');
  await tags.getByRole('checkbox', { name: 'Training' }).check();
  await tags.getByRole('button', { name: MANAGE_TEXT.saveTags }).click();
  await expect(tags.getByRole('status').filter({ hasText: MANAGE_TEXT.tagsSaved })).toBeVisible();

  // Banner.
  const banner = page.locator('section#banner');
  const bannerInput = banner.getByLabel(MANAGE_TEXT.bannerInput, { exact: true });
  // Dropped from the desktop: a text file is refused with its message, a PNG is taken and previewed.
  await dropFile(page, bannerInput, { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not an image') });
  await expect(banner.getByRole('alert')).toHaveText(MANAGE_TEXT.bannerType);
  await dropFile(page, bannerInput, { name: 'banner.png', mimeType: 'image/png', buffer: PNG });
  await expect(banner.getByRole('alert')).toHaveCount(0);
  await expect(banner.getByRole('img', { name: DROP_ZONE_TEXT.preview('banner.png') })).toBeVisible();
  await expect(banner.getByText(`(${formatBytes(PNG.length)})`)).toBeVisible();
  await expect(
    banner
      .getByRole('status')
      .filter({ hasText: DROP_ZONE_TEXT.chosen(MANAGE_TEXT.bannerInput, 'banner.png', formatBytes(PNG.length)) }),
  ).toBeAttached();
  await expectNoAxeViolations(page, 'section#banner');
  // The upload held at the network so its progress bar can be seen.
  const releaseBanner = await holdRequest(page, '**/api/plugins/*/files/banner');
  await banner.getByRole('button', { name: MANAGE_TEXT.uploadBanner }).click();
  await expect(banner.getByRole('progressbar', { name: MANAGE_TEXT.bannerProgress })).toBeVisible();
  await releaseBanner();
  await expect(banner.getByRole('status').filter({ hasText: MANAGE_TEXT.bannerUploaded })).toBeVisible();
  await expect(banner.getByRole('progressbar')).toHaveCount(0);
  await expect(banner.getByRole('img', { name: MANAGE_TEXT.bannerCurrent })).toHaveAttribute('src', /\S+/);

  // A ZIP without a solution: the server's message.
  const source = page.locator('section#source');
  const noSln = await zipOf({ 'src/main.cpp': 'int main() { return 0; }' });
  // Keyboard alone: Tab to the zone, Enter opens the picker.
  await chooseWithKeyboard(page, source.getByLabel(MANAGE_TEXT.sourceInput, { exact: true }), {
    name: 'nosln.zip',
    mimeType: 'application/zip',
    buffer: noSln,
  });
  await expect(source.getByText('nosln.zip', { exact: true })).toBeVisible();
  await source.getByRole('button', { name: MANAGE_TEXT.uploadSource }).click();
  await expect(source.getByRole('alert')).toHaveText('The ZIP must contain a Visual Studio solution (.sln file)');
  await expectNoAxeViolations(page, 'section#source');
  // The zones fit a phone.
  await page.setViewportSize({ width: 390, height: 844 });
  for (const zone of [
    banner.getByLabel(MANAGE_TEXT.bannerInput, { exact: true }),
    source.getByLabel(MANAGE_TEXT.sourceInput, { exact: true }),
  ]) {
    const box = (await zoneOf(zone).boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
  }
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.setViewportSize({ width: 1280, height: 720 });

  // A real source ZIP with a version: a submission pending review.
  const good = await zipOf({
    'AerialTrainer.sln': 'Microsoft Visual Studio Solution File',
    'src/plugin.cpp': '// plugin',
  });
  await source
    .getByLabel(MANAGE_TEXT.sourceInput, { exact: true })
    .setInputFiles({ name: 'aerial.zip', mimeType: 'application/zip', buffer: good });
  await source.getByLabel(MANAGE_TEXT.versionString).fill('  1.0.0  ');
  await source.getByRole('button', { name: MANAGE_TEXT.uploadSource }).click();
  await expect(source.getByRole('status').filter({ hasText: MANAGE_TEXT.sourceUploaded })).toBeVisible();
  const row = page.locator('section#submissions').getByTestId('submission-row');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('1.0.0');
  await expect(row).toContainText('Pending');
  // No builder on the e2e server: straight to review, with its place in the queue (the newest is last).
  await expect(row).toContainText(/\d+(st|nd|rd|th) in the review queue/);
  await expect(row).toContainText('aerial.zip');
  await expect(page.getByRole('group', { name: MANAGE_TEXT.status })).toContainText('Pending');
  await expect(page.locator('section#debug-files')).toContainText(MANAGE_TEXT.noDebugFiles);

  // Builds of one's own plugins are heard anywhere in the app: a new version uploaded elsewhere
  // (here straight through the API) while this tab shows the cars.
  const hubConnected = hubConnection(page);
  await page.goto('/cars');
  await hubConnected;
  const token = await page.evaluate(
    () => sessionStorage.getItem('bm.auth.token') ?? localStorage.getItem('bm.auth.token'),
  );
  expect(token).toBeTruthy();
  const upload = await page.request.post(`/api/plugins/${id}/files/source`, {
    headers: { authorization: `Bearer ${token}` },
    multipart: { file: { name: 'aerial-1.1.zip', mimeType: 'application/zip', buffer: good }, versionString: '1.1.0' },
  });
  expect(upload.status()).toBe(201);
  await expect(
    page.getByText(MANAGE_TEXT.buildFinished.replace('{plugin}', `${name} Pro`).replace('{version}', '1.1.0')),
  ).toBeVisible();
  await page.goto(`/plugins/${id}/manage`);
  await expect(page.locator('section#submissions').getByTestId('submission-row')).toHaveCount(2);

  // Pin, and it stays after a reload.
  await page.getByRole('button', { name: MANAGE_TEXT.pin, exact: true }).click();
  await expect(page.getByRole('button', { name: MANAGE_TEXT.unpin, exact: true })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('button', { name: MANAGE_TEXT.unpin, exact: true })).toBeVisible();
  await expect(page.locator('section#tags').getByRole('checkbox', { name: 'Training' })).toBeChecked();

  // Delete after the confirmation.
  await page.getByRole('button', { name: MANAGE_TEXT.delete }).click();
  const confirm = page.getByRole('dialog', { name: MANAGE_TEXT.deleteTitle });
  await expect(confirm).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('delete-dialog.png') });
  await confirm.getByRole('button', { name: MANAGE_TEXT.deleteConfirm, exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto(`/plugins/${id}/manage`);
  await expect(page.getByText(MANAGE_TEXT.notFound)).toBeVisible();
});

test("someone else's plugin is not found on the manage page", async ({ page }) => {
  await signIn(page, DEMO.moderator);
  const id = await createFromDashboard(page, `Mod Tool ${Date.now().toString(36)}`);
  await page.screenshot({ path: test.info().outputPath('manage-page.png'), fullPage: true });
  await page.context().clearCookies();
  await page.evaluate(() => {
    localStorage.clear();
    sessionStorage.clear();
  });
  await signIn(page, DEMO.member);
  await page.goto(`/plugins/${id}/manage`);
  await expect(page.getByText(MANAGE_TEXT.notFound)).toBeVisible();
});
