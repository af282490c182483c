import { type SQL, sql } from 'drizzle-orm';
import { listedPluginSql } from './policy.js';
import { pluginColumns, pluginJoins } from './presenter.js';
import type { MatchTerm, PluginMatchIndex } from './match-index.js';
import {
  PLUGIN_SEARCH_HITS_MAX,
  type PluginHasSourceFilter,
  type PluginSortDirection,
  type PluginSortKey,
  type TagCount,
  normalizeSearchText,
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
  sortBy?: PluginSortKey;
  sortDir?: PluginSortDirection;
  /** The caller, for their own rating (myStars). */
  viewerId: number | null;
}

const MAX_WORDS = 8;
const MAX_WORD_LENGTH = 50;
/** Corrections kept per word, closest first: enough for any real typo, bounded for the index. */
const MAX_CORRECTIONS = 12;

/** The words of a search: letters and digits only, lowercased, so they are safe inside a tsquery. */
export function searchWords(text: string): string[] {
  const words = normalizeSearchText(text.normalize('NFKC')).match(/[\p{L}\p{N}]+/gu) ?? [];
  return words.slice(0, MAX_WORDS).map((w) => w.slice(0, MAX_WORD_LENGTH));
}

/** The longest vocabulary word (search_words_add in migration 0009). */
const VOCABULARY_WORD_MAX = 24;

/**
 * Edits a search word may be away from what it finds: none below 5 letters, one from 5, two from 9.
 * Digits-only words are exact, and so are words too long to be two edits from any vocabulary word.
 */
export function typoBudget(word: string): number {
  if (!/\p{L}/u.test(word)) return 0;
  const n = [...word].length;
  if (n > VOCABULARY_WORD_MAX + 2) return 0;
  return n >= 9 ? 2 : n >= 5 ? 1 : 0;
}

/**
 * Damerau distance (optimal string alignment: insert, delete, substitute, swap of neighbours),
 * counted in characters; any answer above `max` means "more than max".
 */
export function editDistance(a: string, b: string, max: number): number {
  const x = [...a];
  const y = [...b];
  if (Math.abs(x.length - y.length) > max) return max + 1;
  let prev2: number[] = [];
  let prev = Array.from({ length: y.length + 1 }, (_, j) => j);
  for (let i = 1; i <= x.length; i++) {
    const row = [i];
    let best = i;
    for (let j = 1; j <= y.length; j++) {
      const cost = x[i - 1] === y[j - 1] ? 0 : 1;
      let d = Math.min(prev[j]! + 1, row[j - 1]! + 1, prev[j - 1]! + cost);
      if (i > 1 && j > 1 && x[i - 1] === y[j - 2] && x[i - 2] === y[j - 1]) d = Math.min(d, prev2[j - 2]! + 1);
      row.push(d);
      best = Math.min(best, d);
    }
    if (best > max) return max + 1;
    prev2 = prev;
    prev = row;
  }
  return prev[y.length]!;
}

/** The word and every spelling of it with up to k characters deleted (as search_word_deletes in SQL). */
export function deletions(word: string, k: number): string[] {
  const found = new Set([word]);
  let level = [word];
  for (let n = 0; n < k; n++) {
    const next: string[] = [];
    for (const w of level) {
      const chars = [...w];
      for (let i = 0; i < chars.length; i++) {
        const d = [...chars.slice(0, i), ...chars.slice(i + 1)].join('');
        if (!found.has(d)) {
          found.add(d);
          next.push(d);
        }
      }
    }
    level = next;
  }
  return [...found];
}

/** Words a prefix may stand for before it is searched as a prefix (the GIN indexes' slower path). */
export const PREFIX_WORDS_MAX = 32;

/**
 * One lookup for a search's words: the vocabulary words that may be within reach of its words
 * (checked by `corrections`), and the words of the documents that its last word begins (at most
 * PREFIX_WORDS_MAX + 1, so that more tells it to stay a prefix).
 */
export function wordLookupSql(words: string[], withChangeSeq = false): SQL {
  if (withChangeSeq) {
    // With the newest entry of plugin_search_changes (always one row): what a match index must have seen.
    return sql`select l.word, l.prefix, c.seq as "changeSeq" from (select max(seq) as seq from plugin_search_changes) c left join (${wordLookupSql(words)}) l on true`;
  }
  const last = words[words.length - 1]!;
  // text_pattern_ops compares bytes: every word beginning with `last` sorts before last + U+10FFFF.
  const prefix = sql`(select lexeme as word, true as prefix from search_lexemes
    where lexeme ~>=~ ${last} and lexeme ~<~ ${`${last}\u{10FFFF}`} limit ${PREFIX_WORDS_MAX + 1})`;
  const fuzzy = words.filter((w) => typoBudget(w) > 0);
  if (!fuzzy.length) return sql`select * from ${prefix} p`;
  const variants = [...new Set(words.flatMap((w) => deletions(w, typoBudget(w))))];
  const lengths = fuzzy.map((w) => [...w].length);
  // One array parameter, so the statement's text is the same for any number of variants.
  return sql`(select distinct word, false as prefix from search_word_variants
    where variant = any(${textArray(variants)}) and length(word) between ${Math.min(...lengths) - 2} and ${Math.max(...lengths) + 2})
    union all ${prefix}`;
}

/** A text[] parameter of words (letters and digits: nothing to escape but the quotes kept anyway). */
const textArray = (values: string[]) =>
  sql`${`{${values.map((v) => `"${v.replace(/["\\]/g, '\\$&')}"`).join(',')}}`}::text[]`;

/** The candidates within the word's budget, closest first (then nearest in length, then alphabetical), the word itself left out. */
export function corrections(word: string, candidates: string[]): string[] {
  const k = typoBudget(word);
  if (!k) return [];
  const len = [...word].length;
  return candidates
    .filter((c) => c !== word)
    .map((c) => ({ c, d: editDistance(word, c, k) }))
    .filter((x) => x.d <= k)
    .sort(
      (a, b) =>
        a.d - b.d ||
        Math.abs([...a.c].length - len) - Math.abs([...b.c].length - len) ||
        (a.c < b.c ? -1 : a.c > b.c ? 1 : 0),
    )
    .slice(0, MAX_CORRECTIONS)
    .map((x) => x.c);
}

/**
 * 'rocket plu' -> "rocket & plu:*": every word must match, the last one as a prefix while typing.
 * With corrections: "(rocket | rockets) & (plugn:* | plugin)". With the words the last one begins
 * (`begun`, from search_lexemes), those instead of the prefix: "rocket & (plug | plugin | plugins)".
 * `weights` ('AB') keeps every word to those parts of the document. Words are letters and digits
 * only. Null when nothing can match (the last word begins no word and has no correction).
 */
export function searchTsQuery(
  words: string[],
  fixes: string[][] = [],
  begun: string[] | null = null,
  weights = '',
): string | null {
  return tsQueryOf(searchGroups(words, fixes, begun), weights);
}

/** A search's groups as tsquery text (null when a group has no alternative: nothing can match). */
function tsQueryOf(groups: MatchTerm[][], weights = ''): string | null {
  const weigh = (t: MatchTerm) => (t.prefix ? `${t.term}:*${weights}` : weights ? `${t.term}:${weights}` : t.term);
  if (groups.some((g) => !g.length)) return null;
  return groups.map((g) => (g.length > 1 ? `(${g.map(weigh).join(' | ')})` : weigh(g[0]!))).join(' & ');
}

interface Search {
  /** What must match: every word or one of its corrections. */
  tsquery: string;
  /** The same in the name and short description alone, and with the description and tags too (not the author). */
  inLead: string;
  inBody: string;
  /** Every word as typed, when some have corrections (exact spellings rank first); null without corrections. */
  allTyped: string | null;
  /** The words joined by single spaces. */
  text: string;
  /** The whole input, lowercased with collapsed spaces, for the exact name match. */
  exact: string;
  /** The same as tsquery, for the match index: per word its alternatives. */
  groups: MatchTerm[][];
  /** The newest entry of plugin_search_changes when the words were looked up (0 when not asked). */
  changeSeq: number;
}

/**
 * Per word, what may stand for it: the word as typed (the last one: the words it begins, or itself
 * as a prefix), then its corrections, each once. searchTsQuery writes these as tsquery text; the
 * match index reads them as they are.
 */
export function searchGroups(words: string[], fixes: string[][], begun: string[] | null): MatchTerm[][] {
  return words.map((w, i) => {
    const last = i === words.length - 1;
    const own: MatchTerm[] = last
      ? begun
        ? begun.map((b) => ({ term: b, prefix: false, typed: true }))
        : [{ term: w, prefix: true, typed: true }]
      : [{ term: w, prefix: false, typed: true }];
    const seen = new Set(own.map((t) => t.term));
    const more = (fixes[i] ?? [])
      .filter((f) => !seen.has(f) && seen.add(f))
      .map((f) => ({ term: f, prefix: false, typed: false }));
    return [...own, ...more];
  });
}

/**
 * A search's words with their corrections from the vocabulary and the words its last one begins
 * (one indexed lookup), null for no words, or 'nothing' when no plugin can match.
 */
async function toSearch(
  raw: string,
  select: PluginListIo['rows'],
  withChangeSeq: boolean,
): Promise<Search | 'nothing' | null> {
  const words = searchWords(raw);
  if (!words.length) return null;
  const rows = await select<{ word: string | null; prefix: boolean | null; changeSeq?: string | number | null }>(
    wordLookupSql(words, withChangeSeq),
    true,
  );
  const changeSeq = Number(rows[0]?.changeSeq ?? 0);
  const found = rows.filter((r): r is { word: string; prefix: boolean } => r.word !== null);
  const candidates = found.filter((r) => !r.prefix).map((r) => r.word);
  const begunRows = found.filter((r) => r.prefix).map((r) => r.word);
  const begun = begunRows.length > PREFIX_WORDS_MAX ? null : begunRows;
  const fixes = words.map((w) => corrections(w, candidates));
  const groups = searchGroups(words, fixes, begun);
  const tsquery = tsQueryOf(groups);
  if (tsquery === null) return 'nothing';
  return {
    tsquery,
    inLead: tsQueryOf(groups, 'AB')!,
    inBody: tsQueryOf(groups, 'ABC')!,
    allTyped: fixes.some((f) => f.length) ? tsQueryOf(groups.map((g) => g.filter((t) => t.typed))) : null,
    text: words.join(' '),
    exact: normalizeSearchText(raw),
    groups,
    changeSeq,
  };
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
  return sql.join(parts, sql` and `);
}

/** The same filters on plugin_search rows `s` (which hold only listed plugins). */
function searchFilters(params: PluginListParams): SQL {
  const parts: SQL[] = [];
  if (params.hasSource === 'with') parts.push(sql`s.has_source`);
  if (params.hasSource === 'without') parts.push(sql`not s.has_source`);
  const ids = [...new Set(params.tagIds)];
  if (ids.length) parts.push(sql`s.tag_ids @> ${`{${ids.join(',')}}`}::integer[]`);
  return parts.length ? sql` and ${sql.join(parts, sql` and `)}` : sql``;
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

function order(params: PluginListParams): SQL {
  const sortBy = params.sortBy ?? 'downloads';
  return sortTerms(sortBy, params.sortDir ?? pluginDefaultSortDir(sortBy));
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
  const hitsOrder = order(params);
  return sql`with hits as (
      select p.id from plugins p where ${filters(params, tagPlan)}
      order by ${hitsOrder} limit ${params.pageSize} offset ${(params.page - 1) * params.pageSize}
    )
    select ${pluginColumns(params.viewerId)}
    from hits join plugins p on p.id = hits.id ${pluginJoins}
    order by ${hitsOrder}`;
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
  const useIndex = !params.sortBy && !!io.matchIndex;
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
    const common = !params.sortBy && !params.tagIds.length && params.hasSource === 'any';
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
  const key = (tagIds: number[]) => JSON.stringify([[...new Set(tagIds)].sort((a, b) => a - b), params.hasSource]);
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
