import { DEPENDENCY_MESSAGES, supportLinkText, type PluginPage } from '@bm/core';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import MEMBERS_EN from '../../apps/web/src/locales/en/members';
import { axeProblems } from './axe';
import { DEMO, settle, signIn, tabTo, zipOf, recordInstalls, approveWithCleanDll } from './support';
import PLUGIN_DETAIL_EN from '../../apps/web/src/locales/en/pluginDetail';

// Issue 29 items 2 and 5 in Chromium, on a phone-sized screen, with the keyboard: a plugin requiring
// another lists it in the install dialog (each with its own Install) and in the plugin manager's
// answer, a cycle is refused; the Top Rated and Trending sorts from the menu; a support link set in
// Settings shows as 'Support {author}' on the plugin and the profile.
test.use({ viewport: { width: 390, height: 844 } });

async function headersOf(request: APIRequestContext, account: { username: string; password: string }) {
  const login = await request.post('/api/auth/login', { data: { ...account, rememberMe: false } });
  expect(login.ok()).toBe(true);
  return { authorization: `Bearer ${((await login.json()) as { token: string }).token}` };
}

/** Uploads a source version of plugin `id` (requiring `requires`) and approves it with a binary: the moderator's own. */
async function publish(request: APIRequestContext, headers: Record<string, string>, id: number, requires = '') {
  const upload = await request.post(`/api/plugins/${id}/files/source`, {
    headers,
    multipart: {
      file: {
        name: 'src.zip',
        mimeType: 'application/zip',
        buffer: await zipOf({ 'Plugin.sln': 'Microsoft Visual Studio Solution File', 'src/plugin.cpp': '// plugin' }),
      },
      versionString: '1.0.0',
      ...(requires ? { requires } : {}),
    },
  });
  if (upload.status() !== 201) return upload;
  const { submission } = (await upload.json()) as { submission: { submissionId: number } };
  await approveWithCleanDll(request, headers, submission.submissionId, 'Dep');
  return upload;
}

async function create(request: APIRequestContext, headers: Record<string, string>, name: string) {
  const res = await request.post('/api/plugins/create', {
    headers,
    data: { name, shortDescription: 'Dependency test' },
  });
  expect(res.status()).toBe(201);
  return ((await res.json()) as { id: number }).id;
}

async function fitsAndPasses(page: Page, where: string, findings: string[]) {
  await settle(page);
  expect(await page.evaluate(() => document.documentElement.scrollWidth), where).toBeLessThanOrEqual(390);
  for (const p of await axeProblems(page)) findings.push(`${where}: ${p}`);
}

test('a plugin requiring another lists it in the install dialog and the plugin manager, and a cycle is refused', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const findings: string[] = [];
  const headers = await headersOf(request, DEMO.moderator);
  const tag = Date.now().toString(36);
  const base = await create(request, headers, `Base Lib ${tag}`);
  const app = await create(request, headers, `Needs Base ${tag}`);
  expect((await publish(request, headers, base)).status()).toBe(201);
  expect((await publish(request, headers, app, String(base))).status()).toBe(201);

  // The plugin manager's answer names it.
  const manager = await request.get(`/api/v1/plugins/get/short?pluginids=${app},${base}`);
  const plugins = ((await manager.json()) as { response: { plugins: Record<string, { requires: number[] }> } }).response
    .plugins;
  expect(plugins[String(app)]!.requires).toEqual([base]);
  expect(plugins[String(base)]!.requires).toEqual([]);

  // A cycle is refused, naming it.
  const cycle = await publish(request, headers, base, String(app));
  expect(cycle.status()).toBe(400);
  expect(((await cycle.json()) as { message: string }).message).toBe(
    DEPENDENCY_MESSAGES.cycle([`Base Lib ${tag}`, `Needs Base ${tag}`, `Base Lib ${tag}`]),
  );

  // The install dialog, from the keyboard: what must be installed first, with its own Install.
  const installs = await recordInstalls(page);
  await page.goto(`/plugin/${app}`);
  await settle(page);
  const install = page.getByRole('button', { name: PLUGIN_DETAIL_EN.detail.install });
  await tabTo(page, install, { max: 120 });
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: PLUGIN_DETAIL_EN.install.title });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('heading', { name: PLUGIN_DETAIL_EN.install.requiresTitle })).toBeVisible();
  const installBase = dialog.getByRole('button', {
    name: PLUGIN_DETAIL_EN.install.installNamed.replace('{name}', `Base Lib ${tag}`),
  });
  await tabTo(page, installBase);
  await fitsAndPasses(page, 'install dialog', findings);
  await page.keyboard.press('Enter');
  expect(await installs()).toEqual([`bakkesmod://install/${app}`, `bakkesmod://install/${base}`]);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  expect(findings).toEqual([]);
});

test('Top Rated and Trending from the sort menu order the list as their definitions say', async ({ page }) => {
  test.setTimeout(90_000);
  const findings: string[] = [];
  // What the API answers for each sort is what the page shows, in order.
  const expected = async (sort: string) =>
    (
      (await (await page.request.get(`/api/plugins?sortBy=${sort}&sortDir=desc&pageSize=16`)).json()) as PluginPage
    ).items.map((p) => p.name);
  await page.goto('/plugins');
  await settle(page);
  // The menu's last items: Top Rated ↑ ↓, then Trending ↑ ↓; End, then up to the one wanted.
  for (const [label, key, ups] of [
    ['Top Rated', 'rating', 2],
    ['Trending', 'trending', 0],
  ] as const) {
    await tabTo(page, page.getByRole('button', { name: /^Sort/ }));
    await page.keyboard.press('Enter');
    await page.keyboard.press('End');
    for (let i = 0; i < ups; i++) await page.keyboard.press('ArrowUp');
    await expect(page.getByRole('menuitemradio', { name: new RegExp(`^${label} ↓`) })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`sortBy=${key}`));
    await settle(page);
    const names = await page.getByTestId('plugin-card').getByRole('heading').allInnerTexts();
    expect(names.map((n) => n.trim())).toEqual(await expected(key));
    await fitsAndPasses(page, `plugins sorted by ${key}`, findings);
  }
  expect(findings).toEqual([]);
});

test('a member sets a support link in Settings and it shows as Support {author} on the plugin and profile', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const findings: string[] = [];
  await signIn(page, DEMO.member);
  await page.goto('/settings/profile');
  await settle(page);
  const field = page.getByRole('textbox', { name: MEMBERS_EN.support.label, exact: true });
  await tabTo(page, field, { max: 120 });
  await page.keyboard.type('https://evil.example/me');
  await expect(page.getByText(/Support link must be an http/)).toBeVisible();
  await field.fill('');
  await page.keyboard.type('https://ko-fi.com/rocketryan');
  await fitsAndPasses(page, 'settings profile', findings);
  await page.keyboard.press('Enter');
  await expect(page.getByText('Support link saved')).toBeVisible();

  const link = (scope: Page) => scope.getByRole('link', { name: supportLinkText(DEMO.member.username) });
  await page.goto(`/members/${DEMO.member.username}`);
  await settle(page);
  await expect(link(page)).toHaveAttribute('href', 'https://ko-fi.com/rocketryan');
  await expect(link(page)).toHaveAttribute('rel', 'noopener noreferrer nofollow ugc');
  await expect(link(page)).toHaveAttribute('target', '_blank');
  await fitsAndPasses(page, 'profile', findings);

  const mine = ((await (await page.request.get('/api/plugins?pageSize=100')).json()) as PluginPage).items.find(
    (p) => p.member.displayName === DEMO.member.username,
  )!;
  await page.goto(`/plugin/${mine.id}`);
  await settle(page);
  await tabTo(page, link(page), { max: 150 });
  await expect(link(page)).toHaveAttribute('href', 'https://ko-fi.com/rocketryan');
  await fitsAndPasses(page, 'plugin page', findings);

  // Removed again, so other tests see the demo member as it was.
  const headers = await headersOf(page.request, DEMO.member);
  expect((await page.request.put('/api/members/me/support-link', { headers, data: { supportUrl: '' } })).status()).toBe(
    200,
  );
  expect(findings).toEqual([]);
});
