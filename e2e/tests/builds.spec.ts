import { axeProblems, expectNoAxeViolations } from './axe';
import { createHmac, randomUUID } from 'node:crypto';
import { expect, test, type APIRequestContext } from '@playwright/test';
import MANAGE_TEXT from '../../apps/web/src/locales/en/pluginManage';
import { parseBuilderKeys, sha256Hex, verifyProvenance } from '../../apps/server/src/platform/provenance';
import { PORT } from '../playwright.config';
import { dllFixture } from '../../apps/server/test/dll-fixtures';
import { startSiteWithBuilder, type SiteWithBuilder } from './processes';
import { DEMO, signIn, tabTo, tokenOf, zipOf } from './support';
import PLUGIN_DETAIL_EN from '../../apps/web/src/locales/en/pluginDetail';

/**
 * The build pipeline in Chromium: a second site (its own data) with a builder configured, and the
 * local builder (`npm run builder`) beside it. The shared e2e server runs without a builder.
 */
const SITE_PORT = PORT + 1000;
const BUILDER_PORT = PORT + 1001;
const SITE = `http://localhost:${SITE_PORT}`;
const SECRET = 'e2e-builder-secret-0123456789';
let site: SiteWithBuilder | undefined;
/** The line `npm run builder` printed for the site's environment. */
let builderKeysLine = '';
/** The plugin and its built, pending version made by the first test. */
const built = { pluginId: 0, name: '', submissionId: 0, source: Buffer.alloc(0) };

test.use({ baseURL: SITE });
test.describe.configure({ mode: 'serial', timeout: 120_000 });

test.beforeAll(async () => {
  test.setTimeout(200_000);
  site = await startSiteWithBuilder({
    name: 'builds',
    sitePort: SITE_PORT,
    builderPort: BUILDER_PORT,
    secret: SECRET,
    builderId: 'e2e-local-builder',
  });
  builderKeysLine = site.keysLine;
});

test.afterAll(async () => {
  await site?.stop();
});

/** Posts a callback as a builder would, signed over the exact body with `secret` at time `now`. */
function callback(request: APIRequestContext, body: object, opts: { secret?: string; now?: number } = {}) {
  const raw = JSON.stringify(body);
  const ts = Math.floor((opts.now ?? Date.now()) / 1000);
  const id = randomUUID();
  const sig = createHmac('sha256', opts.secret ?? SECRET)
    .update(`${ts}.${id}.${raw}`)
    .digest('hex');
  return request.post('/api/builds/callback', {
    headers: {
      'content-type': 'application/json',
      'x-bm-timestamp': String(ts),
      'x-bm-delivery': id,
      'x-bm-signature': `sha256=${sig}`,
    },
    data: raw,
  });
}

test('an upload goes through the local builder by the signed webhook; a failed build shows its log', async ({
  page,
}) => {
  await signIn(page, DEMO.member);
  const token = await page.evaluate(
    () => sessionStorage.getItem('bm.auth.token') ?? localStorage.getItem('bm.auth.token'),
  );
  const name = `Boost Meter ${Date.now().toString(36)}`;
  const created = await page.request.post('/api/plugins/create', {
    headers: { authorization: `Bearer ${token}` },
    data: { name },
  });
  expect(created.status()).toBe(201);
  const id = ((await created.json()) as { id: number }).id;
  await page.goto(`/plugins/${id}/manage`);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();

  // A source with a prebuilt plugins/ folder: built (packaged) by the local builder, then pending review.
  const source = page.locator('section#source');
  const prebuilt = await zipOf({
    'BoostMeter.sln': 'Microsoft Visual Studio Solution File',
    'plugins/BoostMeter.dll': dllFixture('clean'),
    'plugins/BoostMeter.pdb': 'pdb',
  });
  await source
    .getByLabel(MANAGE_TEXT.sourceInput, { exact: true })
    .setInputFiles({ name: 'boost.zip', mimeType: 'application/zip', buffer: prebuilt });
  await source.getByLabel(MANAGE_TEXT.versionString).fill('1.0.0');
  await source.getByRole('button', { name: MANAGE_TEXT.uploadSource }).click();
  await expect(
    page.getByText(MANAGE_TEXT.buildStarted.replace('{plugin}', name).replace('{version}', '1.0.0')),
  ).toBeVisible();
  await expect(
    page.getByText(MANAGE_TEXT.buildFinished.replace('{plugin}', name).replace('{version}', '1.0.0')),
  ).toBeVisible();
  const rows = page.locator('section#submissions').getByTestId('submission-row');
  await expect(rows.first()).toContainText('Pending');
  Object.assign(built, { pluginId: id, name, source: prebuilt });
  await expect(rows.first()).toContainText(/\d+(st|nd|rd|th) in the review queue/);

  // A source without a prebuilt plugin: the local builder reports a failure with its log.
  const plain = await zipOf({
    'BoostMeter.sln': 'Microsoft Visual Studio Solution File',
    'src/plugin.cpp': '// plugin',
  });
  await source
    .getByLabel(MANAGE_TEXT.sourceInput, { exact: true })
    .setInputFiles({ name: 'boost-src.zip', mimeType: 'application/zip', buffer: plain });
  await source.getByLabel(MANAGE_TEXT.versionString).fill('1.1.0');
  await source.getByRole('button', { name: MANAGE_TEXT.uploadSource }).click();
  const failed = rows.filter({ hasText: '1.1.0' });
  await expect(failed).toContainText('Rejected');
  await expect(failed).toContainText('Build failed');
  const log = failed.getByText(MANAGE_TEXT.buildLog);
  await log.focus();
  await page.keyboard.press('Enter');
  await expect(failed.locator('pre')).toContainText('only packages a prebuilt plugins/ folder');
  await expect(failed.locator('pre')).toBeVisible();
  // The submissions list with its statuses, queue place and open log: no axe violations.
  await expectNoAxeViolations(page, '#submissions');

  // Builder callbacks that are forged, stale or out of order are refused and change nothing.
  const list = await page.request.get(`/api/plugins/my/${id}/submissions`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const subs = (await list.json()) as Array<{ submissionId: number; status: string; versionString: string }>;
  const pending = subs.find((s) => s.versionString === '1.0.0')!;
  expect(pending.status).toBe('p');
  built.submissionId = pending.submissionId;
  expect(
    (
      await callback(
        page.request,
        { submissionId: pending.submissionId, status: 'failure' },
        { secret: 'a-forged-secret-of-some-length' },
      )
    ).status(),
  ).toBe(401);
  expect(
    (
      await callback(
        page.request,
        { submissionId: pending.submissionId, status: 'failure' },
        { now: Date.now() - 6 * 60_000 },
      )
    ).status(),
  ).toBe(401);
  expect((await callback(page.request, { submissionId: pending.submissionId, status: 'failure' })).status()).toBe(409);
  await page.reload();
  await expect(rows.filter({ hasText: '1.0.0' })).toContainText('Pending');
});

test.describe('a version built by the local builder, on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("the plugin page says it was built from source by the builder, signature verified; its envelope verifies with the builder's printed key", async ({
    page,
  }) => {
    expect(built.submissionId, 'the first test left a built, pending version').toBeGreaterThan(0);
    await signIn(page, DEMO.moderator);
    const approved = await page.request.post(`/api/moderation/plugins/${built.submissionId}/approve`, {
      headers: { authorization: `Bearer ${await tokenOf(page)}` },
      data: {},
    });
    expect(approved.status(), await approved.text()).toBe(204);

    await page.goto(`/plugin/${built.pluginId}`);
    await expect(page.getByRole('heading', { level: 1, name: built.name })).toBeVisible();
    // The Versions tab with the keyboard: Tab to the selected tab, then arrow keys (tabs select on focus).
    const versionsTab = page.getByRole('tab', { name: PLUGIN_DETAIL_EN.detail.versions });
    await tabTo(page, page.getByRole('tab', { selected: true }));
    for (let i = 0; i < 4 && !(await versionsTab.evaluate((el) => el === document.activeElement)); i++)
      await page.keyboard.press('ArrowRight');
    await expect(versionsTab).toHaveAttribute('aria-selected', 'true');
    const origin = page.getByTestId('version-origin').first();
    await expect(origin).toContainText(
      PLUGIN_DETAIL_EN.versions.builtFromSource.replace('{builder}', 'e2e-local-builder'),
    );
    // The envelope link is reached with the keyboard; what it serves verifies with the printed key.
    const link = origin.getByRole('link', {
      name: PLUGIN_DETAIL_EN.versions.provenanceLinkOf.replace('{version}', '1.0.0'),
    });
    await tabTo(page, link);
    const envelope = await page.request.get((await link.getAttribute('href'))!);
    expect(envelope.status()).toBe(200);
    const download = await page.request.get(`/api/plugins/${built.pluginId}/versions/${built.submissionId}/download`);
    expect(download.status()).toBe(200);
    // Signed by the printed key, its subject the bytes downloaded, its source the ZIP the author uploaded.
    const verdict = verifyProvenance(await envelope.json(), parseBuilderKeys(builderKeysLine), {
      artifactSha256: sha256Hex(await download.body()),
      sourceSha256: sha256Hex(built.source),
    });
    expect(verdict).toMatchObject({ ok: true, builderId: 'e2e-local-builder' });

    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await axeProblems(page)).toEqual([]);
  });
});
