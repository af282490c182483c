import { randomBytes } from 'node:crypto';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import {
  APPROVAL_NOTE_MAX,
  MODERATION_MESSAGES as M,
  PLUGIN_REPORT_REASONS,
  REVIEW_LOCK_MS,
  type ModerationAuditEntry,
  type ModerationCarItem,
  type ModerationCarsResponse,
  type ModerationDetail,
  type ModerationListQuery,
  type ModerationListResponse,
  type ModerationPluginItem,
  type ModeratorDashboard,
  type PluginReportReason,
  type ReportedListResponse,
  type ReportedPluginItem,
} from '@bm/core';
import type { AppContext, Principal } from '../../context.js';
import type { Db } from '../../db/client.js';
import { cars, members, moderationAudit, pluginReports, plugins, submissions } from '../../db/schema.js';
import { badRequest, conflict, notFound } from '../../platform/errors.js';
import { notifySubmissionUpdated, pluginListsChanged, PluginService, queryRows, toIso } from '../plugins/service.js';
import { checkBinaryZip, checkDebugZip } from '../plugins/zip.js';

const SOURCE_LINK_TTL_S = 900;

const like = (s: string) => `%${s.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

interface Audit {
  actorId: number;
  action: string;
  submissionId?: number | null;
  pluginId?: number | null;
  carId?: number | null;
  note?: string | null;
}

export interface ApproveFiles {
  binary?: Buffer;
  debugArchive?: Buffer;
  approvalNote?: string;
}

type SubmissionRow = typeof submissions.$inferSelect;

export class ModerationService {
  constructor(private readonly ctx: AppContext) {}

  private audit(db: Db, a: Audit) {
    return db.insert(moderationAudit).values({
      actorId: a.actorId,
      action: a.action,
      submissionId: a.submissionId ?? null,
      pluginId: a.pluginId ?? null,
      carId: a.carId ?? null,
      note: a.note ?? null,
    });
  }

  // ---- dashboard and lists ----

  async dashboard(): Promise<ModeratorDashboard> {
    const [row] = await queryRows<Record<keyof ModeratorDashboard, string | number>>(this.ctx.db, sql`
      select
        (select count(*) from submissions where status = 'p' and hidden_at is null) as pending,
        (select count(*) from submissions where status = 'p' and hidden_at is not null) as hidden,
        (select count(*) from submissions where status in ('q', 'b')) as building,
        (select count(distinct plugin_id) from plugin_reports where status = 'open') as reported,
        (select count(*) from cars) as cars,
        (select count(*) from cars where status = 'H') as "hiddenCars",
        (select count(*) from submissions where status = 'a' and approved_at > now() - interval '7 days') as "approvedLast7Days"`);
    const n = (k: keyof ModeratorDashboard) => Number(row?.[k] ?? 0);
    return {
      pending: n('pending'),
      reported: n('reported'),
      hidden: n('hidden'),
      building: n('building'),
      cars: n('cars'),
      hiddenCars: n('hiddenCars'),
      approvedLast7Days: n('approvedLast7Days'),
    };
  }

  /** Submissions waiting for review (or hidden from it), oldest first: a queue. */
  async reviewList(which: 'pending' | 'hidden', q: ModerationListQuery): Promise<ModerationListResponse> {
    const where: SQL[] = [sql`s.status = 'p'`, which === 'hidden' ? sql`s.hidden_at is not null` : sql`s.hidden_at is null`];
    if (q.search) where.push(sql`(lower(p.name) like ${like(q.search)} or lower(m.username) like ${like(q.search)})`);
    const cond = sql.join(where, sql` and `);
    const offset = (q.page - 1) * q.pageSize;
    const rows = await queryRows<{
      id: number;
      pluginId: number;
      name: string;
      submitter: string;
      memberId: number;
      createdAt: Date | string;
      updatedAt: Date | string;
      version: string | null;
      publishedOnce: boolean;
      needsApproval: boolean;
      isPubliclyVisible: boolean;
      status: string;
      hiddenAt: Date | string | null;
      total: string | number;
    }>(this.ctx.db, sql`
      select s.id, s.plugin_id as "pluginId", p.name, m.username as submitter, p.member_id as "memberId",
        s.created_at as "createdAt", s.updated_at as "updatedAt", s.version_string as version,
        p.published_once as "publishedOnce", p.needs_approval as "needsApproval",
        p.is_publicly_visible as "isPubliclyVisible", s.status, s.hidden_at as "hiddenAt",
        count(*) over () as total
      from submissions s join plugins p on p.id = s.plugin_id join members m on m.id = p.member_id
      where ${cond}
      order by s.created_at asc, s.id asc
      limit ${q.pageSize} offset ${offset}`);
    let totalCount = rows.length ? Number(rows[0]!.total) : 0;
    if (!rows.length && q.page > 1) {
      const [c] = await queryRows<{ n: string }>(
        this.ctx.db,
        sql`select count(*) as n from submissions s join plugins p on p.id = s.plugin_id join members m on m.id = p.member_id where ${cond}`,
      );
      totalCount = Number(c?.n ?? 0);
    }
    const items: ModerationPluginItem[] = rows.map((r) => ({
      id: r.id,
      pluginId: r.pluginId,
      name: r.name,
      submitter: r.submitter,
      memberId: r.memberId,
      createdAt: toIso(r.createdAt),
      updatedAt: toIso(r.updatedAt),
      version: r.version,
      publishedOnce: r.publishedOnce,
      needsApproval: r.needsApproval,
      isPubliclyVisible: r.isPubliclyVisible,
      sourceFileId: r.id,
      status: r.status,
      hiddenAt: r.hiddenAt === null ? null : toIso(r.hiddenAt),
    }));
    return { items, page: q.page, pageSize: q.pageSize, totalCount };
  }

  /** Plugins with open reports, most reports first. */
  async reportedList(q: ModerationListQuery): Promise<ReportedListResponse> {
    const search = q.search ? sql`and (lower(p.name) like ${like(q.search)} or lower(m.username) like ${like(q.search)})` : sql``;
    const offset = (q.page - 1) * q.pageSize;
    const rows = await queryRows<{
      pluginId: number;
      name: string;
      submitter: string;
      memberId: number;
      isActive: boolean;
      reportCount: string | number;
      latestReportAt: Date | string;
      total: string | number;
    }>(this.ctx.db, sql`
      select p.id as "pluginId", p.name, m.username as submitter, p.member_id as "memberId", p.is_active as "isActive",
        r.n as "reportCount", r.latest as "latestReportAt", count(*) over () as total
      from (select plugin_id, count(*) as n, max(created_at) as latest from plugin_reports where status = 'open' group by plugin_id) r
      join plugins p on p.id = r.plugin_id join members m on m.id = p.member_id
      where true ${search}
      order by r.n desc, r.latest desc, p.id
      limit ${q.pageSize} offset ${offset}`);
    const ids = rows.map((r) => r.pluginId);
    const reports = ids.length
      ? await queryRows<{ id: number; pluginId: number; reason: string; details: string; reporter: string; createdAt: Date | string }>(
          this.ctx.db,
          sql`select r.id, r.plugin_id as "pluginId", r.reason, r.details, m.username as reporter, r.created_at as "createdAt"
            from plugin_reports r join members m on m.id = r.member_id
            where r.status = 'open' and r.plugin_id in (${sql.join(
              ids.map((i) => sql`${i}`),
              sql`, `,
            )})
            order by r.created_at desc, r.id desc`,
        )
      : [];
    const data: ReportedPluginItem[] = rows.map((r) => {
      const mine = reports.filter((x) => x.pluginId === r.pluginId);
      const counts = new Map<string, number>();
      for (const x of mine) counts.set(x.reason, (counts.get(x.reason) ?? 0) + 1);
      return {
        pluginId: r.pluginId,
        name: r.name,
        submitter: r.submitter,
        memberId: r.memberId,
        isActive: r.isActive,
        reportCount: Number(r.reportCount),
        reasons: [...counts]
          .sort((a, b) => b[1] - a[1])
          .map(([reason, count]) => ({ reason, label: PLUGIN_REPORT_REASONS[reason as PluginReportReason] ?? reason, count })),
        reports: mine.map((x) => ({ id: x.id, reason: x.reason, details: x.details, reporter: x.reporter, createdAt: toIso(x.createdAt) })),
        latestReportAt: toIso(r.latestReportAt),
      };
    });
    return { data, page: q.page, pageSize: q.pageSize, totalCount: rows.length ? Number(rows[0]!.total) : 0 };
  }

  // ---- one submission ----

  private async submission(id: number, db: Db = this.ctx.db, lock = false): Promise<SubmissionRow> {
    const q = db.select().from(submissions).where(eq(submissions.id, id));
    const [row] = lock ? await q.for('update') : await q;
    if (!row) throw notFound(M.submissionNotFound);
    return row;
  }

  /** Opening a review claims its lock when it is free, expired or already the caller's. */
  async open(principal: Principal, id: number): Promise<ModerationDetail> {
    await this.ctx.db.transaction(async (tx) => {
      const sub = await this.submission(id, tx, true);
      if (sub.status !== 'p') return;
      const now = Date.now();
      const held = sub.reviewLockMemberId !== null && sub.reviewLockUntil !== null && sub.reviewLockUntil.getTime() > now;
      if (held && sub.reviewLockMemberId !== principal.memberId) return;
      await tx
        .update(submissions)
        .set({ reviewLockMemberId: principal.memberId, reviewLockUntil: new Date(now + REVIEW_LOCK_MS) })
        .where(eq(submissions.id, id));
      if (!held) await this.audit(tx, { actorId: principal.memberId, action: 'claim', submissionId: id, pluginId: sub.pluginId });
    });
    return this.detail(principal, id);
  }

  /** Takes the review over from whoever holds it. */
  async takeover(principal: Principal, id: number): Promise<ModerationDetail> {
    await this.ctx.db.transaction(async (tx) => {
      const sub = await this.submission(id, tx, true);
      if (sub.status !== 'p') throw conflict(M.notReviewable);
      await tx
        .update(submissions)
        .set({ reviewLockMemberId: principal.memberId, reviewLockUntil: new Date(Date.now() + REVIEW_LOCK_MS) })
        .where(eq(submissions.id, id));
      await this.audit(tx, { actorId: principal.memberId, action: 'takeover', submissionId: id, pluginId: sub.pluginId });
    });
    return this.detail(principal, id);
  }

  async detail(principal: Principal, id: number): Promise<ModerationDetail> {
    const sub = await this.submission(id);
    const [p] = await this.ctx.db
      .select({ plugin: plugins, author: members.username })
      .from(plugins)
      .innerJoin(members, eq(members.id, plugins.memberId))
      .where(eq(plugins.id, sub.pluginId));
    if (!p) throw notFound(M.submissionNotFound);
    let lock: ModerationDetail['lock'] = null;
    if (sub.reviewLockMemberId !== null && sub.reviewLockUntil && sub.reviewLockUntil.getTime() > Date.now()) {
      const [holder] = await this.ctx.db.select({ username: members.username }).from(members).where(eq(members.id, sub.reviewLockMemberId));
      lock = {
        memberId: sub.reviewLockMemberId,
        username: holder?.username ?? '',
        until: sub.reviewLockUntil.toISOString(),
        mine: sub.reviewLockMemberId === principal.memberId,
      };
    }
    const audit = await queryRows<{ id: number; action: string; actor: string | null; note: string | null; createdAt: Date | string }>(
      this.ctx.db,
      sql`select a.id, a.action, m.username as actor, a.note, a.created_at as "createdAt"
        from moderation_audit a left join members m on m.id = a.actor_id
        where a.submission_id = ${id} order by a.created_at asc, a.id asc`,
    );
    const plugin = p.plugin;
    return {
      id: sub.id,
      pluginId: plugin.id,
      name: plugin.name,
      shortDescription: plugin.shortDescription,
      description: plugin.description,
      authorName: p.author,
      memberId: plugin.memberId,
      version: sub.versionString,
      status: sub.status,
      publishedOnce: plugin.publishedOnce,
      isActive: plugin.isActive,
      homepage: plugin.homepage,
      sourceCodeUrl: plugin.sourceCodeUrl,
      createdAt: sub.createdAt.toISOString(),
      updatedAt: sub.updatedAt.toISOString(),
      hiddenAt: sub.hiddenAt?.toISOString() ?? null,
      hasBinary: sub.binaryKey !== null,
      buildLog: sub.buildLog,
      approvalNote: sub.approvalNote,
      denyReason: sub.denyReason,
      source: {
        name: sub.sourceName,
        mime: 'application/zip',
        size: sub.sourceSize,
        downloadUrl: this.ctx.signedUrls.path(sub.sourceKey, { ttlS: SOURCE_LINK_TTL_S, fileName: sub.sourceName }),
      },
      lock,
      audit: audit.map((a): ModerationAuditEntry => ({ id: a.id, action: a.action, actor: a.actor, note: a.note, createdAt: toIso(a.createdAt) })),
    };
  }

  /** A submission a moderator may act on now: waiting for review, and not locked by someone else. */
  private async reviewable(principal: Principal, id: number, tx: Db): Promise<SubmissionRow> {
    const sub = await this.submission(id, tx, true);
    if (sub.status !== 'p') throw conflict(M.notReviewable);
    if (sub.reviewLockMemberId !== null && sub.reviewLockMemberId !== principal.memberId && sub.reviewLockUntil && sub.reviewLockUntil.getTime() > Date.now()) {
      const [holder] = await tx.select({ username: members.username }).from(members).where(eq(members.id, sub.reviewLockMemberId));
      throw conflict(M.lockedBy(holder?.username ?? 'Another moderator'));
    }
    return sub;
  }

  /** Whether the plugin still has submissions on their way (queued, building or waiting for review). */
  private async stillWaiting(tx: Db, pluginId: number) {
    const [row] = await queryRows<{ n: string | number }>(tx, sql`select count(*) as n from submissions where plugin_id = ${pluginId} and status in ('q', 'b', 'p')`);
    return Number(row?.n ?? 0) > 0;
  }

  private async quickChecks(principal: Principal, id: number) {
    // The same checks as inside the transaction, before any file is stored.
    await this.reviewable(principal, id, this.ctx.db);
  }

  /**
   * Publishes a submission as the plugin's newest version: the attached binary (or the builder's),
   * an optional debug archive and note; the author is told. Files are stored before the
   * transaction and removed again when it fails.
   */
  async approve(principal: Principal, id: number, files: ApproveFiles): Promise<void> {
    const note = files.approvalNote?.trim() || null;
    if (note && note.length > APPROVAL_NOTE_MAX) throw badRequest(M.approvalNoteLong, 'approvalNote');
    await this.quickChecks(principal, id);
    if (files.binary) await checkBinaryZip(files.binary);
    if (files.debugArchive) await checkDebugZip(files.debugArchive);
    const pre = await this.submission(id);
    if (!files.binary && !pre.binaryKey) throw badRequest(M.needsBinary, 'binary');

    const stored: string[] = [];
    const key = (kind: string) => `plugins/${pre.pluginId}/${kind}-${randomBytes(12).toString('hex')}.zip`;
    const binaryKey = files.binary ? key('binary') : null;
    const debugKey = files.debugArchive ? key('debug') : null;
    let done: { ownerId: number; pluginName: string; version: string | null; publish?: () => Promise<void> };
    let replaced: string[] = [];
    try {
      if (binaryKey) {
        await this.ctx.storage.put(binaryKey, files.binary!);
        stored.push(binaryKey);
      }
      if (debugKey) {
        await this.ctx.storage.put(debugKey, files.debugArchive!);
        stored.push(debugKey);
      }
      done = await this.ctx.db.transaction(async (tx) => {
        const sub = await this.reviewable(principal, id, tx);
        if (!binaryKey && !sub.binaryKey) throw badRequest(M.needsBinary, 'binary');
        replaced = [binaryKey ? sub.binaryKey : null, debugKey ? sub.debugKey : null].filter((k): k is string => !!k);
        const now = new Date();
        await tx
          .update(submissions)
          .set({
            status: 'a',
            binaryKey: binaryKey ?? sub.binaryKey,
            debugKey: debugKey ?? sub.debugKey,
            approvalNote: note,
            approvedAt: now,
            reviewedById: principal.memberId,
            reviewedAt: now,
            hiddenAt: null,
            reviewLockMemberId: null,
            reviewLockUntil: null,
            updatedAt: now,
          })
          .where(eq(submissions.id, id));
        const needsApproval = await this.stillWaiting(tx, sub.pluginId);
        const [plugin] = await tx
          .update(plugins)
          .set({ publishedOnce: true, needsApproval, updatedAt: now })
          .where(eq(plugins.id, sub.pluginId))
          .returning({ name: plugins.name, memberId: plugins.memberId });
        await this.audit(tx, { actorId: principal.memberId, action: 'approve', submissionId: id, pluginId: sub.pluginId, note });
        const label = `${plugin!.name}${sub.versionString ? ` v${sub.versionString}` : ''}`;
        const sent = await this.ctx.notifications.send(
          {
            memberId: plugin!.memberId,
            kind: 'pluginApproved',
            subject: `${label} was approved`,
            body: `${label} was approved and is now available in the plugin manager.${note ? `\n\nNote from the moderator:\n\n${note}` : ''}`,
            link: `/plugin/${sub.pluginId}`,
          },
          tx,
        );
        return { ownerId: plugin!.memberId, pluginName: plugin!.name, version: sub.versionString, publish: sent ? () => sent.publish() : undefined };
      });
    } catch (e) {
      for (const k of stored) await this.ctx.storage.delete(k).catch(() => undefined);
      throw e;
    }
    for (const k of replaced) await this.ctx.storage.delete(k).catch(() => undefined);
    await done.publish?.();
    notifySubmissionUpdated(this.ctx, done.ownerId, { id, pluginId: pre.pluginId, pluginName: done.pluginName, status: 'a', versionString: done.version });
    pluginListsChanged(this.ctx);
  }

  /** Denies a submission with a reason the author reads; an earlier approved version stays live. */
  async reject(principal: Principal, id: number, reason: string, message?: string): Promise<void> {
    const extra = message?.trim() && message.trim() !== reason ? message.trim() : null;
    const done = await this.ctx.db.transaction(async (tx) => {
      const sub = await this.reviewable(principal, id, tx);
      const now = new Date();
      await tx
        .update(submissions)
        .set({
          status: 'r',
          denyReason: reason,
          reviewedById: principal.memberId,
          reviewedAt: now,
          hiddenAt: null,
          reviewLockMemberId: null,
          reviewLockUntil: null,
          updatedAt: now,
        })
        .where(eq(submissions.id, id));
      const needsApproval = await this.stillWaiting(tx, sub.pluginId);
      const [plugin] = await tx
        .update(plugins)
        .set({ needsApproval, updatedAt: now })
        .where(eq(plugins.id, sub.pluginId))
        .returning({ name: plugins.name, memberId: plugins.memberId });
      await this.audit(tx, { actorId: principal.memberId, action: 'reject', submissionId: id, pluginId: sub.pluginId, note: reason });
      const label = `${plugin!.name}${sub.versionString ? ` v${sub.versionString}` : ''}`;
      const sent = await this.ctx.notifications.send(
        {
          memberId: plugin!.memberId,
          kind: 'pluginDenied',
          subject: `${label} was denied`,
          body: `${label} was denied by a moderator.\n\nReason:\n\n${reason}${extra ? `\n\n${extra}` : ''}`,
          link: `/plugins/${sub.pluginId}/manage`,
        },
        tx,
      );
      return { sub, plugin: plugin!, sent };
    });
    await done.sent?.publish();
    notifySubmissionUpdated(this.ctx, done.plugin.memberId, {
      id,
      pluginId: done.sub.pluginId,
      pluginName: done.plugin.name,
      status: 'r',
      versionString: done.sub.versionString,
    });
    pluginListsChanged(this.ctx);
  }

  /** Moves a submission to the hidden list; it stays reviewable. */
  async hide(principal: Principal, id: number): Promise<void> {
    await this.ctx.db.transaction(async (tx) => {
      const sub = await this.reviewable(principal, id, tx);
      await tx.update(submissions).set({ hiddenAt: new Date() }).where(eq(submissions.id, id));
      await this.audit(tx, { actorId: principal.memberId, action: 'hide', submissionId: id, pluginId: sub.pluginId });
    });
  }

  // ---- reports ----

  /** A member's report of a plugin they can see and do not own: one open report each. */
  async report(principal: Principal, pluginId: number, reason: string, details: string): Promise<{ id: number }> {
    const plugin = await new PluginService(this.ctx).visibleRow(pluginId, principal);
    if (plugin.memberId === principal.memberId) throw badRequest(M.reportOwn);
    const [row] = await this.ctx.db
      .insert(pluginReports)
      .values({ pluginId, memberId: principal.memberId, reason, details })
      .onConflictDoNothing()
      .returning({ id: pluginReports.id });
    if (!row) throw conflict(M.reportExists);
    return row;
  }

  private async pluginExists(tx: Db, pluginId: number) {
    const [row] = await tx.select({ id: plugins.id }).from(plugins).where(eq(plugins.id, pluginId)).for('update');
    if (!row) throw notFound('Plugin not found');
  }

  async dismissReports(principal: Principal, pluginId: number, note?: string | null): Promise<void> {
    await this.ctx.db.transaction(async (tx) => {
      await this.pluginExists(tx, pluginId);
      await tx
        .update(pluginReports)
        .set({ status: 'dismissed', resolvedById: principal.memberId, resolvedAt: new Date() })
        .where(and(eq(pluginReports.pluginId, pluginId), eq(pluginReports.status, 'open')));
      await this.audit(tx, { actorId: principal.memberId, action: 'dismiss-reports', pluginId, note });
    });
  }

  async setPluginActive(principal: Principal, pluginId: number, active: boolean, note?: string | null): Promise<void> {
    await this.ctx.db.transaction(async (tx) => {
      await this.pluginExists(tx, pluginId);
      await tx.update(plugins).set({ isActive: active, updatedAt: new Date() }).where(eq(plugins.id, pluginId));
      if (!active) {
        await tx
          .update(pluginReports)
          .set({ status: 'actioned', resolvedById: principal.memberId, resolvedAt: new Date() })
          .where(and(eq(pluginReports.pluginId, pluginId), eq(pluginReports.status, 'open')));
      }
      await this.audit(tx, { actorId: principal.memberId, action: active ? 'restore-plugin' : 'hide-plugin', pluginId, note });
    });
    pluginListsChanged(this.ctx);
  }

  // ---- cars ----

  async carList(q: ModerationListQuery & { status: 'all' | 'active' | 'hidden' }): Promise<ModerationCarsResponse> {
    const where: SQL[] = [sql`true`];
    if (q.status === 'hidden') where.push(sql`c.status = 'H'`);
    if (q.status === 'active') where.push(sql`c.status <> 'H'`);
    if (q.search) where.push(sql`(lower(c.name) like ${like(q.search)} or lower(m.username) like ${like(q.search)})`);
    const rows = await queryRows<{
      id: number;
      name: string;
      owner: string;
      memberId: number;
      status: string;
      isPublic: boolean;
      views: number;
      codeCopies: number;
      createdAt: Date | string;
      updatedAt: Date | string;
      total: string | number;
    }>(this.ctx.db, sql`
      select c.id, c.name, m.username as owner, c.member_id as "memberId", c.status, c.is_public as "isPublic", c.views,
        c.code_copies as "codeCopies", c.created_at as "createdAt", c.updated_at as "updatedAt", count(*) over () as total
      from cars c join members m on m.id = c.member_id
      where ${sql.join(where, sql` and `)}
      order by c.updated_at desc, c.id desc
      limit ${q.pageSize} offset ${(q.page - 1) * q.pageSize}`);
    const items: ModerationCarItem[] = rows.map((r) => ({
      id: r.id,
      name: r.name,
      owner: r.owner,
      memberId: r.memberId,
      status: r.status,
      isPublic: r.isPublic,
      hidden: r.status === 'H',
      views: r.views,
      codeCopies: r.codeCopies,
      createdAt: toIso(r.createdAt),
      updatedAt: toIso(r.updatedAt),
    }));
    return { items, page: q.page, pageSize: q.pageSize, totalCount: rows.length ? Number(rows[0]!.total) : 0 };
  }

  async setCarHidden(principal: Principal, carId: number, hidden: boolean): Promise<void> {
    await this.ctx.db.transaction(async (tx) => {
      const [row] = await tx.update(cars).set({ status: hidden ? 'H' : 'A' }).where(eq(cars.id, carId)).returning({ id: cars.id });
      if (!row) throw notFound(M.carNotFound);
      await this.audit(tx, { actorId: principal.memberId, action: hidden ? 'hide-car' : 'restore-car', carId });
    });
  }
}
