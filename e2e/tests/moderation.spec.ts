import { MODERATION_MESSAGES, PLUGIN_REPORT_REASONS } from '@bm/core';
import { expect, test } from '@playwright/test';
import MODERATION_EN from '../../apps/web/src/locales/en/moderation';
import { formatBytes } from '../../apps/web/src/lib/format';
import { expectNoAxeViolations } from './axe';
import { dropFile, holdRequest } from './drop-zone';
import { dllFixture } from '../../apps/server/test/dll-fixtures';
import {
  DEMO,
  signIn,
  signOut,
  submitPlugin,
  SUBMITTED_SOURCE_URL,
  tabTo,
  tokenOf,
  zipOf,
  approveWithCleanDll,
} from './support';
import PLUGIN_DETAIL_EN from '../../apps/web/src/locales/en/pluginDetail';
import REPORT_EN from '../../apps/web/src/locales/en/report';

test('a moderator approves one submission with a binary and denies another with the keyboard', async ({ page }) => {
  const tag = Date.now().toString(36);
  const approveName = `Mod Approve ${tag}`;
  const denyName = `Mod Deny ${tag}`;

  // A member submits two plugins and cannot open the moderator area.
  await signIn(page, DEMO.member);
  const approveId = await submitPlugin(page, approveName, '1.0.0');
  const denyId = await submitPlugin(page, denyName, '0.1.0');
  const memberCall = await page.request.get('/api/moderation/plugins/pending', {
    headers: { authorization: `Bearer ${await tokenOf(page)}` },
  });
  expect(memberCall.status()).toBe(403);
  await page.goto('/moderator');
  await expect(page.getByText(MODERATION_EN.area.needsRole)).toBeVisible();
  await expect(page.getByRole('navigation', { name: MODERATION_EN.area.nav })).toHaveCount(0);
  await signOut(page);

  // The moderator's dashboard.
  await signIn(page, DEMO.moderator);
  await page.goto('/moderator');
  await expect(page.getByRole('heading', { name: MODERATION_EN.dashboard.title })).toBeVisible();
  const pendingCard = page.getByRole('link', { name: new RegExp(`^\\d+ ${MODERATION_EN.dashboard.counts.pending}$`) });
  await expect(pendingCard).toBeVisible();
  await expectNoAxeViolations(page);

  // Pending list: search finds the first plugin.
  await pendingCard.click();
  await expect(page).toHaveURL(/\/moderator\/pending$/);
  await page.getByRole('searchbox', { name: MODERATION_EN.list.searchLabel }).fill(approveName);
  await page.getByRole('searchbox', { name: MODERATION_EN.list.searchLabel }).press('Enter');
  const row = page.getByTestId('submission-row');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(DEMO.member.username);
  await expectNoAxeViolations(page);

  // Review page: details, then approve with a binary ZIP holding plugins/<name>.dll.
  await row.getByRole('link', { name: approveName }).click();
  await expect(page).toHaveURL(/\/moderator\/pending\/\d+$/);
  await expect(
    page.getByRole('heading', { name: MODERATION_EN.review.title.replace('{name}', approveName) }),
  ).toBeVisible();
  await expect(page.getByRole('rowheader', { name: MODERATION_EN.details.version }).locator('..')).toContainText(
    '1.0.0',
  );
  await expect(page.getByRole('link', { name: new RegExp(MODERATION_EN.details.openPrs) })).toHaveAttribute(
    'href',
    `${SUBMITTED_SOURCE_URL}/pulls`,
  );
  await expectNoAxeViolations(page);
  const binary = await zipOf({
    'plugins/ModApprove.dll': dllFixture('clean'),
    'plugins/settings/ModApprove.set': 'ModApprove',
  });
  const binaryInput = page.getByLabel(MODERATION_EN.files.binaryZip, { exact: true });
  // A file that is not a ZIP, dropped: refused before anything is sent.
  await dropFile(page, binaryInput, {
    name: 'ModApprove.dll',
    mimeType: 'application/octet-stream',
    buffer: Buffer.from('MZ'),
  });
  await expect(page.getByRole('alert')).toHaveText(MODERATION_EN.files.notZip);
  await binaryInput.setInputFiles({ name: 'mod-approve.zip', mimeType: 'application/zip', buffer: binary });
  await expect(page.getByText('mod-approve.zip', { exact: true })).toBeVisible();
  await expect(page.getByText(`(${formatBytes(binary.length)})`)).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByLabel(MODERATION_EN.review.approvalNote).fill('  Works in freeplay.  ');
  const releaseApprove = await holdRequest(page, '**/api/moderation/plugins/*/approve');
  await page.getByRole('button', { name: MODERATION_EN.review.approve, exact: true }).click();
  await expect(page.getByRole('progressbar', { name: MODERATION_EN.review.uploadProgress })).toBeVisible();
  await releaseApprove();
  await expect(page.getByText(MODERATION_EN.review.approved, { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/moderator\/pending$/);

  // The plugin page now offers the version.
  await page.goto(`/plugin/${approveId}`);
  await expect(
    page.getByText(PLUGIN_DETAIL_EN.detail.version.replace('{version}', '1.0.0'), { exact: true }),
  ).toBeVisible();
  await page.getByRole('tab', { name: PLUGIN_DETAIL_EN.detail.versions }).click();
  await expect(page.getByRole('tabpanel')).toContainText('1.0.0');
  await expect(
    page.getByRole('tabpanel').getByRole('link', { name: PLUGIN_DETAIL_EN.versions.download }),
  ).toBeVisible();

  // Deny the second submission with the keyboard alone.
  await page.goto('/moderator/pending');
  await page.getByRole('searchbox', { name: MODERATION_EN.list.searchLabel }).fill(denyName);
  await page.getByRole('button', { name: MODERATION_EN.list.search, exact: true }).click();
  await expect(page.getByTestId('submission-row')).toHaveCount(1);
  const link = page.getByRole('link', { name: denyName });
  await tabTo(page, link);
  await page.keyboard.press('Enter');
  await expect(
    page.getByRole('heading', { name: MODERATION_EN.review.title.replace('{name}', denyName) }),
  ).toBeVisible();
  const deny = page.getByRole('button', { name: MODERATION_EN.review.deny, exact: true });
  await tabTo(page, deny);
  await page.keyboard.press('Enter');
  // No note yet: the message, and the note field takes focus.
  const note = page.getByLabel(MODERATION_EN.review.denyNote);
  await expect(page.getByText(MODERATION_MESSAGES.denyNoteRequired)).toBeVisible();
  await expect(note).toBeFocused();
  await page.keyboard.type('Crashes when the match starts.');
  await expect(page.getByTestId('deny-counter')).toHaveText('30/5000');
  await tabTo(page, deny, { back: true });
  await page.keyboard.press('Space');
  await expect(page.getByText(MODERATION_EN.review.rejected, { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/moderator\/pending$/);
  await page.getByRole('searchbox', { name: MODERATION_EN.list.searchLabel }).fill(denyName);
  await page.getByRole('searchbox', { name: MODERATION_EN.list.searchLabel }).press('Enter');
  await expect(page.getByText(MODERATION_EN.submissions.noPending)).toBeVisible();

  // The denied plugin never went public.
  const denied = await page.request.get(`/api/plugins/${denyId}/versions`);
  expect(denied.ok() ? ((await denied.json()) as unknown[]).length : 0).toBe(0);
});

test('a member reports a plugin once; the moderator sees it under Reported', async ({ page }) => {
  const name = `Reported ${Date.now().toString(36)}`;
  // The moderator's own plugin, published through the API (approve with a binary ZIP).
  await signIn(page, DEMO.moderator);
  const id = await submitPlugin(page, name, '1.0.0');
  const headers = { authorization: `Bearer ${await tokenOf(page)}` };
  const pending = await page.request.get('/api/moderation/plugins/pending', { headers, params: { search: name } });
  const { items } = (await pending.json()) as { items: Array<{ id: number; pluginId: number }> };
  const submission = items.find((i) => i.pluginId === id)!;
  expect((await page.request.get(`/api/moderation/plugins/${submission.id}`, { headers })).ok()).toBe(true);
  await approveWithCleanDll(page.request, headers, submission.id, 'Reported');
  await signOut(page);

  await signIn(page, DEMO.member);
  await page.goto(`/plugin/${id}`);
  await page.getByRole('button', { name: PLUGIN_DETAIL_EN.report.open, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: PLUGIN_DETAIL_EN.report.title });
  await dialog.getByRole('radio', { name: PLUGIN_REPORT_REASONS.spam }).check();
  await dialog.getByLabel(REPORT_EN.details).fill('Same as three other plugins.');
  await expectNoAxeViolations(page, '[role=dialog]');
  await dialog.getByRole('button', { name: REPORT_EN.submit }).click();
  await expect(page.getByText(REPORT_EN.sent)).toBeVisible();
  await expect(dialog).toHaveCount(0);
  await page.getByRole('button', { name: PLUGIN_DETAIL_EN.report.open, exact: true }).click();
  await dialog.getByRole('radio', { name: PLUGIN_REPORT_REASONS.spam }).check();
  await dialog.getByRole('button', { name: REPORT_EN.submit }).click();
  await expect(dialog.getByRole('alert')).toHaveText(MODERATION_MESSAGES.reportExists);
  await signOut(page);

  await signIn(page, DEMO.moderator);
  await page.goto('/moderator/reported');
  await page.getByRole('searchbox', { name: MODERATION_EN.list.searchLabel }).fill(name);
  await page.getByRole('searchbox', { name: MODERATION_EN.list.searchLabel }).press('Enter');
  const row = page.getByTestId('reported-row').filter({ hasText: name });
  await expect(row).toContainText(`${PLUGIN_REPORT_REASONS.spam} (1)`);
  await expectNoAxeViolations(page);
  await row.getByRole('button', { name: MODERATION_EN.reported.dismiss }).click();
  await expect(page.getByText(MODERATION_EN.reported.dismissed)).toBeVisible();
  await expect(row).toHaveCount(0);
});
