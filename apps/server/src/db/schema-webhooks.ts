// Webhook deliveries to and from the builder, kept for the admin screen and idempotency.
import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { submissions } from './schema-plugins.js';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

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
