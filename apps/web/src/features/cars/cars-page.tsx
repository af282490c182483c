import { CARS_PAGE_SIZE } from '@bm/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { CatalogueToolbar, ViewToggle } from '../../components/catalogue-list';
import { CatalogueHeader, CatalogueResults } from '../../components/catalogue-results';
import { LabelledSelect } from '../../components/labelled-select';
import { ButtonLink, buttonClasses } from '../../components/ui';
import { useDocumentTitle } from '../../components/use-document-title';
import { carBodiesQuery, carsListQuery, type CarsListResult } from './api';
import { CarCard } from './car-card';
import { carsT, useCarsT } from './cars-text';
import { BAKKESMOD_URL, SEARCH_DEBOUNCE_MS } from './constants';
import { SortMenu } from './sort-menu';
import { useCarsParams } from './use-cars-params';

/** 'Found N cars for "q"' or 'Showing N cars', then 'Page X of Y (a-b of N)' when there are pages. */
export function resultCounter(result: CarsListResult): { summary: string; pages: string | null } {
  const t = carsT();
  const { request, totalCount, totalPages, items } = result;
  const search = request.search;
  const summary = search ? t('list.found', { count: totalCount, search }) : t('list.showing', { count: totalCount });
  if (totalPages <= 1) return { summary, pages: null };
  const from = (request.page - 1) * CARS_PAGE_SIZE + 1;
  const to = from + items.length - 1;
  return {
    summary,
    pages: t('list.pageOf', { page: request.page, pages: totalPages, from, to, total: totalCount }),
  };
}

/** /cars (§2, §4): search, sort, body filter, grid or list, pages of 17 with ad cards. */
export function CarsPage() {
  const t = useCarsT();
  useDocumentTitle(t('list.title'));
  const { params, view, setSearch, setSort, setBody, setPage, setView } = useCarsParams();
  const list = useQuery({ ...carsListQuery(params), placeholderData: keepPreviousData });
  const bodies = useQuery(carBodiesQuery());

  return (
    <div className="mx-auto max-w-7xl px-4 py-8">
      <CatalogueHeader title={t('list.title')} intro={t('list.intro')}>
        <div className="flex flex-wrap gap-2">
          <a href={BAKKESMOD_URL} target="_blank" rel="noopener noreferrer" className={buttonClasses('outline')}>
            {t('list.getBakkesMod')}
            <span aria-hidden="true">↗</span>
            <span className="sr-only">{t('list.newTab')}</span>
          </a>
          <ButtonLink to="/cars/upload">{t('list.upload')}</ButtonLink>
        </div>
      </CatalogueHeader>

      <CatalogueToolbar search={params.search} onSearch={setSearch} debounceMs={SEARCH_DEBOUNCE_MS} t={t}>
        <BodyFilter value={params.body} options={bodies.data ?? []} onChange={setBody} />
        <div className="ml-auto flex items-center gap-2">
          <SortMenu sortBy={params.sortBy} sortDir={params.sortDir} onChange={setSort} />
          <ViewToggle view={view} onChange={setView} t={t} />
        </div>
      </CatalogueToolbar>

      <CatalogueResults
        list={list}
        params={params}
        setPage={setPage}
        view={view}
        t={t}
        counter={resultCounter}
        counterTestId="cars-counter"
        empty={(r) => {
          const q = r.request.search;
          return {
            narrowed: Boolean(q),
            text: q ? t('list.noResults', { search: q }) : t('list.empty'),
            action: q
              ? { label: t('list.browseAll'), onClick: () => setSearch('') }
              : { label: t('list.uploadOne'), to: '/cars/upload' },
          };
        }}
        renderItem={(item, first) => <CarCard car={item} variant={view} priority={first} />}
      />
    </div>
  );
}

function BodyFilter({
  value,
  options,
  onChange,
}: {
  value: number | null;
  options: ReadonlyArray<{ productId: number; name: string; count: number }>;
  onChange: (body: number | null) => void;
}) {
  const t = useCarsT();
  // A body from the address that no listed car uses still shows as chosen.
  const known = value === null || options.some((o) => o.productId === value);
  return (
    <LabelledSelect
      label={t('list.body')}
      boxClassName="flex min-w-0 flex-1 items-center gap-2 sm:flex-none"
      labelClassName="text-sm text-slate-400"
      value={value ?? ''}
      onChange={(e) => onChange(e.target.value ? Number(e.target.value) : null)}
      className="h-10 min-w-0 py-0 sm:w-44"
    >
      <option value="">{t('list.allBodies')}</option>
      {!known && <option value={value ?? ''}>{`#${value}`}</option>}
      {options.map((o) => (
        <option key={o.productId} value={o.productId}>
          {`${o.name} (${o.count})`}
        </option>
      ))}
    </LabelledSelect>
  );
}
