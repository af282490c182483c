/** Compact count display of the spec (§9). */
export function compactNumber(n: number): string {
  const abs = Math.abs(n);
  const trim = (s: string) => s.replace(/\.0+$/, '').replace(/(\.\d*?)0+$/, '$1');
  if (abs < 10_000) return String(n);
  if (abs < 100_000) return `${trim((n / 1000).toFixed(1))}k`;
  if (abs < 1_000_000) return `${Math.floor(n / 1000)}k`;
  if (abs < 100_000_000) return `${trim((n / 1_000_000).toFixed(2))}M`;
  if (abs < 1_000_000_000) return `${Math.floor(n / 1_000_000)}M`;
  return `${trim((n / 1_000_000_000).toFixed(2))}B`;
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
