// Coming-soon features and who follows them (modules/upcoming-features).
import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { members } from './schema-accounts.js';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** A coming-soon section or feature members can follow ('Notify me'). */
export const upcomingFeatures = pgTable('upcoming_features', {
  key: text('key').primaryKey(),
  name: text('name').notNull(),
  isCompleted: boolean('is_completed').notNull().default(false),
  completedAt: timestamp('completed_at', { withTimezone: true }),
  createdAt: createdAt(),
});

export const featureSubscriptions = pgTable(
  'feature_subscriptions',
  {
    featureKey: text('feature_key')
      .notNull()
      .references(() => upcomingFeatures.key, { onDelete: 'cascade' }),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('feature_subscriptions_pk').on(t.featureKey, t.memberId),
    index('feature_subscriptions_member_idx').on(t.memberId),
  ],
);
