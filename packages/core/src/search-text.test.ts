import { describe, expect, it } from 'vitest';
import { normalizeSearchText, searchTextWords } from './search-text.js';

describe('search text', () => {
  it('trims, lowers and collapses whitespace', () => {
    expect(normalizeSearchText('  Rocket \t  PLUGIN\n ')).toBe('rocket plugin');
    expect(normalizeSearchText('   ')).toBe('');
  });

  it('splits into at most the given number of words', () => {
    expect(searchTextWords(' a  B c ', 2)).toEqual(['a', 'b']);
    expect(searchTextWords('  ', 8)).toEqual([]);
  });
});
