import type { TagCount } from '@bm/core';

/**
 * The plugin match index: each server's in-memory copy of plugin_search (one entry per listed
 * plugin: its words with the best weight each has in the document, A name .. D author, and the
 * facts that rank, filter and count), which answers a search's matching, ranking, counting and tag
 * counts without asking the database. PostgreSQL stays what decides a search's words (corrections
 * and the words a prefix begins, one indexed lookup) and what the page's plugins are (read by id);
 * this index replaces the GIN scans and the heap reads of every match, which are what a search
 * costs the database (see the note of issue 14: a search read every match's row to count and rank
 * it, about 2 ms of PostgreSQL's CPU a search).
 *
 * The words are PostgreSQL's own (the tsvector of plugin_search.document, parsed), so a match here
 * is a match there: every group of alternatives must have one in the document; a group's weight
 * is the best of its alternatives and a plugin's is the worst of its groups: all in the name (A)
 * is a name match, A or B the first of the other tiers, C the second, D (the author) the third.
 *
 * Kept current by PluginMatchIndexSync (match-sync.ts) from plugin_search_changes.
 */

/** One alternative of a search word: a word, or (prefix) every word beginning with it; typed: as the visitor typed it, not a correction. */
export interface MatchTerm {
  term: string;
  prefix: boolean;
  typed: boolean;
}

export interface MatchQuery {
  /** Every group must match (a search word with its corrections). */
  groups: MatchTerm[][];
  /** The whole input and its words joined, lowercased: a name equal to either ranks first. */
  exact: string;
  text: string;
  hasSource: 'any' | 'with' | 'without';
  /** Plugins must carry all of these. */
  tagIds: number[];
  /** The page: ranked positions offset+1 .. end. */
  offset: number;
  end: number;
  /** Matches counted, and read for the tag counts, at most (PLUGIN_SEARCH_HITS_MAX). */
  keep: number;
}

export interface MatchAnswer {
  /** The page's plugin ids in order. */
  ids: number[];
  /** Every match (not capped). */
  found: number;
  /** Per tag, how many of the first `keep` ranked matches carry it: most first. */
  tagCounts: TagCount[];
}

/** A plugin_search row as the index loads it (document: the tsvector as text). */
export interface MatchRow {
  id: number;
  name: string;
  nameLength: number;
  downloads: number;
  hasSource: boolean;
  tagIds: number[];
  document: string;
}

const NONE = 4;

/**
 * The words of a tsvector's text ('word':1A,4 'other':2B) with the best weight of each: A 0, B 1,
 * C 2, D 3 (a position without a letter is D; a word without positions too).
 */
export function parseTsvector(text: string): Array<[string, number]> {
  const out: Array<[string, number]> = [];
  const n = text.length;
  let i = 0;
  while (i < n) {
    if (text[i] === ' ') {
      i++;
      continue;
    }
    let word = '';
    if (text[i] === "'") {
      i++;
      while (i < n) {
        const c = text[i]!;
        if (c === "'") {
          if (text[i + 1] === "'") {
            word += "'";
            i += 2;
            continue;
          }
          i++;
          break;
        }
        if (c === '\\' && i + 1 < n) {
          word += text[i + 1];
          i += 2;
          continue;
        }
        word += c;
        i++;
      }
    } else {
      while (i < n && text[i] !== ' ' && text[i] !== ':') word += text[i++];
    }
    let best = 3;
    if (text[i] === ':') {
      i++;
      // Positions: digits, each with an optional weight letter, separated by commas.
      while (i < n && text[i] !== ' ') {
        while (i < n && text[i]! >= '0' && text[i]! <= '9') i++;
        const c = text[i];
        const w = c === 'A' ? 0 : c === 'B' ? 1 : c === 'C' ? 2 : 3;
        if (c === 'A' || c === 'B' || c === 'C' || c === 'D') i++;
        if (w < best) best = w;
        if (text[i] === ',') i++;
      }
    }
    out.push([word, best]);
  }
  return out;
}

/** A 32-bit hash of a text (FNV-1a): tells whether a plugin's words changed without keeping them. */
function hashText(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** A word's plugins (slots) with the word's best weight in each: typed arrays, grown by doubling (5 bytes an entry). */
interface Postings {
  slots: Int32Array;
  weights: Uint8Array;
  length: number;
}

function append(p: Postings, slot: number, weight: number) {
  if (p.length === p.slots.length) {
    const slots = new Int32Array(p.slots.length * 2);
    slots.set(p.slots);
    const weights = new Uint8Array(p.slots.length * 2);
    weights.set(p.weights);
    p.slots = slots;
    p.weights = weights;
  }
  p.slots[p.length] = slot;
  p.weights[p.length] = weight;
  p.length++;
}

/** Where `slot` is in the postings (their slots ascend: a plugin's slot is new each time it is added), or -1. */
function findSlot(p: Postings, slot: number): number {
  let lo = 0;
  let hi = p.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const v = p.slots[mid]!;
    if (v === slot) return mid;
    if (v < slot) lo = mid + 1;
    else hi = mid - 1;
  }
  return -1;
}

/** Keeps the best `k` of `items` by `cmp` (best first). */
export function topK(items: number[], k: number, cmp: (a: number, b: number) => number): number[] {
  if (k <= 0) return [];
  if (items.length <= k * 4) return items.slice().sort(cmp).slice(0, k);
  // A heap of the k best so far, the worst of them on top.
  const heap: number[] = [];
  const up = (i: number) => {
    while (i > 0) {
      const p = (i - 1) >> 1;
      if (cmp(heap[i]!, heap[p]!) <= 0) break;
      [heap[i], heap[p]] = [heap[p]!, heap[i]!];
      i = p;
    }
  };
  const down = (i: number) => {
    for (;;) {
      const l = 2 * i + 1;
      const r = l + 1;
      let w = i;
      if (l < heap.length && cmp(heap[l]!, heap[w]!) > 0) w = l;
      if (r < heap.length && cmp(heap[r]!, heap[w]!) > 0) w = r;
      if (w === i) return;
      [heap[i], heap[w]] = [heap[w]!, heap[i]!];
      i = w;
    }
  };
  for (const x of items) {
    if (heap.length < k) {
      heap.push(x);
      up(heap.length - 1);
    } else if (cmp(x, heap[0]!) < 0) {
      heap[0] = x;
      down(0);
    }
  }
  return heap.sort(cmp);
}

export class PluginMatchIndex {
  private capacity = 0;
  private size = 0;
  private dead = 0;
  private ids = new Int32Array(0);
  private downloads = new Int32Array(0);
  private nameLengths = new Int32Array(0);
  private hasSource = new Uint8Array(0);
  private alive = new Uint8Array(0);
  private hashes = new Uint32Array(0);
  private names: string[] = [];
  private tagIds: number[][] = [];
  // Per search (stamps tell which plugins matched every group so far, without clearing).
  private stamp = new Int32Array(0);
  private worst = new Uint8Array(0);
  private worstTyped = new Uint8Array(0);
  private cur = new Uint8Array(0);
  private curTyped = new Uint8Array(0);
  private epoch = 0;
  private readonly slotOf = new Map<number, number>();
  private readonly postings = new Map<string, Postings>();
  /** The words in order, for prefixes: rebuilt when new words came. */
  private sortedWords: string[] | null = null;

  /** Plugins in the index. */
  get count(): number {
    return this.slotOf.size;
  }

  /** Slots held by replaced or removed plugins: past half of all, a rebuild pays (PluginMatchIndexSync). */
  get wasted(): number {
    return this.dead;
  }

  private grow(need: number) {
    if (need <= this.capacity) return;
    const cap = Math.max(need, Math.ceil(this.capacity * 1.5), 1024);
    const more = <T extends Int32Array | Uint8Array | Uint32Array>(a: T, make: (n: number) => T): T => {
      const b = make(cap);
      b.set(a);
      return b;
    };
    this.ids = more(this.ids, (n) => new Int32Array(n));
    this.downloads = more(this.downloads, (n) => new Int32Array(n));
    this.nameLengths = more(this.nameLengths, (n) => new Int32Array(n));
    this.hasSource = more(this.hasSource, (n) => new Uint8Array(n));
    this.alive = more(this.alive, (n) => new Uint8Array(n));
    this.hashes = more(this.hashes, (n) => new Uint32Array(n));
    this.stamp = more(this.stamp, (n) => new Int32Array(n));
    this.worst = new Uint8Array(cap);
    this.worstTyped = new Uint8Array(cap);
    this.cur = new Uint8Array(cap);
    this.curTyped = new Uint8Array(cap);
    this.capacity = cap;
  }

  /** Adds or replaces a plugin. A change of its numbers alone (downloads) is made in place. */
  upsert(row: MatchRow): void {
    const hash = hashText(row.document);
    const old = this.slotOf.get(row.id);
    if (old !== undefined && this.hashes[old] === hash) {
      this.downloads[old] = row.downloads;
      this.hasSource[old] = row.hasSource ? 1 : 0;
      this.tagIds[old] = row.tagIds;
      this.names[old] = row.name;
      this.nameLengths[old] = row.nameLength;
      return;
    }
    if (old !== undefined) this.remove(row.id);
    const slot = this.size++;
    this.grow(this.size);
    this.ids[slot] = row.id;
    this.downloads[slot] = row.downloads;
    this.nameLengths[slot] = row.nameLength;
    this.hasSource[slot] = row.hasSource ? 1 : 0;
    this.alive[slot] = 1;
    this.hashes[slot] = hash;
    this.names[slot] = row.name;
    this.tagIds[slot] = row.tagIds;
    this.slotOf.set(row.id, slot);
    for (const [word, weight] of parseTsvector(row.document)) {
      let p = this.postings.get(word);
      if (!p) {
        p = { slots: new Int32Array(2), weights: new Uint8Array(2), length: 0 };
        this.postings.set(word, p);
        this.sortedWords = null;
      }
      append(p, slot, weight);
    }
  }

  /** Takes a plugin out (its slot stays in the postings, skipped, until a rebuild). */
  remove(id: number): void {
    const slot = this.slotOf.get(id);
    if (slot === undefined) return;
    this.slotOf.delete(id);
    this.alive[slot] = 0;
    this.tagIds[slot] = [];
    this.names[slot] = '';
    this.dead++;
  }

  /** The ids of every plugin in the index. */
  pluginIds(): number[] {
    return [...this.slotOf.keys()];
  }

  private wordsBeginning(prefix: string): string[] {
    if (!this.sortedWords) this.sortedWords = [...this.postings.keys()].sort();
    const words = this.sortedWords;
    let lo = 0;
    let hi = words.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (words[mid]! < prefix) lo = mid + 1;
      else hi = mid;
    }
    const out: string[] = [];
    for (let i = lo; i < words.length && words[i]!.startsWith(prefix); i++) out.push(words[i]!);
    return out;
  }

  search(q: MatchQuery): MatchAnswer {
    const { stamp, cur, curTyped, worst, worstTyped } = this;
    if (this.epoch >= 0x7ffffff0 / 16) {
      stamp.fill(0);
      this.epoch = 0;
    }
    const base = ++this.epoch * 16;
    // Each group's postings; the groups with the fewest first, so the later ones only narrow.
    const groups = q.groups
      .map((group) => {
        const alts: Array<{ p: Postings; typed: boolean }> = [];
        for (const t of group) {
          for (const word of t.prefix ? this.wordsBeginning(t.term) : [t.term]) {
            const p = this.postings.get(word);
            if (p) alts.push({ p, typed: t.typed });
          }
        }
        return { alts, size: alts.reduce((n, a) => n + a.p.length, 0) };
      })
      .sort((x, y) => x.size - y.size);
    let matched: number[] = [];
    for (let g = 0; g < groups.length; g++) {
      const { alts, size } = groups[g]!;
      if (g > 0 && !matched.length) break;
      const want = base + g;
      const mark = want + 1;
      const next: number[] = [];
      if (g > 0 && matched.length * 2 * Math.log2(size + 2) < size) {
        // Few plugins left: look each up in the postings (kept in slot order) rather than read them all.
        for (const s of matched) {
          let best = NONE;
          let bestTyped = NONE;
          for (const { p, typed } of alts) {
            const k = findSlot(p, s);
            if (k < 0) continue;
            const w = p.weights[k]!;
            if (w < best) best = w;
            if (typed && w < bestTyped) bestTyped = w;
          }
          if (best === NONE) continue;
          stamp[s] = mark;
          if (best > worst[s]!) worst[s] = best;
          if (bestTyped > worstTyped[s]!) worstTyped[s] = bestTyped;
          next.push(s);
        }
      } else {
        for (const { p, typed } of alts) {
          const { slots, weights, length } = p;
          for (let k = 0; k < length; k++) {
            const s = slots[k]!;
            const st = stamp[s]!;
            const w = weights[k]!;
            if (st === mark) {
              if (w < cur[s]!) cur[s] = w;
              if (typed && w < curTyped[s]!) curTyped[s] = w;
            } else if (g === 0 ? st < base : st === want) {
              stamp[s] = mark;
              cur[s] = w;
              curTyped[s] = typed ? w : NONE;
              next.push(s);
            }
          }
        }
        for (const s of next) {
          if (g === 0 || cur[s]! > worst[s]!) worst[s] = cur[s]!;
          if (g === 0 || curTyped[s]! > worstTyped[s]!) worstTyped[s] = curTyped[s]!;
        }
      }
      matched = next;
    }

    const names: number[] = [];
    const others: number[] = [];
    const wantTags = [...new Set(q.tagIds)];
    for (const s of matched) {
      if (!this.alive[s]) continue;
      if (q.hasSource === 'with' && !this.hasSource[s]) continue;
      if (q.hasSource === 'without' && this.hasSource[s]) continue;
      if (wantTags.length) {
        const own = this.tagIds[s]!;
        if (!wantTags.every((t) => own.includes(t))) continue;
      }
      (worst[s] === 0 ? names : others).push(s);
    }

    // Names equal to what was typed: few, so a set rather than comparing texts in every comparison.
    const exact = new Set<number>();
    for (const s of names) if (this.names[s] === q.exact || this.names[s] === q.text) exact.add(s);
    const exactOf = (s: number) => (exact.size && exact.has(s) ? 1 : 0);
    const byName = (a: number, b: number) =>
      exactOf(b) - exactOf(a) ||
      (worstTyped[a] === 0 ? 0 : 1) - (worstTyped[b] === 0 ? 0 : 1) ||
      this.nameLengths[a]! - this.nameLengths[b]! ||
      this.downloads[b]! - this.downloads[a]! ||
      this.ids[b]! - this.ids[a]!;
    const byTier = (a: number, b: number) =>
      worst[a]! - worst[b]! ||
      (worstTyped[a]! < NONE ? 0 : 1) - (worstTyped[b]! < NONE ? 0 : 1) ||
      this.downloads[b]! - this.downloads[a]! ||
      this.nameLengths[a]! - this.nameLengths[b]! ||
      this.ids[b]! - this.ids[a]!;

    const end = Math.min(q.end, q.keep);
    let ranked: number[];
    if (names.length >= end) ranked = topK(names, end, byName);
    else
      ranked = names
        .slice()
        .sort(byName)
        .concat(topK(others, end - names.length, byTier));

    const found = names.length + others.length;
    let kept: number[];
    if (found <= q.keep) kept = names.concat(others);
    else if (names.length >= q.keep) kept = topK(names, q.keep, byName);
    else kept = names.concat(others.slice(0, q.keep - names.length));
    const counts = new Map<number, number>();
    for (const s of kept) for (const t of this.tagIds[s]!) counts.set(t, (counts.get(t) ?? 0) + 1);
    const tagCounts = [...counts]
      .map(([tagId, count]) => ({ tagId, count }))
      .sort((a, b) => b.count - a.count || a.tagId - b.tagId);

    return { ids: ranked.slice(q.offset).map((s) => this.ids[s]!), found, tagCounts };
  }
}
