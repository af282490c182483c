import { carStatusLabel, MODERATION_PAGE_SIZE } from '@bm/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { Alert, Button, Count, LoadingState, cx, focusRing, inputClasses } from '../../components/ui';
import { ListTop } from '../../components/list-top';
import { useDocumentTitle } from '../../components/use-document-title';
import { errorText } from '../../lib/api';
import { toast } from '../../lib/toast';
import { moderationApi, moderationCarsQuery, moderationKeys, type CarStatusFilter } from './api';
import { Badge, ListSearch, Pager, tableClasses as c, useListParams, When } from './components';
import { MODERATION_TEXT as T } from './constants';

const STATUSES: Array<{ value: CarStatusFilter; label: string }> = [
  { value: 'all', label: T.statusAll },
  { value: 'active', label: T.statusActive },
  { value: 'hidden', label: T.statusHidden },
];

function readStatus(raw: string | null): CarStatusFilter {
  return raw === 'active' || raw === 'hidden' ? raw : 'all';
}

export function ModeratorCarsPage() {
  useDocumentTitle(T.carsTitle);
  const client = useQueryClient();
  const { page, search, sp, setPage, setSearch, update } = useListParams();
  const status = readStatus(sp.get('status'));
  const q = useQuery(moderationCarsQuery({ page, search, status }));

  const toggle = useMutation({
    mutationFn: ({ id, hide }: { id: number; hide: boolean }) =>
      hide ? moderationApi.hideCar(id) : moderationApi.restoreCar(id),
    onSuccess: (_r, { hide }) => {
      toast.success(hide ? T.carHidden : T.carRestored);
      void client.invalidateQueries({ queryKey: moderationKeys.all });
    },
    onError: (err) => toast.error(errorText(err, T.actionFailed)),
  });

  return (
    <section aria-labelledby="cars-title" className="space-y-4">
      <h2 id="cars-title" className="text-xl font-semibold text-white">
        {T.carsTitle}
      </h2>
      <div className="flex flex-wrap items-center gap-3">
        <ListSearch value={search} onSearch={setSearch} label={T.searchCars} />
        <label className="flex items-center gap-2 text-sm text-slate-300">
          {T.statusFilter}
          <select
            value={status}
            onChange={(e) => update({ status: e.target.value === 'all' ? null : e.target.value, page: null })}
            className={cx(inputClasses(false), 'w-auto')}
          >
            {STATUSES.map((s) => (
              <option key={s.value} value={s.value}>
                {s.label}
              </option>
            ))}
          </select>
        </label>
      </div>
      {q.isPending ? (
        <LoadingState text={T.loading} className="py-10" />
      ) : q.isError ? (
        <Alert variant="error">{errorText(q.error, T.carsFailed)}</Alert>
      ) : q.data.items.length === 0 ? (
        <p className="py-8 text-center text-slate-400">{T.noCars}</p>
      ) : (
        <>
          <ListTop watch={sp.toString()} />
          <div className={c.wrap}>
            <table className={c.table}>
              <thead className={c.head}>
                <tr>
                  <th scope="col" className={c.th}>
                    {T.car}
                  </th>
                  <th scope="col" className={c.th}>
                    {T.owner}
                  </th>
                  <th scope="col" className={c.th}>
                    {T.status}
                  </th>
                  <th scope="col" className={c.th}>
                    {T.views}
                  </th>
                  <th scope="col" className={c.th}>
                    {T.copies}
                  </th>
                  <th scope="col" className={c.th}>
                    {T.updated}
                  </th>
                  <th scope="col" className={c.th}>
                    {T.actions}
                  </th>
                </tr>
              </thead>
              <tbody>
                {q.data.items.map((car) => (
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
                        {car.hidden ? T.statusHidden : carStatusLabel(car.status)}
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
                        aria-label={car.hidden ? T.restoreCarLabel(car.name) : T.hideCarLabel(car.name)}
                        disabled={toggle.isPending && toggle.variables.id === car.id}
                        onClick={() => toggle.mutate({ id: car.id, hide: !car.hidden })}
                      >
                        {car.hidden ? T.restoreCar : T.hideCar}
                      </Button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Pager
            page={page}
            pageSize={q.data.pageSize || MODERATION_PAGE_SIZE}
            totalCount={q.data.totalCount}
            onPage={setPage}
          />
        </>
      )}
    </section>
  );
}
