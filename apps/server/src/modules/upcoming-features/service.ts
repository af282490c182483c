import { z } from 'zod';
import { and, asc, count, eq, gt } from 'drizzle-orm';
import { MAIL_MESSAGES as M, type SubscribersPage, type UpcomingFeature } from '@bm/core';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/client.js';
import { featureSubscriptions, members, upcomingFeatures } from '../../db/schema.js';
import { englishT } from '../../i18n/index.js';
import { notFound } from '../../platform/errors.js';
import { NOTICE_BATCH, SITE_SENDER, type Notice } from '../notifications/index.js';

/** The coming-soon sections of the site: present on every database (added at start if missing). */
export const COMING_SOON_FEATURES = [
  { key: 'maps', name: 'Maps' },
  { key: 'tools', name: 'Tools' },
  { key: 'community', name: 'Community' },
] as const;

/** The background job that sends one notice to every subscriber of a feature, a batch per run. */
export const FEATURE_NOTICE_JOB = 'feature-notice';
/** Subscribers noticed per job run (one transaction each). */
export const FEATURE_NOTICE_BATCH = NOTICE_BATCH;

export const featureNoticePayload = z.object({
  feature: z.string(),
  kind: z.enum(['featureLaunched', 'staffMessage']),
  /** As written for a staff message; the English of a launch notice queued before featureName existed. */
  subject: z.string(),
  body: z.string(),
  /** A launch notice: the feature's name, its texts written in each subscriber's language when sent. */
  featureName: z.string().optional(),
  link: z.string().optional(),
  from: z.string().optional(),
  afterMemberId: z.number().int().min(0),
});
/** Subscribers with a larger member id than afterMemberId are still to be noticed. */
export type FeatureNoticePayload = z.infer<typeof featureNoticePayload>;

/** A launch notice's texts in each subscriber's language; a staff message (or an older job) as written. */
function launchText(payload: FeatureNoticePayload): Pick<Notice, 'subject' | 'body'> {
  const name = payload.featureName;
  if (payload.kind !== 'featureLaunched' || name === undefined) return { subject: payload.subject, body: payload.body };
  return {
    subject: (t) => t('notice.featureLaunched.subject', { name }),
    body: (t) => t('notice.featureLaunched.body', { name }),
  };
}

/** Upcoming features (the coming-soon sections) and who wants to hear when they launch. */
export class UpcomingFeatureService {
  constructor(private readonly ctx: AppContext) {}

  /** Adds the coming-soon sections when they are missing; names and states already stored are kept. */
  async ensureComingSoon() {
    await this.ctx.db
      .insert(upcomingFeatures)
      .values([...COMING_SOON_FEATURES])
      .onConflictDoNothing();
  }

  async list(includeCompleted: boolean): Promise<UpcomingFeature[]> {
    const rows = await this.ctx.db
      .select({ key: upcomingFeatures.key, name: upcomingFeatures.name, isCompleted: upcomingFeatures.isCompleted })
      .from(upcomingFeatures)
      .where(includeCompleted ? undefined : eq(upcomingFeatures.isCompleted, false))
      .orderBy(asc(upcomingFeatures.createdAt), asc(upcomingFeatures.key));
    return rows;
  }

  async upsert(key: string, name: string): Promise<UpcomingFeature> {
    const [row] = await this.ctx.db
      .insert(upcomingFeatures)
      .values({ key, name })
      .onConflictDoUpdate({ target: upcomingFeatures.key, set: { name } })
      .returning({ key: upcomingFeatures.key, name: upcomingFeatures.name, isCompleted: upcomingFeatures.isCompleted });
    return row!;
  }

  private async feature(key: string, db: Db = this.ctx.db, lock = false) {
    const q = db.select().from(upcomingFeatures).where(eq(upcomingFeatures.key, key));
    const [row] = lock ? await q.for('update') : await q;
    if (!row) throw notFound(M.featureNotFound);
    return row;
  }

  /**
   * Completes (or reopens) a feature. The first completion ever queues the launch notice to its
   * subscribers in the same transaction; completing it again, even after reopening, sends nothing.
   */
  async setCompleted(key: string, isCompleted: boolean): Promise<UpcomingFeature> {
    return this.ctx.db.transaction(async (tx) => {
      const row = await this.feature(key, tx, true);
      const firstLaunch = isCompleted && row.completedAt === null;
      await tx
        .update(upcomingFeatures)
        .set({ isCompleted, ...(firstLaunch ? { completedAt: new Date() } : {}) })
        .where(eq(upcomingFeatures.key, key));
      if (firstLaunch) {
        const payload: FeatureNoticePayload = {
          feature: key,
          kind: 'featureLaunched',
          subject: englishT('notice.featureLaunched.subject', { name: row.name }),
          body: englishT('notice.featureLaunched.body', { name: row.name }),
          featureName: row.name,
          // The coming-soon sections have a page of their own; other features have none to point to.
          link: COMING_SOON_FEATURES.some((f) => f.key === key) ? `/${key}` : undefined,
          afterMemberId: 0,
        };
        await this.ctx.jobs.enqueue(FEATURE_NOTICE_JOB, { ...payload }, { dedupeKey: `feature-launched:${key}` }, tx);
      }
      return { key: row.key, name: row.name, isCompleted };
    });
  }

  async status(memberId: number, key: string): Promise<boolean> {
    await this.feature(key);
    const [row] = await this.ctx.db
      .select({ m: featureSubscriptions.memberId })
      .from(featureSubscriptions)
      .where(and(eq(featureSubscriptions.featureKey, key), eq(featureSubscriptions.memberId, memberId)));
    return Boolean(row);
  }

  async subscribe(memberId: number, key: string) {
    await this.feature(key);
    await this.ctx.db.insert(featureSubscriptions).values({ featureKey: key, memberId }).onConflictDoNothing();
  }

  async unsubscribe(memberId: number, key: string) {
    await this.feature(key);
    await this.ctx.db
      .delete(featureSubscriptions)
      .where(and(eq(featureSubscriptions.featureKey, key), eq(featureSubscriptions.memberId, memberId)));
  }

  async subscribers(key: string, page: number, pageSize: number): Promise<SubscribersPage> {
    await this.feature(key);
    const where = eq(featureSubscriptions.featureKey, key);
    const [rows, [total]] = await Promise.all([
      this.ctx.db
        .select({ memberId: members.id, username: members.username, subscribedAt: featureSubscriptions.createdAt })
        .from(featureSubscriptions)
        .innerJoin(members, eq(members.id, featureSubscriptions.memberId))
        .where(where)
        .orderBy(asc(featureSubscriptions.createdAt), asc(members.id))
        .limit(pageSize)
        .offset((page - 1) * pageSize),
      this.ctx.db.select({ n: count() }).from(featureSubscriptions).where(where),
    ]);
    return {
      items: rows.map((r) => ({ ...r, subscribedAt: r.subscribedAt.toISOString() })),
      page,
      pageSize,
      totalCount: Number(total?.n ?? 0),
    };
  }

  /** Queues a staff message (signed with the sender's name) to every subscriber; the job sends it in batches. */
  async queueMessage(senderId: number, key: string, subject: string, body: string) {
    await this.feature(key);
    const [sender] = await this.ctx.db
      .select({ username: members.username })
      .from(members)
      .where(eq(members.id, senderId));
    const from = sender?.username ?? SITE_SENDER;
    const payload: FeatureNoticePayload = { feature: key, kind: 'staffMessage', subject, body, from, afterMemberId: 0 };
    await this.ctx.jobs.enqueue(FEATURE_NOTICE_JOB, { ...payload });
  }

  /** One batch of a feature notice to its subscribers (the notifications' sendBatch). */
  async sendBatch(payload: FeatureNoticePayload): Promise<void> {
    await this.ctx.notifications.sendBatch({
      job: FEATURE_NOTICE_JOB,
      payload,
      recipients: async (tx, afterMemberId, limit) =>
        (
          await tx
            .select({ memberId: featureSubscriptions.memberId })
            .from(featureSubscriptions)
            .where(
              and(
                eq(featureSubscriptions.featureKey, payload.feature),
                gt(featureSubscriptions.memberId, afterMemberId),
              ),
            )
            .orderBy(asc(featureSubscriptions.memberId))
            .limit(limit)
        ).map((r) => r.memberId),
      notice: (memberId) => ({
        memberId,
        kind: payload.kind,
        ...launchText(payload),
        link: payload.link,
        from: payload.from,
      }),
    });
  }
}
