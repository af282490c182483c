import { and, eq, ne, sql } from 'drizzle-orm';
import type { PluginAbilities, ReviewInspection } from '@bm/core';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/client.js';
import { submissions } from '../../db/schema.js';
import {
  type BinaryInspection,
  InspectionRefused,
  abilitiesOf,
  inspectBinary,
  keepForInspection,
  reviewInspection,
} from './inspection.js';
import { BINARY_ZIP_LIMITS, checkBinaryZip } from './zip.js';

/** The columns of a version row that its inspection comes from. */
export interface InspectedRow {
  id: number;
  versionString: string | null;
  binaryKey: string | null;
  binaryInspection: BinaryInspection | null;
}

type Ctx = Pick<AppContext, 'db' | 'storage' | 'log'>;

/**
 * A version's inspection: the one stored with its binary, or, for a binary stored before
 * inspections were kept, read once from the stored file and recorded. A stored DLL that would be
 * refused today is left out of it (and logged); null when there is no binary to read.
 */
export async function storedInspection(ctx: Ctx, row: InspectedRow): Promise<BinaryInspection | null> {
  if (row.binaryInspection) return row.binaryInspection;
  if (!row.binaryKey) return null;
  const data = await ctx.storage.get(row.binaryKey);
  const inspection = data
    ? await inspectBinaryZip(data, (reason) =>
        ctx.log.warn({ submissionId: row.id, reason }, 'Stored DLL left out of its inspection'),
      )
    : null;
  if (!inspection) {
    ctx.log.warn({ submissionId: row.id, key: row.binaryKey }, 'Version binary missing or unreadable: not inspected');
    return null;
  }
  await ctx.db
    .update(submissions)
    .set({ binaryInspection: inspection })
    .where(and(eq(submissions.id, row.id), eq(submissions.binaryKey, row.binaryKey)));
  return inspection;
}

/**
 * Reads every DLL of a binary ZIP not checked here (stored before inspections were kept, demo data),
 * leaving out, with `skipped` told why, a DLL that would be refused today. Null for a ZIP that no
 * longer passes the check.
 */
export async function inspectBinaryZip(
  data: Buffer,
  skipped: (reason: string) => void = () => undefined,
): Promise<BinaryInspection | null> {
  const checked = await checkBinaryZip(data, BINARY_ZIP_LIMITS, keepForInspection).catch(() => null);
  if (!checked) return null;
  const readable = checked.kept.filter((f) => {
    try {
      inspectBinary([f]);
      return true;
    } catch (e) {
      if (!(e instanceof InspectionRefused)) throw e;
      skipped(e.message);
      return false;
    }
  });
  return inspectBinary(readable);
}

const inspectedColumns = {
  id: submissions.id,
  versionString: submissions.versionString,
  binaryKey: submissions.binaryKey,
  binaryInspection: submissions.binaryInspection,
};

/** The plugin's latest approved version with a binary, other than `except`. */
async function lastApproved(db: Db, pluginId: number, except: number): Promise<InspectedRow | null> {
  const [row] = await db
    .select(inspectedColumns)
    .from(submissions)
    .where(
      and(
        eq(submissions.pluginId, pluginId),
        eq(submissions.status, 'a'),
        ne(submissions.id, except),
        sql`${submissions.binaryKey} is not null`,
      ),
    )
    .orderBy(sql`${submissions.approvedAt} desc nulls last`, sql`${submissions.id} desc`)
    .limit(1);
  return row ?? null;
}

/**
 * What the review detail shows of a submission's binary, compared with the plugin's last approved
 * version; `attached` is a binary the moderator is attaching now (not stored yet). Null without a binary.
 */
export async function inspectionForReview(
  ctx: Ctx,
  sub: InspectedRow & { pluginId: number },
  attached?: BinaryInspection,
): Promise<ReviewInspection | null> {
  const current = attached ?? (await storedInspection(ctx, sub));
  if (!current) return null;
  const previousRow = await lastApproved(ctx.db, sub.pluginId, sub.id);
  const previous = previousRow ? await storedInspection(ctx, previousRow) : null;
  return reviewInspection(
    current,
    previousRow && previous
      ? { submissionId: previousRow.id, version: previousRow.versionString, inspection: previous }
      : null,
  );
}

/** The plain summary of a plugin's live version for its page; null before the first or when it was not inspected. */
export async function liveAbilities(db: Db, pluginId: number): Promise<PluginAbilities | null> {
  const row = await lastApproved(db, pluginId, 0);
  return row?.binaryInspection ? abilitiesOf(row.binaryInspection) : null;
}
