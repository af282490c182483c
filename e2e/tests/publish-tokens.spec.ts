import { PUBLISH_TOKEN_MESSAGES, PUBLISH_TOKEN_PATTERN } from '@bm/core';
import { expect, test, type APIRequestContext } from '@playwright/test';
import SETTINGS_EN from '../../apps/web/src/locales/en/settings';
import { axeProblems } from './axe';
import { DEMO, settle, signIn, tabTo, tokenOf, verifiedAccount, zipOf } from './support';

const T = SETTINGS_EN.tokens;

// Publish tokens (issue 27 item 5), on a phone-sized screen and from the keyboard: create a token in
// Settings → Publish Tokens, see it once, use it as CI would (uploads to its owner's plugin only,
// never an account call), then revoke it and see it refused.
test.use({ viewport: { width: 390, height: 844 } });

async function pluginOf(request: APIRequestContext, session: string, name: string) {
  const res = await request.post('/api/plugins/create', {
    headers: { authorization: `Bearer ${session}` },
    data: { name },
  });
  expect(res.status()).toBe(201);
  return ((await res.json()) as { id: number }).id;
}

const uploadSource = async (request: APIRequestContext, token: string, id: number) =>
  request.post(`/api/plugins/${id}/files/source`, {
    headers: { authorization: `Bearer ${token}` },
    multipart: {
      file: {
        name: 'release.zip',
        mimeType: 'application/zip',
        buffer: await zipOf({ 'Plugin.sln': 'Microsoft Visual Studio Solution File', 'src/plugin.cpp': '// ci' }),
      },
      versionString: '2.0.0',
    },
  });

test('a publish token made in settings uploads to its owner’s plugin only, and not after it is revoked', async ({
  page,
  request,
}) => {
  const account = await verifiedAccount(request, 'ptok');
  await signIn(page, account);
  const mine = await pluginOf(request, await tokenOf(page), `Token Plugin ${Date.now()}`);
  const login = await request.post('/api/auth/login', { data: { ...DEMO.moderator, rememberMe: false } });
  const theirs = await pluginOf(request, ((await login.json()) as { token: string }).token, `Theirs ${Date.now()}`);

  await page.goto('/account/settings/tokens');
  await settle(page);
  await expect(page.getByRole('heading', { name: T.heading, exact: true })).toBeVisible();
  await expect(page.getByText(T.none)).toBeVisible();
  expect(await axeProblems(page)).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  // From the keyboard: a name, both scopes, a 30-day expiry, Create.
  const name = page.getByRole('textbox', { name: T.name });
  await tabTo(page, name);
  await page.keyboard.type('GitHub Actions');
  const read = page.getByRole('checkbox', { name: T.scopeRead });
  await tabTo(page, read);
  await page.keyboard.press('Space');
  await expect(read).toBeChecked();
  await expect(page.getByRole('checkbox', { name: T.scopeUpload })).toBeChecked();
  const expiry = page.getByRole('combobox', { name: T.expiry });
  await tabTo(page, expiry);
  await expiry.selectOption('30');
  await tabTo(page, page.getByRole('button', { name: T.create }));
  await page.keyboard.press('Enter');

  // Shown once, with the warning and Copy.
  await expect(page.getByRole('heading', { name: T.createdHeading })).toBeVisible();
  await expect(page.getByText(T.createdWarning)).toBeVisible();
  await expect(page.getByRole('button', { name: T.copy })).toBeVisible();
  const token = await page.getByRole('textbox', { name: T.tokenLabel }).inputValue();
  expect(token).toMatch(PUBLISH_TOKEN_PATTERN);
  const list = page.getByRole('list', { name: T.listLabel });
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await expect(list.getByText(token.slice(0, 12))).toBeVisible();
  expect(await axeProblems(page)).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  // As CI: the token uploads to the owner's plugin, and is refused on another's and on account calls.
  expect((await uploadSource(request, token, mine)).status()).toBe(201);
  expect((await uploadSource(request, token, theirs)).status()).toBe(403);
  const change = await request.post('/api/auth/change-password', {
    headers: { authorization: `Bearer ${token}` },
    data: { currentPassword: account.password, newPassword: 'An0ther-Passw0rd!' },
  });
  expect(change.status()).toBe(401);
  expect(((await change.json()) as { message: string }).message).toBe(PUBLISH_TOKEN_MESSAGES.notAccepted);

  // Saved: the token is not shown again; the list says it was used; revoke it from the keyboard.
  await page.getByRole('button', { name: T.done }).click();
  await expect(page.getByRole('textbox', { name: T.tokenLabel })).toHaveCount(0);
  await page.reload();
  await settle(page);
  await expect(list.getByText(T.neverUsed)).toHaveCount(0);
  await expect(page.getByText(token)).toHaveCount(0);
  await tabTo(page, page.getByRole('button', { name: T.revokeLabel.replace('{name}', 'GitHub Actions') }));
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('alertdialog', { name: T.revokeTitle.replace('{name}', 'GitHub Actions') });
  await expect(dialog).toBeVisible();
  await tabTo(page, dialog.getByRole('button', { name: T.revoke }));
  await page.keyboard.press('Enter');
  await expect(page.getByText(T.revoked)).toBeVisible();
  await expect(page.getByText(T.none)).toBeVisible();
  const refused = await uploadSource(request, token, mine);
  expect(refused.status()).toBe(401);
  expect(((await refused.json()) as { message: string }).message).toBe(PUBLISH_TOKEN_MESSAGES.invalid);
  await page.screenshot({ path: test.info().outputPath('publish-tokens-390.png') });
});
