// Follows (issue 25 item 4, modules/follows): members following plugins and other members.
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, timestamp } from 'drizzle-orm/pg-core';
import { members } from './schema-accounts.js';
import { plugins } from './schema-plugins.js';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** A member follows a plugin: told of its new versions and of its status on the current game version. */
export const pluginFollows = pgTable(
  'plugin_follows',
  {
    pluginId: integer('plugin_id')
      .notNull()
      .references(() => plugins.id, { onDelete: 'cascade' }),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  // The key starts with the plugin (its followers, counted and walked by member id); the index serves "what I follow".
  (t) => [
    primaryKey({ columns: [t.pluginId, t.memberId] }),
    index('plugin_follows_member_idx').on(t.memberId, t.createdAt),
  ],
);

/** A member follows another member: told of their newly published plugins; never oneself. */
export const memberFollows = pgTable(
  'member_follows',
  {
    followedId: integer('followed_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    followerId: integer('follower_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.followedId, t.followerId] }),
    index('member_follows_follower_idx').on(t.followerId, t.createdAt),
    check('member_follows_not_self', sql`${t.followedId} <> ${t.followerId}`),
  ],
);
