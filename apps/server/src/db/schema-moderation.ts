// Moderation: the audit trail of every decision and members' reports of plugins.
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { members } from './schema-accounts.js';
import { cars } from './schema-cars.js';
import { plugins, submissions } from './schema-plugins.js';

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

/** A member's report of a plugin: one open report per member and plugin. */
export const pluginReports = pgTable(
  'plugin_reports',
  {
    id: serial('id').primaryKey(),
    pluginId: integer('plugin_id')
      .notNull()
      .references(() => plugins.id, { onDelete: 'cascade' }),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    /** One of PLUGIN_REPORT_REASONS (core). */
    reason: text('reason').notNull(),
    details: text('details').notNull().default(''),
    status: text('status').$type<'open' | 'dismissed' | 'actioned'>().notNull().default('open'),
    resolvedById: integer('resolved_by_id').references(() => members.id, { onDelete: 'set null' }),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    check('plugin_reports_status', sql`${t.status} in ('open', 'dismissed', 'actioned')`),
    uniqueIndex('plugin_reports_open_idx')
      .on(t.pluginId, t.memberId)
      .where(sql`${t.status} = 'open'`),
    index('plugin_reports_status_idx').on(t.status, t.pluginId),
  ],
);
