import { CAR_SORT_DIRECTIONS, CAR_SORT_FIELDS, type CarSortDirection, type CarSortField } from '@bm/core';
import { useCallback, useMemo } from 'react';
import { useListQueryString, type ListView } from '../../lib/list-query-string';
import type { CarsListParams } from './api';

export type CarsViewMode = ListView;
export const CARS_VIEW_KEY = 'bm.cars.view';
/** §9: views, descending. */
export const DEFAULT_SORT: { sortBy: CarSortField; sortDir: CarSortDirection } = { sortBy: 'views', sortDir: 'desc' };

const isSortField = (v: string | null): v is CarSortField =>
  (CAR_SORT_FIELDS as readonly (string | null)[]).includes(v);
const isSortDir = (v: string | null): v is CarSortDirection =>
  (CAR_SORT_DIRECTIONS as readonly (string | null)[]).includes(v);

function positiveInt(v: string | null): number | null {
  if (!v || !/^\d+$/.test(v)) return null;
  const n = Number(v);
  return n >= 1 ? n : null;
}

/** The list's state read from the query string (unknown values fall back to the defaults). */
export function readCarsParams(sp: URLSearchParams): CarsListParams {
  const sortBy = sp.get('sortBy');
  const sortDir = sp.get('sortDir');
  const body = positiveInt(sp.get('body'));
  return {
    page: positiveInt(sp.get('page')) ?? 1,
    search: (sp.get('search') ?? '').trim(),
    sortBy: isSortField(sortBy) ? sortBy : DEFAULT_SORT.sortBy,
    sortDir: isSortDir(sortDir) ? sortDir : DEFAULT_SORT.sortDir,
    body: body !== null && body <= 65535 ? body : null,
  };
}

export interface CarsParamsApi {
  params: CarsListParams;
  view: CarsViewMode;
  setSearch: (search: string) => void;
  setSort: (sortBy: CarSortField, sortDir: CarSortDirection) => void;
  setBody: (body: number | null) => void;
  setPage: (page: number, opts?: { replace?: boolean }) => void;
  setView: (view: CarsViewMode) => void;
}

/**
 * The query string is the list's state (§4): search, sortBy, sortDir, page and body live there, so
 * a link or a reload shows the same page. Any change of search, sort or body goes back to page 1.
 * The view mode comes from ?view, else from local storage, else grid; choosing one remembers it.
 */
export function useCarsParams(): CarsParamsApi {
  const { sp, update, view, setSearch, setPage, setView } = useListQueryString(CARS_VIEW_KEY);
  const params = useMemo(() => readCarsParams(sp), [sp]);

  const setSort = useCallback(
    (sortBy: CarSortField, sortDir: CarSortDirection) =>
      update((next) => {
        next.set('sortBy', sortBy);
        next.set('sortDir', sortDir);
        next.delete('page');
      }),
    [update],
  );

  const setBody = useCallback(
    (body: number | null) =>
      update((next) => {
        if (body === null) next.delete('body');
        else next.set('body', String(body));
        next.delete('page');
      }),
    [update],
  );

  return { params, view, setSearch, setSort, setBody, setPage, setView };
}
