import {
  CALL_FALLBACKS,
  PLUGIN_PAGE_SIZE,
  TAG_CACHE_MS,
  type PluginHasSourceFilter,
  type PluginPage,
  type PluginSortDirection,
  type PluginSortKey,
  type Tag,
} from '@bm/core';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api';

// The list page's queries and the cache keys, apart from api.ts so /plugins does not load the detail,
// comment and report calls (and the comment rules they bring).

/** What the plugins list asks for: the query string of /plugins, read and defaulted. */
export interface PluginsListParams {
  page: number;
  search: string;
  /** null: the server's default (relevance for a search, else downloads). */
  sortBy: PluginSortKey | null;
  sortDir: PluginSortDirection | null;
  /** Tag short names; a plugin must have all of them. */
  tags: string[];
  source: PluginHasSourceFilter;
  /** Only plugins that work with the current game version (?compatible=current). */
  compatible?: boolean;
}

export type PluginsListResult = PluginPage & { request: PluginsListParams };

export const pluginKeys = {
  all: ['plugins'] as const,
  lists: () => [...pluginKeys.all, 'list'] as const,
  list: (p: PluginsListParams) => [...pluginKeys.lists(), p] as const,
  tags: () => ['tags'] as const,
  detail: (id: number) => [...pluginKeys.all, 'detail', id] as const,
  versions: (id: number) => [...pluginKeys.all, 'versions', id] as const,
  rating: (id: number) => [...pluginKeys.all, 'rating', id] as const,
  comments: (id: number) => [...pluginKeys.all, 'comments', id] as const,
  /** The home page's featured strip (features/home asks for it under the same key). */
  featured: () => [...pluginKeys.all, 'featured'] as const,
};

/** GET /plugins: each set of params is its own cache entry, so a late answer never replaces a newer one. */
export const pluginsListQuery = (p: PluginsListParams) =>
  queryOptions({
    queryKey: pluginKeys.list(p),
    queryFn: async ({ signal }): Promise<PluginsListResult> => {
      const page = await api.get<PluginPage>('/plugins', {
        signal,
        fallback: CALL_FALLBACKS.fetchPlugins,
        query: {
          page: p.page,
          pageSize: PLUGIN_PAGE_SIZE,
          search: p.search || undefined,
          sortBy: p.sortBy ?? undefined,
          sortDir: p.sortBy ? (p.sortDir ?? undefined) : undefined,
          tags: p.tags.length ? p.tags : undefined,
          hasSource: p.source === 'any' ? undefined : p.source,
          compatible: p.compatible ? 'current' : undefined,
        },
      });
      return { ...page, request: p };
    },
  });

/** GET /tags, kept 5 minutes. */
export const tagsQuery = () =>
  queryOptions({
    queryKey: pluginKeys.tags(),
    queryFn: ({ signal }) => api.get<Tag[]>('/tags', { signal }),
    staleTime: TAG_CACHE_MS,
  });
