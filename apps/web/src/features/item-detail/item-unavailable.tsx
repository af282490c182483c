import type { ReactNode } from 'react';
import { ItemLoadError } from '../../components/item-load-error';
import { useDocumentTitle } from '../../components/use-document-title';
import { isApiError } from '../../lib/api';
import { ItemNotFound } from '../not-found';

/** The detail texts a plugin's and a car's page both have, in their own namespace. */
type DetailT = (
  key: 'detail.notFoundTitle' | 'detail.notFoundBody' | 'detail.error' | 'detail.retry' | 'detail.pageTitle',
) => string;

/**
 * Whether a detail page's item is not there (the address has no id, or the server answered 404),
 * with the page's title: the item's name once it is there, or that it was not found.
 */
export function useItemNotFound(t: DetailT, id: number | null, query: { data?: { name: string }; error: unknown }) {
  const notFound = id === null || (isApiError(query.error) && query.error.status === 404);
  useDocumentTitle(notFound ? t('detail.notFoundTitle') : (query.data?.name ?? t('detail.pageTitle')));
  return notFound;
}

/**
 * What a detail page (a plugin, a car) shows when its item did not load: "not found" with the way
 * to the list (`browse`), or the load failure with a retry and the way back.
 */
export function ItemUnavailable({
  t,
  notFound,
  browse,
  query,
  backText,
  onBack,
}: {
  t: DetailT;
  notFound: boolean;
  browse: ReactNode;
  /** The item's query: a retry asks again. */
  query: { refetch: () => unknown };
  backText: string;
  onBack: () => void;
}) {
  if (notFound) {
    return (
      <ItemNotFound title={t('detail.notFoundTitle')} body={t('detail.notFoundBody')}>
        {browse}
      </ItemNotFound>
    );
  }
  return (
    <ItemLoadError
      text={t('detail.error')}
      retryText={t('detail.retry')}
      onRetry={() => void query.refetch()}
      backText={backText}
      onBack={onBack}
    />
  );
}
