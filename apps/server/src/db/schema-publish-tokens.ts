// Publish tokens: long-lived, scoped credentials for an author's CI (modules/auth/publish-tokens.ts).
import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { members } from './schema-accounts.js';

/**
 * One row per token. The token itself is never stored: only its SHA-256 hash (looked up on every
 * use) and its first characters for display. A revoked row stays for the record and never works again.
 */
export const publishTokens = pgTable(
  'publish_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** `bmc_` and the first 8 characters of the secret part. */
    prefix: text('prefix').notNull(),
    tokenHash: text('token_hash').notNull(),
    scopes: text('scopes').array().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Written at most every few minutes (LAST_USED_EVERY_MS). */
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('publish_tokens_hash_idx').on(t.tokenHash), index('publish_tokens_member_idx').on(t.memberId)],
);
