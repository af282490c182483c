import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Pagination } from '../../components/pagination';
import { Button, Spinner, cx, focusRing } from '../../components/ui';
import { useDocumentTitle } from '../../components/use-document-title';
import { statusOf, useAuth } from '../../lib/auth';
import { collectionKeys, collectionsApi } from './api';
import { CollectionFormDialog } from './collection-form-dialog';
import { CollectionList } from './collection-list';
import { useCollectionsT } from './collections-text';

/** /collections: public collections, the most followed first (or the newest), 24 a page. */
export function CollectionsPage() {
  const t = useCollectionsT();
  useDocumentTitle(t('title'));
  const [sp, setSp] = useSearchParams();
  const sort = sp.get('sort') === 'new' ? 'new' : 'popular';
  const page = Math.max(1, Number(sp.get('page')) || 1);
  const query = useQuery({
    queryKey: collectionKeys.list(sort, page),
    queryFn: ({ signal }) => collectionsApi.list(sort, page, signal),
  });
  const signedIn = statusOf(useAuth()) === 'authenticated';
  const [creating, setCreating] = useState(false);
  const navigate = useNavigate();
  const go = (next: { sort?: string; page?: number }) =>
    setSp((prev) => {
      const out = new URLSearchParams(prev);
      if (next.sort) out.set('sort', next.sort);
      out.set('page', String(next.page ?? 1));
      return out;
    });

  return (
    <div className="mx-auto max-w-7xl px-4 py-8">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold text-white">{t('title')}</h1>
          <p className="mt-1 text-slate-400">{t('intro')}</p>
        </div>
        {signedIn && <Button onClick={() => setCreating(true)}>{t('newCollection')}</Button>}
      </div>
      <div role="group" aria-label={t('sortLabel')} className="mt-6 flex gap-2">
        {(['popular', 'new'] as const).map((s) => (
          <button
            key={s}
            type="button"
            aria-pressed={sort === s}
            onClick={() => go({ sort: s })}
            className={cx(
              'rounded-lg border px-3 py-1.5 text-sm font-medium',
              focusRing,
              sort === s
                ? 'border-sky-400 bg-sky-500/15 text-white'
                : 'border-slate-700 text-slate-300 hover:text-white',
            )}
          >
            {s === 'popular' ? t('popular') : t('newest')}
          </button>
        ))}
      </div>
      <div className="mt-6">
        {query.isPending ? (
          <Spinner label={t('loading')} />
        ) : query.isError ? (
          <div role="alert" className="text-red-300">
            {t('loadFailed')}{' '}
            <Button size="sm" variant="outline" onClick={() => void query.refetch()}>
              {t('retry')}
            </Button>
          </div>
        ) : query.data.items.length === 0 ? (
          <p className="rounded-xl border border-slate-800 bg-slate-900/50 px-6 py-10 text-center text-slate-400">
            {t('empty')}
          </p>
        ) : (
          <>
            <CollectionList items={query.data.items} label={t('title')} />
            <Pagination
              className="mt-6"
              page={page}
              totalPages={query.data.totalPages}
              onPageChange={(p) => go({ sort, page: p })}
            />
          </>
        )}
      </div>
      {creating && (
        <CollectionFormDialog
          open
          onClose={() => setCreating(false)}
          onSaved={(c) => void navigate(`/collections/${c.id}`)}
        />
      )}
    </div>
  );
}
