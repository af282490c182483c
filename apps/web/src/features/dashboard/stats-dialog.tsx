import { STATS_DAY_SPANS, type StatsDaySpan } from '@bm/core';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useMemo, useState } from 'react';
import { Alert, Button, Dialog, Spinner } from '../../components/ui';
import { exactNumber } from '../../lib/format';
import { carStatsQuery, pluginStatsQuery } from './api';
import { useDashboardT } from './dashboard-text';
import type { ChartSeries } from './stats-chart';

const StatsChart = lazy(() => import('./stats-chart'));

const COLORS = { count: '#38bdf8', views: '#fbbf24' } as const;

export interface StatsTarget {
  kind: 'plugin' | 'car';
  id: number;
  name: string;
}

/** One series per day, whichever kind: the count (downloads or copies) and the views. */
function useStats(target: StatsTarget, days: StatsDaySpan) {
  const plugin = useQuery({ ...pluginStatsQuery(target.id, days), enabled: target.kind === 'plugin' });
  const car = useQuery({ ...carStatsQuery(target.id, days), enabled: target.kind === 'car' });
  const q = target.kind === 'plugin' ? plugin : car;
  const rows = useMemo(() => {
    if (target.kind === 'plugin')
      return plugin.data?.days.map((d) => ({ date: d.date, count: d.downloads, views: d.views }));
    return car.data?.days.map((d) => ({ date: d.date, count: d.copies, views: d.views }));
  }, [target.kind, plugin.data, car.data]);
  return { rows, isError: q.isError, refetch: q.refetch };
}

/** A small dialog with the line chart of one own plugin or car, switchable between 30 and 90 days. */
export function StatsDialog({ target, onClose }: { target: StatsTarget; onClose: () => void }) {
  const t = useDashboardT();
  const [days, setDays] = useState<StatsDaySpan>(30);
  const { rows, isError, refetch } = useStats(target, days);
  const plugin = target.kind === 'plugin';
  const countLabel = plugin ? t('sort.downloads') : t('sort.copies');
  const viewsLabel = t('sort.views');

  const chart = useMemo(() => {
    if (!rows) return null;
    const series: ChartSeries[] = [
      { label: countLabel, color: COLORS.count, values: rows.map((r) => r.count) },
      { label: viewsLabel, color: COLORS.views, values: rows.map((r) => r.views) },
    ];
    const total = (k: 'count' | 'views') => rows.reduce((s, r) => s + r[k], 0);
    return { dates: rows.map((r) => r.date), series, counted: total('count'), views: total('views') };
  }, [rows, countLabel, viewsLabel]);
  // Written on every render, so that it follows the language.
  const summary =
    chart &&
    t('stats.summary', {
      period: t('stats.period', { count: days }),
      counted: t(plugin ? 'counts.downloads' : 'counts.copies', {
        count: chart.counted,
        shown: exactNumber(chart.counted),
      }),
      views: t('counts.views', { count: chart.views, shown: exactNumber(chart.views) }),
    });

  return (
    <Dialog open onClose={onClose} title={t('stats.title', { name: target.name })} className="max-w-2xl">
      <div className="space-y-4">
        <div
          role="group"
          aria-label={t('stats.range')}
          className="inline-flex rounded-lg border border-slate-700 p-0.5"
        >
          {STATS_DAY_SPANS.map((span) => (
            <Button
              key={span}
              size="sm"
              variant={span === days ? 'secondary' : 'ghost'}
              aria-pressed={span === days}
              onClick={() => setDays(span)}
            >
              {t('stats.days', { count: span })}
            </Button>
          ))}
        </div>
        {isError ? (
          <Alert variant="error">
            <span className="mr-3">{t('stats.failed')}</span>
            <Button size="sm" variant="outline" onClick={() => void refetch()}>
              {t('stats.retry')}
            </Button>
          </Alert>
        ) : !chart ? (
          <div className="flex h-[220px] items-center justify-center">
            <Spinner label={t('stats.loading')} />
          </div>
        ) : (
          <figure className="space-y-2">
            <div role="img" aria-label={t(plugin ? 'stats.chartPlugin' : 'stats.chartCar', { count: days })}>
              <Suspense
                fallback={
                  <div className="flex h-[220px] items-center justify-center">
                    <Spinner label={t('stats.loading')} />
                  </div>
                }
              >
                <StatsChart dates={chart.dates} series={chart.series} />
              </Suspense>
            </div>
            <ul className="flex flex-wrap gap-4 text-xs text-slate-300" aria-hidden="true">
              {chart.series.map((s, i) => (
                <li key={s.label} className="inline-flex items-center gap-1.5">
                  <span className="inline-block h-0.5 w-4 rounded" style={{ backgroundColor: s.color }} />
                  {t(i === 0 ? 'stats.leftAxis' : 'stats.rightAxis', { series: s.label })}
                </li>
              ))}
            </ul>
            <figcaption className="text-sm text-slate-300" data-testid="stats-summary">
              {summary}
            </figcaption>
          </figure>
        )}
        <div className="flex justify-end">
          <Button variant="ghost" onClick={onClose}>
            {t('stats.close')}
          </Button>
        </div>
      </div>
    </Dialog>
  );
}
