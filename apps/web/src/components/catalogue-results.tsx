import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { ListView } from '../lib/list-query-string';
import { ListEmpty, ListError, ListSkeleton, ResultsList } from './catalogue-list';
import { Pagination } from './pagination';

type CatalogueResult = {
  items: ReadonlyArray<{ id: number }>;
  request: { page: number };
  totalPages: number;
};
type Item<R extends CatalogueResult> = R['items'][number];

/** The title and intro of a catalogue page (/plugins, /cars), with its actions on the right. */
export function CatalogueHeader({ title, intro, children }: { title: string; intro: string; children: ReactNode }) {
  return (
    <header className="mb-6 flex flex-wrap items-end justify-between gap-4">
      <div>
        <h1 className="text-3xl font-bold text-white">{title}</h1>
        <p className="mt-1 text-slate-400">{intro}</p>
      </div>
      {children}
    </header>
  );
}

/**
 * The body of a catalogue page: an error with a retry, a skeleton while loading (or retrying), the
 * page's own empty state, or the results (dimmed while the next page loads), then the pager.
 */
export function CatalogueResults<R extends CatalogueResult>({
  list,
  view,
  texts,
  empty,
  renderItem,
  onPageChange,
}: {
  list: UseQueryResult<R>;
  view: ListView;
  texts: { error: string; tryAgain: string; loading: string; results: string };
  empty: (result: R) => { title: string; text: string; action: ReactNode };
  renderItem: (item: Item<R>, first: boolean) => ReactNode;
  onPageChange: (page: number) => void;
}) {
  const result = list.data;
  return (
    <>
      <ResultsBody list={list} view={view} texts={texts} empty={empty} renderItem={renderItem} />
      {result && !list.isError && (
        <Pagination
          className="mt-8"
          page={result.request.page}
          totalPages={result.totalPages}
          onPageChange={onPageChange}
        />
      )}
    </>
  );
}

function ResultsBody<R extends CatalogueResult>({
  list,
  view,
  texts,
  empty,
  renderItem,
}: {
  list: UseQueryResult<R>;
  view: ListView;
  texts: { error: string; tryAgain: string; loading: string; results: string };
  empty: (result: R) => { title: string; text: string; action: ReactNode };
  renderItem: (item: Item<R>, first: boolean) => ReactNode;
}) {
  const result = list.data;
  if (list.isError && !list.isFetching) {
    return <ListError text={texts.error} retryText={texts.tryAgain} onRetry={() => void list.refetch()} />;
  }
  if (list.isPending || list.isError || !result) {
    return <ListSkeleton view={view} label={texts.loading} />;
  }
  if (result.items.length === 0) {
    const { title, text, action } = empty(result);
    return (
      <ListEmpty title={title} text={text}>
        {action}
      </ListEmpty>
    );
  }
  return (
    <ResultsList
      items={result.items}
      view={view}
      label={texts.results}
      isStale={list.isPlaceholderData}
      renderItem={renderItem}
    />
  );
}
