import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { and, asc, count, eq, gt, sql } from 'drizzle-orm';
import {
  DEFAULT_NOTIFICATION_PREFERENCES,
  type MailMessage,
  type NotificationPreferences,
  type ProductUpdateProgress,
  type ProductUpdateQueued,
} from '@bm/core';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/client.js';
import { mailMessages, members } from '../../db/schema.js';
import { serverT } from '../../i18n/index.js';
import { enqueueMail } from '../../platform/mailer.js';
import { noticeMail } from './mail-template.js';
import { noticeText, type Notice, type NoticeKind } from './notice.js';

export type { Notice, NoticeKind, NoticeText } from './notice.js';

// The context names the service here, not in context.ts, so that context.ts imports no module (no circle).
declare module '../../context.js' {
  interface AppContext {
    /** The one way to tell a member something (inbox message, email copy, MailEvent). */
    notifications: NotificationService;
  }
}
import { readUnsubscribeToken, type UnsubscribablePreference, unsubscribeUrl } from './unsubscribe.js';

const CATEGORY: Record<NoticeKind, string> = {
  pluginApproved: 'plugin',
  pluginDenied: 'plugin',
  buildFailed: 'plugin',
  pluginComment: 'comment',
  productUpdate: 'product',
  featureLaunched: 'feature',
  staffMessage: 'staff',
  followedUpdate: 'follow',
  newSignIn: 'security',
};

/** The sub-preference of pluginAll that gates each plugin notice. */
const PLUGIN_PREFERENCE: Partial<Record<NoticeKind, keyof NotificationPreferences>> = {
  pluginApproved: 'pluginApproved',
  pluginDenied: 'pluginDenied',
  buildFailed: 'buildFailures',
  pluginComment: 'pluginComments',
};

/** A stored inbox row as the API and MailEvent show it. */
export function toMailMessage(row: typeof mailMessages.$inferSelect): MailMessage {
  return {
    id: row.id,
    status: row.status,
    subject: row.subject,
    body: row.body,
    from: row.from,
    category: row.category,
    isHidden: row.isHidden,
    link: row.link,
    createdAt: row.createdAt.toISOString(),
  };
}

export const SITE_SENDER = 'BakkesMod Community';

/** Whether the member wants this notice at all (inbox), and an email copy of it. */
export function noticeWanted(kind: NoticeKind, stored: Partial<NotificationPreferences> | null | undefined) {
  const prefs = { ...DEFAULT_NOTIFICATION_PREFERENCES, ...(stored ?? {}) };
  const sub = PLUGIN_PREFERENCE[kind];
  let inbox = true;
  if (sub) inbox = prefs.pluginAll && prefs[sub];
  if (kind === 'productUpdate') inbox = prefs.productUpdates;
  if (kind === 'followedUpdate') inbox = prefs.followedUpdates;
  return { inbox, email: inbox && prefs.inboxNotifications };
}

/** The preference an email copy's unsubscribe link turns off. */
export const unsubscribePreferenceOf = (kind: NoticeKind): UnsubscribablePreference =>
  kind === 'productUpdate' ? 'productUpdates' : 'inboxNotifications';

/** The background job that sends a product update to every member who opted in, a batch per run. */
export const PRODUCT_UPDATE_JOB = 'product-update';
/** Members noticed per batch job run (one transaction each). */
export const NOTICE_BATCH = 100;

export const productUpdatePayload = z.object({
  subject: z.string(),
  body: z.string(),
  /** Members with a larger id are still to be noticed. */
  afterMemberId: z.number().int().min(0),
  /** Names the send across its batches (its progress is read by it); absent on jobs queued before it existed. */
  updateId: z.string().optional(),
  /** Members who had opted in when it was queued. */
  recipients: z.number().int().min(0).optional(),
  /** Members noticed by the batches before this one. */
  sent: z.number().int().min(0).optional(),
});
export type ProductUpdatePayload = z.infer<typeof productUpdatePayload>;

/** Members who want product updates: the audience of one. */
const optedInToProductUpdates = sql`(${members.notificationPreferences} ->> 'productUpdates') = 'true'`;

export interface SentNotice {
  messageId: number;
  /** Emits MailReceived to the member: call once the transaction that sent the notice has committed. */
  publish(): Promise<void>;
}

/**
 * The one way the site tells a member something: an inbox message, an email copy through the outbox
 * when the member wants one, and a MailEvent once it is stored. Every module sends notices here.
 */
export class NotificationService {
  constructor(private readonly ctx: AppContext) {}

  /**
   * Stores the notice in `db` (pass the caller's transaction so that it commits with the change it
   * reports). Null when the member's preferences turn this kind off.
   */
  async send(notice: Notice, db: Db = this.ctx.db): Promise<SentNotice | null> {
    const [member] = await db
      .select({
        email: members.email,
        verified: members.emailVerifiedAt,
        prefs: members.notificationPreferences,
        username: members.username,
        locale: members.locale,
      })
      .from(members)
      .where(eq(members.id, notice.memberId));
    if (!member) return null;
    const wanted = noticeWanted(notice.kind, member.prefs as Partial<NotificationPreferences> | null);
    if (!wanted.inbox) return null;
    // Written once, in the member's language (else English), for the inbox and the email alike.
    const t = serverT(member.locale);
    const written = { ...notice, subject: noticeText(notice.subject, t), body: noticeText(notice.body, t) };
    const [row] = await db
      .insert(mailMessages)
      .values({
        memberId: notice.memberId,
        subject: written.subject,
        body: written.body,
        from: notice.from ?? SITE_SENDER,
        category: CATEGORY[notice.kind],
        link: notice.link ?? null,
      })
      .returning({ id: mailMessages.id });
    if (wanted.email && member.email && member.verified) {
      const preference = unsubscribePreferenceOf(notice.kind);
      const url = unsubscribeUrl(
        this.ctx.config.publicUrl,
        this.ctx.config.keys.unsubscribe,
        notice.memberId,
        preference,
      );
      await enqueueMail(
        db,
        noticeMail(this.ctx.config.publicUrl, member.email, member.username, written, { url, preference }, t),
      );
    }
    const messageId = row!.id;
    return { messageId, publish: () => this.publish(notice.memberId, messageId) };
  }

  /** Sends and publishes at once (for callers without a transaction of their own). */
  async sendNow(notice: Notice): Promise<number | null> {
    const sent = await this.send(notice);
    await sent?.publish();
    return sent?.messageId ?? null;
  }

  /** How many members a product update would reach now. */
  async productUpdateAudience(): Promise<number> {
    const [row] = await this.ctx.db.select({ n: count() }).from(members).where(optedInToProductUpdates);
    return Number(row?.n ?? 0);
  }

  /** Queues a product update to every member who asked for them; the job sends it in batches. */
  async queueProductUpdate(subject: string, body: string): Promise<ProductUpdateQueued> {
    const recipients = await this.productUpdateAudience();
    const updateId = randomUUID();
    const payload: ProductUpdatePayload = { subject, body, afterMemberId: 0, updateId, recipients, sent: 0 };
    await this.ctx.jobs.enqueue(PRODUCT_UPDATE_JOB, { ...payload });
    return { queued: true, id: updateId, recipients };
  }

  /** Where the batched send of a product update has got to, read from its newest job; null for an unknown id. */
  async productUpdateProgress(updateId: string): Promise<ProductUpdateProgress | null> {
    const job = await this.ctx.jobs.latest(PRODUCT_UPDATE_JOB, { updateId });
    if (!job) return null;
    const recipients = Number(job.payload.recipients ?? 0);
    const sent = Number(job.payload.sent ?? 0);
    if (job.status === 'dead') return { id: updateId, recipients, sent, state: 'failed' };
    // The newest batch done means the last one: it queued no next batch.
    if (job.status === 'done') return { id: updateId, recipients, sent: Math.max(sent, recipients), state: 'done' };
    return { id: updateId, recipients, sent: Math.min(sent, recipients), state: 'sending' };
  }

  /** One batch of a product update to the members who opted in (sendBatch). */
  async sendProductUpdateBatch(payload: ProductUpdatePayload): Promise<void> {
    await this.sendBatch({
      job: PRODUCT_UPDATE_JOB,
      payload,
      recipients: async (tx, afterMemberId, limit) =>
        (
          await tx
            .select({ id: members.id })
            .from(members)
            .where(and(gt(members.id, afterMemberId), optedInToProductUpdates))
            .orderBy(asc(members.id))
            .limit(limit)
        ).map((r) => r.id),
      notice: (memberId) => ({ memberId, kind: 'productUpdate', subject: payload.subject, body: payload.body }),
    });
  }

  /**
   * The one batched sender of a notice to many members: the next NOTICE_BATCH recipients (by member
   * id, after payload.afterMemberId) get their notice and the job for the rest is queued, in one
   * transaction. A failed run rolls back whole and is retried, so everyone gets it exactly once.
   */
  async sendBatch<P extends { afterMemberId: number; sent?: number }>(batch: {
    job: string;
    payload: P;
    recipients: (tx: Db, afterMemberId: number, limit: number) => Promise<number[]>;
    notice: (memberId: number) => Notice;
  }): Promise<void> {
    const published: SentNotice[] = [];
    await this.ctx.db.transaction(async (tx) => {
      const ids = await batch.recipients(tx, batch.payload.afterMemberId, NOTICE_BATCH);
      for (const memberId of ids) {
        const sent = await this.send(batch.notice(memberId), tx);
        if (sent) published.push(sent);
      }
      if (ids.length === NOTICE_BATCH) {
        const rest = {
          ...batch.payload,
          afterMemberId: ids[ids.length - 1]!,
          sent: (batch.payload.sent ?? 0) + ids.length,
        };
        await this.ctx.jobs.enqueue(batch.job, rest, {}, tx);
      }
    });
    for (const sent of published) await sent.publish();
  }

  /**
   * Turns off the preference named by an email's signed unsubscribe link (no sign-in). Null when the
   * token does not check out or its member is gone; the preference it turned off otherwise.
   */
  async unsubscribe(token: string): Promise<UnsubscribablePreference | null> {
    const claim = readUnsubscribeToken(this.ctx.config.keys.unsubscribe, token);
    if (!claim) return null;
    return this.ctx.db.transaction(async (tx) => {
      const [member] = await tx
        .select({ prefs: members.notificationPreferences })
        .from(members)
        .where(eq(members.id, claim.memberId))
        .for('update');
      if (!member) return null;
      const prefs = { ...DEFAULT_NOTIFICATION_PREFERENCES, ...(member.prefs ?? {}), [claim.preference]: false };
      await tx.update(members).set({ notificationPreferences: prefs }).where(eq(members.id, claim.memberId));
      return claim.preference;
    });
  }

  /** MailEvent MailReceived with the message and the new unread count. */
  private async publish(memberId: number, messageId: number) {
    try {
      const [msg] = await this.ctx.db.select().from(mailMessages).where(eq(mailMessages.id, messageId));
      if (!msg) return;
      const unread = await this.unreadCount(memberId);
      this.ctx.hub.toMember(memberId, 'MailEvent', {
        event: 'MailReceived',
        data: toMailMessage(msg),
        unread,
      });
    } catch (err) {
      // The message is stored; the live event is a nicety that a reload makes up for.
      this.ctx.log.warn({ err, memberId, messageId }, 'MailReceived not published');
    }
  }

  async unreadCount(memberId: number): Promise<number> {
    const [row] = await this.ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(mailMessages)
      .where(and(eq(mailMessages.memberId, memberId), eq(mailMessages.status, 'U'), eq(mailMessages.isHidden, false)));
    return Number(row?.n ?? 0);
  }
}
