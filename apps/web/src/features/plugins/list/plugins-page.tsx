import { FEED_PATHS, FEED_TITLES } from '@bm/core';
import { FeedLink } from '../../../components/feed-link';
import { PLUGIN_PAGE_SIZE, pluginDefaultSortDir } from '@bm/core';
import { useMemo } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { CatalogueToolbar, ViewToggle } from '../../../components/catalogue-list';
import { CatalogueHeader, CatalogueResults } from '../../../components/catalogue-results';
import { cx, focusRing } from '../../../components/ui';
import { useDocumentTitle } from '../../../components/use-document-title';
import { pluginsListQuery, tagsQuery, type PluginsListResult } from '../list-api';
import { BAKKESMOD_URL } from '../../../lib/links';
import { SEARCH_DEBOUNCE_MS } from './list-text';
import { exactNumber } from '../../../lib/format';
import { pluginsT, usePluginsT } from '../plugins-text';
import { PluginCard } from '../plugin-card';
import { FiltersMenu, SortMenu } from './menus';
import { usePluginsParams } from './use-plugins-params';

/**
 * 'Found N plugins for "q"' or 'Showing N plugins', then 'Page X of Y (a-b of N)' when there are pages.
 * A search that found more than it ranks says 'Found 1,000+ plugins' and pages through those.
 */
export function resultCounter(result: PluginsListResult): { summary: string; pages: string | null } {
  const t = pluginsT();
  const { request, totalCount, totalPages, totalCapped, items } = result;
  const search = request.search;
  const summary = search
    ? totalCapped
      ? t('list.foundAtLeast', { number: exactNumber(totalCount), search })
      : t('list.found', { count: totalCount, search })
    : t('list.showing', { count: totalCount });
  if (totalPages <= 1) return { summary, pages: null };
  const from = (request.page - 1) * PLUGIN_PAGE_SIZE + 1;
  const to = from + items.length - 1;
  return {
    summary,
    pages: t('list.pageOf', {
      page: request.page,
      pages: totalPages,
      from,
      to,
      total: totalCapped ? t('list.atLeast', { number: exactNumber(totalCount) }) : totalCount,
    }),
  };
}

/** /plugins (§2, §4): search, filters, sort, grid or list, numbered pages with ad cards. */
export function PluginsPage() {
  const t = usePluginsT();
  useDocumentTitle(t('list.title'));
  const { params, view, setSearch, setSort, setTags, setSource, setCompatible, clearFilters, setPage, setView } =
    usePluginsParams();
  const list = useQuery({ ...pluginsListQuery(params), placeholderData: keepPreviousData });
  const tags = useQuery(tagsQuery());
  const result = list.data;
  const narrowed =
    Boolean(params.search) || params.tags.length > 0 || params.source !== 'any' || Boolean(params.compatible);
  const tagCounts = useMemo(
    () => (result?.tagCounts ? new Map(result.tagCounts.map((c) => [c.tagId, c.count])) : undefined),
    [result],
  );

  return (
    <div className="mx-auto max-w-7xl px-4 py-8">
      <FeedLink title={FEED_TITLES.site} href={FEED_PATHS.site} />
      <CatalogueHeader title={t('list.title')} intro={t('list.intro')}>
        <a
          href={BAKKESMOD_URL}
          target="_blank"
          rel="noopener noreferrer"
          className={cx(
            'inline-flex h-10 items-center gap-2 rounded-lg border border-slate-700 px-4 text-sm font-semibold text-slate-100 hover:border-slate-500 hover:bg-slate-800/60',
            focusRing,
          )}
        >
          {t('list.getBakkesMod')}
          <span aria-hidden="true">↗</span>
          <span className="sr-only">{t('list.newTab')}</span>
        </a>
      </CatalogueHeader>

      <CatalogueToolbar search={params.search} onSearch={setSearch} debounceMs={SEARCH_DEBOUNCE_MS} t={t}>
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
        <ViewToggle view={view} onChange={setView} t={t} />
      </CatalogueToolbar>

      <CatalogueResults
        list={list}
        params={params}
        setPage={setPage}
        view={view}
        t={t}
        counter={resultCounter}
        counterTestId="plugins-counter"
        empty={() => ({
          narrowed,
          text: narrowed ? t('list.noResults') : t('list.empty'),
          action: narrowed
            ? { label: t('list.browseAll'), to: '/plugins' }
            : { label: t('list.shareOne'), to: '/plugins/new' },
        })}
        renderItem={(item, first) => <PluginCard plugin={item} variant={view} priority={first} />}
      />
    </div>
  );
}
