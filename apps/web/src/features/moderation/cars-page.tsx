import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { Button, Count, cx, focusRing, inputClasses, DataTable } from '../../components/ui';
import { useDocumentTitle } from '../../components/use-document-title';
import { errorText } from '../../lib/api';
import { toast } from '../../lib/toast';
import { moderationApi, moderationCarsQuery, moderationKeys, type CarStatusFilter } from './api';
import { Badge, ListSearch, ListSection, PagedList, tableClasses as c, useListParams, When } from './components';
import { carStatusText, moderationMessage, useModerationT } from './moderation-text';

const STATUSES = [
  { value: 'all', label: 'cars.statusAll' },
  { value: 'active', label: 'cars.statusActive' },
  { value: 'hidden', label: 'cars.statusHidden' },
] as const satisfies ReadonlyArray<{ value: CarStatusFilter; label: string }>;

function readStatus(raw: string | null): CarStatusFilter {
  return raw === 'active' || raw === 'hidden' ? raw : 'all';
}

export function ModeratorCarsPage() {
  const t = useModerationT();
  useDocumentTitle(t('cars.title'));
  const client = useQueryClient();
  const { page, search, sp, setPage, setSearch, update } = useListParams();
  const status = readStatus(sp.get('status'));
  const q = useQuery(moderationCarsQuery({ page, search, status }));

  const toggle = useMutation({
    mutationFn: ({ id, hide }: { id: number; hide: boolean }) =>
      hide ? moderationApi.hideCar(id) : moderationApi.restoreCar(id),
    onSuccess: (_r, { hide }) => {
      toast.success(hide ? t('cars.hidden') : t('cars.restored'));
      void client.invalidateQueries({ queryKey: moderationKeys.all });
    },
    onError: (err) => toast.error(moderationMessage(t, errorText(err, t('reported.actionFailed')))),
  });

  return (
    <ListSection titleId="cars-title" title={t('cars.title')}>
      <div className="flex flex-wrap items-center gap-3">
        <ListSearch value={search} onSearch={setSearch} label={t('cars.searchLabel')} />
        <label className="flex items-center gap-2 text-sm text-slate-300">
          {t('cars.status')}
          <select
            value={status}
            onChange={(e) => update({ status: e.target.value === 'all' ? null : e.target.value, page: null })}
            className={cx(inputClasses(false), 'w-auto')}
          >
            {STATUSES.map((s) => (
              <option key={s.value} value={s.value}>
                {t(s.label)}
              </option>
            ))}
          </select>
        </label>
      </div>
      <PagedList
        q={q}
        items={(d) => d.items}
        failed={t('cars.failed')}
        empty={t('cars.empty')}
        watch={sp.toString()}
        page={page}
        onPage={setPage}
      >
        {(items) => (
          <DataTable
            caption={t('cars.title')}
            columns={[
              t('cars.car'),
              t('cars.owner'),
              t('cars.status'),
              t('cars.views'),
              t('cars.copies'),
              t('cars.updated'),
              t('cars.actions'),
            ]}
          >
            {items.map((car) => (
              <tr key={car.id} className={c.row} data-testid="car-row">
                <td className={c.td}>
                  <Link
                    to={`/cars/${car.id}`}
                    className={cx('font-semibold text-sky-300 hover:text-sky-200', focusRing)}
                  >
                    {car.name}
                  </Link>
                </td>
                <td className={c.td}>{car.owner}</td>
                <td className={c.td}>
                  <Badge tone={car.hidden ? 'bg-rose-500/15 text-rose-200' : undefined}>
                    {car.hidden ? t('cars.statusHidden') : carStatusText(t, car.status)}
                  </Badge>
                </td>
                <td className={c.td}>
                  <Count value={car.views} />
                </td>
                <td className={c.td}>
                  <Count value={car.codeCopies} />
                </td>
                <td className={c.td}>
                  <When at={car.updatedAt} />
                </td>
                <td className={c.td}>
                  <Button
                    size="sm"
                    variant={car.hidden ? 'secondary' : 'danger'}
                    aria-label={
                      car.hidden ? t('cars.restoreLabel', { name: car.name }) : t('cars.hideLabel', { name: car.name })
                    }
                    disabled={toggle.isPending && toggle.variables.id === car.id}
                    onClick={() => toggle.mutate({ id: car.id, hide: !car.hidden })}
                  >
                    {car.hidden ? t('cars.restore') : t('cars.hide')}
                  </Button>
                </td>
              </tr>
            ))}
          </DataTable>
        )}
      </PagedList>
    </ListSection>
  );
}
