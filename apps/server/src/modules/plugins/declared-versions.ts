import { eq, inArray } from 'drizzle-orm';
import { COMPATIBILITY_MESSAGES as C, DECLARED_GAME_VERSIONS_MAX, parseGameVersionIds } from '@bm/core';
import type { Db } from '../../db/client.js';
import { gameVersions, submissionGameVersions } from '../../db/schema.js';
import { badRequest } from '../../platform/errors.js';

/**
 * The game versions an author declares a version works with (docs/compatibility.md). The source
 * upload's `gameVersionIds` field: left out, the current game version (none while there is none);
 * given, exactly those (an empty value declares none). Unknown ids are a 400.
 */
export async function uploadGameVersionIds(db: Db, field: string | undefined): Promise<number[]> {
  if (field === undefined) {
    const [current] = await db.select({ id: gameVersions.id }).from(gameVersions).where(eq(gameVersions.current, true));
    return current ? [current.id] : [];
  }
  const ids = parseGameVersionIds(field);
  if (ids === 'invalid') throw badRequest(C.invalidGameVersionIds, 'gameVersionIds');
  return checkGameVersionIds(db, ids);
}

/** The ids, all of existing game versions (400 otherwise), without repeats. */
export async function checkGameVersionIds(db: Db, ids: number[]): Promise<number[]> {
  const unique = [...new Set(ids)];
  if (unique.length > DECLARED_GAME_VERSIONS_MAX) throw badRequest(C.tooManyGameVersionIds, 'gameVersionIds');
  if (!unique.length) return [];
  const found = await db.select({ id: gameVersions.id }).from(gameVersions).where(inArray(gameVersions.id, unique));
  if (found.length !== unique.length) throw badRequest(C.unknownGameVersion, 'gameVersionIds');
  return unique.sort((a, b) => a - b);
}

/** Replaces the declaration of version (submission) `submissionId`: call in the write's transaction. */
export async function declareGameVersions(tx: Db, submissionId: number, ids: number[]): Promise<void> {
  await tx.delete(submissionGameVersions).where(eq(submissionGameVersions.submissionId, submissionId));
  if (ids.length)
    await tx.insert(submissionGameVersions).values(ids.map((gameVersionId) => ({ submissionId, gameVersionId })));
}
