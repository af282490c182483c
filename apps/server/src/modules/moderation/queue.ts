import { sql, type SQL } from 'drizzle-orm';
import {
  type ModerationListQuery,
  type ModerationPluginItem,
  type ModeratorDashboard,
  type ReportedPluginItem,
} from '@bm/core';
import type { AppContext } from '../../context.js';
import { queryRows, toIso } from '../plugins/index.js';
import { openReportsOf } from './reported-lists.js';
import { iso, likePattern } from './shared.js';

/** The review queue's lists: the dashboard's counts, pending and hidden submissions, reported plugins. */
export class ModerationQueue {
  constructor(private readonly ctx: AppContext) {}

  async dashboard(): Promise<ModeratorDashboard> {
    const [row] = await queryRows<Record<keyof ModeratorDashboard, number>>(
      this.ctx.db,
      sql`
      select
        (select count(*)::int from submissions where status = 'p' and hidden_at is null) as pending,
        (select count(*)::int from submissions where status = 'p' and hidden_at is not null) as hidden,
        (select count(*)::int from submissions where status in ('q', 'b')) as building,
        (select count(distinct plugin_id)::int from plugin_reports where status = 'open') as reported,
        (select count(distinct car_id)::int from plugin_reports where status = 'open' and kind = 'car') as "reportedCars",
        (select count(distinct comment_id)::int from plugin_reports where status = 'open' and kind = 'comment') as "reportedComments",
        (select count(*)::int from cars) as cars,
        (select count(*)::int from cars where status = 'H') as "hiddenCars",
        (select count(*)::int from submissions where status = 'a' and approved_at > now() - interval '7 days') as "approvedLast7Days"`,
    );
    return Object.fromEntries(Object.entries(row!).map(([k, v]) => [k, Number(v)])) as unknown as ModeratorDashboard;
  }

  /** Submissions waiting for review, oldest first (a queue): those hidden from review, or the others. */
  async submissions(kind: 'pending' | 'hidden', q: ModerationListQuery) {
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
    const open = await openReportsOf(
      this.ctx,
      'plugin',
      rows.map((r) => Number(r.pluginId)),
    );
    const data: ReportedPluginItem[] = rows.map((r) => {
      const mine = open.get(Number(r.pluginId));
      return {
        pluginId: Number(r.pluginId),
        name: r.name,
        submitter: r.submitter,
        memberId: Number(r.memberId),
        isActive: Boolean(r.isActive),
        reportCount: Number(r.reportCount),
        reasons: mine?.reasons ?? [],
        reports: mine?.reports ?? [],
        latestReportAt: toIso(r.latest),
      };
    });
    const totalCount = rows.length ? Number(rows[0]!.totalCount) : 0;
    return { data, page: q.page, pageSize: q.pageSize, totalCount };
  }
}
