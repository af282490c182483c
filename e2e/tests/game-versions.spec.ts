import { expect, test } from '@playwright/test';
import type { GameVersion } from '@bm/core';
import ADMIN_EN from '../../apps/web/src/locales/en/admin';
import { axeProblems } from './axe';
import { DEMO, settle, signIn, tabTo } from './support';

/** Issue 25 point 1: game versions from /admin/game-versions, with the keyboard alone, on a 390 px screen. */

const T = ADMIN_EN.gameVersions;

test.use({ viewport: { width: 390, height: 844 } });

test('an administrator adds a game version, makes another current after confirming, and renames it', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const findings: string[] = [];
  const tag = Date.now().toString(36);
  const first = `v9.${tag}`;
  const second = `v9.${tag}-b`;
  await signIn(page, DEMO.admin);
  await page.goto('/admin/game-versions');
  await settle(page);
  // The demo versions are listed, one of them current, in words.
  await expect(
    page.getByTestId('game-version-row').filter({ has: page.getByText(T.current, { exact: true }) }),
  ).toHaveCount(1);
  for (const p of await axeProblems(page)) findings.push(`/admin/game-versions: ${p}`);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  // Add, invalid first: the shared messages appear on the fields.
  await tabTo(page, page.getByRole('button', { name: T.create }));
  await page.keyboard.press('Enter');
  await expect(page.getByLabel(T.name, { exact: true })).toHaveAccessibleDescription('Name is required');
  for (const p of await axeProblems(page)) findings.push(`add form with errors: ${p}`);

  // Add the first one, current, from the keyboard.
  await tabTo(page, page.getByLabel(T.name, { exact: true }), { back: true });
  await page.keyboard.type(first);
  await tabTo(page, page.getByLabel(T.bakkesmod, { exact: true }));
  await page.keyboard.type('2.0.70');
  await tabTo(page, page.getByLabel(T.makeCurrent));
  await page.keyboard.press('Space');
  await tabTo(page, page.getByRole('button', { name: T.create }));
  await page.keyboard.press('Enter');
  const firstRow = page.getByTestId('game-version-row').filter({ hasText: first });
  await expect(firstRow.getByText(T.current, { exact: true })).toBeVisible();
  await expect(
    page.getByTestId('game-version-row').filter({ has: page.getByText(T.current, { exact: true }) }),
  ).toHaveCount(1);

  // Add the second one, not current.
  await tabTo(page, page.getByLabel(T.name, { exact: true }), { back: true });
  await page.keyboard.type(second);
  await tabTo(page, page.getByLabel(T.bakkesmod, { exact: true }));
  await page.keyboard.type('2.0.71');
  await page.keyboard.press('Enter');
  const secondRow = page.getByTestId('game-version-row').filter({ hasText: second });
  await expect(secondRow.getByText(T.notCurrent, { exact: true })).toBeVisible();

  // Make it current: a confirmation first, which passes axe.
  await tabTo(page, secondRow.getByRole('button', { name: T.promoteLabel.replace('{name}', second) }), { back: true });
  await page.keyboard.press('Enter');
  const ask = page.getByRole('alertdialog', { name: T.confirmCurrentTitle.replace('{name}', second) });
  await expect(ask).toContainText(first);
  for (const p of await axeProblems(page)) findings.push(`make current confirmation: ${p}`);
  await tabTo(page, ask.getByRole('button', { name: T.promote }));
  await page.keyboard.press('Enter');
  await expect(secondRow.getByText(T.current, { exact: true })).toBeVisible();
  await expect(firstRow.getByText(T.notCurrent, { exact: true })).toBeVisible();

  // Rename it and change its BakkesMod version.
  await tabTo(page, secondRow.getByRole('button', { name: T.editLabel.replace('{name}', second) }), { back: true });
  await page.keyboard.press('Enter');
  await expect(page.getByLabel(T.editName.replace('{name}', second))).toBeFocused();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type(`${second} hotfix`);
  await page.keyboard.press('Tab');
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type('2.0.72');
  await page.keyboard.press('Enter');
  const renamed = page.getByTestId('game-version-row').filter({ hasText: `${second} hotfix` });
  await expect(renamed).toContainText('2.0.72');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  // The public list says the same.
  const listed = (await (await page.request.get('/api/game-versions')).json()) as GameVersion[];
  expect(listed.filter((v) => v.current).map((v) => v.name)).toEqual([`${second} hotfix`]);
  expect(listed.find((v) => v.name === first)).toMatchObject({ bakkesmodVersion: '2.0.70', current: false });
  expect(findings).toEqual([]);
});
