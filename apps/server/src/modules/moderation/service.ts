import { randomBytes } from 'node:crypto';
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import {
  APPROVAL_NOTE_MAX,
  MODERATION_MESSAGES as M,
  PLUGIN_REPORT_REASONS,
  REVIEW_LOCK_MS,
  type ModerationAuditEntry,
  type ModerationCarItem,
  type ModerationDetail,
  type ModerationListQuery,
  type ModerationPluginItem,
  type ModeratorDashboard,
  type ReportedPluginItem,
} from '@bm/core';
import type { AppContext, Principal } from '../../context.js';
import type { Db } from '../../db/client.js';
import { cars, members, moderationAudit, pluginReports, plugins, submissions } from '../../db/schema.js';
import { HttpError, badRequest, conflict, notFound } from '../../platform/errors.js';
import { carsChanged } from '../cars/index.js';
import { canSeePlugin, notifySubmissionUpdated, pluginsChanged } from '../plugins/index.js';
import { queryRows, toIso } from '../plugins/service.js';
import { BINARY_ZIP_LIMITS, checkBinaryZip, checkDebugZip } from '../plugins/zip.js';

type SubmissionRow = typeof submissions.$inferSelect;
type PluginRow = typeof plugins.$inferSelect;

/** How long the link to a submission's source works for the moderator who opened it. */
const SOURCE_LINK_TTL_S = 900;

const iso = (v: Date | string | null) => (v === null ? null : toIso(v));
const likePattern = (search: string) => `%${search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** What every decision sets on a submission: who decided and when; it leaves the hidden list and its lock ends. */
const decided = (principal: Principal, now: Date) => ({
  reviewedById: principal.memberId,
  reviewedAt: now,
  hiddenAt: null,
  reviewLockMemberId: null,
  reviewLockUntil: null,
  updatedAt: now,
});

export interface ApprovalFiles {
  binary?: { data: Buffer; fileName?: string };
  debugArchive?: { data: Buffer; fileName?: string };
  approvalNote?: string;
}

/**
 * Moderation: the review queue (pending and hidden submissions), reviews with a lock, approving
 * (which publishes a version), denying and hiding, reports of plugins, and cars. Every action leaves
 * an audit row; authors hear of decisions through the notification service.
 */
export class ModerationService {
  constructor(private readonly ctx: AppContext) {}

  // ---- lists ----

  async dashboard(): Promise<ModeratorDashboard> {
    const [row] = await queryRows<Record<keyof ModeratorDashboard, number>>(
      this.ctx.db,
      sql`
      select
        (select count(*)::int from submissions where status = 'p' and hidden_at is null) as pending,
        (select count(*)::int from submissions where status = 'p' and hidden_at is not null) as hidden,
        (select count(*)::int from submissions where status in ('q', 'b')) as building,
        (select count(distinct plugin_id)::int from plugin_reports where status = 'open') as reported,
        (select count(*)::int from cars) as cars,
        (select count(*)::int from cars where status = 'H') as "hiddenCars",
        (select count(*)::int from submissions where status = 'a' and approved_at > now() - interval '7 days') as "approvedLast7Days"`,
    );
    return Object.fromEntries(Object.entries(row!).map(([k, v]) => [k, Number(v)])) as unknown as ModeratorDashboard;
  }

  /** Submissions waiting for review, oldest first (a queue): those hidden from review, or the others. */
  async queue(kind: 'pending' | 'hidden', q: ModerationListQuery) {
    const where: SQL[] = [
      sql`s.status = 'p'`,
      kind === 'hidden' ? sql`s.hidden_at is not null` : sql`s.hidden_at is null`,
    ];
    if (q.search)
      where.push(sql`(lower(p.name) like ${likePattern(q.search)} or lower(m.username) like ${likePattern(q.search)})`);
    const cond = sql.join(where, sql` and `);
    const rows = await queryRows<Record<string, unknown>>(
      this.ctx.db,
      sql`
      select s.id, s.plugin_id as "pluginId", p.name, m.username as submitter, p.member_id as "memberId",
        s.created_at as "createdAt", s.updated_at as "updatedAt", s.version_string as version,
        p.published_once as "publishedOnce", p.needs_approval as "needsApproval", p.is_publicly_visible as "isPubliclyVisible",
        s.status, s.hidden_at as "hiddenAt", count(*) over () as "totalCount"
      from submissions s join plugins p on p.id = s.plugin_id join members m on m.id = p.member_id
      where ${cond}
      order by s.created_at asc, s.id asc
      limit ${q.pageSize} offset ${(q.page - 1) * q.pageSize}`,
    );
    const totalCount = rows.length
      ? Number(rows[0]!.totalCount)
      : await this.count(sql`
      select count(*)::int as n from submissions s join plugins p on p.id = s.plugin_id join members m on m.id = p.member_id where ${cond}`);
    const items: ModerationPluginItem[] = rows.map((r) => ({
      id: Number(r.id),
      pluginId: Number(r.pluginId),
      name: String(r.name),
      submitter: String(r.submitter),
      memberId: Number(r.memberId),
      createdAt: toIso(r.createdAt as Date),
      updatedAt: toIso(r.updatedAt as Date),
      version: (r.version as string | null) ?? null,
      publishedOnce: Boolean(r.publishedOnce),
      needsApproval: Boolean(r.needsApproval),
      isPubliclyVisible: Boolean(r.isPubliclyVisible),
      sourceFileId: Number(r.id),
      status: String(r.status),
      hiddenAt: iso(r.hiddenAt as Date | null),
    }));
    return { items, page: q.page, pageSize: q.pageSize, totalCount };
  }

  private async count(query: SQL): Promise<number> {
    const [row] = await queryRows<{ n: number }>(this.ctx.db, query);
    return Number(row?.n ?? 0);
  }

  /** Plugins with open reports, the most reported first, with their reports counted by reason. */
  async reported(q: ModerationListQuery) {
    const where: SQL[] = [sql`r.status = 'open'`];
    if (q.search)
      where.push(sql`(lower(p.name) like ${likePattern(q.search)} or lower(m.username) like ${likePattern(q.search)})`);
    const cond = sql.join(where, sql` and `);
    const rows = await queryRows<{
      pluginId: number;
      name: string;
      submitter: string;
      memberId: number;
      isActive: boolean;
      reportCount: number;
      latest: Date;
      totalCount: number;
    }>(
      this.ctx.db,
      sql`
      select p.id as "pluginId", p.name, m.username as submitter, p.member_id as "memberId", p.is_active as "isActive",
        count(*)::int as "reportCount", max(r.created_at) as latest, count(*) over () as "totalCount"
      from plugin_reports r join plugins p on p.id = r.plugin_id join members m on m.id = p.member_id
      where ${cond}
      group by p.id, m.username
      order by count(*) desc, max(r.created_at) desc, p.id
      limit ${q.pageSize} offset ${(q.page - 1) * q.pageSize}`,
    );
    const ids = rows.map((r) => Number(r.pluginId));
    const reports = ids.length
      ? await queryRows<{
          id: number;
          pluginId: number;
          reason: string;
          details: string;
          reporter: string;
          createdAt: Date;
        }>(
          this.ctx.db,
          sql`
          select r.id, r.plugin_id as "pluginId", r.reason, r.details, rm.username as reporter, r.created_at as "createdAt"
          from plugin_reports r join members rm on rm.id = r.member_id
          where r.status = 'open' and r.plugin_id in (${sql.join(
            ids.map((i) => sql`${i}`),
            sql`, `,
          )})
          order by r.created_at desc, r.id desc`,
        )
      : [];
    const data: ReportedPluginItem[] = rows.map((r) => {
      const mine = reports.filter((x) => Number(x.pluginId) === Number(r.pluginId));
      const byReason = new Map<string, number>();
      for (const x of mine) byReason.set(x.reason, (byReason.get(x.reason) ?? 0) + 1);
      return {
        pluginId: Number(r.pluginId),
        name: r.name,
        submitter: r.submitter,
        memberId: Number(r.memberId),
        isActive: Boolean(r.isActive),
        reportCount: Number(r.reportCount),
        reasons: [...byReason]
          .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
          .map(([reason, count]) => ({
            reason,
            label: PLUGIN_REPORT_REASONS[reason as keyof typeof PLUGIN_REPORT_REASONS] ?? reason,
            count,
          })),
        reports: mine.slice(0, 50).map((x) => ({
          id: Number(x.id),
          reason: x.reason,
          details: x.details,
          reporter: x.reporter,
          createdAt: toIso(x.createdAt),
        })),
        latestReportAt: toIso(r.latest),
      };
    });
    const totalCount = rows.length ? Number(rows[0]!.totalCount) : 0;
    return { data, page: q.page, pageSize: q.pageSize, totalCount };
  }

  // ---- one review ----

  private async load(
    id: number,
    db: Db = this.ctx.db,
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

  private lockHeldByOther(sub: SubmissionRow, principal: Principal, now = Date.now()) {
    return (
      sub.reviewLockMemberId !== null &&
      sub.reviewLockMemberId !== principal.memberId &&
      (sub.reviewLockUntil?.getTime() ?? 0) > now
    );
  }

  private async audit(
    db: Db,
    entry: {
      actorId: number | null;
      action: string;
      submissionId?: number | null;
      pluginId?: number | null;
      carId?: number | null;
      note?: string | null;
    },
  ) {
    await db.insert(moderationAudit).values({
      actorId: entry.actorId,
      action: entry.action,
      submissionId: entry.submissionId ?? null,
      pluginId: entry.pluginId ?? null,
      carId: entry.carId ?? null,
      note: entry.note ?? null,
    });
  }

  /** Opens a review: claims it for 15 minutes when nobody else holds it. */
  async detail(principal: Principal, id: number): Promise<ModerationDetail> {
    await this.ctx.db.transaction(async (tx) => {
      const { sub } = await this.load(id, tx, true);
      if (sub.status !== 'p' || this.lockHeldByOther(sub, principal)) return;
      const mineAlready =
        sub.reviewLockMemberId === principal.memberId && (sub.reviewLockUntil?.getTime() ?? 0) > Date.now();
      await tx
        .update(submissions)
        .set({ reviewLockMemberId: principal.memberId, reviewLockUntil: new Date(Date.now() + REVIEW_LOCK_MS) })
        .where(eq(submissions.id, id));
      if (!mineAlready)
        await this.audit(tx, {
          actorId: principal.memberId,
          action: 'claim',
          submissionId: id,
          pluginId: sub.pluginId,
        });
    });
    return this.shape(principal, id);
  }

  /** Takes a review over from the moderator holding it. */
  async takeover(principal: Principal, id: number): Promise<ModerationDetail> {
    await this.ctx.db.transaction(async (tx) => {
      const { sub } = await this.load(id, tx, true);
      if (sub.status !== 'p') throw conflict(M.notReviewable);
      await tx
        .update(submissions)
        .set({ reviewLockMemberId: principal.memberId, reviewLockUntil: new Date(Date.now() + REVIEW_LOCK_MS) })
        .where(eq(submissions.id, id));
      await this.audit(tx, {
        actorId: principal.memberId,
        action: 'takeover',
        submissionId: id,
        pluginId: sub.pluginId,
      });
    });
    return this.shape(principal, id);
  }

  /** Gives up the caller's own hold on a review at once (someone else's hold is left as it is). */
  async release(principal: Principal, id: number): Promise<ModerationDetail> {
    await this.ctx.db.transaction(async (tx) => {
      const { sub } = await this.load(id, tx, true);
      if (sub.reviewLockMemberId !== principal.memberId) return;
      await tx
        .update(submissions)
        .set({ reviewLockMemberId: null, reviewLockUntil: null })
        .where(eq(submissions.id, id));
    });
    return this.shape(principal, id);
  }

  private async shape(principal: Principal, id: number): Promise<ModerationDetail> {
    const { sub, plugin, author } = await this.load(id);
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
      createdAt: Date;
    }>(
      this.ctx.db,
      sql`select a.id, a.action, m.username as actor, a.note, a.created_at as "createdAt"
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
        createdAt: toIso(a.createdAt),
      })),
    };
  }

  /** Checks a review may be acted on by the caller: waiting for review, and not held by someone else. */
  private reviewable(sub: SubmissionRow, principal: Principal, holder: () => Promise<string>) {
    if (sub.status !== 'p') return Promise.reject(conflict(M.notReviewable));
    if (this.lockHeldByOther(sub, principal))
      return holder().then((name) => Promise.reject(conflict(M.lockedBy(name))));
    return Promise.resolve();
  }

  /** Who holds the review, read in `db` (inside a transaction, the transaction's: embedded PostgreSQL has one connection). */
  private holderName(sub: SubmissionRow, db: Db = this.ctx.db) {
    return async () => {
      const [m] = await db
        .select({ username: members.username })
        .from(members)
        .where(eq(members.id, sub.reviewLockMemberId!));
      return m?.username ?? 'Another moderator';
    };
  }

  /** Whether the plugin still has submissions in build or review (besides the one being decided). */
  private async stillWaiting(db: Db, pluginId: number) {
    const [row] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(submissions)
      .where(and(eq(submissions.pluginId, pluginId), inArray(submissions.status, ['q', 'b', 'p'])));
    return Number(row?.n ?? 0) > 0;
  }

  /**
   * Publishes a submission as the plugin's new version: with the binary ZIP the moderator attaches,
   * or the one its build produced. Files are stored before the transaction and removed if it fails.
   */
  async approve(principal: Principal, id: number, files: ApprovalFiles) {
    const note = files.approvalNote?.trim() || null;
    if (note && note.length > APPROVAL_NOTE_MAX) throw badRequest(M.approvalNoteLong, 'approvalNote');
    const before = (await this.load(id)).sub;
    await this.reviewable(before, principal, this.holderName(before));
    if (files.binary)
      await checkBinaryZip(files.binary.data, BINARY_ZIP_LIMITS).catch((e: HttpError) =>
        Promise.reject(this.field(e, 'binary')),
      );
    if (files.debugArchive)
      await checkDebugZip(files.debugArchive.data).catch((e: HttpError) =>
        Promise.reject(this.field(e, 'debugArchive')),
      );
    if (!files.binary && !before.binaryKey) throw badRequest(M.needsBinary, 'binary');

    const stored: string[] = [];
    const put = async (kind: string, data: Buffer) => {
      const key = `plugins/${before.pluginId}/${kind}-${randomBytes(12).toString('hex')}.zip`;
      await this.ctx.storage.put(key, data);
      stored.push(key);
      return key;
    };
    let outcome: {
      plugin: PluginRow;
      sub: SubmissionRow;
      replaced: Array<string | null>;
      publish?: () => Promise<void>;
    };
    try {
      const binaryKey = files.binary ? await put('binary', files.binary.data) : null;
      const debugKey = files.debugArchive ? await put('pdb', files.debugArchive.data) : null;
      outcome = await this.ctx.db.transaction(async (tx) => {
        const { sub, plugin } = await this.load(id, tx, true);
        await this.reviewable(sub, principal, this.holderName(sub, tx));
        if (!binaryKey && !sub.binaryKey) throw badRequest(M.needsBinary, 'binary');
        const now = new Date();
        const [updated] = await tx
          .update(submissions)
          .set({
            status: 'a',
            binaryKey: binaryKey ?? sub.binaryKey,
            debugKey: debugKey ?? sub.debugKey,
            approvalNote: note,
            approvedAt: now,
            ...decided(principal, now),
          })
          .where(eq(submissions.id, id))
          .returning();
        const waiting = await this.stillWaiting(tx, plugin.id);
        await tx
          .update(plugins)
          .set({ publishedOnce: true, needsApproval: waiting, updatedAt: now })
          .where(eq(plugins.id, plugin.id));
        await this.audit(tx, {
          actorId: principal.memberId,
          action: 'approve',
          submissionId: id,
          pluginId: plugin.id,
          note,
        });
        const version = updated!.versionString ? ` v${updated!.versionString}` : '';
        const sent = await this.ctx.notifications.send(
          {
            memberId: plugin.memberId,
            kind: 'pluginApproved',
            subject: `${plugin.name}${version} was approved`,
            body: `Your plugin **${plugin.name}**${version} was approved and is now live. Players can install it from the site and the in-game plugin manager.${
              note ? `\n\nNote from the moderator:\n\n${note}` : ''
            }`,
            link: `/plugin/${plugin.id}`,
          },
          tx,
        );
        return {
          plugin,
          sub: updated!,
          replaced: [binaryKey && sub.binaryKey, debugKey && sub.debugKey],
          publish: sent?.publish,
        };
      });
    } catch (e) {
      await this.removeFiles(stored);
      throw e;
    }
    await this.afterDecision(outcome.plugin, outcome.sub, outcome.publish);
    await this.removeFiles(outcome.replaced);
  }

  private field(e: HttpError, field: string) {
    if (!(e instanceof HttpError)) return e;
    return new HttpError(e.statusCode, e.message, { errors: { [field]: [e.message] } }, e.headers);
  }

  /** Denies a submission with the reason the author reads; an earlier approved version stays live. */
  async reject(principal: Principal, id: number, reason: string) {
    const outcome = await this.ctx.db.transaction(async (tx) => {
      const { sub, plugin } = await this.load(id, tx, true);
      await this.reviewable(sub, principal, this.holderName(sub, tx));
      const now = new Date();
      const [updated] = await tx
        .update(submissions)
        .set({
          status: 'r',
          denyReason: reason,
          ...decided(principal, now),
        })
        .where(eq(submissions.id, id))
        .returning();
      await tx
        .update(plugins)
        .set({ needsApproval: await this.stillWaiting(tx, plugin.id), updatedAt: now })
        .where(eq(plugins.id, plugin.id));
      await this.audit(tx, {
        actorId: principal.memberId,
        action: 'reject',
        submissionId: id,
        pluginId: plugin.id,
        note: reason,
      });
      const version = updated!.versionString ? ` v${updated!.versionString}` : '';
      const sent = await this.ctx.notifications.send(
        {
          memberId: plugin.memberId,
          kind: 'pluginDenied',
          subject: `${plugin.name}${version} was not approved`,
          body: `A moderator did not approve **${plugin.name}**${version}. The reason:\n\n${reason}\n\nYou can upload a corrected source from the plugin's manage page.`,
          link: `/plugins/${plugin.id}/manage`,
        },
        tx,
      );
      return { plugin, sub: updated!, publish: sent?.publish };
    });
    await this.afterDecision(outcome.plugin, outcome.sub, outcome.publish);
  }

  /** Moves a submission to the hidden list; it stays reviewable through its link. */
  async hide(principal: Principal, id: number) {
    await this.ctx.db.transaction(async (tx) => {
      const { sub } = await this.load(id, tx, true);
      await this.reviewable(sub, principal, this.holderName(sub, tx));
      await tx
        .update(submissions)
        .set({ hiddenAt: new Date(), reviewLockMemberId: null, reviewLockUntil: null })
        .where(eq(submissions.id, id));
      await this.audit(tx, { actorId: principal.memberId, action: 'hide', submissionId: id, pluginId: sub.pluginId });
    });
  }

  private async afterDecision(plugin: PluginRow, sub: SubmissionRow, publish?: () => Promise<void>) {
    pluginsChanged(this.ctx, plugin.id);
    notifySubmissionUpdated(this.ctx, plugin.memberId, {
      id: sub.id,
      pluginId: plugin.id,
      pluginName: plugin.name,
      status: sub.status,
      versionString: sub.versionString,
    });
    await publish?.();
  }

  private async removeFiles(keys: Array<string | null | undefined>) {
    for (const key of keys) {
      if (key) await this.ctx.storage.delete(key).catch((err) => this.ctx.log.warn({ err, key }, 'File not removed'));
    }
  }

  // ---- reports ----

  async report(principal: Principal, pluginId: number, input: { reason: string; details: string }) {
    if (!(await canSeePlugin(this.ctx, pluginId, principal))) throw notFound('Plugin not found');
    const [plugin] = await this.ctx.db
      .select({ memberId: plugins.memberId })
      .from(plugins)
      .where(eq(plugins.id, pluginId));
    if (plugin!.memberId === principal.memberId) throw badRequest(M.reportOwn);
    try {
      const [row] = await this.ctx.db
        .insert(pluginReports)
        .values({ pluginId, memberId: principal.memberId, reason: input.reason, details: input.details })
        .returning({ id: pluginReports.id });
      return { id: row!.id };
    } catch (e) {
      if (isUniqueViolation(e)) throw conflict(M.reportExists);
      throw e;
    }
  }

  private async pluginOrThrow(db: Db, pluginId: number) {
    const [plugin] = await db.select().from(plugins).where(eq(plugins.id, pluginId)).for('update');
    if (!plugin) throw notFound('Plugin not found');
    return plugin;
  }

  async dismissReports(principal: Principal, pluginId: number) {
    await this.ctx.db.transaction(async (tx) => {
      await this.pluginOrThrow(tx, pluginId);
      await tx
        .update(pluginReports)
        .set({ status: 'dismissed', resolvedById: principal.memberId, resolvedAt: new Date() })
        .where(and(eq(pluginReports.pluginId, pluginId), eq(pluginReports.status, 'open')));
      await this.audit(tx, { actorId: principal.memberId, action: 'dismiss-reports', pluginId });
    });
  }

  /** Takes a plugin off the site (lists, its page, downloads, the plugin manager) until restored. */
  async setPluginHidden(principal: Principal, pluginId: number, hidden: boolean) {
    await this.ctx.db.transaction(async (tx) => {
      await this.pluginOrThrow(tx, pluginId);
      await tx.update(plugins).set({ isActive: !hidden }).where(eq(plugins.id, pluginId));
      if (hidden) {
        await tx
          .update(pluginReports)
          .set({ status: 'actioned', resolvedById: principal.memberId, resolvedAt: new Date() })
          .where(and(eq(pluginReports.pluginId, pluginId), eq(pluginReports.status, 'open')));
      }
      await this.audit(tx, {
        actorId: principal.memberId,
        action: hidden ? 'hide-plugin' : 'restore-plugin',
        pluginId,
      });
    });
    pluginsChanged(this.ctx, pluginId);
  }

  // ---- cars ----

  async cars(q: ModerationListQuery & { status: 'all' | 'active' | 'hidden' }) {
    const where: SQL[] = [sql`true`];
    if (q.status === 'hidden') where.push(sql`c.status = 'H'`);
    if (q.status === 'active') where.push(sql`c.status in ('A', 'I')`);
    if (q.search)
      where.push(sql`(lower(c.name) like ${likePattern(q.search)} or lower(m.username) like ${likePattern(q.search)})`);
    const rows = await queryRows<Record<string, unknown>>(
      this.ctx.db,
      sql`
      select c.id, c.name, m.username as owner, c.member_id as "memberId", c.status, c.is_public as "isPublic",
        c.views, c.code_copies as "codeCopies", c.created_at as "createdAt", c.updated_at as "updatedAt", count(*) over () as "totalCount"
      from cars c join members m on m.id = c.member_id
      where ${sql.join(where, sql` and `)}
      order by c.updated_at desc, c.id desc
      limit ${q.pageSize} offset ${(q.page - 1) * q.pageSize}`,
    );
    const items: ModerationCarItem[] = rows.map((r) => ({
      id: Number(r.id),
      name: String(r.name),
      owner: String(r.owner),
      memberId: Number(r.memberId),
      status: String(r.status),
      isPublic: Boolean(r.isPublic),
      hidden: r.status === 'H',
      views: Number(r.views),
      codeCopies: Number(r.codeCopies),
      createdAt: toIso(r.createdAt as Date),
      updatedAt: toIso(r.updatedAt as Date),
    }));
    return { items, page: q.page, pageSize: q.pageSize, totalCount: rows.length ? Number(rows[0]!.totalCount) : 0 };
  }

  /** Hides a car from everyone but its owner (status H), or restores it (A). */
  async setCarHidden(principal: Principal, carId: number, hidden: boolean) {
    await this.ctx.db.transaction(async (tx) => {
      const [car] = await tx.select({ id: cars.id }).from(cars).where(eq(cars.id, carId)).for('update');
      if (!car) throw notFound(M.carNotFound);
      await tx
        .update(cars)
        .set({ status: hidden ? 'H' : 'A' })
        .where(eq(cars.id, carId));
      await this.audit(tx, { actorId: principal.memberId, action: hidden ? 'hide-car' : 'restore-car', carId });
    });
    carsChanged(this.ctx, carId);
  }
}

/** PostgreSQL's unique_violation, through drizzle's wrapping. */
function isUniqueViolation(e: unknown): boolean {
  for (let x: unknown = e, d = 0; x && d < 4; x = (x as { cause?: unknown }).cause, d++) {
    if ((x as { code?: unknown }).code === '23505') return true;
  }
  return false;
}
