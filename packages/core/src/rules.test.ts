import { describe, expect, it } from 'vitest';
import {
  AUTH_MESSAGES as M,
  applyEmailSuggestion,
  compactNumber,
  exactNumber,
  cutDescription,
  formatCountdown,
  hasRole,
  passwordStrengthLabel,
  passwordStrengthScore,
  reconnectDelayMs,
  registerRequest,
  resendCooldownSeconds,
  retryAfterSeconds,
  suggestEmailDomain,
} from './index.js';

describe('password strength', () => {
  it.each([
    ['abcdef', 0, 'Weak'],
    ['abcdefgh', 1, 'Weak'],
    ['abcdefgH', 2, 'Fair'],
    ['abcdefgH1', 3, 'Good'],
    ['abcdefgH1!', 4, 'Strong'],
    ['abcdefghijK1!', 5, 'Very Strong'],
    ['123456789012', 3, 'Good'],
  ])('%s scores %i (%s)', (password, score, label) => {
    expect(passwordStrengthScore(password)).toBe(score);
    expect(passwordStrengthLabel(score)).toBe(label);
  });
});

describe('email misspelling table', () => {
  it('suggests the provider meant', () => {
    expect(suggestEmailDomain('me@gmial.com')).toEqual({ entered: 'gmial.com', suggested: 'gmail.com' });
    expect(suggestEmailDomain('me@HOTMIAL.com')?.suggested).toBe('hotmail.com');
    expect(suggestEmailDomain('me@outlok.com')?.suggested).toBe('outlook.com');
    expect(suggestEmailDomain('me@yaho.com')?.suggested).toBe('yahoo.com');
    expect(suggestEmailDomain('me@iclod.com')?.suggested).toBe('icloud.com');
    expect(suggestEmailDomain('me@protonmail.co')?.suggested).toBe('protonmail.com');
  });
  it('leaves correct or unknown domains alone', () => {
    expect(suggestEmailDomain('me@gmail.com')).toBeNull();
    expect(suggestEmailDomain('me@example.org')).toBeNull();
    expect(suggestEmailDomain('no-at-sign')).toBeNull();
  });
  it('applies a suggestion', () => {
    const s = suggestEmailDomain(' me@gmial.com ')!;
    expect(applyEmailSuggestion(' me@gmial.com ', s)).toBe('me@gmail.com');
  });
});

describe('cooldowns and schedules', () => {
  it('grows the resend cooldown with each attempt up to 120 s', () => {
    expect([1, 2, 3, 4, 5, 9].map(resendCooldownSeconds)).toEqual([30, 60, 90, 120, 120, 120]);
  });
  it('reads Retry-After as seconds or a date, else 120 s', () => {
    expect(retryAfterSeconds('42')).toBe(42);
    expect(retryAfterSeconds(new Date(Date.now() + 10_500).toUTCString())).toBeGreaterThanOrEqual(10);
    expect(retryAfterSeconds(null)).toBe(120);
    expect(retryAfterSeconds('soon')).toBe(120);
  });
  it('shows seconds under a minute and m:ss above', () => {
    expect(formatCountdown(45)).toBe('45s');
    expect(formatCountdown(90)).toBe('1:30');
    expect(formatCountdown(120)).toBe('2:00');
  });
  it('follows the manual reconnect schedule and stops after 20 attempts', () => {
    const delays = Array.from({ length: 21 }, (_, i) => reconnectDelayMs(i));
    expect(delays.slice(0, 8)).toEqual([0, 1000, 2000, 5000, 10000, 30000, 60000, 60000]);
    expect(delays[19]).toBe(60000);
    expect(delays[20]).toBeNull();
  });
});

describe('compact numbers (spec §9)', () => {
  it.each([
    // below 10000: the full number, grouped like every exact figure on the site
    [0, '0'],
    [7, '7'],
    [999, '999'],
    [4892, '4,892'],
    [9999, '9,999'],
    // up to 100 thousand: one decimal and 'k'
    [10_000, '10.0k'],
    [12_345, '12.3k'],
    [41_734, '41.7k'],
    [41_799, '41.7k'],
    [99_949, '99.9k'],
    [99_999, '99.9k'],
    // up to 1 million: whole 'k'
    [100_000, '100k'],
    [250_000, '250k'],
    [250_999, '250k'],
    [999_999, '999k'],
    // up to 100 million: two-decimal 'M'
    [1_000_000, '1.00M'],
    [1_500_000, '1.50M'],
    [1_234_567, '1.23M'],
    [1_009_999, '1.00M'],
    [99_999_999, '99.99M'],
    // up to 1 billion: whole 'M'
    [100_000_000, '100M'],
    [250_500_000, '250M'],
    [999_999_999, '999M'],
    // beyond: two-decimal 'B'
    [1_000_000_000, '1.00B'],
    [1_234_567_890, '1.23B'],
    [25_000_000_000, '25.00B'],
  ])('%i shows as %s', (n, text) => expect(compactNumber(n)).toBe(text));

  it('cuts rather than rounds, so no count is shown above its value or in the next band', () => {
    expect(compactNumber(99_999)).toBe('99.9k');
    expect(compactNumber(999_999)).toBe('999k');
    expect(compactNumber(99_999_999)).toBe('99.99M');
    expect(compactNumber(999_999_999)).toBe('999M');
  });

  it('keeps the sign and ignores fractions', () => {
    expect(compactNumber(-12_345)).toBe('-12.3k');
    expect(compactNumber(4892.9)).toBe('4,892');
    expect(compactNumber(Number.NaN)).toBe('0');
  });
});

describe('exact numbers', () => {
  it.each([
    [0, '0'],
    [4892, '4,892'],
    [41_734, '41,734'],
    [1_234_567_890, '1,234,567,890'],
  ])('%i shows as %s', (n, text) => expect(exactNumber(n)).toBe(text));
});

describe('shared validation', () => {
  it('trims usernames before measuring them', () => {
    const r = registerRequest.safeParse({ username: '  ab  ', email: 'a@b.co', password: 'secret1' });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toBe(M.usernameShort);
  });
  it('cuts meta descriptions to 160 characters', () => {
    const cut = cutDescription('word '.repeat(100));
    expect(cut.length).toBeLessThanOrEqual(160);
    expect(cut.endsWith('…')).toBe(true);
    expect(cutDescription('short')).toBe('short');
  });
  it('compares role names case-insensitively', () => {
    expect(hasRole(['Administrator'], 'administrator')).toBe(true);
    expect(hasRole(['moderator'], 'administrator')).toBe(false);
  });
});
