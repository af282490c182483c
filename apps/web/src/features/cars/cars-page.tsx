import { CARS_PAGE_SIZE } from '@bm/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import {
  ListEmpty,
  ListError,
  ListSkeleton,
  ResultCounter,
  ResultsList,
  SearchBox,
  ViewToggle,
} from '../../components/catalogue-list';
import { ListTop } from '../../components/list-top';
import { Pagination } from '../../components/pagination';
import { Button, ButtonLink, buttonClasses, cx, inputClasses } from '../../components/ui';
import { useDocumentTitle } from '../../components/use-document-title';
import { useListPaging } from '../../lib/list-query-string';
import { carBodiesQuery, carsListQuery, type CarsListResult } from './api';
import { CarCard } from './car-card';
import { BAKKESMOD_URL, CARS_LIST_TEXT as T, SEARCH_DEBOUNCE_MS } from './constants';
import { SortMenu } from './sort-menu';
import { useCarsParams, type CarsViewMode } from './use-cars-params';

/** 'Found N cars for "q"' or 'Showing N cars', then 'Page X of Y (a-b of N)' when there are pages. */
export function resultCounter(result: CarsListResult): { summary: string; pages: string | null } {
  const { request, totalCount, totalPages, items } = result;
  const summary = request.search ? T.found(totalCount, request.search) : T.showing(totalCount);
  if (totalPages <= 1) return { summary, pages: null };
  const from = (request.page - 1) * CARS_PAGE_SIZE + 1;
  const to = from + items.length - 1;
  return { summary, pages: T.pageOf(request.page, totalPages, from, to, totalCount) };
}

/** /cars (§2, §4): search, sort, body filter, grid or list, pages of 17 with ad cards. */
export function CarsPage() {
  useDocumentTitle(T.title);
  const { params, view, setSearch, setSort, setBody, setPage, setView } = useCarsParams();
  const list = useQuery({ ...carsListQuery(params), placeholderData: keepPreviousData });
  const bodies = useQuery(carBodiesQuery());
  const result = list.data;
  const counter = result && !list.isError ? resultCounter(result) : null;

  const changePage = useListPaging(params.page, result && !list.isPlaceholderData ? result.totalPages : null, setPage);

  return (
    <div className="mx-auto max-w-7xl px-4 py-8">
      <header className="mb-6 flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold text-white">{T.title}</h1>
          <p className="mt-1 text-slate-400">{T.intro}</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <a href={BAKKESMOD_URL} target="_blank" rel="noopener noreferrer" className={buttonClasses('outline')}>
            {T.getBakkesMod}
            <span aria-hidden="true">↗</span>
            <span className="sr-only">(opens in a new tab)</span>
          </a>
          <ButtonLink to="/cars/upload">{T.upload}</ButtonLink>
        </div>
      </header>

      <div className="mb-4 flex flex-col gap-3 lg:flex-row lg:items-center">
        <SearchBox
          committed={params.search}
          onSearch={setSearch}
          debounceMs={SEARCH_DEBOUNCE_MS}
          texts={{ label: T.searchLabel, placeholder: T.searchPlaceholder, clear: T.clear }}
        />
        <div className="flex flex-wrap items-center gap-2">
          <BodyFilter value={params.body} options={bodies.data ?? []} onChange={setBody} />
          <div className="ml-auto flex items-center gap-2">
            <SortMenu sortBy={params.sortBy} sortDir={params.sortDir} onChange={setSort} />
            <ViewToggle view={view} onChange={setView} texts={{ view: T.view, grid: T.grid, list: T.list }} />
          </div>
        </div>
      </div>

      <ListTop watch={JSON.stringify({ ...params, view })} />
      <ResultCounter counter={counter} testId="cars-counter" />

      <Results
        result={result}
        view={view}
        isPending={list.isPending}
        isError={list.isError && !list.isFetching}
        isStale={list.isPlaceholderData}
        retrying={list.isError && list.isFetching}
        onRetry={() => void list.refetch()}
        onClearSearch={() => setSearch('')}
      />

      {result && !list.isError && (
        <Pagination
          className="mt-8"
          page={result.request.page}
          totalPages={result.totalPages}
          onPageChange={changePage}
        />
      )}
    </div>
  );
}

function Results({
  result,
  view,
  isPending,
  isError,
  isStale,
  retrying,
  onRetry,
  onClearSearch,
}: {
  result: CarsListResult | undefined;
  view: CarsViewMode;
  isPending: boolean;
  isError: boolean;
  isStale: boolean;
  retrying: boolean;
  onRetry: () => void;
  onClearSearch: () => void;
}) {
  if (isError) {
    return <ListError text={T.error} retryText={T.tryAgain} onRetry={onRetry} />;
  }
  if (isPending || retrying || !result) {
    return <ListSkeleton view={view} label={T.loading} />;
  }
  if (result.items.length === 0) {
    const q = result.request.search;
    return (
      <ListEmpty title={q ? T.noResultsTitle : T.emptyTitle} text={q ? T.noResults(q) : T.empty}>
        {q ? (
          <Button className="mt-5" variant="outline" onClick={onClearSearch}>
            {T.browseAll}
          </Button>
        ) : (
          <ButtonLink className="mt-5" variant="outline" to="/cars/upload">
            {T.uploadOne}
          </ButtonLink>
        )}
      </ListEmpty>
    );
  }
  return (
    <ResultsList
      items={result.items}
      view={view}
      label={T.results}
      isStale={isStale}
      renderItem={(item, first) => <CarCard car={item} variant={view} priority={first} />}
    />
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
  const id = useId();
  // A body from the address that no listed car uses still shows as chosen.
  const known = value === null || options.some((o) => o.productId === value);
  return (
    <div className="flex min-w-0 flex-1 items-center gap-2 sm:flex-none">
      <label htmlFor={id} className="text-sm text-slate-400">
        {T.body}
      </label>
      <select
        id={id}
        value={value ?? ''}
        onChange={(e) => onChange(e.target.value ? Number(e.target.value) : null)}
        className={cx(inputClasses(false), 'h-10 min-w-0 py-0 sm:w-44')}
      >
        <option value="">{T.allBodies}</option>
        {!known && <option value={value ?? ''}>{`#${value}`}</option>}
        {options.map((o) => (
          <option key={o.productId} value={o.productId}>
            {`${o.name} (${o.count})`}
          </option>
        ))}
      </select>
    </div>
  );
}
