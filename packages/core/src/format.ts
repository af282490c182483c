const grouped = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

/**
 * An exact figure with thousands grouped: 4892 -> '4,892', 41734 -> '41,734'. Used wherever the site
 * shows the whole number (sidebars, tooltips behind a compact count), so the two never disagree.
 */
export function exactNumber(n: number): string {
  return grouped.format(Math.trunc(n));
}

/**
 * Compact count display of the spec (§9): below 10000 the full number (grouped, as exactNumber);
 * up to 100 thousand one decimal and 'k' (41734 -> '41.7k', 10000 -> '10.0k'); up to 1 million whole
 * 'k' ('250k'); up to 100 million two-decimal 'M' (1500000 -> '1.50M'); up to 1 billion whole 'M';
 * beyond that two-decimal 'B'.
 *
 * Boundary rule: digits past the shown precision are cut, never rounded up, so a count is never shown
 * as more than it is and every value stays in its own band: 99999 -> '99.9k', 999999 -> '999k',
 * 99999999 -> '99.99M', 999999999 -> '999M'.
 */
export function compactNumber(n: number): string {
  if (!Number.isFinite(n)) return '0';
  const sign = n < 0 ? '-' : '';
  const abs = Math.trunc(Math.abs(n));
  // `units` whole steps of `step`, shown with `decimals` digits after the point.
  const cut = (step: number, decimals: number, suffix: string) => {
    const units = Math.floor(abs / step);
    const scale = 10 ** decimals;
    const whole = Math.floor(units / scale);
    const fraction = decimals ? `.${String(units % scale).padStart(decimals, '0')}` : '';
    return `${sign}${whole}${fraction}${suffix}`;
  };
  if (abs < 10_000) return `${sign}${grouped.format(abs)}`;
  if (abs < 100_000) return cut(100, 1, 'k');
  if (abs < 1_000_000) return cut(1000, 0, 'k');
  if (abs < 100_000_000) return cut(10_000, 2, 'M');
  if (abs < 1_000_000_000) return cut(1_000_000, 0, 'M');
  return cut(10_000_000, 2, 'B');
}

/** Meta descriptions are cut to 160 characters. */
export function cutDescription(text: string, max = 160): string {
  const t = text.replace(/\s+/g, ' ').trim();
  return t.length <= max ? t : `${t.slice(0, max - 1).trimEnd()}…`;
}

export function plural(n: number, one: string, many: string): string {
  return n === 1 ? one : many;
}

/** C0 control characters other than tab, line feed and carriage return, and DEL: never valid in any text field. */
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;
export const CONTROL_CHARACTERS_MESSAGE = 'Text must not contain control characters';
export function hasControlCharacters(value: string): boolean {
  return CONTROL_CHARACTERS.test(value);
}
