// Backups of the whole site: the database and every stored file, in one folder (npm run cli -- backup / restore).
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { type Database, openDatabase } from './db/client.js';
import type { FileStorage } from './platform/storage.js';

const run = promisify(execFile);

/** What a backup folder holds; written last, so a folder without it is an unfinished backup. */
export interface BackupManifest {
  format: 1;
  createdAt: string;
  /** Where the database came from: restored into the same kind only. */
  database: 'pglite' | 'postgres';
  /** `database.sql` (pg_dump, plain SQL) or `database.tar.gz` (PGlite's dump of its data folder). */
  databaseFile: string;
  databaseSha256: string;
  /** Every stored file, under `files/` in the folder. */
  files: Array<{ key: string; size: number; sha256: string }>;
}

const MANIFEST = 'manifest.json';
const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

/** A clear failure of a backup or a restore: the CLI prints its message alone. */
export class BackupError extends Error {}

async function emptyFolder(dir: string): Promise<boolean> {
  try {
    return (await fs.readdir(dir)).length === 0;
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return true;
    throw e;
  }
}

async function tool(command: string, args: string[]): Promise<void> {
  try {
    await run(command, args, { maxBuffer: 64 * 1024 * 1024 });
  } catch (e) {
    const err = e as NodeJS.ErrnoException & { stderr?: string };
    if (err.code === 'ENOENT') throw new BackupError(`${command} is not installed (Debian: postgresql-client)`);
    throw new BackupError(`${command} failed: ${(err.stderr ?? err.message).trim()}`);
  }
}

/**
 * Writes the database and every stored file into `dir` (which must not exist or be empty).
 * PostgreSQL is dumped with pg_dump while the site runs (one consistent snapshot); the embedded
 * database with PGlite's own dump, so the site using it must be stopped first. Files are read after
 * the database: a file written in between is kept too, and one deleted in between is left out
 * (its row, if any, then points at nothing, as after a failed upload).
 */
export async function backup(database: Database, storage: FileStorage, dir: string): Promise<BackupManifest> {
  if (!(await emptyFolder(dir))) throw new BackupError(`${dir} is not empty: back up into a new folder`);
  await fs.mkdir(path.join(dir, 'files'), { recursive: true });
  let databaseFile: string;
  if (database.kind === 'postgres') {
    if (!database.url) throw new BackupError('The database has no connection string to dump it with');
    databaseFile = 'database.sql';
    await tool('pg_dump', ['--no-owner', '--no-privileges', '--file', path.join(dir, databaseFile), database.url]);
  } else {
    databaseFile = 'database.tar.gz';
    const dump = await database.pglite!.dumpDataDir('gzip');
    await fs.writeFile(path.join(dir, databaseFile), Buffer.from(await dump.arrayBuffer()));
  }
  const files: BackupManifest['files'] = [];
  for await (const key of storage.keys()) {
    const data = await storage.get(key);
    if (!data) continue; // deleted since it was listed
    const out = path.join(dir, 'files', key);
    await fs.mkdir(path.dirname(out), { recursive: true });
    await fs.writeFile(out, data);
    files.push({ key, size: data.length, sha256: sha256(data) });
  }
  const manifest: BackupManifest = {
    format: 1,
    createdAt: new Date().toISOString(),
    database: database.kind,
    databaseFile,
    databaseSha256: sha256(await fs.readFile(path.join(dir, databaseFile))),
    files,
  };
  await fs.writeFile(path.join(dir, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
  return manifest;
}

/** Where a backup is restored: an empty PostgreSQL database, or an empty folder for the embedded one. */
export type RestoreTarget = { kind: 'postgres'; url: string } | { kind: 'pglite'; dataDir: string };

async function readManifest(dir: string): Promise<BackupManifest> {
  let manifest: BackupManifest;
  try {
    manifest = JSON.parse(await fs.readFile(path.join(dir, MANIFEST), 'utf8')) as BackupManifest;
  } catch {
    throw new BackupError(`${dir} holds no finished backup (${MANIFEST} is missing or unreadable)`);
  }
  if (manifest.format !== 1) throw new BackupError(`Unknown backup format ${String(manifest.format)}`);
  return manifest;
}

/** Reads a backed-up file and checks it against the manifest. */
async function checkedFile(dir: string, name: string, expected: string): Promise<Buffer> {
  const data = await fs.readFile(path.join(dir, name)).catch(() => {
    throw new BackupError(`The backup is missing ${name}`);
  });
  if (sha256(data) !== expected) throw new BackupError(`${name} differs from the backup's manifest (damaged?)`);
  return data;
}

async function postgresIsEmpty(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: string }>(
      `select count(*) as n from information_schema.tables where table_schema not in ('pg_catalog', 'information_schema')`,
    );
    return Number(rows[0]!.n) === 0;
  } finally {
    await client.end();
  }
}

/**
 * Restores the backup in `dir` into an empty database and an empty file store. Everything is
 * checked first (the manifest, every file's SHA-256, that both targets are empty), so a damaged
 * backup or a wrong target changes nothing. The database is restored in one transaction; the
 * files after it. The site then starts on it as usual (newer migrations run at start).
 */
export async function restore(dir: string, target: RestoreTarget, storage: FileStorage): Promise<BackupManifest> {
  const manifest = await readManifest(dir);
  if (manifest.database !== target.kind) {
    throw new BackupError(
      `This backup is of the ${manifest.database === 'pglite' ? 'embedded database' : 'PostgreSQL server'}: restore it into the same kind`,
    );
  }
  const databaseDump = await checkedFile(dir, manifest.databaseFile, manifest.databaseSha256);
  for (const f of manifest.files) await checkedFile(dir, path.join('files', f.key), f.sha256);
  const stored = await storage.keys()[Symbol.asyncIterator]().next();
  if (!stored.done)
    throw new BackupError(`The file store is not empty (it holds ${stored.value}): restore into an empty one`);
  if (target.kind === 'postgres') {
    if (!(await postgresIsEmpty(target.url)))
      throw new BackupError('The database is not empty: restore into a new one');
    await tool('psql', [
      '--no-psqlrc',
      '--quiet',
      '--set',
      'ON_ERROR_STOP=1',
      '--single-transaction',
      '--file',
      path.join(dir, manifest.databaseFile),
      target.url,
    ]);
  } else {
    if (!(await emptyFolder(target.dataDir))) {
      throw new BackupError(`${target.dataDir} is not empty: restore the embedded database into a new folder`);
    }
    const restored = await openDatabase({ dataDir: target.dataDir, loadDataDir: new Blob([databaseDump]) });
    await restored.close();
  }
  for (const f of manifest.files) await storage.put(f.key, await fs.readFile(path.join(dir, 'files', f.key)));
  return manifest;
}
