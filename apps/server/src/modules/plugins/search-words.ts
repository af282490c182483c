import { type SQL, sql } from 'drizzle-orm';
import { normalizeSearchText } from '@bm/core';
import type { MatchTerm } from './match-index.js';

/**
 * A search's words (search.ts runs the search): the words of the input, the corrections the
 * vocabulary offers for them (search_word_variants, migration 0009), the words the last one begins
 * (search_lexemes), and the groups of alternatives that the tsquery texts and the match index read.
 */

/** How a search reads rows (PluginListIo.rows). */
export type SelectRows = <R>(query: SQL, prepare?: boolean) => Promise<R[]>;

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

export interface Search {
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
export async function toSearch(
  raw: string,
  select: SelectRows,
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
