import { z } from 'zod';
import { isCarActive } from './car-rules.js';

// ---- author charts: GET /plugins/my/{id}/stats, GET /cars/my/{id}/stats ----

export const STATS_DAY_SPANS = [30, 90] as const;
export type StatsDaySpan = (typeof STATS_DAY_SPANS)[number];
export const STATS_MESSAGES = { daysInvalid: 'days must be 30 or 90' } as const;

/** `?days=30|90`, 30 when absent; anything else is a 400. */
export const statsQuery = z.object({
  days: z
    .string()
    .optional()
    .refine((v) => v === undefined || v === '30' || v === '90', { error: STATS_MESSAGES.daysInvalid })
    .transform((v): StatsDaySpan => (v === '90' ? 90 : 30)),
});

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
export const pluginStatsSchema = z.object({
  days: z.array(z.object({ date: day, downloads: z.number().int(), views: z.number().int() })),
});
export type PluginStats = z.infer<typeof pluginStatsSchema>;
export const carStatsSchema = z.object({
  days: z.array(z.object({ date: day, copies: z.number().int(), views: z.number().int() })),
});
export type CarStats = z.infer<typeof carStatsSchema>;

/** The `span` UTC dates ending with the day of `now`, oldest first, as 'YYYY-MM-DD'. */
export function statsDates(span: number, now: Date = new Date()): string[] {
  const end = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return Array.from({ length: span }, (_, i) => new Date(end - (span - 1 - i) * 86_400_000).toISOString().slice(0, 10));
}

// ---- dashboard rules (spec §4) ----

// The badge rule (Pending / Published / Draft) is pluginDisplayStatus in plugins.ts.

export interface DashboardCounts {
  totalPlugins: number;
  /** Active and published at least once. */
  published: number;
  /** Never published. */
  drafts: number;
  /** Every own car, whatever its status letter (the stat card Total Cars). */
  totalCars: number;
  /** Cars with status A or I (§4: the active ones). */
  activeCars: number;
  /** Sum of the own plugins' downloads. */
  downloads: number;
}

export function dashboardCounts(
  plugins: ReadonlyArray<{ isActive: boolean; publishedOnce: boolean; downloadCount: number }>,
  cars: ReadonlyArray<{ status: string }>,
): DashboardCounts {
  return {
    totalPlugins: plugins.length,
    published: plugins.filter((p) => p.isActive && p.publishedOnce).length,
    drafts: plugins.filter((p) => !p.publishedOnce).length,
    totalCars: cars.length,
    activeCars: cars.filter((c) => isCarActive(c.status)).length,
    downloads: plugins.reduce((sum, p) => sum + p.downloadCount, 0),
  };
}

// ---- sorting the own grids ----

export const DASHBOARD_SORT_KEYS = ['updated', 'name', 'count', 'views'] as const;
export type DashboardSortKey = (typeof DASHBOARD_SORT_KEYS)[number];
export type DashboardSortDir = 'asc' | 'desc';

export interface DashboardSortable {
  name: string;
  updatedAt: string;
  isPinned: boolean;
  /** Downloads for plugins, code copies for cars. */
  count: number;
  views: number;
}

/** Pinned first, then by the key in the direction; ties by name, so the order is stable. */
export function sortDashboardItems<T>(
  items: readonly T[],
  of: (t: T) => DashboardSortable,
  key: DashboardSortKey,
  dir: DashboardSortDir,
): T[] {
  const sign = dir === 'asc' ? 1 : -1;
  const compare = (a: DashboardSortable, b: DashboardSortable): number => {
    switch (key) {
      case 'name':
        return a.name.localeCompare(b.name, undefined, { sensitivity: 'base' });
      case 'updated':
        return Date.parse(a.updatedAt) - Date.parse(b.updatedAt);
      case 'count':
        return a.count - b.count;
      case 'views':
        return a.views - b.views;
    }
  };
  return [...items].sort((x, y) => {
    const a = of(x);
    const b = of(y);
    if (a.isPinned !== b.isPinned) return a.isPinned ? -1 : 1;
    return sign * compare(a, b) || a.name.localeCompare(b.name);
  });
}
