import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInMember, startTestApp, type TestApp } from '../test/harness.js';
import { logIn } from '../test/requests.js';
import { backup, BackupError, restore, type RestoreTarget } from './backup.js';
import { type Database, openDatabase } from './db/client.js';
import { localStorage } from './platform/storage.js';
import { publishedPlugin } from './modules/plugins/test-support.js';

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '../../..');
let scratch: string;
let t: TestApp;
const dropAfter: string[] = [];
const adminUrl = process.env.TEST_DATABASE_URL;

beforeAll(async () => {
  scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'bm-backup-'));
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
  if (adminUrl && dropAfter.length) {
    const c = new pg.Client({ connectionString: adminUrl });
    await c.connect();
    for (const name of dropAfter) await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await c.end();
  }
  fs.rmSync(scratch, { recursive: true, force: true });
});

/** An empty target of the kind the tests run on: a new database on the PostgreSQL server, or a new folder. */
async function emptyTarget(): Promise<RestoreTarget> {
  if (t.ctx.database.kind === 'pglite') return { kind: 'pglite', dataDir: fs.mkdtempSync(path.join(scratch, 'db-')) };
  const name = `bm_restore_${process.pid}_${randomBytes(4).toString('hex')}`;
  const c = new pg.Client({ connectionString: adminUrl });
  await c.connect();
  await c.query(`CREATE DATABASE ${name}`);
  await c.end();
  dropAfter.push(name);
  const url = new URL(adminUrl!);
  url.pathname = `/${name}`;
  return { kind: 'postgres', url: url.toString() };
}

const openTarget = (target: RestoreTarget): Promise<Database> =>
  openDatabase(target.kind === 'postgres' ? { databaseUrl: target.url } : { dataDir: target.dataDir });

/** What a visitor sees of a plugin: its page, its versions, its comments and the bytes of its download. */
async function seen(app: TestApp, id: number, versionId: number) {
  const get = (url: string) => app.app.inject({ method: 'GET', url });
  const redirect = await get(`/api/plugins/${id}/versions/${versionId}/download`);
  const bytes = (await get(redirect.headers.location as string)).rawPayload;
  const detail = (await get(`/api/plugins/${id}`)).json();
  return {
    detail: { ...detail, downloadCount: 0, viewCount: 0 },
    versions: (await get(`/api/plugins/${id}/versions`)).json(),
    comments: (await get(`/api/plugins/${id}/comments`)).json(),
    bytes: bytes.toString('base64'),
  };
}

describe('npm run cli -- backup / restore', () => {
  it('restores into an empty database and file store a site that answers the same plugins, versions, comments and bytes', async () => {
    const owner = await signedInMember(t);
    const p = await publishedPlugin(t, owner, {
      name: 'Backed Up',
      shortDescription: 'Kept safe',
      description: 'All of it',
    });
    const comment = await t.app.inject({
      method: 'POST',
      url: `/api/plugins/${p.id}/comments`,
      headers: owner.auth,
      payload: { body: 'Still here after a restore' },
    });
    expect(comment.statusCode, comment.body).toBe(201);
    const before = await seen(t, p.id, p.versionId);

    const dir = path.join(scratch, 'backup-1');
    const manifest = await backup(t.ctx.database, t.ctx.storage, dir);
    expect(manifest.database).toBe(t.ctx.database.kind);
    expect(manifest.files.length).toBeGreaterThanOrEqual(2); // the version's source and binary at least

    const target = await emptyTarget();
    const files = localStorage(fs.mkdtempSync(path.join(scratch, 'files-')));
    await restore(dir, target, files);
    const database = await openTarget(target);
    try {
      await database.migrate();
      const restored = await startTestApp({ database, storage: files });
      try {
        expect(await seen(restored, p.id, p.versionId)).toEqual(before);
        // Accounts came along: the owner signs in with the same password.
        expect((await logIn(restored.app, owner)).statusCode).toBe(200);
      } finally {
        await restored.close();
      }
    } finally {
      await database.close();
    }
  });

  it('refuses a folder in use, a target that is not empty, a damaged backup, and changes nothing', async () => {
    const dir = path.join(scratch, 'backup-2');
    await backup(t.ctx.database, t.ctx.storage, dir);
    await expect(backup(t.ctx.database, t.ctx.storage, dir)).rejects.toThrow(/is not empty/);

    // A store that already holds files.
    const busy = localStorage(fs.mkdtempSync(path.join(scratch, 'busy-')));
    await busy.put('avatars/someone.webp', Buffer.from('x'));
    await expect(restore(dir, await emptyTarget(), busy)).rejects.toThrow(/file store is not empty/);

    // The running site's own database is not empty.
    const own: RestoreTarget =
      t.ctx.database.kind === 'postgres'
        ? { kind: 'postgres', url: t.ctx.database.url! }
        : { kind: 'pglite', dataDir: path.join(t.dataDir) };
    await expect(restore(dir, own, localStorage(path.join(scratch, 'unused')))).rejects.toThrow(BackupError);

    // One flipped byte in a stored file: refused before anything is written.
    const manifest = JSON.parse(fs.readFileSync(path.join(dir, 'manifest.json'), 'utf8'));
    const damaged = path.join(dir, 'files', manifest.files[0].key);
    fs.writeFileSync(damaged, Buffer.concat([fs.readFileSync(damaged), Buffer.from('!')]));
    const target = await emptyTarget();
    const files = localStorage(fs.mkdtempSync(path.join(scratch, 'files-')));
    await expect(restore(dir, target, files)).rejects.toThrow(/differs from the backup's manifest/);
    const untouched = await openTarget(target);
    try {
      const tables = await untouched.db.execute(
        sql`select count(*) as n from information_schema.tables where table_schema = 'public'`,
      );
      expect(Number((tables as unknown as { rows: Array<{ n: number }> }).rows[0]!.n)).toBe(0);
    } finally {
      await untouched.close();
    }
    expect(fs.readdirSync(files.root)).toEqual([]);
  });

  it('runs as the CLI on the embedded database of a DATA_DIR', { timeout: 120_000 }, async () => {
    const from = fs.mkdtempSync(path.join(scratch, 'site-a-'));
    const to = fs.mkdtempSync(path.join(scratch, 'site-b-'));
    const db = await openDatabase({ dataDir: path.join(from, 'db') });
    await db.migrate();
    await db.db.execute(sql`insert into tags (short_name, long_name, help_text) values ('backup', 'Backup', 'A tag')`);
    await db.close();
    await localStorage(path.join(from, 'files')).put('avatars/kept.webp', Buffer.from('avatar bytes'));

    const cli = (dataDir: string, ...args: string[]) =>
      run(process.execPath, ['--import', 'tsx', 'apps/server/src/cli.ts', ...args], {
        cwd: root,
        env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', STORAGE_DRIVER: 'local', NODE_ENV: 'development' },
      });
    const dir = path.join(scratch, 'backup-cli');
    const made = await cli(from, 'backup', dir);
    expect(made.stderr).toMatch(/Backed up the pglite database and 1 files/);
    const back = await cli(to, 'restore', dir);
    expect(back.stderr).toMatch(/Restored pglite database and 1 files/);
    await expect(cli(to, 'restore', dir)).rejects.toMatchObject({
      code: 2,
      stderr: expect.stringMatching(/not empty/),
    });

    const restored = await openDatabase({ dataDir: path.join(to, 'db') });
    try {
      const rows = await restored.db.execute(sql`select long_name from tags where short_name = 'backup'`);
      expect((rows as unknown as { rows: unknown[] }).rows).toEqual([{ long_name: 'Backup' }]);
    } finally {
      await restored.close();
    }
    expect(fs.readFileSync(path.join(to, 'files', 'avatars', 'kept.webp'), 'utf8')).toBe('avatar bytes');
  });
});
