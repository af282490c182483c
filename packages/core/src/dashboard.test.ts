import { describe, expect, it } from 'vitest';
import {
  carStatusLabel,
  dashboardCounts,
  pluginDisplayStatus,
  sortDashboardItems,
  statsDates,
  statsQuery,
  type DashboardSortable,
} from './index.js';

const plugin = (
  p: Partial<{ isActive: boolean; publishedOnce: boolean; needsApproval: boolean; downloadCount: number }>,
) => ({
  isActive: true,
  publishedOnce: false,
  needsApproval: false,
  downloadCount: 0,
  ...p,
});

describe('dashboard status badge', () => {
  it('is Pending while awaiting approval (even if published before), else Published once published, else Draft', () => {
    expect(pluginDisplayStatus(plugin({ needsApproval: true, publishedOnce: true }))).toBe('Pending');
    expect(pluginDisplayStatus(plugin({ needsApproval: true }))).toBe('Pending');
    expect(pluginDisplayStatus(plugin({ publishedOnce: true }))).toBe('Published');
    expect(pluginDisplayStatus(plugin({ publishedOnce: true, isActive: false }))).toBe('Published');
    expect(pluginDisplayStatus(plugin({}))).toBe('Draft');
  });
});

describe('dashboard counts', () => {
  it('count published as active and published once, drafts as never published, every car, active cars as status A or I, and sum downloads', () => {
    const plugins = [
      plugin({ publishedOnce: true, downloadCount: 10 }),
      plugin({ publishedOnce: true, isActive: false, downloadCount: 5 }),
      plugin({ publishedOnce: true, needsApproval: true, downloadCount: 1 }),
      plugin({ needsApproval: true }),
      plugin({}),
    ];
    const cars = [{ status: 'A' }, { status: 'I' }, { status: 'D' }, { status: '' }];
    expect(dashboardCounts(plugins, cars)).toEqual({
      totalPlugins: 5,
      published: 2,
      drafts: 2,
      totalCars: 4,
      activeCars: 2,
      downloads: 16,
    });
    expect(dashboardCounts([], [])).toEqual({
      totalPlugins: 0,
      published: 0,
      drafts: 0,
      totalCars: 0,
      activeCars: 0,
      downloads: 0,
    });
  });

  it('Total Cars counts a car of every status letter; only A and I count as active', () => {
    const letters = [...'ABCDEFGHIJKLMNOPQRSTUVWXYZ', ...'abcdefghijklmnopqrstuvwxyz', ''];
    const counts = dashboardCounts(
      [],
      letters.map((status) => ({ status })),
    );
    expect(counts.totalCars).toBe(letters.length);
    expect(counts.activeCars).toBe(2);
    expect(letters.filter((s) => carStatusLabel(s) === 'Active')).toEqual(['A', 'I']);
    expect(letters.every((s) => ['Active', 'Inactive'].includes(carStatusLabel(s)))).toBe(true);
  });
});

describe('dashboard grid order', () => {
  const items: DashboardSortable[] = [
    { name: 'beta', updatedAt: '2026-01-02T00:00:00Z', isPinned: false, count: 5, views: 50 },
    { name: 'Alpha', updatedAt: '2026-01-03T00:00:00Z', isPinned: false, count: 9, views: 10 },
    { name: 'gamma', updatedAt: '2026-01-01T00:00:00Z', isPinned: true, count: 1, views: 99 },
  ];
  const names = (key: Parameters<typeof sortDashboardItems>[2], dir: 'asc' | 'desc') =>
    sortDashboardItems(items, (x) => x, key, dir).map((x) => x.name);

  it('puts pinned first, then sorts by the key in either direction', () => {
    expect(names('name', 'asc')).toEqual(['gamma', 'Alpha', 'beta']);
    expect(names('name', 'desc')).toEqual(['gamma', 'beta', 'Alpha']);
    expect(names('updated', 'desc')).toEqual(['gamma', 'Alpha', 'beta']);
    expect(names('count', 'asc')).toEqual(['gamma', 'beta', 'Alpha']);
    expect(names('views', 'desc')).toEqual(['gamma', 'beta', 'Alpha']);
  });

  it('leaves the input alone', () => {
    sortDashboardItems(items, (x) => x, 'name', 'asc');
    expect(items.map((x) => x.name)).toEqual(['beta', 'Alpha', 'gamma']);
  });
});

describe('stats days', () => {
  it('lists the span of UTC dates ending today, oldest first, across a month end', () => {
    const dates = statsDates(30, new Date('2026-03-02T23:30:00Z'));
    expect(dates).toHaveLength(30);
    expect(dates[0]).toBe('2026-02-01');
    expect(dates.at(-1)).toBe('2026-03-02');
  });

  it('accepts 30 or 90 (30 when absent) and nothing else', () => {
    expect(statsQuery.parse({})).toEqual({ days: 30 });
    expect(statsQuery.parse({ days: '90' })).toEqual({ days: 90 });
    for (const bad of ['7', '30.0', 'x', '']) expect(statsQuery.safeParse({ days: bad }).success).toBe(false);
  });
});
