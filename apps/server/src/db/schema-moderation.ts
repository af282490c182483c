// Moderation: the audit trail of every decision and members' reports of plugins, cars and comments.
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { members } from './schema-accounts.js';
import { cars } from './schema-cars.js';
import { pluginComments, plugins, submissions } from './schema-plugins.js';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/**
 * Every moderation action, and every build state change, as a row: who (null for the build
 * server or the system), what, on which submission/plugin/car, with the note given.
 */
export const moderationAudit = pgTable(
  'moderation_audit',
  {
    id: serial('id').primaryKey(),
    actorId: integer('actor_id').references(() => members.id, { onDelete: 'set null' }),
    /** approve, reject, hide, unhide, claim, takeover, dismiss-reports, hide-plugin, restore-plugin, hide-car, restore-car, build-* */
    action: text('action').notNull(),
    submissionId: integer('submission_id').references(() => submissions.id, { onDelete: 'set null' }),
    pluginId: integer('plugin_id').references(() => plugins.id, { onDelete: 'cascade' }),
    carId: integer('car_id').references(() => cars.id, { onDelete: 'cascade' }),
    note: text('note'),
    /** On an approval: the inspection flags the moderator acknowledged (acknowledgeFlags), e.g. 'risky:launch'. */
    acknowledgedFlags: text('acknowledged_flags').array(),
    createdAt: createdAt(),
  },
  (t) => [
    index('moderation_audit_submission_idx').on(t.submissionId, t.createdAt),
    index('moderation_audit_plugin_idx').on(t.pluginId, t.createdAt),
    index('moderation_audit_created_idx').on(t.createdAt),
  ],
);

/**
 * Members' reports, of a plugin, a car or a comment (`kind`; the one id of that kind is set): one
 * open report per member and item. The table keeps its first name, from when only plugins were
 * reported; the export is `reports` (`pluginReports` names the same table).
 */
export const reports = pgTable(
  'plugin_reports',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').$type<'plugin' | 'car' | 'comment'>().notNull().default('plugin'),
    pluginId: integer('plugin_id').references(() => plugins.id, { onDelete: 'cascade' }),
    carId: integer('car_id').references(() => cars.id, { onDelete: 'cascade' }),
    commentId: integer('comment_id').references(() => pluginComments.id, { onDelete: 'cascade' }),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    /** One of the kind's reasons (core: PLUGIN_REPORT_REASONS, CAR_REPORT_REASONS, COMMENT_REPORT_REASONS). */
    reason: text('reason').notNull(),
    details: text('details').notNull().default(''),
    status: text('status').$type<'open' | 'dismissed' | 'actioned'>().notNull().default('open'),
    resolvedById: integer('resolved_by_id').references(() => members.id, { onDelete: 'set null' }),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    check('plugin_reports_status', sql`${t.status} in ('open', 'dismissed', 'actioned')`),
    check(
      'plugin_reports_kind_target',
      sql`(${t.kind} = 'plugin' and ${t.pluginId} is not null and ${t.carId} is null and ${t.commentId} is null)
        or (${t.kind} = 'car' and ${t.carId} is not null and ${t.pluginId} is null and ${t.commentId} is null)
        or (${t.kind} = 'comment' and ${t.commentId} is not null and ${t.pluginId} is null and ${t.carId} is null)`,
    ),
    uniqueIndex('plugin_reports_open_idx')
      .on(t.pluginId, t.memberId)
      .where(sql`${t.status} = 'open'`),
    uniqueIndex('reports_open_car_idx')
      .on(t.carId, t.memberId)
      .where(sql`${t.status} = 'open'`),
    uniqueIndex('reports_open_comment_idx')
      .on(t.commentId, t.memberId)
      .where(sql`${t.status} = 'open'`),
    index('plugin_reports_status_idx').on(t.status, t.pluginId),
    index('reports_status_car_idx').on(t.status, t.carId),
    index('reports_status_comment_idx').on(t.status, t.commentId),
  ],
);
/** The same table, by the name it had when only plugins were reported. */
export const pluginReports = reports;
