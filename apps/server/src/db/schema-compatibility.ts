// Compatibility of plugins with game versions (modules/compatibility, docs/compatibility.md).
import { boolean, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { members } from './schema-accounts.js';
import { plugins, submissions } from './schema-plugins.js';
import { gameVersions } from './schema-game-versions.js';

/** A member's report that a plugin works (or not) with a game version: one per member, plugin and version. */
export const compatibilityReports = pgTable(
  'compatibility_reports',
  {
    pluginId: integer('plugin_id')
      .notNull()
      .references(() => plugins.id, { onDelete: 'cascade' }),
    gameVersionId: integer('game_version_id')
      .notNull()
      .references(() => gameVersions.id, { onDelete: 'cascade' }),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    works: boolean('works').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.pluginId, t.gameVersionId, t.memberId] }),
    index('compatibility_reports_member').on(t.memberId),
  ],
);

/**
 * What is known of a plugin on one game version, besides the author's declaration (which belongs to
 * each version: submission_game_versions): the members' report counts (kept with the reports, in
 * their transaction) and the last rebuild's result (written by the rebuilds, issue 25 item 3).
 */
export const pluginCompatibility = pgTable(
  'plugin_compatibility',
  {
    pluginId: integer('plugin_id')
      .notNull()
      .references(() => plugins.id, { onDelete: 'cascade' }),
    gameVersionId: integer('game_version_id')
      .notNull()
      .references(() => gameVersions.id, { onDelete: 'cascade' }),
    worksCount: integer('works_count').notNull().default(0),
    brokenCount: integer('broken_count').notNull().default(0),
    /** 'passed' | 'failed', null before any rebuild for this version. */
    rebuildStatus: text('rebuild_status', { enum: ['passed', 'failed'] }),
    rebuildLogUrl: text('rebuild_log_url'),
    rebuildFinishedAt: timestamp('rebuild_finished_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.pluginId, t.gameVersionId] }),
    index('plugin_compatibility_game_version').on(t.gameVersionId),
  ],
);

/** The author's declaration: the game versions one version (submission) of a plugin works with. */
export const submissionGameVersions = pgTable(
  'submission_game_versions',
  {
    submissionId: integer('submission_id')
      .notNull()
      .references(() => submissions.id, { onDelete: 'cascade' }),
    gameVersionId: integer('game_version_id')
      .notNull()
      .references(() => gameVersions.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.submissionId, t.gameVersionId] }),
    index('submission_game_versions_game_version').on(t.gameVersionId),
  ],
);
