// What the site keeps beside the catalogue: feedback, the email outbox, facts about the server itself.
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { members } from './schema-accounts.js';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const feedback = pgTable('feedback', {
  id: serial('id').primaryKey(),
  memberId: integer('member_id').references(() => members.id, { onDelete: 'set null' }),
  content: text('content').notNull(),
  url: text('url'),
  userAgent: text('user_agent'),
  status: text('status').$type<'new' | 'seen' | 'done'>().notNull().default('new'),
  createdAt: createdAt(),
});

/** Mail waiting to be delivered; a worker claims rows with FOR UPDATE SKIP LOCKED. */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: serial('id').primaryKey(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    /** Extra headers (List-Unsubscribe on notice copies). */
    headers: jsonb('headers').$type<Record<string, string>>(),
    status: text('status').$type<'pending' | 'sent' | 'failed'>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    index('mail_outbox_pending_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} = 'pending'`),
  ],
);

/** Key-value facts the server keeps about itself, e.g. the last version that started. */
export const serverState = pgTable('server_state', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
