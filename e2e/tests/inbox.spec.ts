import { expectNoAxeViolations } from './axe';
import { expect, test, type Page } from '@playwright/test';
import INBOX_TEXT from '../../apps/web/src/locales/en/inbox';
import COMING_SOON_EN from '../../apps/web/src/locales/en/comingSoon';
import { signIn, tokenOf } from './support';
import PLUGIN_DETAIL_EN from '../../apps/web/src/locales/en/pluginDetail';

const MEMBERS = ['RocketRyan', 'BoostQueen', 'AerialAce', 'FlipReset'] as const;
const PASSWORD = 'member-password';

/** The unread count the tab title shows ('(3) ...'), 0 when it shows none. */
async function titleCount(page: Page): Promise<number> {
  const m = /^\((\d+)\) /.exec(await page.title());
  return m ? Number(m[1]) : 0;
}

test.describe('inbox', () => {
  test('a comment on B’s plugin reaches B live; B opens, hides and unhides it', async ({ browser, request }) => {
    // A demo plugin owned by a demo member (B), and another demo member (A) to comment on it.
    const list = await request.get('/api/plugins?pageSize=50');
    expect(list.ok()).toBe(true);
    const plugins = (await list.json()).items as Array<{ id: number; name: string; author: string }>;
    const plugin = plugins.find((p) => MEMBERS.includes(p.author as (typeof MEMBERS)[number]))!;
    expect(plugin).toBeDefined();
    const owner = plugin.author;
    const commenter = MEMBERS.find((m) => m !== owner)!;

    const bContext = await browser.newContext();
    const b = await bContext.newPage();
    await signIn(b, { username: owner, password: PASSWORD });
    // B's unread count before the comment, as the server has it; the page shows the same. Asked with
    // the page's own session: a second sign-in from another user agent would be a new device, and its
    // notice would land in the inbox while this test counts.
    const token = await tokenOf(b);
    const unread = await request.get('/api/mail/unread-count', { headers: { authorization: `Bearer ${token}` } });
    const before = ((await unread.json()) as { count: number }).count;
    await expect.poll(() => titleCount(b)).toBe(before);

    const aContext = await browser.newContext();
    const a = await aContext.newPage();
    await signIn(a, { username: commenter, password: PASSWORD });
    await a.goto(`/plugin/${plugin.id}`);
    await a.getByRole('tab', { name: /^Comments/ }).click();
    const text = `Nice work on this one ${Date.now()}`;
    await a.getByLabel(PLUGIN_DETAIL_EN.comments.label).fill(text);
    await a.getByRole('button', { name: PLUGIN_DETAIL_EN.comments.post }).click();
    await expect(a.getByTestId('comment').filter({ hasText: text })).toHaveCount(1);

    // B's unread dot and count change without a reload.
    await expect(b.getByTestId('unread-dot')).toBeVisible();
    await expect.poll(() => titleCount(b)).toBe(before + 1);

    // B opens the inbox from the user menu.
    await b.getByRole('button', { name: /Account menu/ }).click();
    await b.getByRole('menuitem', { name: /Inbox/ }).click();
    await expect(b).toHaveURL(/\/mail$/);
    await expect(b.getByRole('heading', { level: 1, name: INBOX_TEXT.inboxTitle })).toBeVisible();
    const subject = `New comment on ${plugin.name}`;
    const item = b.getByTestId('mail-item').filter({ hasText: subject }).first();
    await expect(item).toBeVisible();
    await expect(b.getByTestId('inbox-unread')).toHaveText(
      INBOX_TEXT.unread_other.replace('{count}', String(before + 1)),
    );
    await expectNoAxeViolations(b);

    // Opening it marks it read: the count falls.
    await item.getByRole('link').click();
    await expect(b.getByRole('heading', { level: 1, name: subject })).toBeVisible();
    await expect(b.getByText(text)).toBeVisible();
    await expect.poll(() => titleCount(b)).toBe(before);
    await expectNoAxeViolations(b);

    // Hide, then find it in the hidden inbox and unhide it there.
    await b.getByRole('button', { name: INBOX_TEXT.hide }).click();
    await expect(b.getByRole('button', { name: INBOX_TEXT.unhide })).toBeVisible();
    await b.getByRole('link', { name: INBOX_TEXT.hiddenTitle }).click();
    await expect(b).toHaveURL(/\/mail\/hidden$/);
    await expect(b.getByRole('heading', { level: 1, name: INBOX_TEXT.hiddenTitle })).toBeVisible();
    const hidden = b.getByTestId('mail-item').filter({ hasText: subject });
    await expect(hidden).toHaveCount(1);
    await expectNoAxeViolations(b);
    await hidden.getByRole('button', { name: INBOX_TEXT.unhideLabel.replace('{subject}', subject) }).click();
    await expect(hidden).toHaveCount(0);

    await b.getByRole('link', { name: INBOX_TEXT.backToInbox }).click();
    await expect(b.getByTestId('mail-item').filter({ hasText: subject })).toHaveCount(1);

    await aContext.close();
    await bContext.close();
  });

  test('Notify me on a coming-soon page follows and unfollows the section', async ({ page }) => {
    await signIn(page, { username: 'FlipReset', password: PASSWORD });
    await page.goto('/tools');
    await page.getByRole('button', { name: COMING_SOON_EN.notify.notifyMe }).click();
    await expect(page.getByRole('button', { name: COMING_SOON_EN.notify.subscribed })).toBeVisible();
    await page.reload();
    await page.getByRole('button', { name: COMING_SOON_EN.notify.subscribed }).click();
    await expect(page.getByRole('button', { name: COMING_SOON_EN.notify.notifyMe })).toBeEnabled();
    await expectNoAxeViolations(page);
  });
});
