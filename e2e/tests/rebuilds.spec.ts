import { expect, test } from '@playwright/test';
import ADMIN_EN from '../../apps/web/src/locales/en/admin';
import { PORT } from '../playwright.config';
import { startSiteWithBuilder, type SiteWithBuilder } from './processes';
import { axeProblems } from './axe';
import { DEMO, settle, signIn, tabTo } from './support';

/**
 * Rebuilds (issue 25 item 3) in Chromium: a site of its own (demo data) with the local builder
 * beside it; the administrator starts a rebuild from /admin/game-versions with the keyboard, on a
 * 390 px screen, and watches its progress until every plugin has passed or failed.
 */
const T = ADMIN_EN.gameVersions;
const SITE_PORT = PORT + 1100;
const BUILDER_PORT = PORT + 1101;
const SITE = `http://localhost:${SITE_PORT}`;
const SECRET = 'e2e-rebuild-secret-0123456789';
let site: SiteWithBuilder | undefined;

test.use({ baseURL: SITE, viewport: { width: 390, height: 844 } });
test.describe.configure({ timeout: 180_000 });

test.beforeAll(async () => {
  test.setTimeout(200_000);
  site = await startSiteWithBuilder({
    name: 'rebuilds',
    sitePort: SITE_PORT,
    builderPort: BUILDER_PORT,
    secret: SECRET,
    builderId: 'e2e-rebuild-builder',
  });
});

test.afterAll(async () => {
  await site?.stop();
});

test('an administrator rebuilds every plugin for the current version and follows it to the end', async ({ page }) => {
  const findings: string[] = [];
  await signIn(page, DEMO.admin);
  await page.goto('/admin/game-versions');
  await settle(page);
  const current = page.getByTestId('game-version-row').filter({ has: page.getByText(T.current, { exact: true }) });
  const name = (await current.locator('td').first().innerText()).trim();

  await tabTo(page, page.getByRole('button', { name: T.rebuildLabel.replace('{name}', name) }));
  await page.keyboard.press('Enter');
  const panel = page.getByTestId('rebuild-panel');
  await expect(panel.getByRole('heading', { name: T.rebuildTitle.replace('{name}', name) })).toBeVisible();
  // Live progress until nothing is queued or building (the panel reads it again every 2 s).
  const status = panel.getByRole('status');
  await expect(status).toHaveText(/ 0 building, 0 queued\.$/, { timeout: 150_000 });
  const text = await status.innerText();
  const [, done, total] = /^(\d+) of (\d+) done/.exec(text)!;
  expect(Number(total)).toBeGreaterThan(0);
  expect(done).toBe(total);
  await expect(panel.getByTestId('rebuild-item')).toHaveCount(Number(total));
  for (const p of await axeProblems(page)) findings.push(`rebuild progress: ${p}`);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  // Each finished plugin's log opens from its link.
  const first = panel.getByTestId('rebuild-item').first();
  const pluginName = (await first.locator('td').first().innerText()).trim();
  const link = first.getByRole('link', { name: T.logLabel.replace('{plugin}', pluginName) });
  const log = await page.request.get((await link.getAttribute('href'))!);
  expect(log.status()).toBe(200);
  expect((await log.text()).length).toBeGreaterThan(0);
  expect(findings).toEqual([]);
});
