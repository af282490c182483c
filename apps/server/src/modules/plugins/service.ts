import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import {
  PLUGIN_BANNER_MAX_BYTES,
  PLUGIN_DOWNLOAD_THROTTLE_MS,
  PLUGIN_MESSAGES as M,
  PLUGIN_VERSION_STRING_MAX,
  PLUGIN_VIEW_DEDUPE_MS,
  FEATURED_PLUGIN_COUNT,
  cutDescription,
  hasRole,
  type FeaturedPlugins,
  type Plugin,
  type PluginListQuery,
  type PluginPage,
  type Submission,
  type SubmissionUpdatedEvent,
  type PluginStats,
  type StatsDaySpan,
  type Tag,
  type TagCount,
  type PluginDetail,
} from '@bm/core';
import { renderMarkdown } from '@bm/core/markdown';
import type { AppContext, Principal } from '../../context.js';
import type { Db } from '../../db/client.js';
import {
  pluginDailyCounts,
  pluginDownloadMarks,
  pluginRatings,
  plugins,
  pluginTags,
  pluginViewMarks,
  submissions,
  tags,
  type SubmissionStatus,
} from '../../db/schema.js';
import { HttpError, badRequest, forbidden, notFound } from '../../platform/errors.js';
import { reencodeImage } from '../../platform/images.js';
import { markdownToText } from '../../platform/plain-text.js';
import type { PageMeta } from '../../spa.js';
import { countOnce, dailySeries, pruneCountMarks, type CountOnce } from '../../db/count-marks.js';
import { ReadCache } from '../../platform/read-cache.js';
import {
  listedPlugin,
  pluginColumns,
  pluginJoins,
  resolveTagIds,
  runPluginList,
  searchWords,
  tagLookupSql,
} from './search.js';
import { checkSourceZip } from './zip.js';
import { PluginMatchIndexSync } from './match-sync.js';
import { enqueueBuild } from '../builds/dispatch.js';

type PluginRow = typeof plugins.$inferSelect;
type SubmissionRow = typeof submissions.$inferSelect;

/** A row of pluginColumns. */
interface PluginApiRow {
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
  totalCount?: number;
}

/** Rows of a raw query: both drivers (node-postgres and PGlite) answer with a `rows` array. */
export async function queryRows<T>(db: Db, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** Average stars to two decimals (the web shows one); 0 before the first rating. */
const averageRating = (sum: number, count: number) => (count ? Math.round((sum / count) * 100) / 100 : 0);

export const toIso = (v: Date | string) => (v instanceof Date ? v : new Date(v)).toISOString();
const toIsoOrNull = (v: Date | string | null) => (v === null ? null : toIso(v));

/** Whether a caller may see a plugin at all (GET /plugins/{id}, its real-time room): the one visibility rule. */
export async function canSeePlugin(
  ctx: Pick<AppContext, 'db'>,
  id: number,
  viewer: Pick<Principal, 'memberId' | 'roles'> | null,
): Promise<boolean> {
  const [row] = await ctx.db
    .select({
      isActive: plugins.isActive,
      isPubliclyVisible: plugins.isPubliclyVisible,
      publishedOnce: plugins.publishedOnce,
      memberId: plugins.memberId,
    })
    .from(plugins)
    .where(eq(plugins.id, id));
  return !!row && (isPublic(row) || row.memberId === viewer?.memberId || isStaff(viewer));
}

export const isStaff = (principal: Pick<Principal, 'roles'> | null) =>
  !!principal && (hasRole(principal.roles, 'administrator') || hasRole(principal.roles, 'moderator'));

/** Anyone may open it: active, publicly visible and with an approved version (listed or not). */
export const isPublic = (p: Pick<PluginRow, 'isActive' | 'isPubliclyVisible' | 'publishedOnce'>) =>
  p.isActive && p.isPubliclyVisible && p.publishedOnce;

/** The counted download of one version (what the site's buttons and the in-game manager fetch). */
export const versionDownloadPath = (pluginId: number, submissionId: number) =>
  `/api/plugins/${pluginId}/versions/${submissionId}/download`;

/** Tells the plugin's owner that a submission changed (SubmissionUpdated). */
export function notifySubmissionUpdated(ctx: Pick<AppContext, 'hub'>, ownerId: number, event: SubmissionUpdatedEvent) {
  ctx.hub.toMember(ownerId, 'SubmissionUpdated', event);
}

/** How long a download link to a plugin's file works. */
const PRIVATE_LINK_TTL_S = 600;
const binaryFileName = (pluginName: string, versionString: string | null) =>
  `${pluginName}${versionString ? `-${versionString}` : ''}.zip`.replace(/[^\w.-]+/g, '_');

const fileKey = (pluginId: number, kind: string, ext: string) =>
  `plugins/${pluginId}/${kind}-${randomBytes(12).toString('hex')}.${ext}`;

/** The uploaded file's own name, without folders or control characters. */
function cleanFileName(name: string | undefined, fallback: string) {
  const base = path.posix
    .basename((name ?? '').replace(/\\/g, '/'))
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f]/g, '')
    .trim();
  return (base || fallback).slice(0, 200);
}

export interface PluginChanges {
  name?: string;
  shortDescription?: string;
  description?: string;
  homepage?: string | null;
  sourceCodeUrl?: string | null;
  isListed?: boolean;
  isPubliclyVisible?: boolean;
}

const PLUGIN_VIEWS: CountOnce = {
  marks: pluginViewMarks,
  markSubject: pluginViewMarks.pluginId,
  counter: plugins.viewCount,
  daily: {
    table: pluginDailyCounts,
    subject: pluginDailyCounts.pluginId,
    day: pluginDailyCounts.day,
    counter: pluginDailyCounts.views,
  },
  windowS: PLUGIN_VIEW_DEDUPE_MS / 1000,
};
const PLUGIN_DOWNLOADS: CountOnce = {
  marks: pluginDownloadMarks,
  markSubject: pluginDownloadMarks.pluginId,
  counter: plugins.downloadCount,
  daily: {
    table: pluginDailyCounts,
    subject: pluginDailyCounts.pluginId,
    day: pluginDailyCounts.day,
    counter: pluginDailyCounts.downloads,
  },
  windowS: PLUGIN_DOWNLOAD_THROTTLE_MS / 1000,
};

/** The featured strip fills up with the best rated of this many most downloaded plugins. */
const FEATURED_POPULAR_POOL = 24;

/** How many plugins the kept list pages may hold in all (a page of 20 counts 20). */
const LIST_CACHE_PLUGINS = 20_000;
/** Totals of plain lists are kept this long whatever LIST_CACHE_SECONDS says: they are the costly part. */
const LIST_TOTAL_TTL_MS = 5000;
const LIST_TOTALS_MAX = 500;
/** Characters of kept plugin details in all (each counts its description plus 1,000 for the rest): about 8 MB of text. */
const DETAIL_CACHE_CHARS = 4_000_000;

/**
 * What the catalogue reads keep (the one ReadCache), one set per server so that every module
 * writing to plugins can drop them (pluginsChanged):
 * - public list pages as anonymous visitors see them (a member's own stars are added per request),
 *   and the featured strip;
 * - the totals of plain lists: counting every listed plugin is the costliest part of a list page
 *   and a total a few seconds old does no harm;
 * - each plugin as GET /plugins/{id} shows it to anyone allowed to see it, without the viewer's
 *   stars: the visibility rule is applied to the kept copy on every request, so a hide or a
 *   deletion drops it at once;
 * - the tags.
 * A counted view or download drops only that plugin's details (a visitor is counted at most once
 * per window, so this is bounded by distinct visitors); lists show new counters within LIST_CACHE_SECONDS.
 */
interface PluginCaches {
  pages: ReadCache<{ items: Plugin[]; totalCount: number; tagCounts: TagCount[] | null }>;
  totals: ReadCache<{ n: number }>;
  details: ReadCache<PluginDetail>;
  tags: ReadCache<{ tags: Tag[] }>;
}
const pluginCaches = new WeakMap<AppContext, PluginCaches>();

function pluginCachesOf(ctx: AppContext): PluginCaches {
  let caches = pluginCaches.get(ctx);
  if (!caches) {
    caches = {
      pages: new ReadCache(ctx.config.listCacheMs, { maxSize: LIST_CACHE_PLUGINS, size: (page) => page.items.length }),
      totals: new ReadCache(LIST_TOTAL_TTL_MS, { maxSize: LIST_TOTALS_MAX, size: () => 1 }),
      details: new ReadCache(ctx.config.listCacheMs, {
        maxSize: DETAIL_CACHE_CHARS,
        size: (p) => p.description.length + p.descriptionHtml.length + 1000,
      }),
      tags: new ReadCache(ctx.config.listCacheMs, { maxSize: 1, size: () => 1 }),
    };
    pluginCaches.set(ctx, caches);
  }
  return caches;
}

/**
 * Call after a change to plugin `id` (every plugin when left out: a member's name or avatar,
 * tags) once it is committed: drops the lists, which may show it, and its kept details.
 */
export function pluginsChanged(ctx: AppContext, id?: number): void {
  void ctx.hub.recheckPlugin(id); // who may no longer see it leaves its live room
  const caches = pluginCaches.get(ctx);
  if (!caches) return;
  caches.pages.invalidate();
  caches.totals.invalidate();
  caches.details.invalidate(id === undefined ? undefined : String(id));
  if (id === undefined) caches.tags.invalidate();
}

const matchSyncs = new WeakMap<AppContext, PluginMatchIndexSync>();

/** The server's plugin match index (SEARCH_INDEX=memory), one per server; null with 'sql'. */
export function matchSyncOf(ctx: AppContext): PluginMatchIndexSync | null {
  if (ctx.config.searchIndex !== 'memory') return null;
  let sync = matchSyncs.get(ctx);
  if (!sync) {
    sync = new PluginMatchIndexSync((q) => queryRows(ctx.db, q), ctx.log);
    matchSyncs.set(ctx, sync);
  }
  return sync;
}

export class PluginService {
  private readonly caches: PluginCaches;

  constructor(private readonly ctx: AppContext) {
    this.caches = pluginCachesOf(ctx);
  }

  private changed(id: number) {
    pluginsChanged(this.ctx, id);
  }

  // ---- shapes ----

  toPlugin(row: PluginApiRow): Plugin {
    const storage = this.ctx.storage;
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
    };
  }

  toSubmission(row: SubmissionRow, queuePosition: number | null = null): Submission {
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

  private async rows(db: Db, query: SQL): Promise<PluginApiRow[]> {
    return queryRows<PluginApiRow>(db, query);
  }

  /** Plugins by a condition on `p`, shaped for the API. */
  private async select(where: SQL, viewerId: number | null, orderBy: SQL = sql`p.id`): Promise<Plugin[]> {
    const rows = await this.rows(
      this.ctx.db,
      sql`select ${pluginColumns(viewerId)} from plugins p ${pluginJoins} where ${where} order by ${orderBy}`,
    );
    return rows.map((r) => this.toPlugin(r));
  }

  private async one(id: number, viewerId: number | null): Promise<Plugin> {
    const [p] = await this.select(sql`p.id = ${id}`, viewerId);
    if (!p) throw notFound(M.notFound);
    return p;
  }

  // ---- access ----

  private async row(id: number, db: Db = this.ctx.db, lock = false): Promise<PluginRow> {
    const q = db.select().from(plugins).where(eq(plugins.id, id));
    const [row] = lock ? await q.for('update') : await q;
    if (!row) throw notFound(M.notFound);
    return row;
  }

  /** The plugin if the caller may see it: public ones to all, hidden ones to their owner and staff only (else 404). */
  async visibleRow(id: number, viewer: Principal | null): Promise<PluginRow> {
    const row = await this.row(id);
    if (isPublic(row) || row.memberId === viewer?.memberId || isStaff(viewer)) return row; // the rule of canSeePlugin
    throw notFound(M.notFound);
  }

  /** The plugin if the caller owns it: 404 when it does not exist, 403 when it is someone else's. */
  async ownedRow(principal: Principal, id: number, db: Db = this.ctx.db, lock = false): Promise<PluginRow> {
    const row = await this.row(id, db, lock);
    if (row.memberId !== principal.memberId) throw forbidden(M.notOwner);
    return row;
  }

  /** The caller's own plugin under /plugins/my: someone else's is not among theirs (404). */
  private async myRow(principal: Principal, id: number): Promise<PluginRow> {
    const row = await this.row(id);
    if (row.memberId !== principal.memberId) throw notFound(M.notFound);
    return row;
  }

  /**
   * A plugin's files are private: a short-lived link, given only after the caller's right was
   * checked, so that a hidden or deleted plugin's files stop being served.
   */
  private privateUrl(key: string, fileName: string) {
    return this.ctx.signedUrls.path(key, { ttlS: PRIVATE_LINK_TTL_S, fileName });
  }

  // ---- reading ----

  async list(query: PluginListQuery, viewer: Principal | null): Promise<PluginPage> {
    const key = JSON.stringify([
      query.search.trim().toLowerCase().replace(/\s+/g, ' '),
      [...new Set(query.tags.map((t) => t.toLowerCase()))].sort(),
      query.hasSource,
      query.sortBy ?? null,
      query.sortDir ?? null,
      query.page,
      query.pageSize,
    ]);
    // Kept whole, so anonymous visitors get the very same answer (sendKept writes its JSON once).
    // A search is kept from its second asking: most are asked once, and matching one costs less
    // than keeping it.
    // List keys are JSON arrays: the one other entry of this cache ('featured') never answers here.
    const page = (await this.caches.pages.get(
      key,
      async (): Promise<PluginPage> => {
        const { items, totalCount, totalCapped, tagCounts } = await this.loadListPage(query);
        return {
          items,
          page: query.page,
          pageSize: query.pageSize,
          totalCount,
          totalPages: Math.ceil(totalCount / query.pageSize),
          totalCapped,
          tagCounts,
        };
      },
      { once: query.search.trim() ? 'load' : 'keep' },
    )) as PluginPage;
    return viewer ? { ...page, items: await this.withMyStars(page.items, viewer.memberId) } : page;
  }

  /**
   * The home page's featured strip: listed plugins an administrator picked (most downloaded first),
   * filled up with the best rated among the most downloaded. Kept with the list pages, so the
   * home page costs one query per cache period and any plugin change drops it.
   */
  async featured(viewer: Principal | null): Promise<FeaturedPlugins> {
    const { items } = await this.caches.pages.get('featured', async () => {
      const n = FEATURED_PLUGIN_COUNT;
      const rows = await this.rows(
        this.ctx.db,
        sql`with picked as (
          (select p.id, 0 as grp, 0::float8 as score, p.download_count as downloads from plugins p
            where ${listedPlugin} and p.is_featured
            order by p.download_count desc, p.id desc limit ${n})
          union all
          (select popular.id, 1, popular.score, popular.downloads from (
              select p.id, case when p.rating_count > 0 then p.rating_sum::float8 / p.rating_count else 0 end as score,
                p.download_count as downloads
              from plugins p where ${listedPlugin} and not p.is_featured
              order by p.download_count desc, p.id desc limit ${FEATURED_POPULAR_POOL}
            ) popular
            order by popular.score desc, popular.downloads desc, popular.id desc limit ${n})
        )
        select ${pluginColumns(null)}
        from picked join plugins p on p.id = picked.id ${pluginJoins}
        order by picked.grp, picked.score desc, picked.downloads desc, p.id desc
        limit ${n}`,
      );
      return { items: rows.map((r) => this.toPlugin(r)), totalCount: rows.length, totalCapped: false, tagCounts: null };
    });
    return { items: viewer ? await this.withMyStars(items, viewer.memberId) : items };
  }

  private async loadListPage(
    query: PluginListQuery,
  ): Promise<{ items: Plugin[]; totalCount: number; totalCapped: boolean; tagCounts: TagCount[] | null }> {
    let tagIds: number[] = [];
    if (query.tags.length) {
      const resolved = await this.resolveTags(query.tags);
      if (!resolved)
        return {
          items: [],
          totalCount: 0,
          totalCapped: false,
          tagCounts: searchWords(query.search).length ? [] : null,
        };
      tagIds = resolved;
    }
    const db = this.ctx.db;
    const match = matchSyncOf(this.ctx);
    const { rows, totalCount, totalCapped, tagCounts } = await runPluginList<PluginApiRow>(
      { ...query, tagIds, viewerId: null },
      {
        rows: (q, prepare) =>
          prepare && this.ctx.database.prepared ? this.ctx.database.prepared(q) : queryRows(db, q),
        count: async (q, key) => {
          const load = async () => ({
            n: Number((await queryRows<{ totalCount: number }>(db, q))[0]?.totalCount ?? 0),
          });
          return (key ? await this.caches.totals.get(key, load) : await load()).n;
        },
        matchIndex: match ? (changeSeq) => match.current(changeSeq) : undefined,
      },
    );
    return { items: rows.map((r) => this.toPlugin(r)), totalCount, totalCapped, tagCounts };
  }

  /** The plugins with the member's own stars (lists are kept as anonymous visitors see them). */
  private async withMyStars<P extends Plugin>(items: P[], memberId: number): Promise<P[]> {
    if (!items.length) return items;
    const rated = await this.ctx.db
      .select({ id: pluginRatings.pluginId, stars: pluginRatings.stars })
      .from(pluginRatings)
      .where(
        and(
          eq(pluginRatings.memberId, memberId),
          inArray(
            pluginRatings.pluginId,
            items.map((p) => p.id),
          ),
        ),
      );
    const stars = new Map(rated.map((r) => [r.id, Number(r.stars)]));
    return items.map((p) => ({ ...p, myStars: stars.get(p.id) ?? null }));
  }

  /** Tag ids from ids or short names (any case); null when one of them does not exist. */
  private async resolveTags(values: string[]): Promise<number[] | null> {
    return resolveTagIds(values, await queryRows<{ id: number; shortName: string }>(this.ctx.db, tagLookupSql(values)));
  }

  /**
   * GET /plugins/{id}: the kept copy as anyone may see it, shown only to those the visibility rule
   * (canSeePlugin's) lets see it, with the viewer's own stars added.
   */
  /** One plugin, its description rendered (once per kept answer, not per request). */
  async get(id: number, viewer: Principal | null): Promise<PluginDetail> {
    const p = await this.caches.details.get(String(id), async () => {
      const plugin = await this.one(id, null);
      return { ...plugin, descriptionHtml: await renderMarkdown(plugin.description) };
    });
    if (!(isPublic(p) || p.member.id === viewer?.memberId || isStaff(viewer))) throw notFound(M.notFound);
    return viewer ? (await this.withMyStars([p], viewer.memberId))[0]! : p;
  }

  async seo(id: number, viewer: Principal | null) {
    const p = await this.get(id, viewer);
    return {
      name: p.name,
      shortDescription: p.shortDescription,
      bannerImageUrl: p.bannerImageUrl,
      memberDisplayName: p.member.displayName,
      createdAt: p.createdAt,
      updatedAt: p.updatedAt,
    };
  }

  /** Approved submissions with a binary, newest first: the plugin's versions. */
  private versionRows(id: number) {
    return this.ctx.db
      .select()
      .from(submissions)
      .where(and(eq(submissions.pluginId, id), eq(submissions.status, 'a'), sql`${submissions.binaryKey} is not null`))
      .orderBy(sql`${submissions.approvedAt} desc nulls last`, sql`${submissions.id} desc`);
  }

  async versions(id: number, viewer: Principal | null) {
    await this.visibleRow(id, viewer);
    return (await this.versionRows(id)).map((s) => ({
      submissionId: s.id,
      versionString: s.versionString,
      submittedAt: toIso(s.createdAt),
      approvedAt: toIsoOrNull(s.approvedAt),
      binaryDownloadUrl: versionDownloadPath(id, s.id),
    }));
  }

  async tags(): Promise<Tag[]> {
    const kept = await this.caches.tags.get('all', async () => ({
      tags: await this.ctx.db
        .select({ id: tags.id, shortName: tags.shortName, longName: tags.longName, helpText: tags.helpText })
        .from(tags)
        .orderBy(asc(tags.longName), asc(tags.id)),
    }));
    return kept.tags;
  }

  // ---- own plugins ----

  /** All of the caller's plugins, whatever their state: pinned first, then the latest changed. */
  async mine(principal: Principal): Promise<Plugin[]> {
    return this.select(
      sql`p.member_id = ${principal.memberId}`,
      principal.memberId,
      sql`p.is_pinned desc, p.updated_at desc, p.id desc`,
    );
  }

  async mineOne(principal: Principal, id: number): Promise<Plugin> {
    await this.myRow(principal, id);
    return this.one(id, principal.memberId);
  }

  /** Downloads and views per UTC day for the chart: the owner's or, for an administrator, anyone's (404 otherwise). */
  async stats(principal: Principal, id: number, span: StatsDaySpan): Promise<PluginStats> {
    const row = await this.row(id);
    if (row.memberId !== principal.memberId && !hasRole(principal.roles, 'administrator')) throw notFound(M.notFound);
    const d = PLUGIN_DOWNLOADS.daily;
    return {
      days: await dailySeries(
        this.ctx.db,
        d,
        { downloads: pluginDailyCounts.downloads, views: pluginDailyCounts.views },
        id,
        span,
      ),
    };
  }

  async submissions(principal: Principal, id: number): Promise<Submission[]> {
    await this.myRow(principal, id);
    const rows = await this.ctx.db
      .select()
      .from(submissions)
      .where(eq(submissions.pluginId, id))
      .orderBy(sql`${submissions.createdAt} desc`, sql`${submissions.id} desc`);
    const positions = await reviewQueuePositions(
      this.ctx.db,
      rows.map((r) => r.id),
    );
    return rows.map((r) => this.toSubmission(r, positions.get(r.id) ?? null));
  }

  /** Debug symbols of the approved versions. */
  async pdbs(principal: Principal, id: number) {
    const plugin = await this.myRow(principal, id);
    const rows = (await this.versionRows(id)).filter((s) => s.debugKey !== null);
    return rows.map((s) => ({
      submissionId: s.id,
      versionString: s.versionString,
      approvedAt: toIsoOrNull(s.approvedAt),
      fileName: `${plugin.name}-${s.versionString || s.id}-pdb.zip`.replace(/[^\w.-]+/g, '_'),
      url: this.privateUrl(s.debugKey!, `${plugin.name}-${s.versionString || s.id}-pdb.zip`),
    }));
  }

  private async mySubmission(principal: Principal, id: number, submissionId: number) {
    const plugin = await this.myRow(principal, id);
    const [sub] = await this.ctx.db
      .select()
      .from(submissions)
      .where(and(eq(submissions.id, submissionId), eq(submissions.pluginId, id)));
    if (!sub) throw notFound(M.submissionNotFound);
    return { plugin, sub };
  }

  async sourceUrl(principal: Principal, id: number, submissionId: number) {
    const { sub } = await this.mySubmission(principal, id, submissionId);
    return { url: this.privateUrl(sub.sourceKey, sub.sourceName) };
  }

  /** Withdraws a submission that is not approved yet, with its files. */
  async deleteSubmission(principal: Principal, id: number, submissionId: number) {
    const { sub } = await this.mySubmission(principal, id, submissionId);
    if (sub.status === 'a') throw badRequest(M.approvedSubmission);
    await this.ctx.db.transaction(async (tx) => {
      await tx.delete(submissions).where(eq(submissions.id, sub.id));
      const [waiting] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(submissions)
        .where(and(eq(submissions.pluginId, id), inArray(submissions.status, ['q', 'b', 'p'])));
      await tx
        .update(plugins)
        .set({ needsApproval: (waiting?.n ?? 0) > 0 })
        .where(eq(plugins.id, id));
    });
    this.changed(id);
    await this.removeFiles([sub.sourceKey, sub.binaryKey, sub.debugKey]);
  }

  // ---- writes ----

  async create(
    principal: Principal,
    input: Required<Omit<PluginChanges, 'isListed' | 'isPubliclyVisible'>>,
  ): Promise<Plugin> {
    const [row] = await this.ctx.db
      .insert(plugins)
      .values({ memberId: principal.memberId, ...input })
      .returning({ id: plugins.id });
    this.changed(row!.id);
    return this.one(row!.id, principal.memberId);
  }

  async update(principal: Principal, id: number, changes: PluginChanges): Promise<Plugin> {
    await this.ownedRow(principal, id);
    const set = Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined));
    await this.ctx.db
      .update(plugins)
      .set({ ...set, updatedAt: new Date() })
      .where(eq(plugins.id, id));
    this.changed(id);
    return this.one(id, principal.memberId);
  }

  /** Removes the plugin, its rows (cascade) and then its files. */
  async delete(principal: Principal, id: number) {
    const keys = await this.ctx.db.transaction(async (tx) => {
      const row = await this.ownedRow(principal, id, tx, true);
      const subs = await tx
        .select({ s: submissions.sourceKey, b: submissions.binaryKey, d: submissions.debugKey })
        .from(submissions)
        .where(eq(submissions.pluginId, id));
      await tx.delete(plugins).where(eq(plugins.id, id));
      return [row.bannerKey, ...subs.flatMap((s) => [s.s, s.b, s.d])];
    });
    this.changed(id);
    await this.removeFiles(keys);
  }

  private async removeFiles(keys: Array<string | null>) {
    for (const key of keys) {
      if (!key) continue;
      await this.ctx.storage.delete(key).catch((err) => this.ctx.log.warn({ err, key }, 'Plugin file not removed'));
    }
  }

  async setVisibility(principal: Principal, id: number, v: { isPubliclyVisible: boolean; isListed: boolean }) {
    await this.ownedRow(principal, id);
    await this.ctx.db.update(plugins).set(v).where(eq(plugins.id, id));
    this.changed(id);
    return this.one(id, principal.memberId);
  }

  async setTags(principal: Principal, id: number, tagIds: number[]) {
    await this.ownedRow(principal, id);
    const ids = [...new Set(tagIds)];
    if (ids.length) {
      const found = await this.ctx.db.select({ id: tags.id }).from(tags).where(inArray(tags.id, ids));
      if (found.length !== ids.length) throw badRequest(M.unknownTag, 'tagIds');
    }
    await this.ctx.db.transaction(async (tx) => {
      await tx.delete(pluginTags).where(eq(pluginTags.pluginId, id));
      if (ids.length) await tx.insert(pluginTags).values(ids.map((tagId) => ({ pluginId: id, tagId })));
      await tx.update(plugins).set({ updatedAt: new Date() }).where(eq(plugins.id, id));
    });
    this.changed(id);
    return this.one(id, principal.memberId);
  }

  async setPin(principal: Principal, id: number, isPinned: boolean) {
    await this.ownedRow(principal, id);
    await this.ctx.db.update(plugins).set({ isPinned }).where(eq(plugins.id, id));
    this.changed(id);
    return { isPinned };
  }

  /** Administrator's pick for the home page's featured strip. */
  async setFeatured(id: number, isFeatured: boolean) {
    const [row] = await this.ctx.db
      .update(plugins)
      .set({ isFeatured })
      .where(eq(plugins.id, id))
      .returning({ v: plugins.isFeatured });
    if (!row) throw notFound(M.notFound);
    this.changed(id);
    return { isFeatured: row.v };
  }

  async setSkipBuildServer(id: number, skipBuildServer: boolean) {
    const [row] = await this.ctx.db
      .update(plugins)
      .set({ skipBuildServer })
      .where(eq(plugins.id, id))
      .returning({ v: plugins.skipBuildServer });
    if (!row) throw notFound(M.notFound);
    this.changed(id);
    return { skipBuildServer: row.v };
  }

  /** Stores a re-encoded banner; the row points at it before the old file goes. */
  async setBanner(principal: Principal, id: number, data: Buffer): Promise<string> {
    await this.ownedRow(principal, id);
    if (data.length > PLUGIN_BANNER_MAX_BYTES) throw new HttpError(413, M.bannerTooLarge);
    const image = await reencodeImage(data, { width: 1600, height: 900, fit: 'inside' }, M.bannerType);
    const key = fileKey(id, 'banner', 'webp');
    await this.ctx.storage.put(key, image);
    let oldKey: string | null = null;
    try {
      await this.ctx.db.transaction(async (tx) => {
        const row = await this.ownedRow(principal, id, tx, true);
        oldKey = row.bannerKey;
        await tx.update(plugins).set({ bannerKey: key, updatedAt: new Date() }).where(eq(plugins.id, id));
      });
    } catch (e) {
      await this.ctx.storage.delete(key);
      throw e;
    }
    this.changed(id);
    await this.removeFiles([oldKey]);
    return this.ctx.storage.url(key);
  }

  /**
   * A new source upload: checked before anything is stored, then stored and recorded as a
   * submission. Without a build server (or with skip-build-server on) it waits for review (p);
   * otherwise it is queued for a build (q). The owner hears of it (SubmissionUpdated).
   */
  async uploadSource(
    principal: Principal,
    id: number,
    file: { data: Buffer; fileName?: string; versionString?: string },
  ) {
    const plugin = await this.ownedRow(principal, id);
    const versionString = file.versionString?.trim() || null;
    if (versionString && versionString.length > PLUGIN_VERSION_STRING_MAX)
      throw badRequest(M.versionStringTooLong, 'versionString');
    await checkSourceZip(file.data);

    const key = fileKey(id, 'source', 'zip');
    await this.ctx.storage.put(key, file.data);
    const status: SubmissionStatus = plugin.skipBuildServer || !this.hasBuildServer() ? 'p' : 'q';
    let sub: SubmissionRow;
    let pluginName = plugin.name;
    try {
      sub = await this.ctx.db.transaction(async (tx) => {
        const row = await this.ownedRow(principal, id, tx, true);
        pluginName = row.name;
        const [inserted] = await tx
          .insert(submissions)
          .values({
            pluginId: id,
            sourceKey: key,
            sourceName: cleanFileName(file.fileName, 'source.zip'),
            sourceSize: file.data.length,
            versionString,
            status,
          })
          .returning();
        await tx.update(plugins).set({ needsApproval: true, updatedAt: new Date() }).where(eq(plugins.id, id));
        // The build job commits with the submission: a queued submission is never left without one.
        if (status === 'q') await enqueueBuild(this.ctx, inserted!.id, tx);
        return inserted!;
      });
    } catch (e) {
      await this.ctx.storage.delete(key);
      throw e;
    }
    this.changed(id);
    notifySubmissionUpdated(this.ctx, plugin.memberId, {
      id: sub.id,
      pluginId: id,
      pluginName,
      status: sub.status,
      versionString: sub.versionString,
    });
    const positions = await reviewQueuePositions(this.ctx.db, [sub.id]);
    return {
      submission: this.toSubmission(sub, positions.get(sub.id) ?? null),
      plugin: await this.one(id, principal.memberId),
    };
  }

  /** A builder is configured (BUILD_WEBHOOK_URL): submissions queue for it unless the plugin skips it. */
  private hasBuildServer(): boolean {
    return this.ctx.config.buildWebhookUrl !== undefined;
  }

  // ---- ratings and counters ----

  async rating(id: number, viewer: Principal | null) {
    const row = await this.visibleRow(id, viewer);
    let myStars: number | null = null;
    if (viewer) {
      const [mine] = await this.ctx.db
        .select({ stars: pluginRatings.stars })
        .from(pluginRatings)
        .where(and(eq(pluginRatings.pluginId, id), eq(pluginRatings.memberId, viewer.memberId)));
      myStars = mine?.stars ?? null;
    }
    return this.ratingOf(row.ratingSum, row.ratingCount, myStars);
  }

  private ratingOf(sum: number, count: number, myStars: number | null) {
    return { averageRating: averageRating(sum, count), ratingCount: count, myStars };
  }

  /** Sets the caller's stars; the plugin's sum and count are recomputed under its row lock. */
  async rate(principal: Principal, id: number, stars: number) {
    await this.visibleRow(id, principal);
    const rating = await this.ctx.db.transaction(async (tx) => {
      await this.row(id, tx, true);
      await tx
        .insert(pluginRatings)
        .values({ pluginId: id, memberId: principal.memberId, stars })
        .onConflictDoUpdate({
          target: [pluginRatings.pluginId, pluginRatings.memberId],
          set: { stars, updatedAt: new Date() },
        });
      const [agg] = await tx
        .update(plugins)
        .set({
          ratingSum: sql`(select coalesce(sum(stars), 0)::int from plugin_ratings where plugin_id = ${id})`,
          ratingCount: sql`(select count(*)::int from plugin_ratings where plugin_id = ${id})`,
        })
        .where(eq(plugins.id, id))
        .returning({ sum: plugins.ratingSum, count: plugins.ratingCount });
      return this.ratingOf(agg!.sum, agg!.count, stars);
    });
    this.changed(id);
    return rating;
  }

  /** Adds one to a counter unless this visitor was counted within the window. */
  private async bump(
    kind: 'view' | 'download',
    id: number,
    visitor: string,
  ): Promise<{ count: number; counted: boolean }> {
    const { n, counted } = await countOnce(this.ctx.db, kind === 'view' ? PLUGIN_VIEWS : PLUGIN_DOWNLOADS, id, visitor);
    if (counted) this.caches.details.invalidate(String(id));
    return { count: n, counted };
  }

  /** Marks older than their window are of no use: removes them (run from time to time). */
  async pruneMarks(): Promise<void> {
    await pruneCountMarks(this.ctx.db, PLUGIN_VIEWS);
    await pruneCountMarks(this.ctx.db, PLUGIN_DOWNLOADS);
  }

  async countView(id: number, viewer: Principal | null, visitor: string) {
    await this.visibleRow(id, viewer);
    const { count, counted } = await this.bump('view', id, visitor);
    return { viewCount: count, counted };
  }

  /** Counts a download of the latest version; the answer's URL is the file itself (not counted again). */
  async countDownload(id: number, viewer: Principal | null, visitor: string) {
    const row = await this.visibleRow(id, viewer);
    const [latest] = await this.versionRows(id);
    if (!latest?.binaryKey) throw notFound(M.noVersion);
    const { count, counted } = await this.bump('download', id, visitor);
    return {
      downloadCount: count,
      counted,
      downloadUrl: this.privateUrl(latest.binaryKey, binaryFileName(row.name, latest.versionString)),
    };
  }

  /** A version's ZIP for a GET download: counted (de-duplicated), then the stored file's URL. */
  async downloadVersion(id: number, submissionId: number, viewer: Principal | null, visitor: string): Promise<string> {
    const row = await this.visibleRow(id, viewer);
    const [sub] = await this.ctx.db
      .select({ key: submissions.binaryKey, versionString: submissions.versionString })
      .from(submissions)
      .where(and(eq(submissions.id, submissionId), eq(submissions.pluginId, id), eq(submissions.status, 'a')));
    if (!sub?.key) throw notFound(M.noVersion);
    await this.bump('download', id, visitor);
    return this.privateUrl(sub.key, binaryFileName(row.name, sub.versionString));
  }

  /** Latest version (approved submission id) of each public plugin asked for: the in-game plugin manager's update check. */
  async managerVersions(ids: number[]): Promise<Array<{ id: number; versionId: number }>> {
    if (!ids.length) return [];
    const rows = await queryRows<{ id: number; versionId: number }>(
      this.ctx.db,
      sql`
      select p.id, v.id as "versionId" from plugins p
      join lateral (
        select s.id from submissions s
        where s.plugin_id = p.id and s.status = 'a' and s.binary_key is not null
        order by s.approved_at desc nulls last, s.id desc nulls last limit 1
      ) v on true
      where p.id in (${sql.join(
        ids.map((i) => sql`${i}`),
        sql`, `,
      )}) and p.is_active and p.is_publicly_visible and p.published_once
      order by p.id`,
    );
    return rows.map((r) => ({ id: Number(r.id), versionId: Number(r.versionId) }));
  }
}

/**
 * Where each of these submissions stands in the review queue (1 = next): pending (p) and not hidden,
 * counted among those submitted before it. Submissions not waiting for review are left out.
 */
export async function reviewQueuePositions(db: Db, ids: number[]): Promise<Map<number, number>> {
  if (!ids.length) return new Map();
  const rows = await queryRows<{ id: number; position: number }>(
    db,
    sql`
    select s.id, 1 + (
      select count(*) from submissions o
      where o.status = 'p' and o.hidden_at is null and (o.created_at, o.id) < (s.created_at, s.id)
    )::int as position
    from submissions s
    where s.id in (${sql.join(
      ids.map((i) => sql`${i}`),
      sql`, `,
    )}) and s.status = 'p' and s.hidden_at is null`,
  );
  return new Map(rows.map((r) => [Number(r.id), Number(r.position)]));
}

/** Title, description and image of a public plugin's page, for the HTML the server writes; null otherwise. */
export async function pluginMeta(ctx: AppContext, id: number): Promise<PageMeta | null> {
  if (!Number.isSafeInteger(id) || id <= 0 || id > 2147483647) return null;
  const [row] = await ctx.db
    .select({
      name: plugins.name,
      shortDescription: plugins.shortDescription,
      description: plugins.description,
      bannerKey: plugins.bannerKey,
      isActive: plugins.isActive,
      isPubliclyVisible: plugins.isPubliclyVisible,
      publishedOnce: plugins.publishedOnce,
    })
    .from(plugins)
    .where(eq(plugins.id, id));
  if (!row || !isPublic(row)) return null;
  return {
    title: row.name,
    description: cutDescription(
      row.shortDescription.trim() || markdownToText(row.description) || `${row.name}, a BakkesMod plugin`,
    ),
    image: row.bannerKey ? ctx.storage.url(row.bannerKey) : null,
    preloadImage: true,
    type: 'article',
    canonicalPath: `/plugin/${id}`,
  };
}
