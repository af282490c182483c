import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { useNavigate } from 'react-router';
import { Button, Spinner } from '../../components/ui';
import { memberCollectionsQuery } from './api';
import { CollectionList } from './collection-list';
import { useCollectionsT } from './collections-text';

// The form (and zod, which checks it) loads when the owner opens it, not with the profile.
const CollectionFormDialog = lazy(() =>
  import('./collection-form-dialog').then((m) => ({ default: m.CollectionFormDialog })),
);

/**
 * A member's collections: on their profile (the public ones; all of them for the owner) and in
 * the dashboard's Collections tab (`mine`: a New collection button and the empty-state hint).
 */
export function MemberCollections({ username, mine = false }: { username: string; mine?: boolean }) {
  const query = useQuery(memberCollectionsQuery(username));
  const t = useCollectionsT();
  const [creating, setCreating] = useState(false);
  const navigate = useNavigate();
  return (
    <section aria-labelledby="collections-heading" className="mt-10" data-testid="member-collections">
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <h2 id="collections-heading" className="text-xl font-semibold text-white">
          {t('member.heading')}
          {query.data ? ` (${query.data.items.length})` : ''}
        </h2>
        {mine && <Button onClick={() => setCreating(true)}>{t('newCollection')}</Button>}
      </div>
      {query.isPending ? (
        <Spinner label={t('loading')} />
      ) : query.isError ? (
        <p role="alert" className="text-red-300">
          {t('loadFailed')}{' '}
          <Button size="sm" variant="outline" onClick={() => void query.refetch()}>
            {t('retry')}
          </Button>
        </p>
      ) : query.data.items.length === 0 ? (
        <p className="text-slate-400">{mine ? t('member.dashboardEmpty') : t('member.profileEmpty')}</p>
      ) : (
        <CollectionList items={query.data.items} label={t('member.heading')} />
      )}
      {creating && (
        <Suspense fallback={null}>
          <CollectionFormDialog
            open
            onClose={() => setCreating(false)}
            onSaved={(c) => void navigate(`/collections/${c.id}`)}
          />
        </Suspense>
      )}
    </section>
  );
}
