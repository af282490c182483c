import fs from 'node:fs';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import yazl from 'yazl';
import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { dllFixture } from '../../apps/server/test/dll-fixtures';
import { DATA_DIR } from '../playwright.config';

export const DEMO = {
  admin: { username: 'admin', password: 'admin-password' },
  moderator: { username: 'moderator', password: 'moderator-password' },
  member: { username: 'RocketRyan', password: 'member-password' },
} as const;

let n = 0;
/** A fresh, valid account for a test. */
export function newAccount(prefix = 'e2e') {
  n++;
  const tag = `${prefix}${Date.now().toString(36)}${n}`.slice(0, 20);
  return { username: tag, email: `${tag}@example.com`, password: 'Str0ng-Passw0rd!' };
}

/** Waits for a mail to `to` in the local outbox (DATA_DIR/outbox/*.eml) and returns its first link. */
export async function linkFromOutbox(to: string, subject: RegExp): Promise<string> {
  const dir = path.join(DATA_DIR, 'outbox');
  let found: string | null = null;
  await expect
    .poll(
      async () => {
        if (!fs.existsSync(dir)) return null;
        for (const file of fs.readdirSync(dir).sort().reverse()) {
          const mail = await simpleParser(fs.readFileSync(path.join(dir, file)));
          const rcpt = Array.isArray(mail.to) ? mail.to.map((a) => a.text).join(',') : (mail.to?.text ?? '');
          if (rcpt.toLowerCase().includes(to.toLowerCase()) && subject.test(mail.subject ?? '')) {
            found = (mail.text ?? '').match(/https?:\/\/\S+/)?.[0] ?? null;
            if (found) return found;
          }
        }
        return null;
      },
      { timeout: 15_000, message: `a mail to ${to} matching ${subject}` },
    )
    .not.toBeNull();
  return found!;
}

/**
 * A fresh account registered through the API and verified from its mail. Verifying signs in too;
 * `signOut` ends that session, for a test that counts the account's sessions.
 */
export async function verifiedAccount(request: APIRequestContext, prefix: string, { signOut = false } = {}) {
  const account = newAccount(prefix);
  const reg = await request.post('/api/auth/register', { data: { ...account, productUpdatesOptIn: false } });
  expect(reg.status()).toBe(201);
  const link = await linkFromOutbox(account.email, /Verify your email/);
  const verified = await request.post('/api/auth/verify-email', {
    data: { token: new URL(link).searchParams.get('token') },
  });
  expect(verified.status()).toBe(200);
  if (signOut) {
    const session = ((await verified.json()) as { token: string }).token;
    await request.post('/api/auth/logout', { headers: { authorization: `Bearer ${session}` } });
  }
  return account;
}

export async function signIn(page: Page, account: { username: string; password: string }) {
  await page.goto('/login');
  await page.getByLabel('Username').fill(account.username);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard/);
}

/** A ZIP in memory with text or binary files (sources and binaries the browser tests upload). */
export function zipOf(files: Record<string, string | Buffer>): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const zip = new yazl.ZipFile();
    for (const [name, data] of Object.entries(files))
      zip.addBuffer(Buffer.isBuffer(data) ? data : Buffer.from(data), name);
    zip.end();
    const chunks: Buffer[] = [];
    zip.outputStream.on('data', (c: Buffer) => chunks.push(c));
    zip.outputStream.on('end', () => resolve(Buffer.concat(chunks)));
    zip.outputStream.on('error', reject);
  });
}

/**
 * A moderator approves submission `id` with a binary: a zip holding a clean DLL as `plugins/<dll>.dll`,
 * with any other fields of the approval form beside it; the answer must be 204.
 */
export async function approveWithCleanDll(
  request: APIRequestContext,
  headers: Record<string, string>,
  id: number,
  dll: string,
  fields: Record<string, string> = {},
) {
  const approved = await request.post(`/api/moderation/plugins/${id}/approve`, {
    headers,
    multipart: {
      binary: {
        name: 'bin.zip',
        mimeType: 'application/zip',
        buffer: await zipOf({ [`plugins/${dll}.dll`]: dllFixture('clean') }),
      },
      ...fields,
    },
  });
  expect(approved.status()).toBe(204);
}

/**
 * A custom scheme (bakkesmod://) cannot be followed here: from the next navigation on, what the page
 * opens with window.open is recorded instead. Returns a reader of what was opened so far.
 */
export async function recordInstalls(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const w = window as unknown as { __installs: string[] };
    w.__installs = [];
    window.open = ((url?: string | URL) => {
      w.__installs.push(String(url));
      return null;
    }) as typeof window.open;
  });
  return () => page.evaluate(() => (window as unknown as { __installs: string[] }).__installs);
}

/**
 * The page has drawn its content: #main holds something and no skeleton, spinner or busy list, in one
 * check, still so 150 ms later. Two separate waits passed in the gap of a redirect (/account/settings
 * → /account/settings/account): the spinner was there for the first, and the empty frame between the
 * Navigate and the next page's loader for the second, so the walk read the tab title before the page came.
 */
export async function settle(page: Page) {
  await page.waitForLoadState('load');
  const isDrawn = () => {
    const main = document.getElementById('main');
    return (
      !!main &&
      main.textContent!.trim() !== '' &&
      !main.querySelector('[aria-busy="true"], .animate-pulse, .animate-spin')
    );
  };
  for (let attempt = 0; attempt < 20; attempt++) {
    await page.waitForFunction(isDrawn, undefined, { timeout: 10_000 });
    await page.waitForTimeout(150);
    if (await page.evaluate(isDrawn)) return;
  }
  throw new Error(`${page.url()}: #main kept changing between drawn and loading`);
}

/** Presses Tab (Shift+Tab with `back`) until `target` has focus, the way a keyboard user gets there; fails after `max` presses. */
export async function tabTo(page: Page, target: Locator, { back = false, max = 60 } = {}) {
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((el) => el === document.activeElement).catch(() => false)) return;
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
  }
  await expect(target, `reached by ${max} presses of ${back ? 'Shift+Tab' : 'Tab'}`).toBeFocused({ timeout: 1 });
}

/** Forgets the signed-in member in this browser: its stored session and cookies. */
export async function signOut(page: Page): Promise<void> {
  await page.evaluate(() => {
    localStorage.clear();
    sessionStorage.clear();
  });
  await page.context().clearCookies();
}

/** The signed-in browser's access token. */
export async function tokenOf(page: Page): Promise<string> {
  const token = await page.evaluate(
    () => sessionStorage.getItem('bm.auth.token') ?? localStorage.getItem('bm.auth.token'),
  );
  expect(token, 'an access token in the browser').toBeTruthy();
  return token!;
}

/** The GitHub repository every plugin of submitPlugin names as its source (the review page links its pull requests). */
export const SUBMITTED_SOURCE_URL = 'https://github.com/example/e2e-plugin';

/** A new plugin with one source upload waiting for review, made through the API as the signed-in member; its id. */
export async function submitPlugin(page: Page, name: string, version = '1.0.0'): Promise<number> {
  const headers = { authorization: `Bearer ${await tokenOf(page)}` };
  const created = await page.request.post('/api/plugins/create', {
    headers,
    data: { name, shortDescription: 'Made by a browser test.', sourceCodeUrl: SUBMITTED_SOURCE_URL },
  });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: number };
  const source = await zipOf({ 'Plugin.sln': 'Microsoft Visual Studio Solution File', 'src/plugin.cpp': '// plugin' });
  const upload = await page.request.post(`/api/plugins/${id}/files/source`, {
    headers,
    multipart: {
      file: { name: `${name.replace(/\W+/g, '-')}.zip`, mimeType: 'application/zip', buffer: source },
      versionString: version,
    },
  });
  expect(upload.status()).toBe(201);
  return id;
}
