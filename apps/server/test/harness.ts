import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import net, { type AddressInfo } from 'node:net';
import pg from 'pg';
import { SMTPServer } from 'smtp-server';
import { simpleParser, type ParsedMail } from 'mailparser';
import { afterAll, beforeAll, inject } from 'vitest';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildApp, type BuildOptions } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import type { AppContext } from '../src/context.js';
import { openDatabase, type Database } from '../src/db/client.js';
import { ensureMember } from '../src/db/seed.js';
import { smtpTransport } from '../src/platform/mailer.js';
import { logIn } from './requests.js';

/** A new database on the PostgreSQL server at `serverUrl`, copied from the migrated template: its URL, and `drop`. */
export async function templateCopyDatabase(serverUrl: string) {
  const name = `bm_test_${process.ppid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name} TEMPLATE ${inject('pgTemplate')}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url,
    async drop() {
      const c = new pg.Client({ connectionString: serverUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

/** A fresh database for one test file: embedded by default, on the PostgreSQL server with TEST_DATABASE_URL. */
export async function openTestDatabase(): Promise<Database> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    const copy = await templateCopyDatabase(serverUrl);
    const db = await openDatabase({ databaseUrl: copy.url.toString() });
    const close = db.close;
    db.close = async () => {
      await close();
      await copy.drop();
    };
    return db;
  }
  const dump = fs.readFileSync(inject('pgliteDump'));
  return openDatabase({ loadDataDir: new Blob([dump]) });
}

export interface ReceivedMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The first link in the text part. */
  link: string | null;
  /** Raw header lines by lower-case name ('list-unsubscribe': 'List-Unsubscribe: <...>'). */
  headers: Record<string, string>;
}

/** A real SMTP server on a free local port, keeping what it receives. */
export async function startMailbox() {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail: ParsedMail) => {
          const text = mail.text ?? '';
          const to = Array.isArray(mail.to) ? mail.to[0]?.text : mail.to?.text;
          received.push({
            to: to ?? '',
            subject: mail.subject ?? '',
            text,
            html: String(mail.html || ''),
            link: text.match(/https?:\/\/\S+/)?.[0] ?? null,
            headers: Object.fromEntries(mail.headerLines.map((h) => [h.key, h.line])),
          });
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    /** Mail sent to this address, newest last. */
    to: (address: string) => received.filter((m) => m.to.toLowerCase().includes(address.toLowerCase())),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type Mailbox = Awaited<ReturnType<typeof startMailbox>>;

export interface TestApp {
  app: FastifyInstance;
  ctx: AppContext;
  mailbox: Mailbox;
  dataDir: string;
  /** Delivers queued mail through SMTP and returns what arrived for the address. */
  mailFor(address: string): Promise<ReceivedMail[]>;
  close(): Promise<void>;
}

const ROOMY = { ip: { points: 10_000, durationS: 60 }, account: { points: 10_000, durationS: 60 } };

/** A stand-in for the built web app: a temporary folder holding only this index.html (the caller removes it). */
export function webDistWith(html: string): string {
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'bm-dist-'));
  fs.writeFileSync(path.join(dist, 'index.html'), html);
  return dist;
}

/** The stand-in index.html of the page tests: the site's title and a default description. */
export const PAGE_HTML =
  '<!doctype html><html><head><title>BakkesMod Community</title><meta name="description" content="default" /></head><body><div id="root"></div></body></html>';

/** A test app that serves a stand-in web build holding only `html`; `close` removes the build too. */
export async function startPageTestApp(
  html: string = PAGE_HTML,
  overrides: Parameters<typeof startTestApp>[0] = {},
): Promise<TestApp> {
  const dist = webDistWith(html);
  const t = await startTestApp({ ...overrides, webDist: dist });
  return {
    ...t,
    async close() {
      await t.close();
      fs.rmSync(dist, { recursive: true, force: true });
    },
  };
}

export async function startTestApp(
  overrides: Partial<BuildOptions> & { env?: Record<string, string> } = {},
): Promise<TestApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bm-test-'));
  // Counters in a shared Redis start at zero for every test app (tests sharing limits pass one prefix).
  const rateLimitPrefix = `rl-test-${randomBytes(6).toString('hex')}`;
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    PUBLIC_URL: 'http://localhost:3000',
    LOG_LEVEL: 'warn',
    RATE_LIMIT_PREFIX: rateLimitPrefix,
    ...overrides.env,
  });
  const database = await openTestDatabase();
  const mailbox = await startMailbox();
  const { app, ctx } = await buildApp(config, {
    database,
    mailTransport: smtpTransport(mailbox.url),
    logger: false,
    webDist: path.join(dataDir, 'no-web-build'),
    ...overrides,
    // Test files make many plugins and cars and vote a lot as one member; the tests of these limits set their own.
    limits: { create: ROOMY, vote: ROOMY, rating: ROOMY, rep: ROOMY, ...overrides.limits },
  });
  await app.ready();
  return {
    app,
    ctx,
    mailbox,
    dataDir,
    async mailFor(address) {
      await ctx.mail.flush();
      return mailbox.to(address);
    },
    async close() {
      await app.close();
      await database.close();
      await mailbox.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

let counter = 0;
/** A unique, valid username and email for a test member. */
export function uniqueMember(prefix = 'user') {
  counter++;
  const tag = `${prefix}${counter}${randomBytes(2).toString('hex')}`.slice(0, 20);
  return { username: tag, email: `${tag}@example.com`, password: 'correct-horse-9' };
}

/** A verified member with a session: what most tests start from. */
export async function signedInMember(t: TestApp, roles: string[] = []) {
  const m = uniqueMember(roles[0]?.slice(0, 5) ?? 'user');
  const { id } = await ensureMember(t.ctx.db, { ...m, roles });
  const res = await logIn(t.app, m, { rememberMe: true });
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.body}`);
  const token = res.json<{ token: string }>().token;
  return { ...m, id, token, auth: { authorization: `Bearer ${token}` } };
}

/** A member as signedInMember answers it: names, id, session token and the `auth` headers that carry it. */
export type Member = Awaited<ReturnType<typeof signedInMember>>;

/**
 * The one test app of a test file: started before the file's first test (a beforeAll hook registered here) and
 * closed after its last. The object answered is filled in by that hook, so read it in hooks and tests, not at the
 * top of the file; hooks registered after this call run after the app has started and, for afterAll, before it closes.
 */
export function testAppForFile(overrides: Parameters<typeof startTestApp>[0] = {}): TestApp {
  const t = {} as TestApp;
  beforeAll(async () => {
    Object.assign(t, await startTestApp(overrides));
  });
  afterAll(() => t.close());
  return t;
}

/**
 * Signed-in members of a test file, by name with their roles (`{ mod: ['moderator'], member: [] }`), signed in one
 * after another in that order by a beforeAll hook; call it after testAppForFile. Like the app, the members answered
 * are filled in by that hook.
 */
export function membersForFile<R extends Record<string, string[]>>(t: TestApp, roles: R): { [K in keyof R]: Member } {
  const members = Object.fromEntries(Object.keys(roles).map((name) => [name, {} as Member])) as {
    [K in keyof R]: Member;
  };
  beforeAll(async () => {
    for (const [name, memberRoles] of Object.entries(roles)) {
      Object.assign(members[name as keyof R], await signedInMember(t, memberRoles));
    }
  });
  return members;
}

export const json = <T = Record<string, unknown>>(res: LightMyRequestResponse) => res.json<T>();

/** A free local port, so that an app's PUBLIC_URL can name the port it will listen on. */
export async function freePort(): Promise<number> {
  const s = net.createServer();
  await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve));
  const port = (s.address() as AddressInfo).port;
  await new Promise<void>((resolve) => s.close(() => resolve()));
  return port;
}
