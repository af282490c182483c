import { PLUGIN_MESSAGES, plural, type PluginHasSourceFilter, type PluginSortKey } from '@bm/core';

/** The plugin list's texts and settings, apart from the plugin constants so the list does not load the detail, comment and report texts and rules. */
export const SEARCH_DEBOUNCE_MS = 300;

export const PLUGINS_VIEW_KEY = 'bm.plugins.view';

export const PLUGINS_LIST_TEXT = {
  title: 'Plugins',
  intro: 'Plugins for BakkesMod made by the community. Install one with a click.',
  getBakkesMod: 'Get BakkesMod',
  searchLabel: 'Search plugins',
  searchPlaceholder: 'Search plugins...',
  clear: 'Clear',
  filters: 'Filters',
  tags: 'Tags',
  source: 'Source code',
  sourceOptions: { any: 'Any', with: 'With source code', without: 'Without source code' } satisfies Record<
    PluginHasSourceFilter,
    string
  >,
  clearFilters: 'Clear filters',
  sort: 'Sort',
  sortMenu: 'Sort plugins',
  relevance: 'Default',
  asc: 'Ascending',
  desc: 'Descending',
  view: 'View',
  grid: 'Grid view',
  list: 'List view',
  results: 'Plugins',
  found: (n: number, q: string) => `Found ${n} ${plural(n, 'plugin', 'plugins')} for "${q}"`,
  /** A search that found more than it ranks and counts (PLUGIN_SEARCH_HITS_MAX): n is 'at least'. */
  foundAtLeast: (n: number, q: string) => `Found ${n.toLocaleString('en-US')}+ plugins for "${q}"`,
  showing: (n: number) => `Showing ${n} ${plural(n, 'plugin', 'plugins')}`,
  pageOf: (page: number, pages: number, from: number, to: number, total: number | string) =>
    `Page ${page} of ${pages} (${from}-${to} of ${total})`,
  loading: 'Loading plugins...',
  noResultsTitle: 'No plugins found',
  noResults: 'No plugins match your search or filters. Try clearing them.',
  emptyTitle: 'No plugins available',
  empty: 'Check back later for new plugins.',
  browseAll: 'Clear search and filters',
  shareOne: 'Share a plugin',
  error: PLUGIN_MESSAGES.listPageFailed,
  tryAgain: 'Try Again',
} as const;

export const PLUGIN_SORT_OPTIONS: ReadonlyArray<{ key: PluginSortKey; label: string }> = [
  { key: 'name', label: 'Name' },
  { key: 'downloads', label: 'Downloads' },
  { key: 'release', label: 'Release Date' },
  { key: 'updated', label: 'Last Updated' },
  { key: 'rating', label: 'Top Rated' },
  { key: 'trending', label: 'Trending' },
];
