import { describe, expect, it } from 'vitest';
import { adSlots, pageWindow, placeholderGradient, withAds } from './lists.js';

const show = (current: number, total: number) =>
  pageWindow(current, total)
    .map((i) => (i.kind === 'page' ? String(i.page) : '…'))
    .join(' ');

describe('page window', () => {
  it.each([
    [1, 1, '1'],
    [1, 3, '1 2 3'],
    [1, 10, '1 2 3 … 10'],
    [3, 10, '1 2 3 4 5 … 10'],
    [4, 10, '1 2 3 4 5 6 … 10'],
    [5, 10, '1 … 3 4 5 6 7 … 10'],
    [8, 10, '1 … 6 7 8 9 10'],
    [10, 10, '1 … 8 9 10'],
  ])('page %i of %i shows %s', (current, total, expected) => expect(show(current, total)).toBe(expected));
  it('is empty without pages', () => expect(pageWindow(1, 0)).toEqual([]));
});

describe('ad cards', () => {
  it('go after positions 3, 9 and 17, or at the end for 1 to 3 results', () => {
    expect(adSlots(0)).toEqual([]);
    expect(adSlots(1)).toEqual([1]);
    expect(adSlots(3)).toEqual([3]);
    expect(adSlots(4)).toEqual([3]);
    expect(adSlots(9)).toEqual([3, 9]);
    expect(adSlots(17)).toEqual([3, 9, 17]);
    expect(adSlots(20)).toEqual([3, 9, 17]);
  });
  it('interleave with the results', () => {
    const kinds = withAds([1, 2, 3, 4, 5]).map((e) => (e.kind === 'ad' ? 'ad' : e.item));
    expect(kinds).toEqual([1, 2, 3, 'ad', 4, 5]);
  });
});

describe('placeholder gradient', () => {
  it('is stable per name and varies between names', () => {
    expect(placeholderGradient('Rocket Plugin')).toBe(placeholderGradient('Rocket Plugin'));
    const distinct = new Set(['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'].map((n) => placeholderGradient(n)));
    expect(distinct.size).toBeGreaterThan(3);
  });
});
