import { describe, expect, it } from 'vitest';
import { PluginMatchIndex, parseTsvector, topK, type MatchQuery, type MatchRow } from './match-index.js';

describe('parseTsvector', () => {
  it('reads each word with its best weight (no letter is D)', () => {
    expect(parseTsvector("'aerial':1A,7C 'ball':3 'it''s':4B 'kirb':9")).toEqual([
      ['aerial', 0],
      ['ball', 3],
      ["it's", 1],
      ['kirb', 3],
    ]);
    expect(parseTsvector("'x' 'y':2C,5B")).toEqual([
      ['x', 3],
      ['y', 1],
    ]);
    expect(parseTsvector('')).toEqual([]);
  });
});

describe('topK', () => {
  it('keeps the best k in order, whatever the size', () => {
    const items = Array.from({ length: 500 }, (_, i) => (i * 7919) % 500);
    const asc = (a: number, b: number) => a - b;
    expect(topK(items, 5, asc)).toEqual([0, 1, 2, 3, 4]);
    expect(topK(items, 200, asc)).toEqual(Array.from({ length: 200 }, (_, i) => i));
    expect(topK([3, 1], 5, asc)).toEqual([1, 3]);
    expect(topK(items, 0, asc)).toEqual([]);
  });
});

const row = (id: number, name: string, document: string, more: Partial<MatchRow> = {}): MatchRow => ({
  id,
  name: name.toLowerCase(),
  nameLength: name.length,
  downloads: 0,
  hasSource: false,
  tagIds: [],
  document,
  ...more,
});
const word = (term: string, typed = true, prefix = false) => ({ term, typed, prefix });
const query = (groups: MatchQuery['groups'], more: Partial<MatchQuery> = {}): MatchQuery => ({
  groups,
  exact: '',
  text: '',
  hasSource: 'any',
  tagIds: [],
  offset: 0,
  end: 20,
  keep: 1000,
  ...more,
});

describe('PluginMatchIndex', () => {
  const index = () => {
    const i = new PluginMatchIndex();
    i.upsert(row(1, 'Boost Meter', "'boost':1A 'meter':2A 'gauge':3B", { downloads: 10, tagIds: [1] }));
    i.upsert(row(2, 'Meter', "'meter':1A 'boost':2C", { downloads: 5, tagIds: [1, 2] }));
    i.upsert(row(3, 'Trainer', "'trainer':1A 'boost':2B 'meter':3B", { downloads: 50, tagIds: [2], hasSource: true }));
    i.upsert(row(4, 'Camera', "'camera':1A 'meter':2C 'boostfan':3D", { downloads: 99 }));
    return i;
  };

  it('needs every word; names first (exact, then shorter), then the name-and-short tier, then the rest', () => {
    const i = index();
    expect(i.search(query([[word('meter')]], { exact: 'meter', text: 'meter' })).ids).toEqual([2, 1, 3, 4]);
    const both = i.search(query([[word('boost')], [word('meter')]]));
    expect(both).toMatchObject({ ids: [1, 3, 2], found: 3 });
  });

  it('ranks spellings as typed before corrections, and reads prefixes', () => {
    const i = index();
    i.upsert(row(5, 'Boots Meter', "'boots':1A 'meter':2A"));
    // "boots" typed, "boost" its correction: both names match, the typed one first.
    expect(i.search(query([[word('boots'), word('boost', false)], [word('meter')]])).ids.slice(0, 2)).toEqual([5, 1]);
    expect(i.search(query([[word('boo', true, true)]])).ids).toEqual(expect.arrayContaining([1, 2, 3, 4, 5]));
  });

  it('filters by tags and source, counts tags of the matches, caps the kept matches', () => {
    const i = index();
    expect(i.search(query([[word('meter')]], { tagIds: [1] })).ids.sort()).toEqual([1, 2]);
    expect(i.search(query([[word('meter')]], { hasSource: 'with' })).ids).toEqual([3]);
    expect(i.search(query([[word('meter')]], { hasSource: 'without', tagIds: [2] })).ids).toEqual([2]);
    expect(i.search(query([[word('meter')]])).tagCounts).toEqual([
      { tagId: 1, count: 2 },
      { tagId: 2, count: 2 },
    ]);
    const capped = i.search(query([[word('meter')]], { keep: 2, end: 2 }));
    expect(capped.found).toBe(4);
    expect(capped.ids).toHaveLength(2);
    expect(capped.tagCounts.reduce((n, c) => n + c.count, 0)).toBe(3);
    expect(i.search(query([[word('meter')]], { offset: 2, end: 4 })).ids).toHaveLength(2);
  });

  it('narrows a rare word by looking up a common one, with the same weights and tiers as reading it', () => {
    const i = new PluginMatchIndex();
    for (let id = 1; id <= 300; id++) i.upsert(row(id, `Common ${id}`, `'common':1A '${id}':2A`));
    i.upsert(row(301, 'Rare Thing', "'rare':1A 'thing':2A 'common':3B"));
    i.upsert(row(302, 'Rare Common', "'rare':1A 'common':2A"));
    i.upsert(row(303, 'Other', "'other':1A 'rare':2C 'common':3D"));
    // 'rare' (3 plugins) goes first, then each is looked up in 'common' (303): name, then tier 1, then tier 3.
    expect(i.search(query([[word('common')], [word('rare')]])).ids).toEqual([302, 301, 303]);
    // 'rare' stands in for 'common' in the name of both: the shorter name first.
    expect(i.search(query([[word('common', false), word('rare')], [word('rare')]])).ids).toEqual([301, 302, 303]);
    expect(i.search(query([[word('rare')], [word('common')], [word('thing')]])).ids).toEqual([301]);
  });

  it('replaces and removes plugins; a change of numbers alone keeps its words', () => {
    const i = index();
    i.upsert(row(4, 'Camera', "'camera':1A 'meter':2C 'boostfan':3D", { downloads: 1 }));
    expect(i.wasted).toBe(0);
    i.upsert(row(1, 'Nitro Meter', "'nitro':1A 'meter':2A"));
    expect(i.wasted).toBe(1);
    expect(i.search(query([[word('boost')]])).ids).not.toContain(1);
    expect(i.search(query([[word('nitro')]])).ids).toEqual([1]);
    i.remove(2);
    expect(i.search(query([[word('meter')]])).ids.sort()).toEqual([1, 3, 4]);
    expect(i.count).toBe(3);
    expect(i.pluginIds().sort()).toEqual([1, 3, 4]);
  });
});
