import { sql, type SQL } from 'drizzle-orm';
import {
  REPORT_REASONS,
  type ModerationListQuery,
  type ReportKind,
  type ReportedCarItem,
  type ReportedCommentItem,
} from '@bm/core';
import type { AppContext } from '../../context.js';
import { queryRows, toIso } from '../plugins/index.js';
import { likePattern } from './shared.js';

const COLUMN = { plugin: 'plugin_id', car: 'car_id', comment: 'comment_id' } as const;

/** What the Reported screen shows of an item's open reports: counted by reason, newest 50 listed. */
interface OpenReports {
  reportCount: number;
  reasons: Array<{ reason: string; label: string; count: number }>;
  reports: Array<{ id: number; reason: string; details: string; reporter: string; createdAt: string }>;
  latestReportAt: string;
}

/** The open reports of the items `ids` of one kind, by item id (none for an item without open reports). */
export async function openReportsOf(
  ctx: AppContext,
  kind: ReportKind,
  ids: number[],
): Promise<Map<number, OpenReports>> {
  const out = new Map<number, OpenReports>();
  if (!ids.length) return out;
  const column = sql.raw(`r.${COLUMN[kind]}`);
  const rows = await queryRows<{
    id: number;
    target: number;
    reason: string;
    details: string;
    reporter: string;
    createdAt: Date;
  }>(
    ctx.db,
    sql`
    select r.id, ${column} as target, r.reason, r.details, rm.username as reporter, r.created_at as "createdAt"
    from plugin_reports r join members rm on rm.id = r.member_id
    where r.status = 'open' and r.kind = ${kind} and ${column} in (${sql.join(
      ids.map((i) => sql`${i}`),
      sql`, `,
    )})
    order by r.created_at desc, r.id desc`,
  );
  for (const id of ids) {
    const mine = rows.filter((x) => Number(x.target) === id);
    if (!mine.length) continue;
    const byReason = new Map<string, number>();
    for (const x of mine) byReason.set(x.reason, (byReason.get(x.reason) ?? 0) + 1);
    out.set(id, {
      reportCount: mine.length,
      reasons: [...byReason]
        .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
        .map(([reason, count]) => ({ reason, label: REPORT_REASONS[kind][reason] ?? reason, count })),
      reports: mine.slice(0, 50).map((x) => ({
        id: Number(x.id),
        reason: x.reason,
        details: x.details,
        reporter: x.reporter,
        createdAt: toIso(x.createdAt),
      })),
      latestReportAt: toIso(mine[0]!.createdAt),
    });
  }
  return out;
}

/** The items of one kind with open reports, most reported first: a page of ids and the total. */
async function reportedPage(ctx: AppContext, kind: 'car' | 'comment', q: ModerationListQuery, search: SQL | null) {
  const column = sql.raw(`r.${COLUMN[kind]}`);
  const join =
    kind === 'car'
      ? sql`join cars c on c.id = r.car_id join members m on m.id = c.member_id`
      : sql`join plugin_comments c on c.id = r.comment_id join members m on m.id = c.member_id join plugins p on p.id = c.plugin_id`;
  const rows = await queryRows<{ id: number; totalCount: number }>(
    ctx.db,
    sql`
    select ${column} as id, count(*) over () as "totalCount"
    from plugin_reports r ${join}
    where r.status = 'open' and r.kind = ${kind}${search ? sql` and ${search}` : sql``}
    group by ${column}
    order by count(*) desc, max(r.created_at) desc, ${column}
    limit ${q.pageSize} offset ${(q.page - 1) * q.pageSize}`,
  );
  return { ids: rows.map((r) => Number(r.id)), totalCount: rows.length ? Number(rows[0]!.totalCount) : 0 };
}

/** Cars with open reports (search: the car's name or its owner). */
export async function reportedCars(ctx: AppContext, q: ModerationListQuery) {
  const search = q.search
    ? sql`(lower(c.name) like ${likePattern(q.search)} or lower(m.username) like ${likePattern(q.search)})`
    : null;
  const { ids, totalCount } = await reportedPage(ctx, 'car', q, search);
  const open = await openReportsOf(ctx, 'car', ids);
  const cars = ids.length
    ? await queryRows<{ id: number; name: string; owner: string; memberId: number; status: string }>(
        ctx.db,
        sql`select c.id, c.name, m.username as owner, c.member_id as "memberId", c.status
        from cars c join members m on m.id = c.member_id where c.id in (${sql.join(
          ids.map((i) => sql`${i}`),
          sql`, `,
        )})`,
      )
    : [];
  const data: ReportedCarItem[] = ids.flatMap((id) => {
    const car = cars.find((c) => Number(c.id) === id);
    const reports = open.get(id);
    if (!car || !reports) return [];
    return [
      {
        carId: id,
        name: car.name,
        owner: car.owner,
        memberId: Number(car.memberId),
        hidden: car.status === 'H',
        ...reports,
      },
    ];
  });
  return { data, page: q.page, pageSize: q.pageSize, totalCount };
}

/** Comments with open reports (search: the comment's text, its author or its plugin's name). */
export async function reportedComments(ctx: AppContext, q: ModerationListQuery) {
  const search = q.search
    ? sql`(lower(c.body) like ${likePattern(q.search)} or lower(m.username) like ${likePattern(q.search)} or lower(p.name) like ${likePattern(q.search)})`
    : null;
  const { ids, totalCount } = await reportedPage(ctx, 'comment', q, search);
  const open = await openReportsOf(ctx, 'comment', ids);
  const comments = ids.length
    ? await queryRows<{
        id: number;
        pluginId: number;
        pluginName: string;
        body: string;
        author: string;
        memberId: number;
      }>(
        ctx.db,
        sql`select c.id, c.plugin_id as "pluginId", p.name as "pluginName", c.body, m.username as author, c.member_id as "memberId"
        from plugin_comments c join members m on m.id = c.member_id join plugins p on p.id = c.plugin_id
        where c.id in (${sql.join(
          ids.map((i) => sql`${i}`),
          sql`, `,
        )})`,
      )
    : [];
  const data: ReportedCommentItem[] = ids.flatMap((id) => {
    const c = comments.find((x) => Number(x.id) === id);
    const reports = open.get(id);
    if (!c || !reports) return [];
    return [
      {
        commentId: id,
        pluginId: Number(c.pluginId),
        pluginName: c.pluginName,
        body: c.body,
        author: c.author,
        memberId: Number(c.memberId),
        ...reports,
      },
    ];
  });
  return { data, page: q.page, pageSize: q.pageSize, totalCount };
}
