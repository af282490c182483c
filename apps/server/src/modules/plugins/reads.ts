import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import {
  FEATURED_PLUGIN_COUNT,
  FEED_PATHS,
  PLUGIN_MESSAGES as M,
  cutDescription,
  normalizeSearchText,
  hasRole,
  type FeaturedPlugins,
  type Plugin,
  type PluginDetail,
  type PluginListQuery,
  type PluginPage,
  type PluginStats,
  type StatsDaySpan,
  type Submission,
  type Tag,
  type TagCount,
} from '@bm/core';
import { renderMarkdown } from '@bm/core/markdown';
import type { AppContext, Principal } from '../../context.js';
import type { Db } from '../../db/client.js';
import {
  members,
  pluginDailyCounts,
  pluginFollows,
  pluginRatings,
  plugins,
  submissionGameVersions,
  submissions,
  tags,
} from '../../db/schema.js';
import { dailySeries } from '../../db/count-marks.js';
import { englishT, type ServerT } from '../../i18n/index.js';
import { notFound } from '../../platform/errors.js';
import { markdownToText } from '../../platform/plain-text.js';
import type { PageMeta } from '../../spa.js';
import { matchSyncOf, pluginCachesOf, type PluginCaches } from './caches.js';
import { PLUGIN_DOWNLOADS } from './engagement.js';
import { type HashedVersionRow, versionHashes } from './hashes.js';
import {
  isPublicPlugin,
  listedPluginSql,
  maySeePlugin,
  myPluginRow,
  ownerDisabledSql,
  pluginAccessFacts,
  pluginRow,
  publicPluginSql,
  visiblePluginRow,
} from './policy.js';
import {
  onePlugin,
  pluginColumns,
  pluginJoins,
  queryRows,
  selectPlugins,
  toIso,
  toIsoOrNull,
  toPlugin,
  toSubmission,
  versionDownloadPath,
  type PluginApiRow,
} from './presenter.js';
import { resolveTagIds, runPluginList, tagLookupSql } from './search.js';
import { searchWords } from './search-words.js';
import { liveAbilities } from './inspections.js';
import { liveRequires, requiredIdsOf } from './requires.js';

/** The featured strip fills up with the best rated of this many most downloaded plugins. */
const FEATURED_POPULAR_POOL = 24;

/** What the catalogue, a plugin's page and its owner read; public reads are kept (caches.ts). */
export class PluginReads {
  private readonly caches: PluginCaches;

  constructor(private readonly ctx: AppContext) {
    this.caches = pluginCachesOf(ctx);
  }

  async list(query: PluginListQuery, viewer: Principal | null): Promise<PluginPage> {
    const key = JSON.stringify([
      normalizeSearchText(query.search),
      [...new Set(query.tags.map((t) => t.toLowerCase()))].sort(),
      query.hasSource,
      query.compatible ?? null,
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
      { once: normalizeSearchText(query.search) ? 'load' : 'keep' },
    )) as PluginPage;
    return viewer ? { ...page, items: await this.withViewerPart(page.items, viewer.memberId) } : page;
  }

  /**
   * The home page's featured strip: listed plugins an administrator picked (most downloaded first),
   * filled up with the best rated among the most downloaded. Kept with the list pages, so the
   * home page costs one query per cache period and any plugin change drops it.
   */
  async featured(viewer: Principal | null): Promise<FeaturedPlugins> {
    const { items } = await this.caches.pages.get('featured', async () => {
      const n = FEATURED_PLUGIN_COUNT;
      const rows = await queryRows<PluginApiRow>(
        this.ctx.db,
        sql`with picked as (
          (select p.id, 0 as grp, 0::float8 as score, p.download_count as downloads from plugins p
            where ${listedPluginSql()} and p.is_featured
            order by p.download_count desc, p.id desc limit ${n})
          union all
          (select popular.id, 1, popular.score, popular.downloads from (
              select p.id, case when p.rating_count > 0 then p.rating_sum::float8 / p.rating_count else 0 end as score,
                p.download_count as downloads
              from plugins p where ${listedPluginSql()} and not p.is_featured
              order by p.download_count desc, p.id desc limit ${FEATURED_POPULAR_POOL}
            ) popular
            order by popular.score desc, popular.downloads desc, popular.id desc limit ${n})
        )
        select ${pluginColumns(null)}
        from picked join plugins p on p.id = picked.id ${pluginJoins}
        order by picked.grp, picked.score desc, picked.downloads desc, p.id desc
        limit ${n}`,
      );
      return {
        items: rows.map((r) => toPlugin(this.ctx, r)),
        totalCount: rows.length,
        totalCapped: false,
        tagCounts: null,
      };
    });
    return { items: viewer ? await this.withViewerPart(items, viewer.memberId) : items };
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
    return { items: rows.map((r) => toPlugin(this.ctx, r)), totalCount, totalCapped, tagCounts };
  }

  /**
   * The plugins with the member's own stars and whether they follow each (lists and details are kept
   * as anonymous visitors see them: myStars null, isFollowing false).
   */
  private async withViewerPart<P extends Plugin>(items: P[], memberId: number): Promise<P[]> {
    if (!items.length) return items;
    const ids = items.map((p) => p.id);
    const [rated, followed] = await Promise.all([
      this.ctx.db
        .select({ id: pluginRatings.pluginId, stars: pluginRatings.stars })
        .from(pluginRatings)
        .where(and(eq(pluginRatings.memberId, memberId), inArray(pluginRatings.pluginId, ids))),
      this.ctx.db
        .select({ id: pluginFollows.pluginId })
        .from(pluginFollows)
        .where(and(eq(pluginFollows.memberId, memberId), inArray(pluginFollows.pluginId, ids))),
    ]);
    const stars = new Map(rated.map((r) => [r.id, Number(r.stars)]));
    const follows = new Set(followed.map((r) => r.id));
    return items.map((p) => ({ ...p, myStars: stars.get(p.id) ?? null, isFollowing: follows.has(p.id) }));
  }

  /** Tag ids from ids or short names (any case); null when one of them does not exist. */
  private async resolveTags(values: string[]): Promise<number[] | null> {
    return resolveTagIds(values, await queryRows<{ id: number; shortName: string }>(this.ctx.db, tagLookupSql(values)));
  }

  /**
   * GET /plugins/{id}: the kept copy as anyone may see it (its description rendered once per kept
   * answer), shown only to those the access rule (policy.ts) lets see it, with the viewer's own
   * stars added. The owner's state is kept with it, as the rule reads it.
   */
  async get(id: number, viewer: Principal | null): Promise<PluginDetail> {
    const { plugin: p, ownerDisabled } = await this.caches.details.get(String(id), async () => {
      const plugin = await onePlugin(this.ctx, id, null);
      const facts = await pluginAccessFacts(this.ctx, id);
      const { requires, requiredBy } = await liveRequires(this.ctx.db, id);
      // Whether a required plugin can be installed is kept here: its change must drop this copy too.
      this.caches.dependsOn(
        id,
        requires.map((r) => r.id),
      );
      return {
        plugin: {
          ...plugin,
          descriptionHtml: await renderMarkdown(plugin.description),
          abilities: await liveAbilities(this.ctx.db, id),
          requires,
          requiredBy,
          supportUrl: await memberSupportUrl(this.ctx.db, plugin.member.id),
        },
        ownerDisabled: facts?.ownerDisabled ?? false,
      };
    });
    if (!maySeePlugin({ ...p, memberId: p.member.id, ownerDisabled }, viewer)) throw notFound(M.notFound);
    return viewer ? (await this.withViewerPart([p], viewer.memberId))[0]! : p;
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

  async versions(id: number, viewer: Principal | null) {
    await visiblePluginRow(this.ctx.db, id, viewer);
    const rows = await versionRows(this.ctx.db, id);
    const declared = await declaredGameVersions(
      this.ctx.db,
      rows.map((s) => s.id),
    );
    return Promise.all(
      rows.map(async (s) => ({
        id: s.id,
        submissionId: s.id,
        versionString: s.versionString,
        submittedAt: toIso(s.createdAt),
        approvedAt: toIsoOrNull(s.approvedAt),
        publishedAt: toIso(s.approvedAt ?? s.createdAt),
        changelogHtml: await renderMarkdown(s.changelog),
        binaryDownloadUrl: versionDownloadPath(id, s.id),
        ...(await versionHashes(this.ctx, s)),
        provenance:
          s.provenance && s.provenanceBuilderId
            ? { builderId: s.provenanceBuilderId, keyId: s.provenanceKeyId ?? '' }
            : null,
        gameVersionIds: declared.get(s.id) ?? [],
      })),
    );
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

  /** All of the caller's plugins, whatever their state: pinned first, then the latest changed. */
  async mine(principal: Principal): Promise<Plugin[]> {
    return selectPlugins(
      this.ctx,
      sql`p.member_id = ${principal.memberId}`,
      principal.memberId,
      sql`p.is_pinned desc, p.updated_at desc, p.id desc`,
    );
  }

  async mineOne(principal: Principal, id: number): Promise<Plugin> {
    await myPluginRow(this.ctx.db, principal, id);
    return onePlugin(this.ctx, id, principal.memberId);
  }

  /** Downloads and views per UTC day for the chart: the owner's or, for an administrator, anyone's (404 otherwise). */
  async stats(principal: Principal, id: number, span: StatsDaySpan): Promise<PluginStats> {
    const row = await pluginRow(this.ctx.db, id);
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
    await myPluginRow(this.ctx.db, principal, id);
    const rows = await this.ctx.db
      .select()
      .from(submissions)
      .where(eq(submissions.pluginId, id))
      .orderBy(sql`${submissions.createdAt} desc`, sql`${submissions.id} desc`);
    const positions = await reviewQueuePositions(
      this.ctx.db,
      rows.map((r) => r.id),
    );
    return rows.map((r) => toSubmission(r, positions.get(r.id) ?? null));
  }

  /** Latest version (approved submission id) of each public plugin asked for: the in-game plugin manager's update check. */
  async managerVersions(
    ids: number[],
  ): Promise<Array<{ id: number; versionId: number; sha256: string; requires: number[] }>> {
    if (!ids.length) return [];
    const rows = await queryRows<{
      id: number;
      versionId: number;
      binaryKey: string;
      binarySha256: string | null;
      binaryFiles: HashedVersionRow['binaryFiles'];
      requires: number[] | string;
    }>(
      this.ctx.db,
      sql`
      select p.id, v.id as "versionId", v.binary_key as "binaryKey", v.binary_sha256 as "binarySha256",
        v.binary_files as "binaryFiles", ${requiredIdsOf(sql`v.id`)} as requires
      from plugins p
      join lateral (
        select s.id, s.binary_key, s.binary_sha256, s.binary_files from submissions s
        where s.plugin_id = p.id and s.status = 'a' and s.binary_key is not null
        order by s.approved_at desc nulls last, s.id desc nulls last limit 1
      ) v on true
      where p.id in (${sql.join(
        ids.map((i) => sql`${i}`),
        sql`, `,
      )}) and ${publicPluginSql()}
      order by p.id`,
    );
    return Promise.all(
      rows.map(async (r) => {
        const versionId = Number(r.versionId);
        const { sha256 } = await versionHashes(this.ctx, { ...r, id: versionId });
        return { id: Number(r.id), versionId, sha256, requires: pgIntArray(r.requires) };
      }),
    );
  }
}

/** An int[] column as a driver hands it over: an array, or its text form ('{1,2}'). */
const pgIntArray = (v: number[] | string): number[] =>
  (typeof v === 'string' ? v.replace(/[{}]/g, '').split(',').filter(Boolean) : v).map(Number);

/** The support link of member `memberId` (null without one). */
async function memberSupportUrl(db: Db, memberId: number): Promise<string | null> {
  const [row] = await db.select({ url: members.supportUrl }).from(members).where(eq(members.id, memberId));
  return row?.url ?? null;
}

/** The game versions each of these submissions declares it works with (ascending ids). */
export async function declaredGameVersions(db: Db, submissionIds: number[]): Promise<Map<number, number[]>> {
  const out = new Map<number, number[]>();
  if (!submissionIds.length) return out;
  const rows = await db
    .select()
    .from(submissionGameVersions)
    .where(inArray(submissionGameVersions.submissionId, submissionIds))
    .orderBy(asc(submissionGameVersions.gameVersionId));
  for (const r of rows) out.set(r.submissionId, [...(out.get(r.submissionId) ?? []), r.gameVersionId]);
  return out;
}

/** Approved submissions with a binary, newest first: the plugin's versions. */
export function versionRows(db: Db, id: number) {
  return db
    .select()
    .from(submissions)
    .where(and(eq(submissions.pluginId, id), eq(submissions.status, 'a'), sql`${submissions.binaryKey} is not null`))
    .orderBy(sql`${submissions.approvedAt} desc nulls last`, sql`${submissions.id} desc`);
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
export async function pluginMeta(ctx: AppContext, id: number, t: ServerT = englishT): Promise<PageMeta | null> {
  if (!Number.isSafeInteger(id) || id <= 0 || id > 2147483647) return null;
  const [row] = await ctx.db
    .select({
      name: plugins.name,
      shortDescription: plugins.shortDescription,
      description: plugins.description,
      bannerKey: plugins.bannerKey,
      memberId: plugins.memberId,
      ownerDisabled: ownerDisabledSql(plugins),
      isActive: plugins.isActive,
      isPubliclyVisible: plugins.isPubliclyVisible,
      publishedOnce: plugins.publishedOnce,
    })
    .from(plugins)
    .where(eq(plugins.id, id));
  if (!row || !isPublicPlugin(row)) return null;
  return {
    title: row.name,
    description: cutDescription(
      row.shortDescription.trim() || markdownToText(row.description) || t('page.pluginDescription', { name: row.name }),
    ),
    image: row.bannerKey ? ctx.storage.url(row.bannerKey) : null,
    preloadImage: true,
    type: 'article',
    canonicalPath: `/plugin/${id}`,
    feed: { title: t('page.feedPlugin', { name: row.name }), path: FEED_PATHS.plugin(id) },
  };
}
