import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { submissions } from '../../db/schema.js';
import { type BinaryHashes, hashBinaryZip } from './zip.js';

/** The columns of a version row that its hashes come from. */
export interface HashedVersionRow {
  id: number;
  binaryKey: string | null;
  binarySha256: string | null;
  binaryFiles: BinaryHashes['binaryFiles'] | null;
}

/**
 * A version's hashes: the ones stored with its binary, or, for a version stored before hashes were
 * kept, computed once from the stored file on first read and recorded (the row keeps them after).
 */
export async function versionHashes(
  ctx: Pick<AppContext, 'db' | 'storage' | 'log'>,
  row: HashedVersionRow,
): Promise<{ sha256: string; files: BinaryHashes['binaryFiles'] }> {
  if (row.binarySha256 && row.binaryFiles) return { sha256: row.binarySha256, files: row.binaryFiles };
  const data = row.binaryKey ? await ctx.storage.get(row.binaryKey) : null;
  if (!data) {
    ctx.log.error({ submissionId: row.id, key: row.binaryKey }, 'Version binary missing: no hash to answer');
    return { sha256: '', files: [] };
  }
  const hashes = await hashBinaryZip(data);
  await ctx.db
    .update(submissions)
    .set(hashes)
    .where(and(eq(submissions.id, row.id), eq(submissions.binaryKey, row.binaryKey!)));
  return { sha256: hashes.binarySha256, files: hashes.binaryFiles };
}
