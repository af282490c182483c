// Webhook deliveries to and from the builder and to the administrators' release endpoints, kept for
// the admin screen and idempotency; and those endpoints.
import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { submissions } from './schema-plugins.js';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/**
 * Outbound webhooks an administrator adds at /admin/webhooks: where to post which release events
 * (plugin.published, plugin.updated, car.published), signed with the endpoint's own secret, kept
 * sealed (AES-256-GCM under the webhookSecrets key, modules/webhooks/secrets.ts).
 */
export const webhookEndpoints = pgTable('webhook_endpoints', {
  id: serial('id').primaryKey(),
  url: text('url').notNull(),
  events: text('events').array().notNull(),
  secretSealed: text('secret_sealed').notNull(),
  active: boolean('active').notNull().default(true),
  createdAt: createdAt(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Webhook traffic in both directions: build jobs posted to the builder, its signed callbacks, and
 * test deliveries. Incoming callbacks are unique per delivery id (idempotency).
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: serial('id').primaryKey(),
    direction: text('direction').$type<'out' | 'in'>().notNull(),
    /** build, callback, test, or a release event (plugin.published, plugin.updated, car.published) */
    kind: text('kind').notNull(),
    url: text('url').notNull(),
    deliveryId: text('delivery_id').notNull(),
    submissionId: integer('submission_id').references(() => submissions.id, { onDelete: 'set null' }),
    /** A release event's endpoint: its secret signs a redelivery. */
    endpointId: integer('endpoint_id').references(() => webhookEndpoints.id, { onDelete: 'set null' }),
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
