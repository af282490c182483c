import {
  PLUGIN_HAS_SOURCE_FILTERS,
  PLUGIN_SORT_DIRECTIONS,
  PLUGIN_SORT_KEYS,
  type PluginHasSourceFilter,
  type PluginSortDirection,
  type PluginSortKey,
} from '@bm/core';
import { useCallback, useMemo } from 'react';
import { useListQueryString, type ListView } from '../../../lib/list-query-string';
import type { PluginsListParams } from '../list-api';
import { PLUGINS_VIEW_KEY } from './list-text';

export type PluginsViewMode = ListView;

const isSortKey = (v: string | null): v is PluginSortKey =>
  (PLUGIN_SORT_KEYS as readonly (string | null)[]).includes(v);
const isSortDir = (v: string | null): v is PluginSortDirection =>
  (PLUGIN_SORT_DIRECTIONS as readonly (string | null)[]).includes(v);
const isSource = (v: string | null): v is PluginHasSourceFilter =>
  (PLUGIN_HAS_SOURCE_FILTERS as readonly (string | null)[]).includes(v);

/** The list's state read from the query string; unknown values fall back to the defaults. */
export function readPluginsParams(sp: URLSearchParams): PluginsListParams {
  const page = sp.get('page');
  const sortBy = sp.get('sortBy');
  const sortDir = sp.get('sortDir');
  const source = sp.get('source');
  const tags = [
    ...new Set(
      sp
        .getAll('tags')
        .flatMap((t) => t.split(','))
        .map((t) => t.trim())
        .filter(Boolean),
    ),
  ].slice(0, 20);
  return {
    page: page && /^\d{1,6}$/.test(page) && Number(page) >= 1 ? Number(page) : 1,
    search: (sp.get('search') ?? '').trim().slice(0, 200),
    sortBy: isSortKey(sortBy) ? sortBy : null,
    sortDir: isSortDir(sortDir) ? sortDir : null,
    tags,
    source: isSource(source) ? source : 'any',
    compatible: sp.get('compatible') === 'current',
  };
}

/**
 * The query string is the list's state (§4): search, sortBy, sortDir, tags, source, compatible and page. Any
 * change of search, sort or filters goes back to page 1. The view comes from ?view, else local storage.
 */
export function usePluginsParams() {
  const { sp, update, view, setSearch, setPage, setView } = useListQueryString(PLUGINS_VIEW_KEY);
  const params = useMemo(() => readPluginsParams(sp), [sp]);

  const setSort = useCallback(
    (sortBy: PluginSortKey | null, sortDir: PluginSortDirection | null) =>
      update((next) => {
        if (sortBy) next.set('sortBy', sortBy);
        else next.delete('sortBy');
        if (sortBy && sortDir) next.set('sortDir', sortDir);
        else next.delete('sortDir');
        next.delete('page');
      }),
    [update],
  );

  const setTags = useCallback(
    (tags: string[]) =>
      update((next) => {
        next.delete('tags');
        for (const t of tags) next.append('tags', t);
        next.delete('page');
      }),
    [update],
  );

  const setSource = useCallback(
    (source: PluginHasSourceFilter) =>
      update((next) => {
        if (source === 'any') next.delete('source');
        else next.set('source', source);
        next.delete('page');
      }),
    [update],
  );

  const setCompatible = useCallback(
    (compatible: boolean) =>
      update((next) => {
        if (compatible) next.set('compatible', 'current');
        else next.delete('compatible');
        next.delete('page');
      }),
    [update],
  );

  const clearFilters = useCallback(
    () =>
      update((next) => {
        next.delete('tags');
        next.delete('source');
        next.delete('compatible');
        next.delete('page');
      }),
    [update],
  );

  return { params, view, setSearch, setSort, setTags, setSource, setCompatible, clearFilters, setPage, setView };
}
