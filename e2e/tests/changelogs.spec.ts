import { FEED_PATHS, FEED_TITLES } from '@bm/core';
import { expect, test, type Page } from '@playwright/test';
import MANAGE_TEXT from '../../apps/web/src/locales/en/pluginManage';
import { expectNoAxeViolations } from './axe';
import { chooseWithKeyboard } from './drop-zone';
import { DEMO, settle, signIn, tabTo, tokenOf, zipOf, approveWithCleanDll } from './support';
import PLUGIN_DETAIL_EN from '../../apps/web/src/locales/en/pluginDetail';

/** An access token for a demo account, without the browser's session. */
async function apiToken(page: Page, account: { username: string; password: string }) {
  const res = await page.request.post('/api/auth/login', { data: { ...account, rememberMe: false } });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { token: string }).token;
}

/** Nothing sticks out of a 390 px wide phone screen. */
async function fitsPhone(page: Page) {
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.setViewportSize({ width: 1280, height: 720 });
}

/** The page's Atom feed links in the head: exactly one, the expected one. */
async function expectFeedLink(page: Page, title: string, path: string) {
  const links = page.locator('head link[rel="alternate"][type="application/atom+xml"]');
  await expect(links).toHaveCount(1);
  await expect(links).toHaveAttribute('title', title);
  expect(new URL((await links.getAttribute('href'))!, page.url()).pathname).toBe(path);
}

/** Fetches a feed and parses it in the page as XML: its Atom entries' titles and contents. */
async function readFeed(page: Page, path: string) {
  const res = await page.request.get(path);
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toBe('application/atom+xml; charset=utf-8');
  const xml = await res.text();
  return page.evaluate((text) => {
    const doc = new DOMParser().parseFromString(text, 'application/xml');
    const ns = 'http://www.w3.org/2005/Atom';
    return {
      error: doc.getElementsByTagName('parsererror').length > 0,
      root: `${doc.documentElement.namespaceURI} ${doc.documentElement.localName}`,
      entries: Array.from(doc.getElementsByTagNameNS(ns, 'entry')).map((e) => ({
        id: e.getElementsByTagNameNS(ns, 'id')[0]?.textContent ?? '',
        title: e.getElementsByTagNameNS(ns, 'title')[0]?.textContent ?? '',
        content: e.getElementsByTagNameNS(ns, 'content')[0]?.textContent ?? '',
      })),
    };
  }, xml);
}

test('an author writes a changelog, a moderator approves it, and the Versions tab and the feeds show it', async ({
  page,
}) => {
  const tag = Date.now().toString(36);
  const name = `Changelog Plugin ${tag}`;
  await signIn(page, DEMO.member);
  const created = await page.request.post('/api/plugins/create', {
    headers: { authorization: `Bearer ${await tokenOf(page)}` },
    data: { name, shortDescription: 'Made by the changelog browser test.' },
  });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: number };

  // The source upload with a changelog, typed with the keyboard; the counter follows.
  await page.goto(`/plugins/${id}/manage`);
  const source = page.locator('section#source');
  await expect(source).toBeVisible();
  await chooseWithKeyboard(page, source.getByLabel(MANAGE_TEXT.sourceInput, { exact: true }), {
    name: 'changelog.zip',
    mimeType: 'application/zip',
    buffer: await zipOf({ 'Changelog.sln': 'Microsoft Visual Studio Solution File', 'src/plugin.cpp': '// x' }),
  });
  const version = source.getByLabel(MANAGE_TEXT.versionString);
  await tabTo(page, version);
  await page.keyboard.type('2.5.0');
  const changelog = source.getByRole('textbox', { name: MANAGE_TEXT.changelog });
  await tabTo(page, changelog);
  const text = `## What's new\n\n- Faster **boost** meter & <b>more</b> ${tag}`;
  await page.keyboard.type(text);
  await expect(source.getByText(`${text.length}/5000`)).toBeVisible();
  await expectNoAxeViolations(page, 'section#source');
  await fitsPhone(page);
  const upload = source.getByRole('button', { name: MANAGE_TEXT.uploadSource });
  await tabTo(page, upload);
  await page.keyboard.press('Enter');
  await expect(source.getByRole('status').filter({ hasText: MANAGE_TEXT.sourceUploaded })).toBeVisible();
  await expect(changelog).toHaveValue('');

  // Nothing public before approval.
  expect((await page.request.get(FEED_PATHS.plugin(id))).status()).toBe(404);
  expect(JSON.stringify((await readFeed(page, FEED_PATHS.site)).entries)).not.toContain(tag);

  // A moderator approves it with a binary and a private note.
  const modToken = await apiToken(page, DEMO.moderator);
  const pending = await page.request.get(`/api/moderation/plugins/pending?search=${encodeURIComponent(name)}`, {
    headers: { authorization: `Bearer ${modToken}` },
  });
  expect(pending.status()).toBe(200);
  const { items } = (await pending.json()) as { items: Array<{ id: number; pluginId: number }> };
  const submissionId = items.find((i) => i.pluginId === id)!.id;
  expect(submissionId).toBeGreaterThan(0);
  await approveWithCleanDll(page.request, { authorization: `Bearer ${modToken}` }, submissionId, 'Changelog', {
    approvalNote: `PRIVATE NOTE ${tag}`,
  });

  // The plugin page: the feed in the head, the changelog under the version in the Versions tab.
  await page.goto(`/plugin/${id}`);
  await settle(page);
  await expectFeedLink(page, FEED_TITLES.plugin(name), FEED_PATHS.plugin(id));
  const versionsTab = page.getByRole('tab', { name: PLUGIN_DETAIL_EN.detail.versions });
  // The tab list is one stop of Tab; the arrows move between its tabs.
  await tabTo(page, page.getByRole('tab', { selected: true }));
  for (let i = 0; i < 6 && (await versionsTab.getAttribute('aria-selected')) !== 'true'; i++) {
    await page.keyboard.press('ArrowRight');
  }
  await expect(versionsTab).toBeFocused();
  await expect(versionsTab).toHaveAttribute('aria-selected', 'true');
  const log = page.getByRole('region', { name: PLUGIN_DETAIL_EN.versions.changelogOf.replace('{version}', '2.5.0') });
  await expect(log.getByRole('heading', { name: "What's new" })).toBeVisible();
  await expect(log.getByRole('listitem')).toContainText(`Faster boost meter & <b>more</b> ${tag}`);
  await expect(log.locator('strong')).toHaveText('boost');
  await expect(page.getByText(`PRIVATE NOTE ${tag}`)).toHaveCount(0);
  await expectNoAxeViolations(page, '#main');
  await fitsPhone(page);

  // The feeds list the version with its changelog, and never the note.
  for (const path of [FEED_PATHS.plugin(id), FEED_PATHS.site, FEED_PATHS.member(DEMO.member.username)]) {
    const feed = await readFeed(page, path);
    expect(feed.error, path).toBe(false);
    expect(feed.root).toBe('http://www.w3.org/2005/Atom feed');
    const entry = feed.entries.find((e) => e.id.endsWith(`:plugins/${id}/versions/${submissionId}`));
    expect(entry, path).toBeDefined();
    expect(entry!.title).toBe(`${name} 2.5.0`);
    expect(entry!.content).toContain('<strong>boost</strong>');
    expect(entry!.content).toContain('&amp; &lt;b&gt;more&lt;/b&gt;');
    expect(JSON.stringify(feed)).not.toContain('PRIVATE NOTE');
  }

  // The plugin list and the member page link their feeds too; a page reached in the app has its own.
  await page.goto('/plugins');
  await settle(page);
  await expectFeedLink(page, FEED_TITLES.site, FEED_PATHS.site);
  await page.goto(`/plugin/${id}`);
  await settle(page);
  await page.locator('#main').getByRole('link', { name: DEMO.member.username, exact: true }).first().click();
  await expect(page).toHaveURL(new RegExp(`/members/${DEMO.member.username}$`));
  await settle(page);
  await expectFeedLink(page, FEED_TITLES.member(DEMO.member.username), FEED_PATHS.member(DEMO.member.username));
});
