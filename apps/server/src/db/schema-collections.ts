// Collections (issue 29 item 1, modules/collections): a member's ordered lists of plugins and cars, and their followers.
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { members } from './schema-accounts.js';
import { cars } from './schema-cars.js';
import { plugins } from './schema-plugins.js';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const collections = pgTable(
  'collections',
  {
    id: serial('id').primaryKey(),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** Markdown. */
    description: text('description').notNull().default(''),
    /** public (listed), unlisted (anyone with the link), private (the owner only). */
    visibility: text('visibility').notNull(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('collections_member_idx').on(t.memberId, t.createdAt),
    index('collections_public_idx')
      .on(t.createdAt)
      .where(sql`${t.visibility} = 'public'`),
    check('collections_visibility', sql`${t.visibility} in ('public', 'unlisted', 'private')`),
  ],
);

/**
 * An item of a collection, in `position` order. `item_id` keeps the plugin's or car's id; the
 * foreign key beside it is set null when the plugin or car is deleted, so the owner still sees
 * that something was there (marked unavailable) until they remove it.
 */
export const collectionItems = pgTable(
  'collection_items',
  {
    id: serial('id').primaryKey(),
    collectionId: integer('collection_id')
      .notNull()
      .references(() => collections.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    itemId: integer('item_id').notNull(),
    pluginId: integer('plugin_id').references(() => plugins.id, { onDelete: 'set null' }),
    carId: integer('car_id').references(() => cars.id, { onDelete: 'set null' }),
    position: integer('position').notNull(),
    note: text('note'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('collection_items_item_uq').on(t.collectionId, t.kind, t.itemId),
    index('collection_items_order_idx').on(t.collectionId, t.position),
    index('collection_items_plugin_idx').on(t.pluginId),
    index('collection_items_car_idx').on(t.carId),
    check('collection_items_kind', sql`${t.kind} in ('plugin', 'car')`),
    check(
      'collection_items_one_target',
      sql`(${t.kind} = 'plugin' and ${t.carId} is null) or (${t.kind} = 'car' and ${t.pluginId} is null)`,
    ),
  ],
);

/** A member follows a collection: told when it gains an item. */
export const collectionFollows = pgTable(
  'collection_follows',
  {
    collectionId: integer('collection_id')
      .notNull()
      .references(() => collections.id, { onDelete: 'cascade' }),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.collectionId, t.memberId] }),
    index('collection_follows_member_idx').on(t.memberId, t.createdAt),
  ],
);
