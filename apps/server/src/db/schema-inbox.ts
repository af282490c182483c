// A member's inbox (modules/inbox).
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { members } from './schema-accounts.js';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

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
