import { dashboardCounts, type Car, type Plugin } from '@bm/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Time, cx, focusRing } from '../../components/ui';
import { exactNumber } from '../../lib/format';
import { CarStatusBadge, PluginStatusBadge } from './cards';
import { useDashboardT } from './dashboard-text';
import { CreateFirstPlugin, LoadError, UploadFirstCar, useMyCars, useMyPlugins } from './grids';

function StatCard({ label, value }: { label: string; value: number | null }) {
  const t = useDashboardT();
  return (
    <div className="rounded-xl border border-slate-800 bg-slate-900/70 p-4">
      <dt className="text-sm text-slate-400">{label}</dt>
      <dd className="mt-1 text-2xl font-bold text-white">
        {value === null ? (
          <span
            className="inline-block h-7 w-12 animate-pulse rounded bg-slate-800"
            aria-label={t('overview.loading')}
          />
        ) : (
          exactNumber(value)
        )}
      </dd>
    </div>
  );
}

const byUpdated = <T extends { updatedAt: string }>(items: readonly T[]) =>
  [...items].sort((a, b) => Date.parse(b.updatedAt) - Date.parse(a.updatedAt)).slice(0, 5);

function RecentList({
  title,
  id,
  allLink,
  allLabel,
  total,
  loading,
  error,
  empty,
  children,
}: {
  title: string;
  id: string;
  allLink: string;
  allLabel: string;
  total: number;
  loading: boolean;
  error: ReactNode;
  empty: ReactNode;
  children: ReactNode;
}) {
  const t = useDashboardT();
  return (
    <section aria-labelledby={id} className="min-w-0 rounded-xl border border-slate-800 bg-slate-900/40 p-4">
      <div className="mb-3 flex items-center justify-between gap-2">
        <h2 id={id} className="text-lg font-semibold text-white">
          {title}
        </h2>
        {total > 0 && (
          <Link
            to={allLink}
            aria-label={allLabel}
            className={cx('rounded text-sm text-sky-300 hover:text-sky-200', focusRing)}
          >
            {t('overview.viewAll', { n: total })}
          </Link>
        )}
      </div>
      {loading ? (
        <ul className="space-y-2" aria-hidden="true">
          {[0, 1, 2].map((i) => (
            <li key={i} className="h-10 animate-pulse rounded bg-slate-800" />
          ))}
        </ul>
      ) : (
        (error ?? (total === 0 ? empty : <ul className="divide-y divide-slate-800">{children}</ul>))
      )}
    </section>
  );
}

function RecentRow({
  href,
  name,
  badge,
  updatedAt,
}: {
  href: string;
  name: string;
  badge: ReactNode;
  updatedAt: string;
}) {
  const t = useDashboardT();
  return (
    <li className="flex items-center justify-between gap-3 py-2">
      <div className="min-w-0">
        <Link
          to={href}
          className={cx('block truncate rounded font-medium text-slate-100 hover:text-sky-300', focusRing)}
        >
          {name}
        </Link>
        <p className="text-xs text-slate-400">
          {t('card.updated')} <Time value={updatedAt} />
        </p>
      </div>
      {badge}
    </li>
  );
}

/** The dashboard home: the counts, then the newest plugins and cars with links to all of them. */
export function Overview() {
  const t = useDashboardT();
  const plugins = useMyPlugins();
  const cars = useMyCars();
  const pluginCounts = plugins.data ? dashboardCounts(plugins.data, []) : null;
  const carCounts = cars.data ? dashboardCounts([], cars.data) : null;
  return (
    <div className="space-y-6">
      <section aria-labelledby="dashboard-stats">
        <h2 id="dashboard-stats" className="sr-only">
          {t('overview.stats')}
        </h2>
        <dl className="grid grid-cols-2 gap-3 md:grid-cols-4" data-testid="dashboard-stats">
          <StatCard label={t('overview.totalPlugins')} value={pluginCounts?.totalPlugins ?? null} />
          <StatCard label={t('overview.published')} value={pluginCounts?.published ?? null} />
          <StatCard label={t('overview.totalCars')} value={carCounts?.totalCars ?? null} />
          <StatCard label={t('overview.downloads')} value={pluginCounts?.downloads ?? null} />
        </dl>
      </section>
      <div className="grid gap-6 lg:grid-cols-2">
        <RecentList
          title={t('overview.recentPlugins')}
          id="recent-plugins"
          allLink="/dashboard/plugins"
          allLabel={t('overview.viewAllPlugins', { count: plugins.data?.length ?? 0 })}
          total={plugins.data?.length ?? 0}
          loading={plugins.isPending}
          error={
            plugins.isError ? <LoadError text={t('grid.pluginsFailed')} onRetry={() => void plugins.refetch()} /> : null
          }
          empty={<CreateFirstPlugin />}
        >
          {byUpdated<Plugin>(plugins.data ?? []).map((p) => (
            <RecentRow
              key={p.id}
              href={`/plugins/${p.id}/manage`}
              name={p.name}
              badge={<PluginStatusBadge plugin={p} />}
              updatedAt={p.updatedAt}
            />
          ))}
        </RecentList>
        <RecentList
          title={t('overview.recentCars')}
          id="recent-cars"
          allLink="/dashboard/cars"
          allLabel={t('overview.viewAllCars', { count: cars.data?.length ?? 0 })}
          total={cars.data?.length ?? 0}
          loading={cars.isPending}
          error={cars.isError ? <LoadError text={t('grid.carsFailed')} onRetry={() => void cars.refetch()} /> : null}
          empty={<UploadFirstCar />}
        >
          {byUpdated<Car>(cars.data ?? []).map((c) => (
            <RecentRow
              key={c.id}
              href={`/cars/${c.id}/edit`}
              name={c.name}
              badge={<CarStatusBadge car={c} />}
              updatedAt={c.updatedAt}
            />
          ))}
        </RecentList>
      </div>
    </div>
  );
}
