// npm run cli -- <command>: administration from a shell, against the configured database.
import 'dotenv/config';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { ROLE_NAMES } from '@bm/core';
import { loadConfig } from './config.js';
import { openDatabase } from './db/client.js';
import { memberRoles, members } from './db/schema.js';
import { storageFor } from './app-context.js';
import { backup, BackupError, restore } from './backup.js';
import { PROVENANCE_USAGE, builderKeyCommand, verifyCommand } from './cli-provenance.js';

const USAGE = `Usage:
  npm run cli -- grant-role <username> <administrator|moderator>
  npm run cli -- revoke-role <username> <administrator|moderator>
  npm run cli -- list-roles
  npm run cli -- backup <dir>     the database and every stored file into a new folder
  npm run cli -- restore <dir>    a backup into an empty database and file store (docs/ops/backups.md)
${PROVENANCE_USAGE}`;

async function main(argv: string[]) {
  const [command, username, role] = argv;
  // Offline commands: no settings, no database.
  if (command === 'verify') return verifyCommand(argv.slice(1));
  if (command === 'builder-key') return builderKeyCommand(argv.slice(1));
  if (command === 'backup' || command === 'restore') return backupCommand(command, username);
  if (!command || !['grant-role', 'revoke-role', 'list-roles'].includes(command)) return fail(USAGE);
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: path.join(config.dataDir, 'db') });
  try {
    await database.migrate();
    const db = database.db;
    if (command === 'list-roles') {
      const rows = await db
        .select({ username: members.username, role: memberRoles.role })
        .from(memberRoles)
        .innerJoin(members, eq(members.id, memberRoles.memberId))
        .orderBy(memberRoles.role, members.username);
      for (const r of rows) console.warn(`${r.role}\t${r.username}`);
      return 0;
    }
    if (!username || !role || !(ROLE_NAMES as readonly string[]).includes(role)) return fail(USAGE);
    const [member] = await db
      .select()
      .from(members)
      .where(eq(sql`lower(${members.username})`, username.toLowerCase()));
    if (!member) return fail(`No member named ${username}`);
    if (command === 'grant-role') {
      await db.insert(memberRoles).values({ memberId: member.id, role }).onConflictDoNothing();
      console.warn(`${member.username} is now ${role}`);
    } else {
      await db.delete(memberRoles).where(and(eq(memberRoles.memberId, member.id), eq(memberRoles.role, role)));
      console.warn(`${member.username} is no longer ${role}`);
    }
    return 0;
  } finally {
    await database.close();
  }
}

/** backup <dir> / restore <dir>, against the configured database and file store. */
async function backupCommand(command: 'backup' | 'restore', dir: string | undefined) {
  if (!dir) return fail(USAGE);
  const config = loadConfig();
  const storage = await storageFor(config);
  const folder = path.resolve(dir);
  const dataDir = path.join(config.dataDir, 'db');
  try {
    if (command === 'restore') {
      const target = config.databaseUrl
        ? { kind: 'postgres' as const, url: config.databaseUrl }
        : { kind: 'pglite' as const, dataDir };
      const m = await restore(folder, target, storage);
      console.warn(`Restored ${m.database} database and ${m.files.length} files from ${folder} (made ${m.createdAt})`);
      return 0;
    }
    const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir });
    try {
      const m = await backup(database, storage, folder);
      const bytes = m.files.reduce((n, f) => n + f.size, 0);
      console.warn(`Backed up the ${m.database} database and ${m.files.length} files (${bytes} bytes) into ${folder}`);
      return 0;
    } finally {
      await database.close();
    }
  } catch (e) {
    if (e instanceof BackupError) return fail(e.message);
    throw e;
  }
}

function fail(message: string) {
  console.error(message);
  return 2;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (e) => {
    console.error(e instanceof Error ? e.message : e);
    process.exit(1);
  },
);
