import { and, count, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import {
  MAIL_EVENT,
  MAIL_MESSAGES as M,
  type HiddenMailListQuery,
  type MailCategory,
  type MailEventName,
  type MailListQuery,
  type MailMessageDetail,
  type MailPage,
} from '@bm/core';
import { renderMarkdown } from '@bm/core/markdown';
import type { AppContext } from '../../context.js';
import { mailMessages } from '../../db/schema.js';
import { notFound } from '../../platform/errors.js';
import { toMailMessage } from '../notifications/index.js';

/** A search text as an ILIKE pattern that matches it literally. */
const likePattern = (search: string) => `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The search of the spec: subject, body or sender contains the (trimmed) text, case-insensitively. */
function searchOn(search: string | undefined): SQL | undefined {
  if (!search) return undefined;
  const p = likePattern(search);
  return or(ilike(mailMessages.subject, p), ilike(mailMessages.body, p), ilike(mailMessages.from, p));
}

/** A member's inbox: every call reads and changes only the caller's own messages. */
export class InboxService {
  constructor(private readonly ctx: AppContext) {}

  private async page(where: SQL, page: number, pageSize: number): Promise<MailPage> {
    const [rows, [total]] = await Promise.all([
      this.ctx.db
        .select()
        .from(mailMessages)
        .where(where)
        .orderBy(desc(mailMessages.createdAt), desc(mailMessages.id))
        .limit(pageSize)
        .offset((page - 1) * pageSize),
      this.ctx.db.select({ n: count() }).from(mailMessages).where(where),
    ]);
    return { items: rows.map(toMailMessage), totalCount: Number(total?.n ?? 0) };
  }

  list(memberId: number, q: MailListQuery): Promise<MailPage> {
    const where = and(
      eq(mailMessages.memberId, memberId),
      eq(mailMessages.isHidden, false),
      q.category ? eq(mailMessages.category, q.category) : undefined,
      searchOn(q.search),
    )!;
    return this.page(where, q.page, q.pageSize);
  }

  hidden(memberId: number, q: HiddenMailListQuery): Promise<MailPage> {
    return this.page(
      and(eq(mailMessages.memberId, memberId), eq(mailMessages.isHidden, true), searchOn(q.search))!,
      q.page,
      q.pageSize,
    );
  }

  /** Categories of the visible (not hidden) inbox, with their message and unread counts. */
  async categories(memberId: number): Promise<MailCategory[]> {
    const rows = await this.ctx.db
      .select({
        category: mailMessages.category,
        count: sql<number>`count(*)::int`,
        unread: sql<number>`(count(*) filter (where ${mailMessages.status} = 'U'))::int`,
      })
      .from(mailMessages)
      .where(and(eq(mailMessages.memberId, memberId), eq(mailMessages.isHidden, false)))
      .groupBy(mailMessages.category)
      .orderBy(mailMessages.category);
    return rows.map((r) => ({ category: r.category, count: Number(r.count), unread: Number(r.unread) }));
  }

  /** Unread messages in the inbox (hidden ones are not counted), optionally within a search. */
  async unreadCount(memberId: number, search?: string): Promise<number> {
    const [row] = await this.ctx.db
      .select({ n: count() })
      .from(mailMessages)
      .where(
        and(
          eq(mailMessages.memberId, memberId),
          eq(mailMessages.status, 'U'),
          eq(mailMessages.isHidden, false),
          searchOn(search),
        ),
      );
    return Number(row?.n ?? 0);
  }

  private async own(memberId: number, id: number) {
    const [row] = await this.ctx.db
      .select()
      .from(mailMessages)
      .where(and(eq(mailMessages.id, id), eq(mailMessages.memberId, memberId)));
    // Another member's message answers as if it did not exist.
    if (!row) throw notFound(M.notFound);
    return row;
  }

  /** Opening a message marks it opened (O). */
  async open(memberId: number, id: number): Promise<MailMessageDetail> {
    const row = await this.own(memberId, id);
    if (row.status === 'U') await this.markRead(memberId, id);
    return { ...toMailMessage({ ...row, status: 'O' }), bodyHtml: await renderMarkdown(row.body) };
  }

  async markRead(memberId: number, id: number): Promise<void> {
    await this.change(memberId, id, { status: 'O' }, 'MailRead');
  }

  async hide(memberId: number, id: number): Promise<void> {
    await this.change(memberId, id, { isHidden: true }, 'MailHidden');
  }

  async unhide(memberId: number, id: number): Promise<void> {
    await this.change(memberId, id, { isHidden: false }, 'MailUnhidden');
  }

  /** Applies the change to the caller's own message, then tells the member's open tabs with the new unread count. */
  private async change(
    memberId: number,
    id: number,
    set: Partial<typeof mailMessages.$inferInsert>,
    event: MailEventName,
  ) {
    const updated = await this.ctx.db
      .update(mailMessages)
      .set(set)
      .where(and(eq(mailMessages.id, id), eq(mailMessages.memberId, memberId)))
      .returning({ id: mailMessages.id });
    if (updated.length === 0) throw notFound(M.notFound);
    const unread = await this.unreadCount(memberId);
    this.ctx.hub.toMember(memberId, MAIL_EVENT, { event, data: { id }, unread });
  }
}
