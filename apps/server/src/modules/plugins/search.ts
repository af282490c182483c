import { type SQL, sql } from 'drizzle-orm';
import { type PluginHasSourceFilter, type PluginSortDirection, type PluginSortKey, type TagCount, pluginDefaultSortDir } from '@bm/core';

/**
 * The SQL of the plugin list and search (GET /plugins), kept apart from the service so the
 * benchmark runs exactly the same statements directly against the database.
 *
 * Search: every word must match the weighted document (name A > short description B > description
 * and tags C > author D), the last one as a prefix while typing. A word of 5 letters or more also
 * matches the vocabulary words within one edit (insert, delete, substitute, swap), 9 or more within
 * two: the corrections are looked up in search_word_variants (symmetric deletions, migration 0009)
 * through its primary key, checked here, and joined to the word in one tsquery that the GIN index
 * serves. Ranking: exact name first, then ts_rank (plus ts_rank of the words as typed, so exact
 * spellings beat corrections), then the shorter name, downloads and id.
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

/** The words of a search: letters and digits only, lowercased, so they are safe inside to_tsquery. */
export function searchWords(text: string): string[] {
  const words = text.normalize('NFKC').toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
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

/** The vocabulary words that may be within reach of these search words (checked by `corrections`). */
export function vocabularyCandidatesSql(words: string[]): SQL | null {
  const variants = [...new Set(words.flatMap((w) => deletions(w, typoBudget(w))))];
  const fuzzy = words.filter((w) => typoBudget(w) > 0);
  if (!fuzzy.length) return null;
  const lengths = fuzzy.map((w) => [...w].length);
  return sql`select distinct word from search_word_variants
    where variant in (${sql.join(
      variants.map((v) => sql`${v}`),
      sql`, `,
    )}) and length(word) between ${Math.min(...lengths) - 2} and ${Math.max(...lengths) + 2}`;
}

/** The candidates within the word's budget, closest first (then nearest in length, then alphabetical), the word itself left out. */
export function corrections(word: string, candidates: string[]): string[] {
  const k = typoBudget(word);
  if (!k) return [];
  const len = [...word].length;
  return candidates
    .filter((c) => c !== word)
    .map((c) => ({ c, d: editDistance(word, c, k) }))
    .filter((x) => x.d <= k)
    .sort((a, b) => a.d - b.d || Math.abs([...a.c].length - len) - Math.abs([...b.c].length - len) || (a.c < b.c ? -1 : a.c > b.c ? 1 : 0))
    .slice(0, MAX_CORRECTIONS)
    .map((x) => x.c);
}

/**
 * 'rocket plu' -> "rocket & plu:*": every word must match, the last one as a prefix while typing.
 * With corrections: "(rocket | rockets) & (plugn:* | plugin)". `weight` 'A' keeps the match to the
 * name. Words are letters and digits only.
 */
export function searchTsQuery(words: string[], fixes: string[][] = [], weight = ''): string {
  return words
    .map((w, i) => {
      const alternatives = [i === words.length - 1 ? `${w}:*${weight}` : weight ? `${w}:${weight}` : w, ...(fixes[i] ?? []).map((f) => (weight ? `${f}:${weight}` : f))];
      return alternatives.length > 1 ? `(${alternatives.join(' | ')})` : alternatives[0]!;
    })
    .join(' & ');
}

/** Only plugins anyone may find: listed, publicly visible, active and with an approved version. */
export const listedPlugin = sql`p.is_active and p.is_listed and p.is_publicly_visible and p.published_once`;

interface Search {
  /** What must match: every word or one of its corrections. */
  tsquery: string;
  /** The same in the name alone. */
  inName: string;
  /** Every word as typed in the name. */
  typedInName: string;
  /** The words as typed, any of them, when some have corrections: ranks exact spellings first. */
  typed: string | null;
  /** The words joined by single spaces. */
  text: string;
  /** The whole input, lowercased with collapsed spaces, for the exact name match. */
  exact: string;
}

/** A search's words with their corrections from the vocabulary (one indexed lookup), or null for no words. */
async function toSearch(raw: string, select: <R>(query: SQL) => Promise<R[]>): Promise<Search | null> {
  const words = searchWords(raw);
  if (!words.length) return null;
  const lookup = vocabularyCandidatesSql(words);
  const candidates = lookup ? (await select<{ word: string }>(lookup)).map((r) => r.word) : [];
  const fixes = words.map((w) => corrections(w, candidates));
  return {
    tsquery: searchTsQuery(words, fixes),
    inName: searchTsQuery(words, fixes, 'A'),
    typedInName: searchTsQuery(words, [], 'A'),
    typed: fixes.some((f) => f.length) ? words.map((w, i) => (i === words.length - 1 ? `${w}:*` : w)).join(' | ') : null,
    text: words.join(' '),
    exact: raw.trim().toLowerCase().replace(/\s+/g, ' '),
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

function filters(params: PluginListParams, search: Search | null, tagPlan: TagPlan): SQL {
  const parts: SQL[] = [listedPlugin];
  if (params.hasSource === 'with') parts.push(sql`p.source_code_url is not null`);
  if (params.hasSource === 'without') parts.push(sql`p.source_code_url is null`);
  if (params.tagIds.length) parts.push(tagFilter(params.tagIds, tagPlan));
  if (search) parts.push(sql`p.search_vector @@ to_tsquery('simple', ${search.tsquery})`);
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

/**
 * How closely a match fits, best first: the exact name, every word as typed in the name, every word
 * (or a correction) in the name; then the rank. Columns of a CTE of matches, which also carries the
 * name's length and the downloads so that ordering them needs no other read of the plugins.
 */
function fitOf(t: 'matches' | 'hits'): Fit {
  const c = (name: string) => sql.raw(`${t}.${name}`);
  return { exact: c('exact'), typedInName: c('typed_in_name'), inName: c('in_name'), rank: c('rank'), nameLength: c('name_length'), downloads: c('downloads'), id: c('id') };
}
interface Fit {
  exact: SQL;
  typedInName: SQL;
  inName: SQL;
  rank: SQL;
  nameLength: SQL;
  downloads: SQL;
  id: SQL;
}

function order(params: PluginListParams, search: Search | null, fit: Fit | null): SQL {
  // Among names holding every word, the shorter is the closer match (fewer other words); then the
  // rank (where else the words are), and between equals the most downloaded, then the shortest name.
  if (search && fit && !params.sortBy) {
    return sql`${fit.exact} desc, ${fit.typedInName} desc, ${fit.inName} desc, case when ${fit.inName} then ${fit.nameLength} end asc nulls last,
      ${fit.rank} desc, ${fit.downloads} desc, ${fit.nameLength}, ${fit.id} desc`;
  }
  const sortBy = params.sortBy ?? 'downloads';
  const terms = sortTerms(sortBy, params.sortDir ?? pluginDefaultSortDir(sortBy));
  return search && fit ? sql`${terms}, ${fit.rank} desc` : terms;
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

/** What a list totals: how many plugins match and, for a search, how many of them carry each tag. */
export interface ListTotals {
  totalCount: number;
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
  const hitsOrder = order(params, null, null);
  return sql`with hits as (
      select p.id from plugins p where ${filters(params, null, tagPlan)}
      order by ${hitsOrder} limit ${params.pageSize} offset ${(params.page - 1) * params.pageSize}
    )
    select ${pluginColumns(params.viewerId)}
    from hits join plugins p on p.id = hits.id ${pluginJoins}
    order by ${hitsOrder}`;
}

/**
 * One statement for a search: every match ranked once, then the page in order, the number of
 * matches and the tag counts of the matches. It always answers at least one row (a page past the
 * end answers one whose plugin columns are null) carrying "totalCount" and "tagCounts".
 */
function searchPageSql(params: PluginListParams, search: Search): SQL {
  // Search candidates are few: checking their tags one by one is always the cheaper way.
  const where = filters(params, search, 'probe');
  // Every expression here runs on every match. lower() of the name is the dearest of them (a third
  // of the statement at 20,000 matches): the name's length (lower() keeps the length) rules out
  // nearly every match first. Without corrections the typed words in the name are the same test as
  // the words in the name: it is not run twice (null ties, then in_name decides).
  const exactExpr = sql`(length(p.name) in (${[...search.exact].length}, ${[...search.text].length}) and lower(p.name) in (${search.exact}, ${search.text}))`;
  const rank = (q: string) => sql`ts_rank(p.search_vector, to_tsquery('simple', ${q}))`;
  const rankExpr = search.typed ? sql`(${rank(search.tsquery)} + ${rank(search.typed)})` : rank(search.tsquery);
  return sql`with matches as materialized (
      select p.id, ${exactExpr} as exact, ${search.typedInName === search.inName ? sql`null::boolean` : sql`p.search_vector @@ to_tsquery('simple', ${search.typedInName})`} as typed_in_name,
        p.search_vector @@ to_tsquery('simple', ${search.inName}) as in_name, ${rankExpr} as rank,
        length(p.name) as name_length, p.download_count as downloads, p.tag_ids
      from plugins p where ${where}
    ),
    meta as (select count(*)::int as total, ${tagCountsOf(sql`matches`)} as tag_counts from matches),
    hits as (
      ${
        params.sortBy
          ? sql`select matches.* from matches join plugins p on p.id = matches.id order by ${order(params, search, fitOf('matches'))}`
          : sql`select * from matches order by ${order(params, search, fitOf('matches'))}`
      }
      limit ${params.pageSize} offset ${(params.page - 1) * params.pageSize}
    )
    select ${pluginColumns(params.viewerId)}, meta.total as "totalCount", meta.tag_counts as "tagCounts"
    from meta left join (hits join plugins p on p.id = hits.id ${pluginJoins}) on true
    order by ${order(params, search, fitOf('hits'))}`;
}

/** How a list reaches the database: rows of a statement, and a count (kept a while under `key`, when given). */
export interface PluginListIo {
  rows<R>(query: SQL): Promise<R[]>;
  count(query: SQL, key?: string): Promise<number>;
}

type SearchRow = { id: number | null; totalCount: number; tagCounts: TagCount[] | string };

const parseTagCounts = (v: TagCount[] | string): TagCount[] => (typeof v === 'string' ? (JSON.parse(v) as TagCount[]) : v);

/**
 * Runs GET /plugins: the statements and their order, shared by the service and the benchmark.
 * A search looks up its words' corrections, then ranks every match in one statement that also
 * answers the total and the tag counts. A plain list takes its page from a sort index and its
 * total from a count (which the service keeps a few seconds), and has no tag counts (null); with
 * tags, the totals decide how the tag filter runs, and no match means no page query at all.
 */
export async function runPluginList<Row>(params: PluginListParams, io: PluginListIo): Promise<ListTotals & { rows: Row[] }> {
  const search = await toSearch(params.search, io.rows);
  if (search) {
    const rows = await io.rows<Row & SearchRow>(searchPageSql(params, search));
    const meta = rows[0];
    return {
      rows: rows.filter((r) => r.id !== null),
      totalCount: Number(meta?.totalCount ?? 0),
      tagCounts: meta ? parseTagCounts(meta.tagCounts) : [],
    };
  }
  const key = (tagIds: number[]) => JSON.stringify([[...new Set(tagIds)].sort((a, b) => a - b), params.hasSource]);
  const count = (tagIds: number[]) => io.count(countSql(filters({ ...params, tagIds }, null, 'collect')), key(tagIds));
  if (!params.tagIds.length) {
    const [rows, totalCount] = await Promise.all([io.rows<Row>(listPageSql(params, 'collect')), count([])]);
    return { rows, totalCount, tagCounts: null };
  }
  const totalCount = await count(params.tagIds);
  if (!totalCount) return { rows: [], totalCount, tagCounts: null };
  const plan = tagFilterPlan(totalCount, await count([]), params.page * params.pageSize);
  return { rows: await io.rows<Row>(listPageSql(params, plan)), totalCount, tagCounts: null };
}
