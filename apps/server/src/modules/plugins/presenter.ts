import { sql, type SQL } from 'drizzle-orm';
import { PLUGIN_MESSAGES as M, type CompatibilityStatus, type Plugin, type Submission, type Tag } from '@bm/core';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/client.js';
import { compatibilityStatusSql, declaredSql } from '../../db/compatibility-status.js';
import type { submissions } from '../../db/schema.js';
import { notFound } from '../../platform/errors.js';

/**
 * A plugin as the API shows it, in one place: the columns a statement reads for it (on `plugins p`
 * with pluginJoins), the row they make, and the mapping to the API shape. The list and search SQL
 * (search.ts, benchmark included) and every service read through these.
 */

type SubmissionRow = typeof submissions.$inferSelect;

/** Rows of a raw query: both drivers (node-postgres and PGlite) answer with a `rows` array. */
export async function queryRows<T>(db: Db, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

export const toIso = (v: Date | string) => (v instanceof Date ? v : new Date(v)).toISOString();
export const toIsoOrNull = (v: Date | string | null) => (v === null ? null : toIso(v));

/** Average stars to two decimals (the web shows one); 0 before the first rating. */
export const averageRating = (sum: number, count: number) => (count ? Math.round((sum / count) * 100) / 100 : 0);

/** The counted download of one version (what the site's buttons and the in-game manager fetch). */
export const versionDownloadPath = (pluginId: number, submissionId: number) =>
  `/api/plugins/${pluginId}/versions/${submissionId}/download`;

/** A row of pluginColumns. */
export interface PluginApiRow {
  id: number;
  memberId: number;
  name: string;
  shortDescription: string;
  description: string;
  homepage: string | null;
  sourceCodeUrl: string | null;
  bannerKey: string | null;
  isActive: boolean;
  publishedOnce: boolean;
  needsApproval: boolean;
  isListed: boolean;
  isPubliclyVisible: boolean;
  isPinned: boolean;
  skipBuildServer: boolean;
  isFeatured: boolean;
  downloadCount: number;
  viewCount: number;
  ratingSum: number;
  ratingCount: number;
  createdAt: Date | string;
  updatedAt: Date | string;
  memberName: string;
  memberAvatarKey: string | null;
  versionId: number | null;
  versionString: string | null;
  tags: Tag[] | string;
  myStars: number | null;
  followerCount: number;
  isFollowing: boolean | null;
  compatGameVersionId: number | null;
  compatStatus: CompatibilityStatus;
  totalCount?: number;
}

/**
 * Columns of a plugin as the API shows it, for rows of `plugins p` joined to its member `m`:
 * the latest approved version, the tags, the follower count, and the viewer's own rating and follow come along.
 */
export function pluginColumns(viewerId: number | null): SQL {
  return sql`p.id, p.member_id as "memberId", p.name, p.short_description as "shortDescription", p.description,
    p.homepage, p.source_code_url as "sourceCodeUrl", p.banner_key as "bannerKey",
    p.is_active as "isActive", p.published_once as "publishedOnce", p.needs_approval as "needsApproval",
    p.is_listed as "isListed", p.is_publicly_visible as "isPubliclyVisible", p.is_pinned as "isPinned",
    p.skip_build_server as "skipBuildServer", p.is_featured as "isFeatured", p.download_count as "downloadCount", p.view_count as "viewCount",
    p.rating_sum as "ratingSum", p.rating_count as "ratingCount", p.created_at as "createdAt", p.updated_at as "updatedAt",
    m.username as "memberName", m.avatar_key as "memberAvatarKey",
    v.id as "versionId", v.version_string as "versionString",
    coalesce((select json_agg(json_build_object('id', t.id, 'shortName', t.short_name, 'longName', t.long_name, 'helpText', t.help_text) order by t.id)
      from plugin_tags pt join tags t on t.id = pt.tag_id where pt.plugin_id = p.id), '[]'::json) as tags,
    ${viewerId === null ? sql`null::int` : sql`(select r.stars::int from plugin_ratings r where r.plugin_id = p.id and r.member_id = ${viewerId})`} as "myStars",
    (select count(*)::int from plugin_follows f where f.plugin_id = p.id) as "followerCount",
    ${viewerId === null ? sql`false` : sql`exists (select 1 from plugin_follows f where f.plugin_id = p.id and f.member_id = ${viewerId})`} as "isFollowing",
    cg.id as "compatGameVersionId",
    case when cg.id is null then 'unverified' else ${compatibilityStatusSql('pc', declaredSql(sql`v.id`, sql`cg.id`))} end as "compatStatus"`;
}

/** Joins of pluginColumns: the member, the latest approved version, and what is known of it on the current game version. */
export const pluginJoins = sql`join members m on m.id = p.member_id
  left join lateral (
    select s.id, s.version_string from submissions s
    where s.plugin_id = p.id and s.status = 'a' and s.binary_key is not null
    order by s.approved_at desc nulls last, s.id desc nulls last limit 1
  ) v on true
  left join game_versions cg on cg.current
  left join plugin_compatibility pc on pc.plugin_id = p.id and pc.game_version_id = cg.id`;

export function toPlugin(ctx: Pick<AppContext, 'storage'>, row: PluginApiRow): Plugin {
  const storage = ctx.storage;
  const tagList = typeof row.tags === 'string' ? (JSON.parse(row.tags) as Tag[]) : row.tags;
  return {
    id: row.id,
    name: row.name,
    shortDescription: row.shortDescription,
    description: row.description,
    homepage: row.homepage,
    sourceCodeUrl: row.sourceCodeUrl,
    bannerImageUrl: row.bannerKey ? storage.url(row.bannerKey) : null,
    versionString: row.versionId === null ? null : (row.versionString ?? ''),
    averageRating: averageRating(row.ratingSum, row.ratingCount),
    ratingCount: row.ratingCount,
    myStars: row.myStars ?? null,
    followerCount: Number(row.followerCount ?? 0),
    isFollowing: Boolean(row.isFollowing),
    downloadCount: row.downloadCount,
    viewCount: row.viewCount,
    downloadUrl: row.versionId === null ? null : versionDownloadPath(row.id, row.versionId),
    isActive: row.isActive,
    publishedOnce: row.publishedOnce,
    needsApproval: row.needsApproval,
    isListed: row.isListed,
    isPubliclyVisible: row.isPubliclyVisible,
    isPinned: row.isPinned,
    skipBuildServer: row.skipBuildServer,
    isFeatured: row.isFeatured,
    createdAt: toIso(row.createdAt),
    updatedAt: toIso(row.updatedAt),
    member: {
      id: row.memberId,
      displayName: row.memberName,
      avatarUrl: row.memberAvatarKey ? storage.url(row.memberAvatarKey) : null,
    },
    author: row.memberName,
    tags: tagList,
    compatibility: {
      gameVersionId: row.compatGameVersionId === null ? null : Number(row.compatGameVersionId),
      status: row.compatStatus,
    },
  };
}

/** Plugins by a condition on `p`, shaped for the API. */
export async function selectPlugins(
  ctx: Pick<AppContext, 'db' | 'storage'>,
  where: SQL,
  viewerId: number | null,
  orderBy: SQL = sql`p.id`,
): Promise<Plugin[]> {
  const rows = await queryRows<PluginApiRow>(
    ctx.db,
    sql`select ${pluginColumns(viewerId)} from plugins p ${pluginJoins} where ${where} order by ${orderBy}`,
  );
  return rows.map((r) => toPlugin(ctx, r));
}

/** One plugin shaped for the API (404 when there is none): callers have checked the viewer's right. */
export async function onePlugin(
  ctx: Pick<AppContext, 'db' | 'storage'>,
  id: number,
  viewerId: number | null,
): Promise<Plugin> {
  const [p] = await selectPlugins(ctx, sql`p.id = ${id}`, viewerId);
  if (!p) throw notFound(M.notFound);
  return p;
}

export function toSubmission(row: SubmissionRow, queuePosition: number | null = null): Submission {
  return {
    submissionId: row.id,
    pluginId: row.pluginId,
    versionString: row.versionString,
    status: row.status,
    sourceFileName: row.sourceName,
    sourceFileSize: row.sourceSize,
    notes: row.notes,
    approvalNote: row.approvalNote,
    denyReason: row.denyReason,
    createdAt: toIso(row.createdAt),
    updatedAt: toIso(row.updatedAt),
    approvedAt: toIsoOrNull(row.approvedAt),
    hasBinary: row.binaryKey !== null,
    hasDebugFiles: row.debugKey !== null,
    buildLog: row.buildLog,
    queuePosition,
  };
}
