// Rocket League game versions (modules/game-versions).
import { boolean, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';

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
