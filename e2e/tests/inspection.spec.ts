import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { CAPABILITY_LABELS } from '@bm/core';
import MODERATION_EN from '../../apps/web/src/locales/en/moderation';
import { dllFixture, type DllFixture } from '../../apps/server/test/dll-fixtures';
import { startSiteWithBuilder, type SiteWithBuilder } from './processes';
import { PORT } from '../playwright.config';
import { axeProblems } from './axe';
import { DEMO, signIn, tabTo, zipOf } from './support';

/**
 * The look inside a plugin's DLLs in Chromium: a site of its own with the local builder beside it
 * (the shared e2e server has no builder), a source ZIP carrying a prebuilt DLL built with MinGW-w64.
 */
const SITE_PORT = PORT + 1002;
const BUILDER_PORT = PORT + 1003;
const SITE = `http://localhost:${SITE_PORT}`;
const SECRET = 'e2e-inspection-secret-0123456789';
let site: SiteWithBuilder | undefined;

test.use({ baseURL: SITE });
test.describe.configure({ mode: 'serial', timeout: 120_000 });

test.beforeAll(async () => {
  test.setTimeout(200_000);
  site = await startSiteWithBuilder({
    name: 'inspection',
    sitePort: SITE_PORT,
    builderPort: BUILDER_PORT,
    secret: SECRET,
  });
});

test.afterAll(async () => {
  await site?.stop();
});

async function tokenFor(request: APIRequestContext, account: { username: string; password: string }) {
  const res = await request.post('/api/auth/login', { data: { ...account, rememberMe: false } });
  expect(res.status()).toBe(200);
  return { authorization: `Bearer ${((await res.json()) as { token: string }).token}` };
}

/** The member uploads a source carrying a prebuilt DLL; the local builder packages it; it waits for review. */
async function builtVersion(request: APIRequestContext, pluginId: number, dll: DllFixture, versionString: string) {
  const headers = await tokenFor(request, DEMO.member);
  const source = await zipOf({
    'Peek.sln': 'Microsoft Visual Studio Solution File',
    'plugins/Peek.dll': dllFixture(dll),
  });
  const upload = await request.post(`/api/plugins/${pluginId}/files/source`, {
    headers,
    multipart: { file: { name: 'peek.zip', mimeType: 'application/zip', buffer: source }, versionString },
  });
  expect(upload.status()).toBe(201);
  const id = ((await upload.json()) as { submission: { submissionId: number } }).submission.submissionId;
  await expect
    .poll(
      async () => {
        const list = await request.get(`/api/plugins/my/${pluginId}/submissions`, { headers });
        return ((await list.json()) as Array<{ submissionId: number; status: string }>).find(
          (s) => s.submissionId === id,
        )?.status;
      },
      { timeout: 30_000 },
    )
    .toBe('p');
  return id;
}

async function expectFits(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  expect(await axeProblems(page)).toEqual([]);
}

test('the review page shows what a DLL can do, and its approval needs an acknowledgement', async ({ page }) => {
  const member = await tokenFor(page.request, DEMO.member);
  const name = `Peek ${Date.now().toString(36)}`;
  const created = await page.request.post('/api/plugins/create', { headers: member, data: { name } });
  expect(created.status()).toBe(201);
  const pluginId = ((await created.json()) as { id: number }).id;
  const first = await builtVersion(page.request, pluginId, 'injector', '1.0.0');

  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, DEMO.moderator);
  await page.goto(`/moderator/pending/${first}`);
  const inside = page.getByTestId('inspection');
  await expect(inside.getByRole('heading', { name: MODERATION_EN.inspection.title })).toBeVisible();
  await expect(inside.getByText(MODERATION_EN.inspection.firstVersion)).toBeVisible();
  const abilities = inside.getByRole('list', { name: MODERATION_EN.inspection.abilities }).getByRole('listitem');
  await expect(abilities).toHaveCount(2);
  await expect(abilities.nth(0)).toContainText(CAPABILITY_LABELS.network);
  await expect(abilities.nth(0)).toContainText('urlmon.dll!URLDownloadToFileA');
  await expect(abilities.nth(1)).toContainText(CAPABILITY_LABELS.processMemory);
  await expect(abilities.nth(1)).toContainText('CreateRemoteThread');
  await expect(inside.getByRole('list', { name: MODERATION_EN.inspection.hosts })).toContainText('api.example.com');
  // A DLL's details open from the keyboard.
  const summary = inside.locator('summary').first();
  await tabTo(page, summary);
  await page.keyboard.press('Enter');
  await expect(inside.getByRole('table').first()).toBeVisible();
  await expectFits(page);

  // Approving from the keyboard: refused until the acknowledgement is ticked.
  const approve = page.getByRole('button', { name: MODERATION_EN.review.approve, exact: true });
  await tabTo(page, approve, { back: true });
  await page.keyboard.press('Enter');
  await expect(page.getByRole('alert').filter({ hasText: MODERATION_EN.inspection.acknowledgeFirst })).toBeVisible();
  const box = page.getByRole('checkbox', { name: MODERATION_EN.inspection.acknowledge });
  await expect(box).toBeFocused();
  await page.keyboard.press('Space');
  await expect(box).toBeChecked();
  await expectFits(page);
  await tabTo(page, approve, { back: true });
  await page.keyboard.press('Enter');
  await expect(page.getByText(MODERATION_EN.review.approved, { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/moderator\/pending$/);

  // The next version adds WinExec: 'launching programs' is new.
  const next = await builtVersion(page.request, pluginId, 'launcher', '1.1.0');
  await page.goto(`/moderator/pending/${next}`);
  await expect(
    inside.getByText(MODERATION_EN.inspection.comparedWithVersion.replace('{version}', '1.0.0')),
  ).toBeVisible();
  const launch = inside.getByRole('list', { name: MODERATION_EN.inspection.abilities }).getByRole('listitem').filter({
    hasText: CAPABILITY_LABELS.launch,
  });
  await expect(launch).toHaveAttribute('data-new', 'true');
  await expect(launch).toContainText(MODERATION_EN.inspection.newBadge);
  await expect(launch).toContainText('WinExec');
  await expectFits(page);

  // Players read a plain summary of the live version (1.0.0) on the plugin page.
  await page.goto(`/plugin/${pluginId}`);
  await expect(page.getByTestId('plugin-abilities')).toContainText(
    "This plugin can: use the network (api.example.com), read or write other programs' memory.",
  );
  await expectFits(page);
});

test('a build whose DLL is 32-bit or a renamed text file fails with the reason', async ({ page }) => {
  const member = await tokenFor(page.request, DEMO.member);
  const created = await page.request.post('/api/plugins/create', {
    headers: member,
    data: { name: `Refused ${Date.now().toString(36)}` },
  });
  const pluginId = ((await created.json()) as { id: number }).id;
  for (const [dll, reason] of [
    ['x86', 'plugins/Peek.dll is built for x86; only 64-bit (x64) DLLs run in Rocket League'],
    ['not-a-dll', 'plugins/Peek.dll is not a Windows DLL (it has no PE header)'],
  ] as const) {
    const source = await zipOf({ 'Peek.sln': 'solution', 'plugins/Peek.dll': dllFixture(dll) });
    const upload = await page.request.post(`/api/plugins/${pluginId}/files/source`, {
      headers: member,
      multipart: { file: { name: 'peek.zip', mimeType: 'application/zip', buffer: source }, versionString: dll },
    });
    expect(upload.status()).toBe(201);
    await expect
      .poll(
        async () => {
          const list = await page.request.get(`/api/plugins/my/${pluginId}/submissions`, { headers: member });
          const sub = (
            (await list.json()) as Array<{ versionString: string; status: string; buildLog: string | null }>
          ).find((s) => s.versionString === dll);
          return sub && `${sub.status} ${sub.buildLog?.includes(reason) ?? false}`;
        },
        { timeout: 30_000 },
      )
      .toBe('r true');
  }
});
