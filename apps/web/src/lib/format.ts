export { compactNumber, cutDescription, exactNumber, plural } from '@bm/core';

const dateFormat = new Intl.DateTimeFormat(undefined, { year: 'numeric', month: 'short', day: 'numeric' });
const dateTimeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

function toDate(value: string | number | Date | null | undefined): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const d = value instanceof Date ? value : new Date(value);
  return Number.isNaN(d.getTime()) ? null : d;
}

export function formatDate(value: string | number | Date | null | undefined): string {
  const d = toDate(value);
  return d ? dateFormat.format(d) : '';
}

export function formatDateTime(value: string | number | Date | null | undefined): string {
  const d = toDate(value);
  return d ? dateTimeFormat.format(d) : '';
}

const clockFormat = new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });

/** The local clock time of a moment today ('21:05'). */
export function formatClockTime(value: string | number | Date | null | undefined): string {
  const d = toDate(value);
  return d ? clockFormat.format(d) : '';
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

const relativeFormat = new Intl.RelativeTimeFormat(undefined, { numeric: 'auto' });
const RELATIVE_STEPS: Array<[Intl.RelativeTimeFormatUnit, number]> = [
  ['second', 60],
  ['minute', 60],
  ['hour', 24],
  ['day', 7],
  ['week', 4.35],
  ['month', 12],
  ['year', Number.POSITIVE_INFINITY],
];

/** What a moment reads as when it is this very moment, or ahead of the shared clock. */
export const JUST_NOW = 'just now';

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
  if (amount > -1 && amount < AHEAD_AS_NOW_S) return JUST_NOW;
  for (const [unit, size] of RELATIVE_STEPS) {
    if (Math.abs(amount) < size) return relativeFormat.format(Math.round(amount), unit);
    amount /= size;
  }
  return formatDate(d);
}
