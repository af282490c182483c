// Car catalogue tables (issue: car catalogue).
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import type { CarLoadout } from '@bm/core';
import { members } from './schema-accounts.js';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const cars = pgTable(
  'cars',
  {
    id: serial('id').primaryKey(),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** Stored without whitespace, exactly as it is copied. */
    code: text('code').notNull(),
    /** Markdown. */
    description: text('description').notNull().default(''),
    bannerKey: text('banner_key'),
    /** The decoded code, refreshed whenever the code changes. */
    loadout: jsonb('loadout').$type<CarLoadout>().notNull(),
    /** The blue team's body product id, taken from the loadout: what the body filter reads. */
    bodyProductId: integer('body_product_id'),
    views: integer('views').notNull().default(0),
    codeCopies: integer('code_copies').notNull().default(0),
    upvotes: integer('upvotes').notNull().default(0),
    downvotes: integer('downvotes').notNull().default(0),
    ratingSum: integer('rating_sum').notNull().default(0),
    ratingCount: integer('rating_count').notNull().default(0),
    isPinned: boolean('is_pinned').notNull().default(false),
    /** 'A' (and 'I') show as active; any other letter hides the car from everyone but its owner. */
    status: text('status').notNull().default('A'),
    isPublic: boolean('is_public').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => {
    // Lists, search and the body menu only ever show these; the partial indexes hold just them.
    const listed = sql`${t.status} in ('A', 'I') and ${t.isPublic}`;
    return [
      check('cars_name_len', sql`char_length(${t.name}) between 1 and 64`),
      check('cars_description_len', sql`char_length(${t.description}) <= 5000`),
      check('cars_status_letter', sql`${t.status} ~ '^[A-Z]$'`),
      check(
        'cars_counters_not_negative',
        sql`${t.views} >= 0 and ${t.codeCopies} >= 0 and ${t.upvotes} >= 0 and ${t.downvotes} >= 0 and ${t.ratingSum} >= 0 and ${t.ratingCount} >= 0`,
      ),
      index('cars_member_idx').on(
        t.memberId,
        t.isPinned.desc(),
        t.codeCopies.desc(),
        t.views.desc(),
        t.updatedAt.desc(),
      ),
      index('cars_listed_views_idx').on(t.views.desc(), t.id.desc()).where(listed),
      index('cars_listed_name_idx')
        .on(sql`lower(${t.name})`, t.id)
        .where(listed),
      index('cars_listed_created_idx').on(t.createdAt.desc(), t.id.desc()).where(listed),
      index('cars_listed_updated_idx').on(t.updatedAt.desc(), t.id.desc()).where(listed),
      index('cars_listed_body_idx').on(t.bodyProductId, t.views.desc()).where(listed),
      index('cars_name_trgm_idx').using('gin', sql`lower(${t.name}) gin_trgm_ops`),
      index('cars_description_trgm_idx').using('gin', sql`lower(${t.description}) gin_trgm_ops`),
    ];
  },
);

/** One vote per member and car; voting N deletes the row. */
export const carVotes = pgTable(
  'car_votes',
  {
    carId: integer('car_id')
      .notNull()
      .references(() => cars.id, { onDelete: 'cascade' }),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    vote: text('vote').$type<'U' | 'D'>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.carId, t.memberId] }),
    check('car_votes_vote_letter', sql`${t.vote} in ('U', 'D')`),
    index('car_votes_member_idx').on(t.memberId),
  ],
);

/** One rating per member and car; rating again replaces the stars. */
export const carRatings = pgTable(
  'car_ratings',
  {
    carId: integer('car_id')
      .notNull()
      .references(() => cars.id, { onDelete: 'cascade' }),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    stars: smallint('stars').notNull(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.carId, t.memberId] }),
    check('car_ratings_stars_range', sql`${t.stars} between 1 and 5`),
    index('car_ratings_member_idx').on(t.memberId),
  ],
);

/**
 * Who was last counted for a car, and when: a member ('m:<id>') or an anonymous visitor
 * ('v:<HMAC-SHA256 of the IP address with the server secret>'). Views count once per
 * 24 hours, code copies once per 60 seconds; marks older than that are useless and pruned.
 */
const carCountMarks = (name: string) =>
  pgTable(
    name,
    {
      carId: integer('car_id')
        .notNull()
        .references(() => cars.id, { onDelete: 'cascade' }),
      visitor: text('visitor').notNull(),
      countedAt: timestamp('counted_at', { withTimezone: true }).notNull().defaultNow(),
    },
    (t) => [primaryKey({ columns: [t.carId, t.visitor] }), index(`${name}_counted_idx`).on(t.countedAt)],
  );

export const carViewMarks = carCountMarks('car_view_marks');
export const carCopyMarks = carCountMarks('car_copy_marks');

/** Per car and day (UTC), how many code copies and views were counted: what the author's chart draws. */
export const carDailyCounts = pgTable(
  'car_daily_counts',
  {
    carId: integer('car_id')
      .notNull()
      .references(() => cars.id, { onDelete: 'cascade' }),
    day: date('day').notNull(),
    copies: integer('copies').notNull().default(0),
    views: integer('views').notNull().default(0),
  },
  // The trending sort adds up the last 7 days of every item: read by day (docs/search.md).
  (t) => [primaryKey({ columns: [t.carId, t.day] }), index('car_daily_counts_day_idx').on(t.day)],
);
