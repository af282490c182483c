import type { Db } from '../../db/client.js';
import { moderationAudit, plugins, submissions } from '../../db/schema.js';
import { toIso } from '../plugins/index.js';

/** What the moderation services share: row types, dates, search patterns and the audit row every action leaves. */

export type SubmissionRow = typeof submissions.$inferSelect;
export type PluginRow = typeof plugins.$inferSelect;

export const iso = (v: Date | string | null) => (v === null ? null : toIso(v));
export const likePattern = (search: string) => `%${search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export async function audit(
  db: Db,
  entry: {
    actorId: number | null;
    action: string;
    submissionId?: number | null;
    pluginId?: number | null;
    carId?: number | null;
    note?: string | null;
    acknowledgedFlags?: string[] | null;
  },
) {
  await db.insert(moderationAudit).values({
    actorId: entry.actorId,
    action: entry.action,
    submissionId: entry.submissionId ?? null,
    pluginId: entry.pluginId ?? null,
    carId: entry.carId ?? null,
    note: entry.note ?? null,
    acknowledgedFlags: entry.acknowledgedFlags ?? null,
  });
}
