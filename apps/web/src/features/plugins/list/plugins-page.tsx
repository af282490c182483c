import { FEED_PATHS, FEED_TITLES } from '@bm/core';
import { FeedLink } from '../../../components/feed-link';
import { PLUGIN_PAGE_SIZE, pluginDefaultSortDir } from '@bm/core';
import { useMemo } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ResultCounter, SearchBox, ViewToggle } from '../../../components/catalogue-list';
import { CatalogueHeader, CatalogueResults } from '../../../components/catalogue-results';
import { ListTop } from '../../../components/list-top';
import { ButtonLink, cx, focusRing } from '../../../components/ui';
import { useDocumentTitle } from '../../../components/use-document-title';
import { useListPaging } from '../../../lib/list-query-string';
import { pluginsListQuery, tagsQuery, type PluginsListResult } from '../list-api';
import { BAKKESMOD_URL } from '../../../lib/links';
import { PLUGINS_LIST_TEXT as T, SEARCH_DEBOUNCE_MS } from './list-text';
import { PluginCard } from '../plugin-card';
import { FiltersMenu, SortMenu } from './menus';
import { usePluginsParams } from './use-plugins-params';

/**
 * 'Found N plugins for "q"' or 'Showing N plugins', then 'Page X of Y (a-b of N)' when there are pages.
 * A search that found more than it ranks says 'Found 1,000+ plugins' and pages through those.
 */
export function resultCounter(result: PluginsListResult): { summary: string; pages: string | null } {
  const { request, totalCount, totalPages, totalCapped, items } = result;
  const summary = request.search
    ? totalCapped
      ? T.foundAtLeast(totalCount, request.search)
      : T.found(totalCount, request.search)
    : T.showing(totalCount);
  if (totalPages <= 1) return { summary, pages: null };
  const from = (request.page - 1) * PLUGIN_PAGE_SIZE + 1;
  const to = from + items.length - 1;
  return {
    summary,
    pages: T.pageOf(
      request.page,
      totalPages,
      from,
      to,
      totalCapped ? `${totalCount.toLocaleString('en-US')}+` : totalCount,
    ),
  };
}

/** /plugins (§2, §4): search, filters, sort, grid or list, numbered pages with ad cards. */
export function PluginsPage() {
  useDocumentTitle(T.title);
  const { params, view, setSearch, setSort, setTags, setSource, setCompatible, clearFilters, setPage, setView } =
    usePluginsParams();
  const list = useQuery({ ...pluginsListQuery(params), placeholderData: keepPreviousData });
  const tags = useQuery(tagsQuery());
  const result = list.data;
  const counter = result && !list.isError ? resultCounter(result) : null;
  const narrowed =
    Boolean(params.search) || params.tags.length > 0 || params.source !== 'any' || Boolean(params.compatible);
  const tagCounts = useMemo(
    () => (result?.tagCounts ? new Map(result.tagCounts.map((c) => [c.tagId, c.count])) : undefined),
    [result],
  );

  const changePage = useListPaging(params.page, result && !list.isPlaceholderData ? result.totalPages : null, setPage);

  return (
    <div className="mx-auto max-w-7xl px-4 py-8">
      <FeedLink title={FEED_TITLES.site} href={FEED_PATHS.site} />
      <CatalogueHeader title={T.title} intro={T.intro}>
        <a
          href={BAKKESMOD_URL}
          target="_blank"
          rel="noopener noreferrer"
          className={cx(
            'inline-flex h-10 items-center gap-2 rounded-lg border border-slate-700 px-4 text-sm font-semibold text-slate-100 hover:border-slate-500 hover:bg-slate-800/60',
            focusRing,
          )}
        >
          {T.getBakkesMod}
          <span aria-hidden="true">↗</span>
          <span className="sr-only">(opens in a new tab)</span>
        </a>
      </CatalogueHeader>

      <div className="mb-4 flex flex-col gap-3 lg:flex-row lg:items-center">
        <SearchBox
          committed={params.search}
          onSearch={setSearch}
          debounceMs={SEARCH_DEBOUNCE_MS}
          texts={{ label: T.searchLabel, placeholder: T.searchPlaceholder, clear: T.clear }}
        />
        <div className="flex flex-wrap items-center gap-2">
          <FiltersMenu
            tags={tags.data ?? []}
            counts={tagCounts}
            selected={params.tags}
            source={params.source}
            compatible={params.compatible}
            onTags={setTags}
            onSource={setSource}
            onCompatible={setCompatible}
            onClear={clearFilters}
          />
          <SortMenu
            sortBy={params.sortBy}
            sortDir={params.sortDir ?? (params.sortBy ? pluginDefaultSortDir(params.sortBy) : 'desc')}
            onChange={setSort}
          />
          <ViewToggle view={view} onChange={setView} texts={{ view: T.view, grid: T.grid, list: T.list }} />
        </div>
      </div>

      <ListTop watch={JSON.stringify({ ...params, view })} />
      <ResultCounter counter={counter} testId="plugins-counter" />

      <CatalogueResults
        list={list}
        view={view}
        texts={T}
        empty={() => ({
          title: narrowed ? T.noResultsTitle : T.emptyTitle,
          text: narrowed ? T.noResults : T.empty,
          action: narrowed ? (
            <ButtonLink className="mt-5" variant="outline" to="/plugins">
              {T.browseAll}
            </ButtonLink>
          ) : (
            <ButtonLink className="mt-5" variant="outline" to="/plugins/new">
              {T.shareOne}
            </ButtonLink>
          ),
        })}
        renderItem={(item, first) => <PluginCard plugin={item} variant={view} priority={first} />}
        onPageChange={changePage}
      />
    </div>
  );
}
