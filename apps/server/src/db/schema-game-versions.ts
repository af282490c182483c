// Rocket League game versions (modules/game-versions).
import { boolean, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { plugins, submissions } from './schema-plugins.js';

/** A Rocket League release and the BakkesMod build that supports it; at most one is current. */
export const gameVersions = pgTable(
  'game_versions',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    bakkesmodVersion: text('bakkesmod_version').notNull(),
    releasedAt: timestamp('released_at', { withTimezone: true }).notNull().defaultNow(),
    current: boolean('current').notNull().default(false),
  },
  (t) => [
    uniqueIndex('game_versions_name_key').on(sql`lower(${t.name})`),
    // The database itself refuses a second current version, whatever the code does.
    uniqueIndex('game_versions_one_current')
      .on(t.current)
      .where(sql`${t.current}`),
  ],
);

/** A rebuild of every approved plugin with a source against a game version (docs/game-versions.md, Rebuilds). */
export const rebuildRuns = pgTable('rebuild_runs', {
  id: serial('id').primaryKey(),
  gameVersionId: integer('game_version_id')
    .notNull()
    .references(() => gameVersions.id, { onDelete: 'cascade' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** One plugin of a rebuild run: the live version's source sent to the builder, and its result. */
export const rebuildItems = pgTable(
  'rebuild_items',
  {
    id: serial('id').primaryKey(),
    runId: integer('run_id')
      .notNull()
      .references(() => rebuildRuns.id, { onDelete: 'cascade' }),
    pluginId: integer('plugin_id')
      .notNull()
      .references(() => plugins.id, { onDelete: 'cascade' }),
    submissionId: integer('submission_id')
      .notNull()
      .references(() => submissions.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ['queued', 'building', 'passed', 'failed'] })
      .notNull()
      .default('queued'),
    /** The builder's log in the file store, once finished. */
    logKey: text('log_key'),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [index('rebuild_items_run_idx').on(t.runId), index('rebuild_items_status_idx').on(t.status)],
);
