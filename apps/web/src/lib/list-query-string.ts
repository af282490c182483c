import { useCallback, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { readItem, writeItem } from './storage';

export type ListView = 'grid' | 'list';
const isView = (v: string | null): v is ListView => v === 'grid' || v === 'list';

/**
 * What the catalogue lists share of their query-string state (catalogue spec §4): changes made
 * through `update` (pushed, or replacing the entry), the search (a new one goes back to page 1 and
 * replaces the entry, so typing leaves one history step), the page, and the view mode, which comes
 * from ?view, else local storage (`viewKey`), else grid; choosing one remembers it.
 */
export function useListQueryString(viewKey: string) {
  const [sp, setSp] = useSearchParams();
  const [storedView, setStoredView] = useState<ListView>(() => {
    const v = readItem('local', viewKey);
    return isView(v) ? v : 'grid';
  });
  const urlView = sp.get('view');
  const view = isView(urlView) ? urlView : storedView;

  const update = useCallback(
    (change: (next: URLSearchParams) => void, replace = false) =>
      setSp(
        (prev) => {
          const next = new URLSearchParams(prev);
          change(next);
          return next;
        },
        { replace },
      ),
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

  const setPage = useCallback(
    (page: number, opts?: { replace?: boolean }) =>
      update((next) => {
        if (page <= 1) next.delete('page');
        else next.set('page', String(page));
      }, opts?.replace),
    [update],
  );

  const setView = useCallback(
    (v: ListView) => {
      writeItem('local', viewKey, v);
      setStoredView(v);
      // A ?view in the address would win over the choice: it follows the choice instead.
      if (sp.has('view')) update((next) => next.set('view', v), true);
    },
    [sp, update, viewKey],
  );

  return { sp, update, view, setSearch, setPage, setView };
}

/**
 * Paging of a list: a page past the end (items were deleted, an old link) goes to the last page
 * there is, replacing the entry; choosing a page scrolls back to the top. `totalPages` is null
 * while there is no fresh answer.
 */
export function useListPaging(
  page: number,
  totalPages: number | null,
  setPage: (page: number, opts?: { replace?: boolean }) => void,
) {
  useEffect(() => {
    if (totalPages !== null && totalPages > 0 && page > totalPages) setPage(totalPages, { replace: true });
  }, [page, totalPages, setPage]);

  return useCallback(
    (next: number) => {
      setPage(next);
      window.scrollTo({ top: 0, behavior: 'smooth' });
    },
    [setPage],
  );
}
