import { and, eq, sql } from 'drizzle-orm';
import { MODERATION_MESSAGES as M, REPORT_MESSAGES as RM, REPORT_REASONS, type ReportKind } from '@bm/core';
import type { AppContext, Principal } from '../../context.js';
import type { Db } from '../../db/client.js';
import { cars, members, pluginComments, plugins, reports } from '../../db/schema.js';
import type { ServerT } from '../../i18n/index.js';
import { badRequest, conflict, notFound } from '../../platform/errors.js';
import { isUniqueViolation } from '../../platform/db-errors.js';
import { carListedSql } from '../cars/index.js';
import { CommentService, canSeePlugin, pluginsChanged, visiblePluginRow } from '../plugins/index.js';
import { ModerationCars } from './cars.js';
import { audit } from './shared.js';

type ReportInput = { reason: string; details: string };
/** The column that names a report's item, by kind. */
const TARGET = { plugin: reports.pluginId, car: reports.carId, comment: reports.commentId } as const;

const quote = (text: string) =>
  text
    .split('\n')
    .map((line) => `> ${line}`)
    .join('\n');

/**
 * Reports, one mechanism for plugins, cars and comments (a kind each): members report what they can
 * see and do not own, once while a report is open; moderators dismiss the reports, or act on the item
 * through its own path (hide the plugin or the car, delete the comment), and the author is told why.
 */
export class ModerationReports {
  private readonly cars: ModerationCars;
  private readonly comments: CommentService;

  constructor(private readonly ctx: AppContext) {
    this.cars = new ModerationCars(ctx);
    this.comments = new CommentService(ctx);
  }

  /** Stores an open report of one item; a second open one by the same member answers 409. */
  private async file(kind: ReportKind, targetId: number, memberId: number, input: ReportInput, exists: string) {
    try {
      const [row] = await this.ctx.db
        .insert(reports)
        .values({
          kind,
          pluginId: kind === 'plugin' ? targetId : null,
          carId: kind === 'car' ? targetId : null,
          commentId: kind === 'comment' ? targetId : null,
          memberId,
          reason: input.reason,
          details: input.details,
        })
        .returning({ id: reports.id });
      return { id: row!.id };
    } catch (e) {
      if (isUniqueViolation(e)) throw conflict(exists);
      throw e;
    }
  }

  async report(principal: Principal, pluginId: number, input: ReportInput) {
    if (!(await canSeePlugin(this.ctx, pluginId, principal))) throw notFound('Plugin not found');
    const [plugin] = await this.ctx.db
      .select({ memberId: plugins.memberId })
      .from(plugins)
      .where(eq(plugins.id, pluginId));
    if (plugin!.memberId === principal.memberId) throw badRequest(M.reportOwn);
    return this.file('plugin', pluginId, principal.memberId, input, M.reportExists);
  }

  /** A car listed on the site (a hidden or private one looks missing: 404). */
  async reportCar(principal: Principal, carId: number, input: ReportInput) {
    const [car] = await this.ctx.db
      .select({ memberId: cars.memberId, listed: sql<boolean>`${carListedSql()}` })
      .from(cars)
      .where(eq(cars.id, carId));
    if (!car) throw notFound(M.carNotFound);
    if (car.memberId === principal.memberId) throw badRequest(RM.carOwn);
    if (!car.listed) throw notFound(M.carNotFound);
    return this.file('car', carId, principal.memberId, input, RM.carExists);
  }

  /** A comment on a plugin the member may see. */
  async reportComment(principal: Principal, commentId: number, input: ReportInput) {
    const [comment] = await this.ctx.db
      .select({ memberId: pluginComments.memberId, pluginId: pluginComments.pluginId })
      .from(pluginComments)
      .where(eq(pluginComments.id, commentId));
    if (!comment) throw notFound(RM.commentNotFound);
    await visiblePluginRow(this.ctx.db, comment.pluginId, principal).catch(() => {
      throw notFound(RM.commentNotFound);
    });
    if (comment.memberId === principal.memberId) throw badRequest(RM.commentOwn);
    return this.file('comment', commentId, principal.memberId, input, RM.commentExists);
  }

  /** Closes an item's open reports as dismissed or actioned. */
  private async resolve(db: Db, principal: Principal, kind: ReportKind, id: number, status: 'dismissed' | 'actioned') {
    await db
      .update(reports)
      .set({ status, resolvedById: principal.memberId, resolvedAt: new Date() })
      .where(and(eq(reports.kind, kind), eq(TARGET[kind], id), eq(reports.status, 'open')));
  }

  /** The labels of the reasons an item's open reports give, most given first. */
  private async openReasons(db: Db, kind: ReportKind, id: number): Promise<string[]> {
    const rows = await db
      .select({ reason: reports.reason, n: sql<number>`count(*)::int` })
      .from(reports)
      .where(and(eq(reports.kind, kind), eq(TARGET[kind], id), eq(reports.status, 'open')))
      .groupBy(reports.reason)
      .orderBy(sql`count(*) desc`, reports.reason);
    return rows.map((r) => REPORT_REASONS[kind][r.reason] ?? r.reason);
  }

  private async pluginOrThrow(db: Db, pluginId: number) {
    const [plugin] = await db.select().from(plugins).where(eq(plugins.id, pluginId)).for('update');
    if (!plugin) throw notFound('Plugin not found');
    return plugin;
  }

  async dismissReports(principal: Principal, pluginId: number) {
    await this.ctx.db.transaction(async (tx) => {
      await this.pluginOrThrow(tx, pluginId);
      await this.resolve(tx, principal, 'plugin', pluginId, 'dismissed');
      await audit(tx, { actorId: principal.memberId, action: 'dismiss-reports', pluginId });
    });
  }

  /** Takes a plugin off the site (lists, its page, downloads, the plugin manager) until restored. */
  async setPluginHidden(principal: Principal, pluginId: number, hidden: boolean) {
    await this.ctx.db.transaction(async (tx) => {
      await this.pluginOrThrow(tx, pluginId);
      await tx.update(plugins).set({ isActive: !hidden }).where(eq(plugins.id, pluginId));
      if (hidden) await this.resolve(tx, principal, 'plugin', pluginId, 'actioned');
      await audit(tx, {
        actorId: principal.memberId,
        action: hidden ? 'hide-plugin' : 'restore-plugin',
        pluginId,
      });
    });
    pluginsChanged(this.ctx, pluginId);
  }

  async dismissCarReports(principal: Principal, carId: number) {
    await this.ctx.db.transaction(async (tx) => {
      const [car] = await tx.select({ id: cars.id }).from(cars).where(eq(cars.id, carId)).for('update');
      if (!car) throw notFound(M.carNotFound);
      await this.resolve(tx, principal, 'car', carId, 'dismissed');
      await audit(tx, { actorId: principal.memberId, action: 'dismiss-car-reports', carId });
    });
  }

  /** Hides a reported car through the moderators' car hide, and tells its owner why. */
  async hideReportedCar(principal: Principal, carId: number, note: string | undefined) {
    const notice = await this.cars.setHidden(principal, carId, true, async (tx, car) => {
      const reasons = await this.openReasons(tx, 'car', carId);
      await this.resolve(tx, principal, 'car', carId, 'actioned');
      return this.ctx.notifications.send(
        {
          memberId: car.memberId,
          kind: 'staffMessage',
          subject: (t) => t('notice.carHidden.subject', { name: car.name }),
          body: (t) =>
            (reasons.length
              ? t('notice.carHidden.bodyFor', { name: car.name, reasons: reasons.join('; ') })
              : t('notice.carHidden.body', { name: car.name })) + noted(t, note),
          link: `/cars/${carId}`,
        },
        tx,
      );
    });
    await notice?.publish();
  }

  async dismissCommentReports(principal: Principal, commentId: number) {
    await this.ctx.db.transaction(async (tx) => {
      const [comment] = await tx
        .select({ pluginId: pluginComments.pluginId })
        .from(pluginComments)
        .where(eq(pluginComments.id, commentId))
        .for('update');
      if (!comment) throw notFound(RM.commentNotFound);
      await this.resolve(tx, principal, 'comment', commentId, 'dismissed');
      await audit(tx, {
        actorId: principal.memberId,
        action: 'dismiss-comment-reports',
        pluginId: comment.pluginId,
        note: `comment ${commentId}`,
      });
    });
  }

  /**
   * Deletes a reported comment through the comments' own delete (its room hears of it), then tells
   * its author why (the reports go with the comment; the audit row keeps what was said).
   */
  async deleteReportedComment(principal: Principal, commentId: number, note: string | undefined) {
    const [comment] = await this.ctx.db
      .select({
        pluginId: pluginComments.pluginId,
        pluginName: plugins.name,
        memberId: pluginComments.memberId,
        author: members.username,
        body: pluginComments.body,
      })
      .from(pluginComments)
      .innerJoin(plugins, eq(plugins.id, pluginComments.pluginId))
      .innerJoin(members, eq(members.id, pluginComments.memberId))
      .where(eq(pluginComments.id, commentId));
    if (!comment) throw notFound(RM.commentNotFound);
    const reasons = await this.openReasons(this.ctx.db, 'comment', commentId);
    await this.comments.delete(principal, commentId);
    const notice = await this.ctx.db.transaction(async (tx) => {
      await audit(tx, {
        actorId: principal.memberId,
        action: 'delete-comment',
        pluginId: comment.pluginId,
        note: `comment ${commentId} by ${comment.author} (${reasons.join(', ') || 'no open reports'})${note ? `: ${note}` : ''}`,
      });
      return this.ctx.notifications.send(
        {
          memberId: comment.memberId,
          kind: 'staffMessage',
          subject: (t) => t('notice.commentRemoved.subject', { name: comment.pluginName }),
          body: (t) => {
            const name = comment.pluginName;
            const said = reasons.length
              ? t('notice.commentRemoved.bodyFor', { name, reasons: reasons.join('; ') })
              : t('notice.commentRemoved.body', { name });
            return `${said}\n\n${quote(comment.body)}${noted(t, note)}`;
          },
          link: `/plugin/${comment.pluginId}`,
        },
        tx,
      );
    });
    await notice?.publish();
  }
}

const noted = (t: ServerT, note: string | undefined) => (note ? `\n\n${t('notice.moderatorNote')}\n\n${note}` : '');
