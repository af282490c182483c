// Moderation, builds, reports, jobs, webhooks and the inbox (issues: publish loop, inbox).
import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { members } from './schema.js';
import { plugins, submissions } from './schema-plugins.js';
import { cars } from './schema-cars.js';

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

/**
 * Background work shared by every instance: claimed with FOR UPDATE SKIP LOCKED, retried with
 * backoff, and kept as 'dead' after its last attempt so that the admin screen can show it.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: text('kind').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    status: text('status').$type<'pending' | 'running' | 'done' | 'dead'>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(8),
    runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    /** At most one unfinished job per key (e.g. 'build-timeout:42'). */
    dedupeKey: text('dedupe_key'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('jobs_status', sql`${t.status} in ('pending', 'running', 'done', 'dead')`),
    index('jobs_due_idx')
      .on(t.runAt)
      .where(sql`${t.status} in ('pending', 'running')`),
    index('jobs_kind_status_idx').on(t.kind, t.status),
    uniqueIndex('jobs_dedupe_idx')
      .on(t.dedupeKey)
      .where(sql`${t.status} in ('pending', 'running')`),
  ],
);

/**
 * Webhook traffic in both directions: build jobs posted to the builder, its signed callbacks, and
 * test deliveries. Incoming callbacks are unique per delivery id (idempotency).
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: serial('id').primaryKey(),
    direction: text('direction').$type<'out' | 'in'>().notNull(),
    /** build, callback, test */
    kind: text('kind').notNull(),
    url: text('url').notNull(),
    deliveryId: text('delivery_id').notNull(),
    submissionId: integer('submission_id').references(() => submissions.id, { onDelete: 'set null' }),
    requestBody: text('request_body').notNull(),
    statusCode: integer('status_code'),
    responseBody: text('response_body'),
    latencyMs: integer('latency_ms'),
    error: text('error'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('webhook_deliveries_in_idx')
      .on(t.deliveryId)
      .where(sql`${t.direction} = 'in'`),
    index('webhook_deliveries_created_idx').on(t.createdAt),
  ],
);

/** A member's inbox (the spec's Mail message): status U unread, O opened. */
export const mailMessages = pgTable(
  'mail_messages',
  {
    id: serial('id').primaryKey(),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    subject: text('subject').notNull(),
    /** Markdown. */
    body: text('body').notNull(),
    /** Shown as the sender ('BakkesMod Community', a moderator's name...). */
    from: text('from_name').notNull(),
    /** plugin, comment, product, feature, staff */
    category: text('category').notNull(),
    status: text('status').$type<'U' | 'O'>().notNull().default('U'),
    isHidden: boolean('is_hidden').notNull().default(false),
    /** Where the message points (a plugin's manage page...), if anywhere. */
    link: text('link'),
    createdAt: createdAt(),
  },
  (t) => [
    check('mail_messages_status', sql`${t.status} in ('U', 'O')`),
    index('mail_messages_member_idx').on(t.memberId, t.isHidden, t.createdAt.desc()),
    index('mail_messages_unread_idx')
      .on(t.memberId)
      .where(sql`${t.status} = 'U' and not ${t.isHidden}`),
  ],
);

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
