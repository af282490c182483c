import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useListPaging, type ListView } from '../lib/list-query-string';
import { ListEmpty, ListError, ListSkeleton, ResultCounter, ResultsList, type CatalogueT } from './catalogue-list';
import { ListTop } from './list-top';
import { Pagination } from './pagination';
import { Button, ButtonLink } from './ui';

type CatalogueResult = {
  items: ReadonlyArray<{ id: number }>;
  request: { page: number };
  totalPages: number;
};
type Item<R extends CatalogueResult> = R['items'][number];
/** The empty state's way on: a link, or a button (clearing the search). */
type EmptyAction = { label: string } & ({ to: string } | { onClick: () => void });

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
 * The body of a catalogue page: the list's top (scrolled back to when the address's `params` or the
 * `view` change), the result counter, then an error with a retry, a skeleton while loading (or
 * retrying), the page's own empty state, or the results (dimmed while the next page loads), then the
 * pager (a page past the end goes to the last one; choosing a page scrolls to the top).
 */
export function CatalogueResults<R extends CatalogueResult>({
  list,
  params,
  setPage,
  view,
  t,
  counter,
  counterTestId,
  empty,
  renderItem,
}: {
  list: UseQueryResult<R>;
  /** The list's parameters from the address. */
  params: { page: number };
  setPage: (page: number, opts?: { replace?: boolean }) => void;
  view: ListView;
  t: CatalogueT;
  /** What the counter says of an answer ('Showing 20 cars', 'Page 2 of 3 (…)'). */
  counter: (result: R) => { summary: string; pages: string | null };
  counterTestId: string;
  /** The empty state: `narrowed` when a search or filter left nothing (titled 'No results'), else the catalogue is empty. */
  empty: (result: R) => { narrowed: boolean; text: string; action: EmptyAction };
  renderItem: (item: Item<R>, first: boolean) => ReactNode;
}) {
  const result = list.data;
  const onPageChange = useListPaging(
    params.page,
    result && !list.isPlaceholderData ? result.totalPages : null,
    setPage,
  );
  return (
    <>
      <ListTop watch={JSON.stringify({ ...params, view })} />
      <ResultCounter counter={result && !list.isError ? counter(result) : null} testId={counterTestId} />
      <ResultsBody list={list} view={view} t={t} empty={empty} renderItem={renderItem} />
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
  t,
  empty,
  renderItem,
}: {
  list: UseQueryResult<R>;
  view: ListView;
  t: CatalogueT;
  /** The empty state: `narrowed` when a search or filter left nothing (titled 'No results'), else the catalogue is empty. */
  empty: (result: R) => { narrowed: boolean; text: string; action: EmptyAction };
  renderItem: (item: Item<R>, first: boolean) => ReactNode;
}) {
  const result = list.data;
  if (list.isError && !list.isFetching) {
    return <ListError text={t('list.error')} retryText={t('list.tryAgain')} onRetry={() => void list.refetch()} />;
  }
  if (list.isPending || list.isError || !result) {
    return <ListSkeleton view={view} label={t('list.loading')} />;
  }
  if (result.items.length === 0) {
    const { narrowed, text, action } = empty(result);
    const actionProps = { className: 'mt-5', variant: 'outline' } as const;
    const title = narrowed ? t('list.noResultsTitle') : t('list.emptyTitle');
    return (
      <ListEmpty title={title} text={text}>
        {'to' in action ? (
          <ButtonLink {...actionProps} to={action.to}>
            {action.label}
          </ButtonLink>
        ) : (
          <Button {...actionProps} onClick={action.onClick}>
            {action.label}
          </Button>
        )}
      </ListEmpty>
    );
  }
  return (
    <ResultsList
      items={result.items}
      view={view}
      label={t('list.results')}
      isStale={list.isPlaceholderData}
      renderItem={renderItem}
    />
  );
}
