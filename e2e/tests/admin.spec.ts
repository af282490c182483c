import { expectNoAxeViolations } from './axe';
import { expect, test, type Page } from '@playwright/test';
import FEEDBACK_TEXT from '../../apps/web/src/locales/en/feedback';
import ADMIN_EN from '../../apps/web/src/locales/en/admin';
import { DEMO, signIn } from './support';

const section = (page: Page, title: string) => page.getByRole('heading', { level: 2, name: title });

test.describe('admin area', () => {
  test.beforeEach(async ({ page }) => {
    await signIn(page, DEMO.admin);
  });

  test('the admin home links to every section', async ({ page }) => {
    await page.goto('/admin');
    await expect(section(page, ADMIN_EN.home.title)).toBeVisible();
    for (const name of ['Connections', 'Webhooks', 'Feedback', 'Members', 'Feature Subscribers']) {
      await expect(
        page
          .locator('#main')
          .getByRole('link', { name: new RegExp(`^${name}`) })
          .first(),
      ).toBeVisible();
    }
    await expectNoAxeViolations(page);
  });

  test('connections shows the database up and checks again on demand', async ({ page }) => {
    await page.goto('/admin/connections');
    const services = page.getByRole('list', { name: 'Services' });
    const database = services.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Database' }) });
    await expect(database).toContainText('Up');
    await expect(database).toContainText(/\d+ ms/);
    await expect(services.getByRole('listitem').filter({ hasText: 'SMTP' })).toContainText('files in data/outbox');
    await expect(page.getByRole('heading', { name: ADMIN_EN.connections.realtime })).toBeVisible();
    const again = page.waitForResponse((r) => r.url().endsWith('/api/admin/connections'));
    await page.getByRole('button', { name: ADMIN_EN.connections.check, exact: true }).click();
    expect((await again).status()).toBe(200);
    await expectNoAxeViolations(page);
  });

  test('a test delivery to an unreachable receiver is listed with its error', async ({ page }) => {
    await page.goto('/admin/webhooks');
    await page.getByLabel(ADMIN_EN.webhooks.url).fill('http://127.0.0.1:9/');
    await page.getByRole('button', { name: ADMIN_EN.webhooks.send }).click();
    await expect(page.getByRole('alert')).toContainText('Delivery failed');
    const row = page.getByTestId('delivery-row').filter({ hasText: 'http://127.0.0.1:9/' }).first();
    await expect(row).toBeVisible();
    await expect(row).toContainText('bad port');
    await row.getByText(ADMIN_EN.webhooks.request).click();
    await expect(row.locator('pre').first()).toContainText('"type":"test"');
    await expectNoAxeViolations(page);
  });

  test('feedback sent from the feedback dialog shows in the list and its detail', async ({ page }) => {
    const text = `Admin e2e feedback ${Date.now()}`;
    await page.goto('/plugins');
    await page.getByRole('button', { name: FEEDBACK_TEXT.buttonLabel }).click();
    const dialog = page.getByRole('dialog', { name: FEEDBACK_TEXT.title });
    await dialog.getByLabel(FEEDBACK_TEXT.label).fill(text);
    const sent = page.waitForResponse((r) => r.url().endsWith('/api/feedback') && r.request().method() === 'POST');
    await dialog.getByRole('button', { name: FEEDBACK_TEXT.submit, exact: true }).click();
    expect((await sent).status()).toBe(201);

    await page.goto('/admin/feedback?status=new');
    const link = page.getByRole('link', { name: text });
    await expect(link).toBeVisible();
    await expectNoAxeViolations(page);
    await link.click();

    await expect(page).toHaveURL(/\/admin\/feedback\/\d+$/);
    await expect(page.getByText(text)).toBeVisible();
    // The dialog sends the full address of the page it was opened on.
    await expect(page.getByRole('link', { name: /^http:\/\/localhost:\d+\/plugins$/ })).toHaveAttribute(
      'href',
      /\/plugins$/,
    );
    await expect(page.getByRole('link', { name: DEMO.admin.username, exact: true }).last()).toHaveAttribute(
      'href',
      `/members/${DEMO.admin.username}`,
    );
    await expect(page.getByRole('button', { name: 'Mark as seen' })).toHaveAttribute('aria-pressed', 'true');
    await page.getByRole('button', { name: 'Mark as done' }).click();
    await expect(page.getByRole('button', { name: 'Mark as done' })).toHaveAttribute('aria-pressed', 'true');
    await expectNoAxeViolations(page);

    await page.goto('/admin/feedback?status=done');
    await expect(page.getByRole('link', { name: text })).toBeVisible();
  });
});

test.describe('admin area: members and subscribers', () => {
  test.beforeEach(async ({ page }) => {
    await signIn(page, DEMO.admin);
  });

  test('members: search, grant and revoke moderator with the keyboard, disable and enable', async ({
    page,
    request,
  }) => {
    await page.goto('/admin/members');
    await expect(page.getByTestId('member-row').first()).toBeVisible();
    await expectNoAxeViolations(page);

    const search = page.getByRole('searchbox', { name: ADMIN_EN.members.search });
    await search.fill('boostqueen');
    await search.press('Enter');
    await expect(page.getByTestId('member-row')).toHaveCount(1);

    // Keyboard only: from the search box, Tab through the row to the moderator switch and press Space.
    const toggle = page.getByRole('switch', { name: 'Moderator role for BoostQueen' });
    await expect(toggle).toHaveAttribute('aria-checked', 'false');
    await search.focus();
    for (let i = 0; i < 10 && !(await toggle.evaluate((el) => el === document.activeElement)); i++)
      await page.keyboard.press('Tab');
    await expect(toggle).toBeFocused();
    await page.keyboard.press('Space');
    await expect(toggle).toHaveAttribute('aria-checked', 'true');
    await page.reload();
    await expect(page.getByRole('switch', { name: 'Moderator role for BoostQueen' })).toHaveAttribute(
      'aria-checked',
      'true',
    );

    const login = await request.post('/api/auth/login', {
      data: { username: 'BoostQueen', password: 'member-password', rememberMe: false },
    });
    const roles = await request.get('/api/roles/my', {
      headers: { authorization: `Bearer ${(await login.json()).token}` },
    });
    expect(await roles.json()).toEqual(['moderator']);

    await page.getByRole('switch', { name: 'Moderator role for BoostQueen' }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('switch', { name: 'Moderator role for BoostQueen' })).toHaveAttribute(
      'aria-checked',
      'false',
    );

    // Disable through the confirm dialog, using the keyboard.
    await page.getByRole('button', { name: 'Disable BoostQueen' }).focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Disable BoostQueen?' });
    await expect(dialog).toBeVisible();
    await expectNoAxeViolations(page);
    await dialog.getByRole('button', { name: ADMIN_EN.members.disable, exact: true }).click();
    await expect(page.getByRole('button', { name: 'Enable BoostQueen' })).toBeVisible();
    const refused = await request.post('/api/auth/login', {
      data: { username: 'BoostQueen', password: 'member-password', rememberMe: false },
    });
    expect(refused.status()).toBe(403);
    expect((await refused.json()).message).toBe('This account has been disabled.');

    await page.getByRole('button', { name: 'Enable BoostQueen' }).click();
    await page
      .getByRole('dialog', { name: 'Enable BoostQueen?' })
      .getByRole('button', { name: ADMIN_EN.members.enable, exact: true })
      .click();
    await expect(page.getByRole('button', { name: 'Disable BoostQueen' })).toBeVisible();
    const back = await request.post('/api/auth/login', {
      data: { username: 'BoostQueen', password: 'member-password', rememberMe: false },
    });
    expect(back.status()).toBe(200);
  });

  test('feature subscribers: pick a feature, see its subscribers and the message form', async ({ page }) => {
    await page.goto('/admin/feature-subscribers');
    await expect(section(page, ADMIN_EN.subscribers.title)).toBeVisible();
    const picker = page.getByLabel(ADMIN_EN.subscribers.feature, { exact: true });
    await expect(picker.locator('option')).not.toHaveCount(1);
    const value = await picker.locator('option').nth(1).getAttribute('value');
    await picker.selectOption(value!);
    await expect(page).toHaveURL(new RegExp(`feature=${value}`));
    await expect(
      page.getByText(ADMIN_EN.subscribers.none).or(page.getByTestId('subscriber-row').first()),
    ).toBeVisible();
    await expect(page.getByRole('heading', { name: ADMIN_EN.subscribers.messageTitle })).toBeVisible();
    await expectNoAxeViolations(page);
  });
});

test('a member who opens /admin is told it needs a staff role, without the admin navigation', async ({ page }) => {
  await signIn(page, DEMO.member);
  await page.goto('/admin/members');
  await expect(page.getByText('This page needs the administrator or moderator role.')).toBeVisible();
  await expect(page.getByRole('navigation', { name: /admin/i })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Webhooks' })).toHaveCount(0);
});
