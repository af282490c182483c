import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { CAR_REPORT_REASONS, COMMENT_REPORT_REASONS } from '@bm/core';
import { expect, test, type Page } from '@playwright/test';
import MODERATION_EN from '../../apps/web/src/locales/en/moderation';
import { verifyWebhook } from '../../apps/server/src/platform/webhooks';
import { expectNoAxeViolations } from './axe';
import { DEMO, signIn, signOut, tabTo, tokenOf, zipOf, approveWithCleanDll } from './support';
import REPORT_EN from '../../apps/web/src/locales/en/report';

/** At 390 px the page scrolls only down. */
async function fitsPhone(page: Page) {
  // The page itself is measured: a toast still on screen is sonner's layer, and it hangs past the
  // edge for a moment when the window narrows under it.
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 15_000 });
  await page.setViewportSize({ width: 390, height: 844 });
  // What sticks out past the edge is named, so a failure says where to look.
  const wide = await page.evaluate(() => ({
    width: document.documentElement.scrollWidth,
    past: Array.from(document.querySelectorAll('body *'))
      .filter((e) => e.getBoundingClientRect().right > 391)
      .filter((e) => {
        // Inside a scrolling strip (the section tabs) sticking out is by design.
        for (let p = e.parentElement; p; p = p.parentElement)
          if (['auto', 'scroll', 'hidden'].includes(getComputedStyle(p).overflowX)) return false;
        return true;
      })
      .slice(0, 5)
      .map((e) => `${e.tagName.toLowerCase()}.${e.className}`.slice(0, 120)),
  }));
  expect(wide.width, wide.past.join('\n')).toBeLessThanOrEqual(390);
  await page.setViewportSize({ width: 1280, height: 800 });
}

const auth = async (page: Page) => ({ authorization: `Bearer ${await tokenOf(page)}` });

test('a member reports a car and a comment; a moderator hides the car and deletes the comment', async ({ page }) => {
  const tag = Date.now().toString(36);
  const carName = `Reported Car ${tag}`;
  const commentText = `Cheap credits ${tag} at example dot com`;
  // The administrator's car and comment, through the API.
  await signIn(page, DEMO.admin);
  const headers = await auth(page);
  const car = await page.request.post('/api/cars', { headers, data: { name: carName, code: 'hAMwB1wABMItCGEWAAA=' } });
  expect(car.status()).toBe(201);
  const carId = ((await car.json()) as { id: number }).id;
  const list = (await (await page.request.get('/api/plugins?pageSize=1')).json()) as { items: Array<{ id: number }> };
  const pluginId = list.items[0]!.id;
  const comment = await page.request.post(`/api/plugins/${pluginId}/comments`, {
    headers,
    data: { body: commentText },
  });
  expect(comment.status()).toBe(201);
  await signOut(page);

  // A member reports both, with the keyboard for the car.
  await signIn(page, DEMO.member);
  await page.goto(`/cars/${carId}`);
  const reportCar = page.getByRole('button', { name: 'Report', exact: true });
  await tabTo(page, reportCar);
  await page.keyboard.press('Enter');
  const carDialog = page.getByRole('dialog', { name: 'Report this car' });
  await carDialog.getByRole('radio', { name: CAR_REPORT_REASONS.inappropriate }).check();
  await carDialog.getByLabel(REPORT_EN.details).fill('A rude name.');
  await expectNoAxeViolations(page, '[role=dialog]');
  await carDialog.getByRole('button', { name: REPORT_EN.submit }).click();
  await expect(page.getByText(REPORT_EN.sent)).toBeVisible();

  await page.goto(`/plugin/${pluginId}`);
  await page.getByRole('tab', { name: /^Comments/ }).click();
  const item = page.getByTestId('comment').filter({ hasText: commentText });
  await item.getByRole('button', { name: `Report the comment by ${DEMO.admin.username}` }).click();
  const commentDialog = page.getByRole('dialog', { name: 'Report this comment' });
  await commentDialog.getByRole('radio', { name: COMMENT_REPORT_REASONS.spam }).check();
  await expectNoAxeViolations(page, '[role=dialog]');
  await commentDialog.getByRole('button', { name: REPORT_EN.submit }).click();
  await expect(page.getByText(REPORT_EN.sent).first()).toBeVisible();
  await signOut(page);

  // The moderator: the Cars tab by keyboard, hide with a note; the Comments tab, delete.
  await signIn(page, DEMO.moderator);
  await page.goto('/moderator/reported');
  const carsTab = page
    .getByRole('navigation', { name: MODERATION_EN.reported.tabs })
    .getByRole('link', { name: MODERATION_EN.reported.tabCars });
  await tabTo(page, carsTab);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: MODERATION_EN.reported.carsTitle })).toBeVisible();
  const carRow = page.getByTestId('reported-row').filter({ hasText: carName });
  await expect(carRow).toContainText(`${CAR_REPORT_REASONS.inappropriate} (1)`);
  await expectNoAxeViolations(page);
  await fitsPhone(page);
  await carRow.getByRole('button', { name: MODERATION_EN.cars.hideLabel.replace('{name}', carName) }).click();
  const hideDialog = page.getByRole('dialog', { name: MODERATION_EN.reported.confirmHideCarTitle });
  await hideDialog.getByLabel(MODERATION_EN.reported.noteToAuthor).fill('Please keep names friendly.');
  await expectNoAxeViolations(page, '[role=dialog]');
  await hideDialog.getByRole('button', { name: MODERATION_EN.cars.hideLabel.replace('{name}', carName) }).click();
  await expect(page.getByText(MODERATION_EN.cars.hidden)).toBeVisible();
  await expect(carRow).toHaveCount(0);
  expect((await page.request.get(`/api/cars/${carId}`)).status()).toBe(404);

  await page.getByRole('link', { name: MODERATION_EN.reported.tabComments }).click();
  const commentRow = page.getByTestId('reported-row').filter({ hasText: commentText });
  await expect(commentRow).toContainText(`${COMMENT_REPORT_REASONS.spam} (1)`);
  await expectNoAxeViolations(page);
  await fitsPhone(page);
  await commentRow.getByRole('button', { name: MODERATION_EN.reported.deleteComment }).click();
  const deleteDialog = page.getByRole('dialog', { name: MODERATION_EN.reported.confirmDeleteCommentTitle });
  await deleteDialog.getByRole('button', { name: MODERATION_EN.reported.deleteComment }).click();
  await expect(page.getByText(MODERATION_EN.reported.commentDeleted)).toBeVisible();
  await expect(commentRow).toHaveCount(0);
  await signOut(page);

  // The author is told why, in the inbox.
  await signIn(page, DEMO.admin);
  const inbox = (await (await page.request.get('/api/mail', { headers: await auth(page) })).json()) as unknown;
  expect(JSON.stringify(inbox)).toContain(`Your car ${carName} was hidden`);
});

test('an administrator adds release webhooks; a published version and a car reach them, signed and as an embed', async ({
  page,
}) => {
  const hits: Array<{ path: string; headers: http.IncomingHttpHeaders; body: string }> = [];
  const receiver = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      hits.push({ path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      res.end('ok');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  const secret = `e2e-release-secret-${Date.now().toString(36)}`;
  try {
    await signIn(page, DEMO.admin);
    await page.goto('/admin/webhooks');
    const url = page.getByLabel('Endpoint URL');
    await tabTo(page, url);
    await page.keyboard.type(`${base}/generic`);
    await page.getByLabel('Secret (optional)').fill(secret);
    await page.getByRole('button', { name: 'Add webhook' }).click();
    await expect(page.getByTestId('new-secret')).toHaveText(secret);
    const generic = page.getByTestId('endpoint').filter({ hasText: `${base}/generic` });
    await expect(generic).toContainText('Signed JSON');

    const discordUrl = `${base}/api/webhooks/4242/e2e-token`;
    await url.fill(discordUrl);
    await page.getByLabel('Secret (optional)').fill('');
    await page.locator('#new-plugin\\.published').uncheck();
    await page.locator('#new-plugin\\.updated').uncheck();
    await page.locator('#new-car\\.published').check();
    await page.getByRole('button', { name: 'Add webhook' }).click();
    const discord = page.getByTestId('endpoint').filter({ hasText: discordUrl });
    await expect(discord).toContainText('Discord embed');
    await expectNoAxeViolations(page);
    await fitsPhone(page);

    await discord.getByRole('button', { name: `Send test to ${discordUrl}` }).click();
    await expect(page.getByText('Delivered with HTTP 200').first()).toBeVisible();
    expect(JSON.parse(hits.at(-1)!.body).embeds[0].title).toBe('Test delivery: Test Plugin');

    // A plugin version published by a moderator's approval reaches the generic endpoint, signed.
    const headers = await auth(page);
    const name = `Hooked ${Date.now().toString(36)}`;
    const created = await page.request.post('/api/plugins/create', {
      headers,
      data: {
        name,
        shortDescription: 'Made by the webhooks browser test.',
        sourceCodeUrl: 'https://github.com/example/webhooks-e2e',
      },
    });
    const pluginId = ((await created.json()) as { id: number }).id;
    const source = await zipOf({ 'Plugin.sln': 'Microsoft Visual Studio Solution File', 'src/plugin.cpp': '// x' });
    const upload = await page.request.post(`/api/plugins/${pluginId}/files/source`, {
      headers,
      multipart: {
        file: { name: 'src.zip', mimeType: 'application/zip', buffer: source },
        versionString: '1.0.0',
      },
    });
    expect(upload.status()).toBe(201);
    const pending = await page.request.get('/api/moderation/plugins/pending', { headers, params: { search: name } });
    const sub = ((await pending.json()) as { items: Array<{ id: number; pluginId: number }> }).items.find(
      (i) => i.pluginId === pluginId,
    )!;
    expect((await page.request.get(`/api/moderation/plugins/${sub.id}`, { headers })).ok()).toBe(true);
    await approveWithCleanDll(page.request, headers, sub.id, 'Hooked');
    await expect.poll(() => hits.filter((h) => h.path === '/generic').length, { timeout: 20_000 }).toBe(1);
    const delivery = hits.find((h) => h.path === '/generic')!;
    expect(verifyWebhook(secret, delivery.headers, delivery.body)).toMatchObject({ ok: true });
    expect(JSON.parse(delivery.body)).toMatchObject({ type: 'plugin.published', plugin: { id: pluginId, name } });

    // A car published reaches the Discord endpoint as an embed.
    const carName = `Hooked Car ${Date.now().toString(36)}`;
    await page.request.post('/api/cars', { headers, data: { name: carName, code: 'hAMwB1wABMItCGEWAAA=' } });
    await expect
      .poll(() => hits.filter((h) => h.path === '/api/webhooks/4242/e2e-token').length, { timeout: 20_000 })
      .toBe(2);
    const embed = JSON.parse(hits.filter((h) => h.path.startsWith('/api/webhooks/')).at(-1)!.body).embeds[0];
    expect(embed).toMatchObject({ title: `New car: ${carName}`, author: { name: DEMO.admin.username } });

    // The deliveries are in the log below.
    await page.reload();
    await expect(page.getByTestId('delivery-row').filter({ hasText: 'car.published' }).first()).toBeVisible();
  } finally {
    await new Promise<void>((resolve) => receiver.close(() => resolve()));
  }
});
