/** One entry of a numbered pagination bar: a page number or an ellipsis. */
export type PageItem = { kind: 'page'; page: number } | { kind: 'ellipsis'; key: 'start' | 'end' };

/**
 * The page window of §9: page 1 when the current page is over 3, an ellipsis when it is over 4, the
 * neighbouring pages, an ellipsis before the end when far from it, and the last page when the
 * current page is under total minus 2.
 */
/** How many pages a list of totalCount items has at pageSize a page: at least one, an empty list shows page 1. */
export function pageCount(totalCount: number, pageSize: number): number {
  return Math.max(1, Math.ceil(totalCount / pageSize));
}

export function pageWindow(current: number, total: number): PageItem[] {
  if (total <= 1) return total === 1 ? [{ kind: 'page', page: 1 }] : [];
  const items: PageItem[] = [];
  if (current > 3) items.push({ kind: 'page', page: 1 });
  if (current > 4) items.push({ kind: 'ellipsis', key: 'start' });
  for (let p = Math.max(1, current - 2); p <= Math.min(total, current + 2); p++) items.push({ kind: 'page', page: p });
  if (current < total - 3) items.push({ kind: 'ellipsis', key: 'end' });
  if (current < total - 2) items.push({ kind: 'page', page: total });
  return items;
}

/** Grid positions (1-based counts of results) after which an ad card goes, for more than 3 results. */
export const AD_AFTER_POSITIONS = [3, 9, 17] as const;

/**
 * Where ad cards go among `count` results: after the 3rd, 9th and 17th result when there are more
 * than 3, and once at the end for 1 to 3 results. Returns the result counts after which to insert.
 */
export function adSlots(count: number): number[] {
  if (count <= 0) return [];
  if (count <= 3) return [count];
  return AD_AFTER_POSITIONS.filter((p) => p <= count);
}

/** Results interleaved with ad markers, in display order. */
export function withAds<T>(items: readonly T[]): Array<{ kind: 'item'; item: T } | { kind: 'ad'; key: string }> {
  const slots = new Set(adSlots(items.length));
  const out: Array<{ kind: 'item'; item: T } | { kind: 'ad'; key: string }> = [];
  items.forEach((item, i) => {
    out.push({ kind: 'item', item });
    if (slots.has(i + 1)) out.push({ kind: 'ad', key: `ad-${i + 1}` });
  });
  return out;
}

/** Ten gradient colour pairs for a missing banner, chosen by a hash of the item name. */
export const PLACEHOLDER_GRADIENTS = [
  ['#0ea5e9', '#6366f1'],
  ['#f97316', '#ef4444'],
  ['#22c55e', '#0d9488'],
  ['#a855f7', '#ec4899'],
  ['#eab308', '#f97316'],
  ['#14b8a6', '#3b82f6'],
  ['#f43f5e', '#a855f7'],
  ['#84cc16', '#22c55e'],
  ['#6366f1', '#0ea5e9'],
  ['#64748b', '#0f172a'],
] as const;

/** A stable small hash of a string (FNV-1a), for choosing a placeholder gradient. */
export function nameHash(name: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < name.length; i++) {
    h ^= name.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

export function placeholderGradient(name: string): readonly [string, string] {
  return PLACEHOLDER_GRADIENTS[nameHash(name) % PLACEHOLDER_GRADIENTS.length]!;
}
