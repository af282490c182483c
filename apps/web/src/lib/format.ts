import { compactNumber as englishCompactNumber, exactNumber as englishExactNumber, type Locale } from '@bm/core';
import { currentLocale } from './i18n';
import { COMMON_EN, commonT } from './i18n/common';

export { cutDescription, plural } from '@bm/core';

/**
 * Intl formatters in the reader's language, made once per language: numbers, dates and relative
 * times follow the language the app speaks (English keeps the spec's compact rule, core's).
 */
function perLocale<F>(make: (locale: string | undefined) => F): () => F {
  const made = new Map<Locale, F>();
  return () => {
    const locale = currentLocale();
    let f = made.get(locale);
    // English dates keep the browser's own conventions (en-GB days before months), as before languages.
    if (!f) made.set(locale, (f = make(locale === 'en' ? undefined : locale)));
    return f;
  };
}

const dateFormat = perLocale((l) => new Intl.DateTimeFormat(l, { year: 'numeric', month: 'short', day: 'numeric' }));
const dateTimeFormat = perLocale((l) => new Intl.DateTimeFormat(l, { dateStyle: 'medium', timeStyle: 'short' }));
const groupedFormat = perLocale((l) => new Intl.NumberFormat(l, { maximumFractionDigits: 0 }));
const compactFormat = perLocale(
  (l) => new Intl.NumberFormat(l, { notation: 'compact', maximumFractionDigits: 1, roundingMode: 'trunc' }),
);

/** A whole figure with thousands grouped as the reader's language groups them ('4,892', '4 892', '4.892'). */
export function exactNumber(n: number): string {
  return currentLocale() === 'en' ? englishExactNumber(n) : groupedFormat().format(Math.trunc(n));
}

/** A count as the spec's compact rule shows it in English ('41.7k'), and as Intl's compact notation elsewhere. */
export function compactNumber(n: number): string {
  if (currentLocale() === 'en' || !Number.isFinite(n)) return englishCompactNumber(n);
  return Math.abs(n) < 10_000 ? exactNumber(n) : compactFormat().format(Math.trunc(n));
}

function toDate(value: string | number | Date | null | undefined): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const d = value instanceof Date ? value : new Date(value);
  return Number.isNaN(d.getTime()) ? null : d;
}

export function formatDate(value: string | number | Date | null | undefined): string {
  const d = toDate(value);
  return d ? dateFormat().format(d) : '';
}

export function formatDateTime(value: string | number | Date | null | undefined): string {
  const d = toDate(value);
  return d ? dateTimeFormat().format(d) : '';
}

const monthYearFormats = new Map<string, Intl.DateTimeFormat>();
/**
 * A month of a year given as 'YYYY-MM' ('2019-03'), as the reader's language writes it: 'March 2019',
 * 'mars 2019', 'März 2019' (English always in English, whatever the browser's own language).
 */
export function formatMonthYear(isoMonth: string): string {
  const [year, month] = isoMonth.split('-').map(Number);
  if (!year || !month) return isoMonth;
  const locale = currentLocale();
  let format = monthYearFormats.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { year: 'numeric', month: 'long', timeZone: 'UTC' });
    monthYearFormats.set(locale, format);
  }
  return format.format(new Date(Date.UTC(year, month - 1, 1)));
}

const clockFormat = perLocale(
  (l) => new Intl.DateTimeFormat(l, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }),
);

/** The local clock time of a moment today ('21:05'). */
export function formatClockTime(value: string | number | Date | null | undefined): string {
  const d = toDate(value);
  return d ? clockFormat().format(d) : '';
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** Edited since it was made: updatedAt more than a second after createdAt (the same write sets both). */
export function changedSinceCreated(createdAt: string, updatedAt: string | null | undefined): boolean {
  return Boolean(updatedAt) && new Date(updatedAt!).getTime() - new Date(createdAt).getTime() > 1000;
}

const relativeFormat = perLocale((l) => new Intl.RelativeTimeFormat(l, { numeric: 'auto' }));
const RELATIVE_STEPS: Array<[Intl.RelativeTimeFormatUnit, number]> = [
  ['second', 60],
  ['minute', 60],
  ['hour', 24],
  ['day', 7],
  ['week', 4.35],
  ['month', 12],
  ['year', Number.POSITIVE_INFINITY],
];

/** What a moment reads as when it is this very moment, or ahead of the shared clock (in English). */
export const JUST_NOW = COMMON_EN.justNow;

/**
 * How far ahead of `now` a moment still reads as JUST_NOW: the shared clock ticks every 30 s, so a
 * live comment or message stamped after its last tick is up to that far ahead (plus clock skew).
 * Later moments (a review hold's end) keep their words ('in 14 minutes').
 */
const AHEAD_AS_NOW_S = 60;

/**
 * '3 hours ago', 'yesterday', 'in 14 minutes': the distance from now in its largest whole unit; a
 * moment under a minute ahead of `now` reads as JUST_NOW, not 'in 14 seconds'.
 */
export function relativeTime(value: string | number | Date | null | undefined, now: number = Date.now()): string {
  const d = toDate(value);
  if (!d) return '';
  let amount = (d.getTime() - now) / 1000;
  if (amount > -1 && amount < AHEAD_AS_NOW_S) return commonT()('justNow');
  for (const [unit, size] of RELATIVE_STEPS) {
    if (Math.abs(amount) < size) return relativeFormat().format(Math.round(amount), unit);
    amount /= size;
  }
  return formatDate(d);
}

const oneDecimalFormat = perLocale(
  (l) => new Intl.NumberFormat(l, { minimumFractionDigits: 1, maximumFractionDigits: 1 }),
);

/** An average to one decimal as the reader's language writes it ('4.3', '4,3'); English keeps toFixed. */
export function oneDecimal(n: number): string {
  return currentLocale() === 'en' ? n.toFixed(1) : oneDecimalFormat().format(n);
}
