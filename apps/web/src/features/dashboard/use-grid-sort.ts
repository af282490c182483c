import type { DashboardSortDir, DashboardSortKey } from '@bm/core';
import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

/** How the grid's count column is named in the address: downloads for plugins, copies for cars. */
export type CountParam = 'downloads' | 'copies';

export interface GridSort {
  key: DashboardSortKey;
  dir: DashboardSortDir;
}

/** Reads ?sort=&dir= (unknown values fall back to the latest updated first). */
export function readGridSort(params: URLSearchParams, countParam: CountParam): GridSort {
  const raw = params.get('sort');
  const key: DashboardSortKey =
    raw === 'name' || raw === 'views' || raw === 'updated' ? raw : raw === countParam ? 'count' : 'updated';
  const dirRaw = params.get('dir');
  const dir: DashboardSortDir = dirRaw === 'asc' || dirRaw === 'desc' ? dirRaw : key === 'name' ? 'asc' : 'desc';
  return { key, dir };
}

/** The grid's sort, remembered in the query string (replacing the entry, so Back leaves the page). */
export function useGridSort(countParam: CountParam) {
  const [params, setParams] = useSearchParams();
  const sort = readGridSort(params, countParam);
  const setSort = useCallback(
    (next: Partial<GridSort>) => {
      setParams(
        (prev) => {
          const current = readGridSort(prev, countParam);
          const key = next.key ?? current.key;
          const dir =
            next.dir ?? (next.key && next.key !== current.key ? (key === 'name' ? 'asc' : 'desc') : current.dir);
          const out = new URLSearchParams(prev);
          out.set('sort', key === 'count' ? countParam : key);
          out.set('dir', dir);
          return out;
        },
        { replace: true },
      );
    },
    [setParams, countParam],
  );
  return [sort, setSort] as const;
}
