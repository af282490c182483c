import { CAR_SORT_DIRECTIONS, CAR_SORT_FIELDS, type CarSortDirection, type CarSortField } from '@bm/core';
import { useCallback, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { readItem, writeItem } from '../../lib/storage';
import type { CarsListParams } from './api';

export type CarsViewMode = 'grid' | 'list';
export const CARS_VIEW_KEY = 'bm.cars.view';
/** §9: views, descending. */
export const DEFAULT_SORT: { sortBy: CarSortField; sortDir: CarSortDirection } = { sortBy: 'views', sortDir: 'desc' };

const isSortField = (v: string | null): v is CarSortField => (CAR_SORT_FIELDS as readonly (string | null)[]).includes(v);
const isSortDir = (v: string | null): v is CarSortDirection => (CAR_SORT_DIRECTIONS as readonly (string | null)[]).includes(v);
const isView = (v: string | null): v is CarsViewMode => v === 'grid' || v === 'list';

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
  const [sp, setSp] = useSearchParams();
  const params = useMemo(() => readCarsParams(sp), [sp]);
  const [storedView, setStoredView] = useState<CarsViewMode>(() => {
    const v = readItem('local', CARS_VIEW_KEY);
    return isView(v) ? v : 'grid';
  });
  const urlView = sp.get('view');
  const view = isView(urlView) ? urlView : storedView;

  const update = useCallback(
    (change: (next: URLSearchParams) => void, replace = false) => {
      setSp(
        (prev) => {
          const next = new URLSearchParams(prev);
          change(next);
          return next;
        },
        { replace },
      );
    },
    [setSp],
  );

  const setSearch = useCallback(
    (search: string) =>
      update((next) => {
        const q = search.trim();
        if ((next.get('search') ?? '') === q) return;
        if (q) next.set('search', q);
        else next.delete('search');
        next.delete('page');
      }, true),
    [update],
  );

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

  const setPage = useCallback(
    (page: number, opts?: { replace?: boolean }) =>
      update((next) => {
        if (page <= 1) next.delete('page');
        else next.set('page', String(page));
      }, opts?.replace),
    [update],
  );

  const setView = useCallback(
    (v: CarsViewMode) => {
      writeItem('local', CARS_VIEW_KEY, v);
      setStoredView(v);
      // A ?view in the address would win over the choice: it follows the choice instead.
      if (sp.has('view')) update((next) => next.set('view', v), true);
    },
    [sp, update],
  );

  return { params, view, setSearch, setSort, setBody, setPage, setView };
}
