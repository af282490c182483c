import { type SQL, sql } from 'drizzle-orm';
import { type PluginHasSourceFilter, type PluginSortDirection, type PluginSortKey, pluginDefaultSortDir } from '@bm/core';

/**
 * The SQL of the plugin list and search (GET /plugins), kept apart from the service so the
 * benchmark runs exactly the same statements directly against the database.
 *
 * Search: full-text on the weighted document (name A > short description B > description C >
 * author D) with the last word as a prefix, OR'ed with trigram similarity on the name so one typo
 * still finds it (when the full text alone finds less than a page). Ranking: exact name first, then ts_rank + word similarity of the name, then the
 * shorter name (the closer match among equals), then downloads.
 */

export interface PluginListParams {
  page: number;
  pageSize: number;
  search: string;
  /** Plugins must carry every one of these tags. */
  tagIds: number[];
  hasSource: PluginHasSourceFilter;
  sortBy?: PluginSortKey;
  sortDir?: PluginSortDirection;
  /** The caller, for their own rating (myStars). */
  viewerId: number | null;
}

const MAX_WORDS = 8;
const MAX_WORD_LENGTH = 50;

/** The words of a search: letters and digits only, lowercased, so they are safe inside to_tsquery. */
export function searchWords(text: string): string[] {
  const words = text.normalize('NFKC').toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  return words.slice(0, MAX_WORDS).map((w) => w.slice(0, MAX_WORD_LENGTH));
}

/** 'rocket plu' -> "rocket & plu:*": every word must match, the last one as a prefix while typing. */
export function prefixTsQuery(words: string[]): string {
  return words.map((w, i) => (i === words.length - 1 ? `${w}:*` : w)).join(' & ');
}

/** Only plugins anyone may find: listed, publicly visible, active and with an approved version. */
export const listedPlugin = sql`p.is_active and p.is_listed and p.is_publicly_visible and p.published_once`;

interface Search {
  tsquery: string;
  /** The words joined by single spaces, for trigram similarity. */
  text: string;
  /** The whole input, lowercased with collapsed spaces, for the exact name match. */
  exact: string;
}

function toSearch(raw: string): Search | null {
  const words = searchWords(raw);
  if (!words.length) return null;
  return { tsquery: prefixTsQuery(words), text: words.join(' '), exact: raw.trim().toLowerCase().replace(/\s+/g, ' ') };
}

/**
 * Two ways to keep plugins carrying every chosen tag. 'probe' checks each plugin's tags while the
 * sort index is walked: a page fills after a few rows when matches are common, but it walks
 * everything when they are rare. 'collect' gathers the plugins of the tags first: bounded by how
 * many plugins carry them, whatever the sort. tagFilterPlan picks one from the totals.
 */
export type TagPlan = 'probe' | 'collect';

/** Rows the sort index may be walked for before collecting is the cheaper way. */
const PROBE_ROWS_MAX = 20_000;

/** 'probe' when the expected walk to fill the page (rows wanted x listed / matches) stays short. */
export function tagFilterPlan(matches: number, listed: number, rowsWanted: number): TagPlan {
  return matches > 0 && (rowsWanted * listed) / matches <= PROBE_ROWS_MAX ? 'probe' : 'collect';
}

function tagFilter(tagIds: number[], plan: TagPlan): SQL {
  const ids = [...new Set(tagIds)];
  if (plan === 'probe') {
    return sql.join(
      ids.map((id) => sql`exists (select 1 from plugin_tags pt where pt.plugin_id = p.id and pt.tag_id = ${id})`),
      sql` and `,
    );
  }
  return sql`p.id in (
    select pt.plugin_id from plugin_tags pt
    where pt.tag_id in (${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )})
    group by pt.plugin_id having count(*) = ${ids.length})`;
}

/** How a search matches: full-text only, or also names within one typo (trigram word similarity). */
type Matching = 'text' | 'fuzzy';

function filters(params: PluginListParams, search: Search | null, tagPlan: TagPlan, matching: Matching = 'fuzzy'): SQL {
  const parts: SQL[] = [listedPlugin];
  if (params.hasSource === 'with') parts.push(sql`p.source_code_url is not null`);
  if (params.hasSource === 'without') parts.push(sql`p.source_code_url is null`);
  if (params.tagIds.length) parts.push(tagFilter(params.tagIds, tagPlan));
  if (search && matching === 'text') parts.push(sql`p.search_vector @@ to_tsquery('simple', ${search.tsquery})`);
  if (search && matching === 'fuzzy') {
    // Word similarity (q <% name, written name %> q so the trigram index serves it) covers whole-name
    // similarity too, at a fraction of the candidates.
    parts.push(sql`(p.search_vector @@ to_tsquery('simple', ${search.tsquery}) or lower(p.name) %> ${search.text})`);
  }
  return sql.join(parts, sql` and `);
}

/** The sort column of a key; the nulls placement matches the partial indexes so they serve the sort. */
function sortTerms(sortBy: PluginSortKey, dir: PluginSortDirection): SQL {
  const d = dir === 'asc' ? sql`asc nulls first` : sql`desc nulls last`;
  switch (sortBy) {
    case 'name':
      return dir === 'asc' ? sql`lower(p.name) asc, p.id asc` : sql`lower(p.name) desc, p.id desc`;
    case 'downloads':
      return sql`p.download_count ${d}, p.id ${d}`;
    case 'release':
      return sql`p.created_at ${d}, p.id ${d}`;
    case 'updated':
      return sql`p.updated_at ${d}, p.id ${d}`;
  }
}

function order(params: PluginListParams, search: Search | null, exact: SQL, rank: SQL): SQL {
  // Equal scores (a typo matching several names alike): the shortest name is the closest match.
  if (search && !params.sortBy) return sql`${exact} desc, ${rank} desc, length(p.name), p.download_count desc, p.id desc`;
  const sortBy = params.sortBy ?? 'downloads';
  const terms = sortTerms(sortBy, params.sortDir ?? pluginDefaultSortDir(sortBy));
  return search ? sql`${terms}, ${rank} desc` : terms;
}

/**
 * Columns of a plugin as the API shows it, for rows of `plugins p` joined to its member `m`:
 * the latest approved version, the tags and the viewer's own rating come along.
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
    ${viewerId === null ? sql`null::int` : sql`(select r.stars::int from plugin_ratings r where r.plugin_id = p.id and r.member_id = ${viewerId})`} as "myStars"`;
}

/** Joins of pluginColumns: the member and the latest approved version. */
export const pluginJoins = sql`join members m on m.id = p.member_id
  left join lateral (
    select s.id, s.version_string from submissions s
    where s.plugin_id = p.id and s.status = 'a' and s.binary_key is not null
    order by s.approved_at desc nulls last, s.id desc nulls last limit 1
  ) v on true`;

const isTagId = (v: string) => /^\d{1,9}$/.test(v);

/** Tags named in a list query, by id or short name (any case). */
export function tagLookupSql(values: string[]): SQL {
  const ids = values.filter(isTagId).map(Number);
  const names = values.filter((v) => !isTagId(v)).map((v) => v.toLowerCase());
  const list = (xs: Array<string | number>) =>
    sql.join(
      xs.map((x) => sql`${x}`),
      sql`, `,
    );
  const conds = [...(ids.length ? [sql`id in (${list(ids)})`] : []), ...(names.length ? [sql`lower(short_name) in (${list(names)})`] : [])];
  return sql`select id, lower(short_name) as "shortName" from tags where ${sql.join(conds, sql` or `)}`;
}

/** Ids of the looked-up tags, or null when one of the values names no tag (then nothing can match). */
export function resolveTagIds(values: string[], rows: Array<{ id: number; shortName: string }>): number[] | null {
  const known = new Set(rows.flatMap((r) => [String(r.id), r.shortName]));
  if (!values.every((v) => known.has(isTagId(v) ? String(Number(v)) : v.toLowerCase()))) return null;
  return [...new Set(rows.map((r) => r.id))];
}

const countSql = (where: SQL) => sql`select count(*)::int as "totalCount" from plugins p where ${where}`;

/** One page of a plain list (no search), in order. */
function listPageSql(params: PluginListParams, tagPlan: TagPlan): SQL {
  const hitsOrder = order(params, null, sql``, sql``);
  return sql`with hits as (
      select p.id from plugins p where ${filters(params, null, tagPlan)}
      order by ${hitsOrder} limit ${params.pageSize} offset ${(params.page - 1) * params.pageSize}
    )
    select ${pluginColumns(params.viewerId)}
    from hits join plugins p on p.id = hits.id ${pluginJoins}
    order by ${hitsOrder}`;
}

/** One page of search results in order, each row carrying the number of matches as "totalCount". */
function searchPageSql(params: PluginListParams, search: Search, matching: Matching): SQL {
  // Search candidates are few: checking their tags one by one is always the cheaper way.
  const where = filters(params, search, 'probe', matching);
  const exactExpr = sql`(lower(p.name) = ${search.exact} or lower(p.name) = ${search.text})`;
  // The name's word similarity ranks typo matches; full-text matches are ranked well by ts_rank alone.
  const textRank = sql`ts_rank(p.search_vector, to_tsquery('simple', ${search.tsquery}))`;
  const rankExpr = matching === 'text' ? textRank : sql`(${textRank} + word_similarity(${search.text}, lower(p.name)))`;
  return sql`with hits as (
      select p.id, ${exactExpr} as exact, ${rankExpr} as rank, count(*) over () as total
      from plugins p where ${where}
      order by ${order(params, search, exactExpr, rankExpr)}
      limit ${params.pageSize} offset ${(params.page - 1) * params.pageSize}
    )
    select ${pluginColumns(params.viewerId)}, hits.total::int as "totalCount"
    from hits join plugins p on p.id = hits.id ${pluginJoins}
    order by ${order(params, search, sql`hits.exact`, sql`hits.rank`)}`;
}

/** How a list reaches the database: rows of a statement, and a count (kept a while under `key`, when given). */
export interface PluginListIo<Row> {
  rows(query: SQL): Promise<Row[]>;
  count(query: SQL, key?: string): Promise<number>;
}

/**
 * Runs GET /plugins: the statements and their order, shared by the service and the benchmark.
 * A search ranks every match, so its page carries the total. A plain list takes its page from a
 * sort index and its total from a count (which the service keeps a few seconds); with tags, the
 * totals decide how the tag filter runs, and no match means no page query at all.
 */
export async function runPluginList<Row extends { totalCount?: number }>(
  params: PluginListParams,
  io: PluginListIo<Row>,
): Promise<{ rows: Row[]; totalCount: number }> {
  const search = toSearch(params.search);
  if (search) {
    // Full text first. Names within a typo join in only when it finds less than a page: they are
    // what a misspelt search needs, and the trigram scan is the costly part of a broad search.
    const total = async (rows: Row[], matching: Matching) =>
      rows.length || params.page === 1 ? Number(rows[0]?.totalCount ?? 0) : io.count(countSql(filters(params, search, 'probe', matching)));
    const text = await io.rows(searchPageSql(params, search, 'text'));
    const textTotal = await total(text, 'text');
    if (textTotal >= params.pageSize) return { rows: text, totalCount: textTotal };
    const rows = await io.rows(searchPageSql(params, search, 'fuzzy'));
    return { rows, totalCount: await total(rows, 'fuzzy') };
  }
  const key = (tagIds: number[]) => JSON.stringify([[...new Set(tagIds)].sort((a, b) => a - b), params.hasSource]);
  const count = (tagIds: number[]) => io.count(countSql(filters({ ...params, tagIds }, null, 'collect')), key(tagIds));
  if (!params.tagIds.length) {
    const [rows, totalCount] = await Promise.all([io.rows(listPageSql(params, 'collect')), count([])]);
    return { rows, totalCount };
  }
  const totalCount = await count(params.tagIds);
  if (!totalCount) return { rows: [], totalCount };
  const plan = tagFilterPlan(totalCount, await count([]), params.page * params.pageSize);
  return { rows: await io.rows(listPageSql(params, plan)), totalCount };
}
