import { describe, expect, it } from 'vitest';
import { compatibilityBadgeText, compatibilityStatus, parseGameVersionIds } from './compatibility-rules.js';

describe('compatibility', () => {
  it('applies the rule: a failed rebuild or 3+ outnumbering broken reports first, then works', () => {
    const none = { works: 0, broken: 0, declared: false, rebuild: null };
    expect(compatibilityStatus(none)).toBe('unverified');
    expect(compatibilityStatus({ ...none, declared: true })).toBe('works');
    expect(compatibilityStatus({ ...none, rebuild: 'passed' })).toBe('works');
    expect(compatibilityStatus({ ...none, declared: true, rebuild: 'failed' })).toBe('broken');
    expect(compatibilityStatus({ ...none, works: 2 })).toBe('unverified');
    expect(compatibilityStatus({ ...none, works: 3, broken: 2 })).toBe('works');
    expect(compatibilityStatus({ ...none, works: 3, broken: 3 })).toBe('unverified');
    expect(compatibilityStatus({ ...none, works: 3, broken: 4, declared: true })).toBe('broken');
  });

  it('reads the upload field: ids separated by commas, repeats dropped, anything else invalid', () => {
    expect(parseGameVersionIds(' 3, 1,3 ')).toEqual([3, 1]);
    expect(parseGameVersionIds('')).toEqual([]);
    expect(parseGameVersionIds(undefined)).toEqual([]);
    expect(parseGameVersionIds('1,x')).toBe('invalid');
    expect(parseGameVersionIds('-1')).toBe('invalid');
    expect(parseGameVersionIds('1234567890')).toBe('invalid');
  });

  it('says the badge in the words of the issue', () => {
    expect(compatibilityBadgeText('works', 'v2.52')).toBe('Works with v2.52');
    expect(compatibilityBadgeText('broken', 'v2.52')).toBe('Reported broken on v2.52');
    expect(compatibilityBadgeText('unverified', 'v2.52')).toBe('Not yet confirmed for v2.52');
  });
});
