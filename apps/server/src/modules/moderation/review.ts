import { and, eq, inArray, sql } from 'drizzle-orm';
import { MODERATION_MESSAGES as M, REVIEW_LOCK_MS, type ModerationAuditEntry, type ModerationDetail } from '@bm/core';
import type { AppContext, Principal } from '../../context.js';
import type { Db } from '../../db/client.js';
import { members, plugins, submissions } from '../../db/schema.js';
import { conflict, notFound } from '../../platform/errors.js';
import { inspectionForReview, queryRows, toIso } from '../plugins/index.js';
import { audit, iso, type PluginRow, type SubmissionRow } from './shared.js';

/** How long the link to a submission's source works for the moderator who opened it. */
const SOURCE_LINK_TTL_S = 900;

/** A submission with its plugin and author's name, locked for update when asked; 404 when missing. */
export async function loadSubmission(
  db: Db,
  id: number,
  lock = false,
): Promise<{ sub: SubmissionRow; plugin: PluginRow; author: string }> {
  const q = db.select().from(submissions).where(eq(submissions.id, id));
  const [sub] = lock ? await q.for('update') : await q;
  if (!sub) throw notFound(M.submissionNotFound);
  const [plugin] = await db.select().from(plugins).where(eq(plugins.id, sub.pluginId));
  const [author] = await db
    .select({ username: members.username })
    .from(members)
    .where(eq(members.id, plugin!.memberId));
  return { sub, plugin: plugin!, author: author?.username ?? '' };
}

export function lockHeldByOther(sub: SubmissionRow, principal: Principal, now = Date.now()) {
  return (
    sub.reviewLockMemberId !== null &&
    sub.reviewLockMemberId !== principal.memberId &&
    (sub.reviewLockUntil?.getTime() ?? 0) > now
  );
}

/** Checks a review may be acted on by the caller: waiting for review, and not held by someone else. */
export function reviewable(sub: SubmissionRow, principal: Principal, holder: () => Promise<string>) {
  if (sub.status !== 'p') return Promise.reject(conflict(M.notReviewable));
  if (lockHeldByOther(sub, principal)) return holder().then((name) => Promise.reject(conflict(M.lockedBy(name))));
  return Promise.resolve();
}

/** Who holds the review, read in `db` (inside a transaction, the transaction's: embedded PostgreSQL has one connection). */
export function holderName(sub: SubmissionRow, db: Db) {
  return async () => {
    const [m] = await db
      .select({ username: members.username })
      .from(members)
      .where(eq(members.id, sub.reviewLockMemberId!));
    return m?.username ?? 'Another moderator';
  };
}

/** Whether the plugin still has submissions in build or review (besides the one being decided). */
export async function stillWaiting(db: Db, pluginId: number) {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(submissions)
    .where(and(eq(submissions.pluginId, pluginId), inArray(submissions.status, ['q', 'b', 'p'])));
  return Number(row?.n ?? 0) > 0;
}

/**
 * Holds the review for the principal for REVIEW_LOCK_MS from now, and audits the `action` that took
 * it (none when the principal only extends a hold it already had).
 */
async function holdReview(db: Db, principal: Principal, sub: SubmissionRow, action: 'claim' | 'takeover' | null) {
  await db
    .update(submissions)
    .set({ reviewLockMemberId: principal.memberId, reviewLockUntil: new Date(Date.now() + REVIEW_LOCK_MS) })
    .where(eq(submissions.id, sub.id));
  if (action) await audit(db, { actorId: principal.memberId, action, submissionId: sub.id, pluginId: sub.pluginId });
}

/** One review: opening it (which claims it for a while), taking it over, and what the moderator sees of it. */
export class ModerationReview {
  constructor(private readonly ctx: AppContext) {}

  /** Opens a review: claims it for 15 minutes when nobody else holds it. */
  async detail(principal: Principal, id: number): Promise<ModerationDetail> {
    await this.ctx.db.transaction(async (tx) => {
      const { sub } = await loadSubmission(tx, id, true);
      if (sub.status !== 'p' || lockHeldByOther(sub, principal)) return;
      const mineAlready =
        sub.reviewLockMemberId === principal.memberId && (sub.reviewLockUntil?.getTime() ?? 0) > Date.now();
      await holdReview(tx, principal, sub, mineAlready ? null : 'claim');
    });
    return this.shape(principal, id);
  }

  /** Takes a review over from the moderator holding it. */
  async takeover(principal: Principal, id: number): Promise<ModerationDetail> {
    await this.ctx.db.transaction(async (tx) => {
      const { sub } = await loadSubmission(tx, id, true);
      if (sub.status !== 'p') throw conflict(M.notReviewable);
      await holdReview(tx, principal, sub, 'takeover');
    });
    return this.shape(principal, id);
  }

  /** Gives up the caller's own hold on a review at once (someone else's hold is left as it is). */
  async release(principal: Principal, id: number): Promise<ModerationDetail> {
    await this.ctx.db.transaction(async (tx) => {
      const { sub } = await loadSubmission(tx, id, true);
      if (sub.reviewLockMemberId !== principal.memberId) return;
      await tx
        .update(submissions)
        .set({ reviewLockMemberId: null, reviewLockUntil: null })
        .where(eq(submissions.id, id));
    });
    return this.shape(principal, id);
  }

  private async shape(principal: Principal, id: number): Promise<ModerationDetail> {
    const { sub, plugin, author } = await loadSubmission(this.ctx.db, id);
    let lock: ModerationDetail['lock'] = null;
    if (sub.reviewLockMemberId !== null && (sub.reviewLockUntil?.getTime() ?? 0) > Date.now()) {
      const [holder] = await this.ctx.db
        .select({ username: members.username })
        .from(members)
        .where(eq(members.id, sub.reviewLockMemberId));
      lock = {
        memberId: sub.reviewLockMemberId,
        username: holder?.username ?? '',
        until: toIso(sub.reviewLockUntil!),
        mine: sub.reviewLockMemberId === principal.memberId,
      };
    }
    const audit = await queryRows<{
      id: number;
      action: string;
      actor: string | null;
      note: string | null;
      acknowledgedFlags: string[] | null;
      createdAt: Date;
    }>(
      this.ctx.db,
      sql`select a.id, a.action, m.username as actor, a.note, a.acknowledged_flags as "acknowledgedFlags", a.created_at as "createdAt"
          from moderation_audit a left join members m on m.id = a.actor_id
          where a.submission_id = ${id} order by a.created_at, a.id`,
    );
    return {
      id: sub.id,
      pluginId: plugin.id,
      name: plugin.name,
      shortDescription: plugin.shortDescription,
      description: plugin.description,
      authorName: author,
      memberId: plugin.memberId,
      version: sub.versionString,
      changelog: sub.changelog,
      status: sub.status,
      publishedOnce: plugin.publishedOnce,
      isActive: plugin.isActive,
      homepage: plugin.homepage,
      sourceCodeUrl: plugin.sourceCodeUrl,
      createdAt: toIso(sub.createdAt),
      updatedAt: toIso(sub.updatedAt),
      hiddenAt: iso(sub.hiddenAt),
      hasBinary: sub.binaryKey !== null,
      buildLog: sub.buildLog,
      approvalNote: sub.approvalNote,
      denyReason: sub.denyReason,
      source: sub.sourceKey
        ? {
            name: sub.sourceName,
            mime: 'application/zip',
            size: sub.sourceSize,
            downloadUrl: this.ctx.signedUrls.path(sub.sourceKey, { ttlS: SOURCE_LINK_TTL_S, fileName: sub.sourceName }),
          }
        : null,
      lock,
      audit: audit.map((a): ModerationAuditEntry => ({
        id: Number(a.id),
        action: a.action,
        actor: a.actor,
        note: a.note,
        acknowledgedFlags: a.acknowledgedFlags,
        createdAt: toIso(a.createdAt),
      })),
      inspection: await inspectionForReview(this.ctx, sub),
    };
  }
}
