import { type SQL, sql } from 'drizzle-orm';
import { worksWithCurrentSql } from '../../db/compatibility-status.js';
import { listedPluginSql } from './policy.js';
import { pluginColumns, pluginJoins } from './presenter.js';
import type { PluginMatchIndex } from './match-index.js';
import { toSearch, type Search } from './search-words.js';
import {
  PLUGIN_SEARCH_HITS_MAX,
  RATING_PRIOR_WEIGHT,
  TRENDING_DAYS,
  type PluginHasSourceFilter,
  type PluginSortDirection,
  type PluginSortKey,
  type TagCount,
  pluginDefaultSortDir,
} from '@bm/core';

/**
 * The SQL of the plugin list and search (GET /plugins), kept apart from the service so the
 * benchmark runs exactly the same statements directly against the database.
 *
 * Search: every word must match the weighted document (name A > short description B > description
 * and tags C > author D), the last one as a prefix while typing. A word of 5 letters or more also
 * matches the vocabulary words within one edit (insert, delete, substitute, swap), 9 or more within
 * two: the corrections are looked up in search_word_variants (symmetric deletions, migration 0009)
 * through its primary key, checked here, and joined to the word in one tsquery that the GIN indexes
 * serve. Ranking: the exact name, then every word as typed in the name, then every word (or a
 * correction) in the name, shorter names first; then the rest by ts_rank (plus ts_rank of the words
 * as typed, so exact spellings beat corrections); then downloads. A search ranks, pages and counts
 * at most PLUGIN_SEARCH_HITS_MAX matches, so its cost does not grow with the catalogue (searchPageSql).
 */

export interface PluginListParams {
  page: number;
  pageSize: number;
  search: string;
  /** Plugins must carry every one of these tags. */
  tagIds: number[];
  hasSource: PluginHasSourceFilter;
  /** 'current': only plugins that work with the current game version (docs/compatibility.md). */
  compatible?: 'current';
  sortBy?: PluginSortKey;
  sortDir?: PluginSortDirection;
  /** The caller, for their own rating (myStars). */
  viewerId: number | null;
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

function filters(params: PluginListParams, tagPlan: TagPlan): SQL {
  const parts: SQL[] = [listedPluginSql()];
  if (params.hasSource === 'with') parts.push(sql`p.source_code_url is not null`);
  if (params.hasSource === 'without') parts.push(sql`p.source_code_url is null`);
  if (params.tagIds.length) parts.push(tagFilter(params.tagIds, tagPlan));
  if (params.compatible) parts.push(worksWithCurrentSql(sql`p.id`));
  return sql.join(parts, sql` and `);
}

/** The same filters on plugin_search rows `s` (which hold only listed plugins). */
function searchFilters(params: PluginListParams): SQL {
  const parts: SQL[] = [];
  if (params.hasSource === 'with') parts.push(sql`s.has_source`);
  if (params.hasSource === 'without') parts.push(sql`not s.has_source`);
  const ids = [...new Set(params.tagIds)];
  if (ids.length) parts.push(sql`s.tag_ids @> ${`{${ids.join(',')}}`}::integer[]`);
  if (params.compatible) parts.push(worksWithCurrentSql(sql`s.plugin_id`));
  return parts.length ? sql` and ${sql.join(parts, sql` and `)}` : sql``;
}

/**
 * The rating sort's score (docs/search.md): the Bayesian mean (C x m + stars) / (C + ratings), m the
 * average star of every plugin rating on the site (an uncorrelated subquery: worked out once).
 */
const ratingScore = sql`((${RATING_PRIOR_WEIGHT} * (select coalesce(sum(q.rating_sum)::float8 / nullif(sum(q.rating_count), 0), 0) from plugins q) + p.rating_sum) / (${RATING_PRIOR_WEIGHT} + p.rating_count))`;
/** The UTC days the trending sort adds up: today and the TRENDING_DAYS - 1 before. */
const trendingDays = sql`day > (now() at time zone 'utc')::date - ${TRENDING_DAYS}::int`;
/** One plugin's downloads of those days: for a few rows (a page, a search's bounded matches). */
const trendingOfRow = sql`coalesce((select sum(d.downloads) from plugin_daily_counts d where d.plugin_id = p.id and d.${trendingDays}), 0)`;
/** Every plugin's downloads of those days at once (`t7`): what a plain list sorted by trending joins. */
const trendingJoin = sql`left join (select plugin_id, sum(downloads) as n from plugin_daily_counts where ${trendingDays} group by plugin_id) t7 on t7.plugin_id = p.id`;

/**
 * The sort column of a key; the nulls placement matches the partial indexes so they serve the sort.
 * `joined`: the statement joins `t7` (trendingJoin), so the trending score reads it.
 */
function sortTerms(sortBy: PluginSortKey, dir: PluginSortDirection, joined = false): SQL {
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
    case 'rating':
      return sql`${ratingScore} ${d}, p.rating_count ${d}, p.id ${d}`;
    case 'trending':
      return sql`${joined ? sql`coalesce(t7.n, 0)` : trendingOfRow} ${d}, p.download_count ${d}, p.id ${d}`;
  }
}

function order(params: PluginListParams, joined = false): SQL {
  const sortBy = params.sortBy ?? 'downloads';
  return sortTerms(sortBy, params.sortDir ?? pluginDefaultSortDir(sortBy), joined);
}

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
  const conds = [
    ...(ids.length ? [sql`id in (${list(ids)})`] : []),
    ...(names.length ? [sql`lower(short_name) in (${list(names)})`] : []),
  ];
  return sql`select id, lower(short_name) as "shortName" from tags where ${sql.join(conds, sql` or `)}`;
}

/** Ids of the looked-up tags, or null when one of the values names no tag (then nothing can match). */
export function resolveTagIds(values: string[], rows: Array<{ id: number; shortName: string }>): number[] | null {
  const known = new Set(rows.flatMap((r) => [String(r.id), r.shortName]));
  if (!values.every((v) => known.has(isTagId(v) ? String(Number(v)) : v.toLowerCase()))) return null;
  return [...new Set(rows.map((r) => r.id))];
}

/** What a list totals: how many plugins match and, for a search, how many of them carry each tag. */
export interface ListTotals {
  /** At most PLUGIN_SEARCH_HITS_MAX for a search. */
  totalCount: number;
  /** A search found more than PLUGIN_SEARCH_HITS_MAX: totalCount means 'at least'. */
  totalCapped: boolean;
  tagCounts: TagCount[] | null;
}

/** Per tag, how many rows of `matches` (a CTE with the plugins' tag_ids) carry it: most first. */
const tagCountsOf = (matches: SQL) => sql`coalesce((
    select json_agg(json_build_object('tagId', c.tag_id, 'count', c.n) order by c.n desc, c.tag_id)
    from (
      -- Matches share few tag sets: count the sets, then their tags.
      select tag_id, sum(sets.n)::int as n from (select tag_ids, count(*) as n from ${matches} group by tag_ids) sets, unnest(sets.tag_ids) tag_id
      group by tag_id
    ) c
  ), '[]'::json)`;

const countSql = (where: SQL) => sql`select count(*)::int as "totalCount" from plugins p where ${where}`;

/** One page of a plain list (no search), in order. */
function listPageSql(params: PluginListParams, tagPlan: TagPlan): SQL {
  // Trending reads every plugin's recent downloads: one aggregate joined, not a lookup per plugin.
  const joined = params.sortBy === 'trending';
  return sql`with hits as (
      select p.id from plugins p ${joined ? trendingJoin : sql``} where ${filters(params, tagPlan)}
      order by ${order(params, joined)} limit ${params.pageSize} offset ${(params.page - 1) * params.pageSize}
    )
    select ${pluginColumns(params.viewerId)}
    from hits join plugins p on p.id = hits.id ${pluginJoins}
    order by ${order(params)}`;
}

/**
 * One statement for a search, its work bounded by PLUGIN_SEARCH_HITS_MAX (K) rather than by how
 * many plugins match. It reads plugin_search (narrow rows, listed plugins only, migration 0010):
 * - names: the plugins holding every word (or a correction) in their name, found through the
 *   name-only index (few, short postings), in the name tiers' order: the exact name, every word as
 *   typed, then the shorter name and the downloads. The best K+1 are kept.
 * - others: the remaining matches of the whole document, as its index finds them, until there are
 *   K+1 in all. Names and others are what the search counts (more than K: "at least K") and what
 *   its tag counts read; under K matches both are exact.
 * - Only when the page reaches past the names are the others ordered: every word in the name or
 *   short description, then in the description or tags, then with the author; every word as typed
 *   before corrections; then the downloads.
 * An explicit sort orders the same K best matches by its column. The statement always answers at
 * least one row (a page past the end answers one whose plugin columns are null) carrying
 * "totalCount" and "tagCounts". Its text depends only on the filters, the sort and whether there are
 * corrections (the rest are parameters): PostgreSQL keeps its plan (PluginListIo.rows' prepare).
 */
function searchPageSql(params: PluginListParams, search: Search): SQL {
  const K = PLUGIN_SEARCH_HITS_MAX;
  // Words are letters and digits, lowercased: read as a tsquery they are what to_tsquery('simple')
  // would make of them, and a typed parameter is read once, not per row as to_tsquery() would be
  // in a generic plan.
  const q = (text: string) => sql`${text}::tsquery`;
  const where = searchFilters(params);
  const offset = (params.page - 1) * params.pageSize;
  const end = Math.min(offset + params.pageSize, K);
  // lower() is stored: the length rules out nearly every name before the text is compared.
  const exact = sql`(s.name_length in (${[...search.exact].length}, ${[...search.text].length}) and s.name in (${search.exact}, ${search.text}))`;
  const typedIn = (column: SQL) => (search.allTyped ? sql`${column} @@ ${q(search.allTyped)}` : sql`false`);
  const nameCount = sql`(select count(*) from names)`;
  // The others up to K+1 matches in all: their scan stops there (a materialized CTE is read as needed).
  const othersKept = sql`(select * from others limit (select ${K + 1} - count(*) from names)) o`;
  // Ordering the others reads their documents: only when the page needs them (a one-time test).
  const othersRanked = params.sortBy ? sql`false` : sql`${nameCount} < ${end}`;
  const hits = params.sortBy
    ? sql`select c.id, row_number() over (order by ${order(params)}) as pos
        from (select id from names where pos <= ${K} union all (select id from others limit (select greatest(0, ${K} - count(*)) from names))) c
        join plugins p on p.id = c.id`
    : sql`select id, pos from names
        union all
        select id, ${nameCount} + row_number() over (order by tier, typed desc, downloads desc, name_length, id desc) from ${othersKept} where ${othersRanked}`;
  return sql`with names as materialized (
      select id, tag_ids, row_number() over (order by exact desc, typed desc, name_length, downloads desc, id desc) as pos from (
        select s.plugin_id as id, s.tag_ids, ${exact} as exact, ${typedIn(sql`s.name_vector`)} as typed, s.name_length, s.downloads
        from plugin_search s where s.name_vector @@ ${q(search.tsquery)}${where}
        order by 3 desc, 4 desc, 5, 6 desc, 1 desc limit ${K + 1}
      ) n
    ),
    others as materialized (
      select s.plugin_id as id, s.tag_ids, s.downloads, s.name_length,
        -- Whatever matches in the name and short description matches with the description too: the
        -- author's matches (the most common of the others) are told by one test.
        case when ${othersRanked} then case when not s.document @@ ${q(search.inBody)} then 3 when s.document @@ ${q(search.inLead)} then 1 else 2 end end as tier,
        case when ${othersRanked} then ${typedIn(sql`s.document`)} end as typed
      from plugin_search s where s.document @@ ${q(search.tsquery)} and not s.name_vector @@ ${q(search.tsquery)}${where} and ${nameCount} <= ${K}
      limit ${K + 1}
    ),
    matched as (select tag_ids from names union all select tag_ids from ${othersKept}),
    -- K+1 matches tell that there are more than K; the tag counts read the K that the pages show.
    meta as (select (select count(*)::int from matched) as total, ${tagCountsOf(sql`(select tag_ids from matched limit ${K}) kept`)} as tag_counts),
    hits as (select id, pos from (${hits}) ordered where pos > ${offset} and pos <= ${end})
    select ${pluginColumns(params.viewerId)}, meta.total as "totalCount", meta.tag_counts as "tagCounts"
    from meta left join (hits join plugins p on p.id = hits.id ${pluginJoins}) on true
    order by hits.pos`;
}

/**
 * How a list reaches the database: rows of a statement (`prepare`: its text comes in few shapes, so
 * a driver may prepare it once per connection and keep its plan), and a count (kept a while under
 * `key`, when given).
 */
export interface PluginListIo {
  rows<R>(query: SQL, prepare?: boolean): Promise<R[]>;
  count(query: SQL, key?: string): Promise<number>;
  /** The match index, when there is one and it is loaded: searches in the relevance order match there. */
  matchIndex?: (changeSeq: number) => Promise<PluginMatchIndex | null>;
}

/** Listed plugins by id (the page a match index chose), in no order. */
function pluginsByIdSql(ids: number[], viewerId: number | null): SQL {
  return sql`select ${pluginColumns(viewerId)} from plugins p ${pluginJoins} where p.id = any(${`{${ids.join(',')}}`}::int[]) and ${listedPluginSql()}`;
}

type SearchRow = { id: number | null; totalCount: number; tagCounts: TagCount[] | string };

const parseTagCounts = (v: TagCount[] | string): TagCount[] =>
  typeof v === 'string' ? (JSON.parse(v) as TagCount[]) : v;

/**
 * Runs GET /plugins: the statements and their order, shared by the service and the benchmark.
 * A search looks up its words' corrections, then gathers, counts and pages its best matches in one
 * statement bounded by PLUGIN_SEARCH_HITS_MAX, which also answers the tag counts. A plain list
 * takes its page from a sort index and its total from a count (which the service keeps a few
 * seconds), and has no tag counts (null); with tags, the totals decide how the tag filter runs, and
 * no match means no page query at all.
 */
export async function runPluginList<Row>(
  params: PluginListParams,
  io: PluginListIo,
): Promise<ListTotals & { rows: Row[] }> {
  // The match index knows nothing of compatibility: the compatible filter searches in SQL.
  const useIndex = !params.sortBy && !params.compatible && !!io.matchIndex;
  const search = await toSearch(params.search, io.rows, useIndex);
  if (search === 'nothing') return { rows: [], totalCount: 0, totalCapped: false, tagCounts: [] };
  if (search) {
    const index = useIndex ? await io.matchIndex!(search.changeSeq) : null;
    if (index) {
      const K = PLUGIN_SEARCH_HITS_MAX;
      const offset = (params.page - 1) * params.pageSize;
      const found = index.search({
        groups: search.groups,
        exact: search.exact,
        text: search.text,
        hasSource: params.hasSource,
        tagIds: params.tagIds,
        offset,
        end: Math.min(offset + params.pageSize, K),
        keep: K,
      });
      const rows = found.ids.length
        ? await io.rows<Row & { id: number }>(pluginsByIdSql(found.ids, params.viewerId), true)
        : [];
      // In the index's order; a plugin unlisted since the index last looked is left out.
      const byId = new Map(rows.map((r) => [Number(r.id), r]));
      return {
        rows: found.ids.flatMap((id) => byId.get(id) ?? []),
        totalCount: Math.min(found.found, K),
        totalCapped: found.found > K,
        tagCounts: found.tagCounts,
      };
    }
    // Prepared in its common shapes only (no sort, no filter: with or without corrections, a viewer
    // or not), so that a connection keeps a few plans, not one per combination of filters and sorts.
    const common = !params.sortBy && !params.tagIds.length && params.hasSource === 'any' && !params.compatible;
    const rows = await io.rows<Row & SearchRow>(searchPageSql(params, search), common);
    const meta = rows[0];
    const found = Number(meta?.totalCount ?? 0);
    return {
      rows: rows.filter((r) => r.id !== null),
      totalCount: Math.min(found, PLUGIN_SEARCH_HITS_MAX),
      totalCapped: found > PLUGIN_SEARCH_HITS_MAX,
      tagCounts: meta ? parseTagCounts(meta.tagCounts) : [],
    };
  }
  const key = (tagIds: number[]) =>
    JSON.stringify([[...new Set(tagIds)].sort((a, b) => a - b), params.hasSource, params.compatible ?? null]);
  const count = (tagIds: number[]) => io.count(countSql(filters({ ...params, tagIds }, 'collect')), key(tagIds));
  if (!params.tagIds.length) {
    const [rows, totalCount] = await Promise.all([io.rows<Row>(listPageSql(params, 'collect')), count([])]);
    return { rows, totalCount, totalCapped: false, tagCounts: null };
  }
  const totalCount = await count(params.tagIds);
  if (!totalCount) return { rows: [], totalCount, totalCapped: false, tagCounts: null };
  const plan = tagFilterPlan(totalCount, await count([]), params.page * params.pageSize);
  return { rows: await io.rows<Row>(listPageSql(params, plan)), totalCount, totalCapped: false, tagCounts: null };
}
