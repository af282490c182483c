import { sortDashboardItems, type Car, type DashboardSortKey, type Plugin } from '@bm/core';
import { useQuery, useQueryClient, type UseQueryResult } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { LabelledSelect } from '../../components/labelled-select';
import { Alert, Button, ButtonLink, Dialog } from '../../components/ui';
import { ListSkeleton } from '../../components/catalogue-list';
import { useCurrentMember } from '../../lib/auth';
import { toast } from '../../lib/toast';
import { dashboardApi, dashboardKeys, myCarsQuery, myPluginsQuery, patchListItem, removeListItem } from './api';
import { CarDashCard, PluginDashCard } from './cards';
import { dashboardT, useDashboardT } from './dashboard-text';
import { StatsDialog, type StatsTarget } from './stats-dialog';
import { useGridSort, type CountParam } from './use-grid-sort';

/** After a card is gone (and its dialog with it), focus lands on the grid's heading instead of the page's start. */
const focusLater = (id: string) => requestAnimationFrame(() => document.getElementById(id)?.focus());

export function useMyPlugins() {
  const member = useCurrentMember();
  return useQuery({ ...myPluginsQuery(member?.id ?? 0), enabled: member !== null });
}

export function useMyCars() {
  const member = useCurrentMember();
  return useQuery({ ...myCarsQuery(member?.id ?? 0), enabled: member !== null });
}

/** A failed list: what went wrong and a way to try again. */
export function LoadError({ text, onRetry }: { text: string; onRetry: () => void }) {
  const t = useDashboardT();
  return (
    <Alert variant="error">
      <span className="mr-3">{text}</span>
      <Button size="sm" variant="outline" onClick={onRetry}>
        {t('grid.retry')}
      </Button>
    </Alert>
  );
}

export function EmptyState({ title, hint, action }: { title: string; hint: string; action: ReactNode }) {
  return (
    <div className="rounded-xl border border-dashed border-slate-700 p-8 text-center">
      <p className="font-semibold text-white">{title}</p>
      <p className="mt-1 text-sm text-slate-400">{hint}</p>
      <div className="mt-4 flex justify-center">{action}</div>
    </div>
  );
}

function SortControls({ countParam }: { countParam: CountParam }) {
  const t = useDashboardT();
  const [sort, setSort] = useGridSort(countParam);
  const options: Array<[DashboardSortKey, string]> = [
    ['updated', t('sort.updated')],
    ['name', t('sort.name')],
    ['count', countParam === 'downloads' ? t('sort.downloads') : t('sort.copies')],
    ['views', t('sort.views')],
  ];
  return (
    <div className="flex flex-wrap items-end gap-2">
      <LabelledSelect
        label={t('sort.by')}
        labelClassName="mb-1 block text-xs font-medium text-slate-400"
        value={sort.key}
        onChange={(e) => setSort({ key: e.target.value as DashboardSortKey })}
      >
        {options.map(([key, label]) => (
          <option key={key} value={key}>
            {label}
          </option>
        ))}
      </LabelledSelect>
      <div
        role="group"
        aria-label={t('sort.direction')}
        className="inline-flex rounded-lg border border-slate-700 p-0.5"
      >
        {(['asc', 'desc'] as const).map((dir) => (
          <Button
            key={dir}
            size="sm"
            variant={sort.dir === dir ? 'secondary' : 'ghost'}
            aria-pressed={sort.dir === dir}
            onClick={() => setSort({ dir })}
          >
            {dir === 'asc' ? t('sort.ascending') : t('sort.descending')}
          </Button>
        ))}
      </div>
    </div>
  );
}

/** Optimistic pin: flips at once, reverts with 'Failed to update pin'; the grid re-sorts (pinned first) as it renders. */
function usePin<T extends { id: number; isPinned: boolean }>(
  key: readonly unknown[],
  call: (id: number, isPinned: boolean) => Promise<{ isPinned: boolean }>,
) {
  const client = useQueryClient();
  const [busy, setBusy] = useState<ReadonlySet<number>>(new Set());
  const toggle = async (item: T) => {
    const next = !item.isPinned;
    setBusy((b) => new Set(b).add(item.id));
    // A list fetch already under way (after a reload, a sign-in) would land after the change and undo it.
    await client.cancelQueries({ queryKey: key });
    patchListItem<T>(client, key, item.id, { isPinned: next } as Partial<T>);
    try {
      const { isPinned } = await call(item.id, next);
      patchListItem<T>(client, key, item.id, { isPinned } as Partial<T>);
      void client.invalidateQueries({ queryKey: key });
    } catch {
      patchListItem<T>(client, key, item.id, { isPinned: !next } as Partial<T>);
      toast.error(dashboardT()('grid.pinFailed'));
    } finally {
      setBusy((b) => {
        const out = new Set(b);
        out.delete(item.id);
        return out;
      });
    }
  };
  return { toggle, busy };
}

/** The site's confirmation dialog for deleting one own item. */
function ConfirmDelete({
  title,
  body,
  failed,
  onConfirm,
  onClose,
}: {
  title: string;
  body: string;
  failed: string;
  onConfirm: () => Promise<void>;
  onClose: () => void;
}) {
  const t = useDashboardT();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const confirm = async () => {
    setBusy(true);
    setError(null);
    try {
      await onConfirm();
    } catch {
      setBusy(false);
      setError(failed);
      toast.error(failed);
    }
  };
  return (
    <Dialog open onClose={() => !busy && onClose()} title={title} description={body}>
      {error && (
        <Alert variant="error" className="mb-4">
          {error}
        </Alert>
      )}
      <div className="flex justify-end gap-2">
        <Button variant="ghost" onClick={onClose} disabled={busy}>
          {t('delete.cancel')}
        </Button>
        <Button variant="danger" onClick={() => void confirm()} disabled={busy}>
          {busy ? t('delete.deleting') : t('delete.confirm')}
        </Button>
      </div>
    </Dialog>
  );
}

function GridBody<T extends { id: number }>({
  query,
  loading,
  failed,
  empty,
  children,
}: {
  query: UseQueryResult<T[]>;
  loading: string;
  failed: string;
  empty: ReactNode;
  children: (items: T[]) => ReactNode;
}) {
  if (query.isPending) return <ListSkeleton view="grid" label={loading} count={3} />;
  if (query.isError) return <LoadError text={failed} onRetry={() => void query.refetch()} />;
  if (query.data.length === 0) return <>{empty}</>;
  return <>{children(query.data)}</>;
}

export function CreateFirstPlugin() {
  const t = useDashboardT();
  return (
    <EmptyState
      title={t('grid.noPlugins')}
      hint={t('grid.noPluginsHint')}
      action={<ButtonLink to="/plugins/new">{t('grid.createFirstPlugin')}</ButtonLink>}
    />
  );
}

export function UploadFirstCar() {
  const t = useDashboardT();
  return (
    <EmptyState
      title={t('grid.noCars')}
      hint={t('grid.noCarsHint')}
      action={<ButtonLink to="/cars/upload">{t('grid.uploadFirstCar')}</ButtonLink>}
    />
  );
}

export function PluginGrid() {
  const t = useDashboardT();
  const member = useCurrentMember();
  const client = useQueryClient();
  const key = dashboardKeys.plugins(member?.id ?? 0);
  const query = useMyPlugins();
  const [sort] = useGridSort('downloads');
  const pin = usePin<Plugin>(key, dashboardApi.pinPlugin);
  const [stats, setStats] = useState<StatsTarget | null>(null);
  const [deleting, setDeleting] = useState<Plugin | null>(null);

  const remove = async (plugin: Plugin) => {
    await dashboardApi.deletePlugin(plugin.id);
    removeListItem<Plugin>(client, key, plugin.id);
    setDeleting(null);
    focusLater('my-plugins-heading');
    toast.success(t('delete.pluginDone'));
    void client.invalidateQueries({ queryKey: ['plugins'] });
  };

  return (
    <section aria-labelledby="my-plugins-heading" className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 id="my-plugins-heading" tabIndex={-1} className="text-xl font-bold text-white focus:outline-none">
          {t('tabs.myPlugins')}
        </h2>
        {query.data && query.data.length > 1 && <SortControls countParam="downloads" />}
      </div>
      <GridBody
        query={query}
        loading={t('grid.loadingPlugins')}
        failed={t('grid.pluginsFailed')}
        empty={<CreateFirstPlugin />}
      >
        {(items) => (
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-label={t('tabs.myPlugins')}>
            {sortDashboardItems(
              items,
              (p) => ({
                name: p.name,
                updatedAt: p.updatedAt,
                isPinned: p.isPinned,
                count: p.downloadCount,
                views: p.viewCount,
              }),
              sort.key,
              sort.dir,
            ).map((p) => (
              <PluginDashCard
                key={p.id}
                plugin={p}
                pinBusy={pin.busy.has(p.id)}
                onPin={() => void pin.toggle(p)}
                onStats={() => setStats({ kind: 'plugin', id: p.id, name: p.name })}
                onDelete={() => setDeleting(p)}
              />
            ))}
          </ul>
        )}
      </GridBody>
      {stats && <StatsDialog target={stats} onClose={() => setStats(null)} />}
      {deleting && (
        <ConfirmDelete
          title={t('delete.pluginTitle')}
          body={t('delete.pluginBody', { name: deleting.name })}
          failed={t('delete.pluginFailed')}
          onConfirm={() => remove(deleting)}
          onClose={() => setDeleting(null)}
        />
      )}
    </section>
  );
}

export function CarGrid() {
  const t = useDashboardT();
  const member = useCurrentMember();
  const client = useQueryClient();
  const key = dashboardKeys.cars(member?.id ?? 0);
  const query = useMyCars();
  const [sort] = useGridSort('copies');
  const pin = usePin<Car>(key, dashboardApi.pinCar);
  const [stats, setStats] = useState<StatsTarget | null>(null);
  const [deleting, setDeleting] = useState<Car | null>(null);

  const remove = async (car: Car) => {
    await dashboardApi.deleteCar(car.id);
    removeListItem<Car>(client, key, car.id);
    setDeleting(null);
    focusLater('my-cars-heading');
    toast.success(t('delete.carDone'));
    void client.invalidateQueries({ queryKey: ['cars'] });
  };

  return (
    <section aria-labelledby="my-cars-heading" className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 id="my-cars-heading" tabIndex={-1} className="text-xl font-bold text-white focus:outline-none">
          {t('tabs.myCars')}
        </h2>
        {query.data && query.data.length > 1 && <SortControls countParam="copies" />}
      </div>
      <GridBody query={query} loading={t('grid.loadingCars')} failed={t('grid.carsFailed')} empty={<UploadFirstCar />}>
        {(items) => (
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-label={t('tabs.myCars')}>
            {sortDashboardItems(
              items,
              (c) => ({
                name: c.name,
                updatedAt: c.updatedAt,
                isPinned: c.isPinned,
                count: c.codeCopies,
                views: c.views,
              }),
              sort.key,
              sort.dir,
            ).map((c) => (
              <CarDashCard
                key={c.id}
                car={c}
                pinBusy={pin.busy.has(c.id)}
                onPin={() => void pin.toggle(c)}
                onStats={() => setStats({ kind: 'car', id: c.id, name: c.name })}
                onDelete={() => setDeleting(c)}
              />
            ))}
          </ul>
        )}
      </GridBody>
      {stats && <StatsDialog target={stats} onClose={() => setStats(null)} />}
      {deleting && (
        <ConfirmDelete
          title={t('delete.carTitle')}
          body={t('delete.carBody', { name: deleting.name })}
          failed={t('delete.carFailed')}
          onConfirm={() => remove(deleting)}
          onClose={() => setDeleting(null)}
        />
      )}
    </section>
  );
}
