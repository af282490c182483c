import type { CollectionItemKind, CollectionSummary } from '@bm/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { Button, Checkbox, Dialog, Spinner } from '../../components/ui';
import { errorText } from '../../lib/api';
import { useAuth } from '../../lib/auth';
import { toast } from '../../lib/toast';
import { collectionKeys, collectionsApi } from './api';
import { useCollectionMessage } from './collection-messages';
import { useCollectionsT, VISIBILITY_KEYS } from './collections-text';

// The form loads with the first 'New collection' (the plugin and car pages do not carry it).
const CollectionFormDialog = lazy(() =>
  import('./collection-form-dialog').then((m) => ({ default: m.CollectionFormDialog })),
);

/**
 * The dialog for a signed-in member: a checkbox for each of the member's collections (checked when it
 * holds the item; toggling adds or removes it) and 'New collection', which makes one and adds the item
 * to it. Loaded with the first press of an 'Add to collection' button (add-to-collection-button.tsx,
 * card-add-to-collection.tsx).
 */
export function AddToCollectionDialog(props: {
  kind: CollectionItemKind;
  id: number;
  name: string;
  onClose: () => void;
}) {
  const auth = useAuth();
  return auth.member ? <AddDialog {...props} username={auth.member.username} /> : null;
}

function AddDialog({
  kind,
  id,
  name,
  username,
  onClose,
}: {
  kind: CollectionItemKind;
  id: number;
  name: string;
  username: string;
  onClose: () => void;
}) {
  const client = useQueryClient();
  const t = useCollectionsT();
  const say = useCollectionMessage();
  const key = collectionKeys.holding(username, kind, id);
  const mine = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => collectionsApi.ofMember(username, { kind, id }, signal),
  });
  const [busy, setBusy] = useState<number | null>(null);
  const [creating, setCreating] = useState(false);

  const toggle = async (c: CollectionSummary, add: boolean) => {
    setBusy(c.id);
    try {
      const saved = add
        ? await collectionsApi.addItem(c.id, { kind, id })
        : await collectionsApi.removeItem(c.id, kind, id);
      client.setQueryData(collectionKeys.detail(c.id), saved);
      client.setQueryData(key, (old: typeof mine.data) =>
        old
          ? {
              items: old.items.map((x) =>
                x.id === c.id ? { ...x, containsItem: add, itemCount: saved.itemCount } : x,
              ),
            }
          : old,
      );
      void client.invalidateQueries({ queryKey: collectionKeys.member(username), exact: true });
      toast.success(add ? t('add.added', { name: c.name }) : t('add.removed', { name: c.name }));
    } catch (err) {
      toast.error(say(errorText(err, t('add.failed'))));
    } finally {
      setBusy(null);
    }
  };

  return (
    <>
      <Dialog open={!creating} onClose={onClose} title={t('add.title', { name })}>
        <div className="space-y-4">
          <h3 className="text-sm font-semibold text-slate-300">{t('add.yourCollections')}</h3>
          {mine.isPending ? (
            <Spinner label={t('loading')} />
          ) : mine.isError ? (
            <p className="text-sm text-red-300">{t('loadFailed')}</p>
          ) : mine.data.items.length === 0 ? (
            <p className="text-sm text-slate-400">{t('add.noCollections')}</p>
          ) : (
            <ul className="max-h-72 space-y-2 overflow-y-auto" data-testid="add-to-collection-list">
              {mine.data.items.map((c) => (
                <li key={c.id}>
                  <Checkbox
                    label={c.name}
                    description={`${t(VISIBILITY_KEYS[c.visibility])} · ${t('itemCount', { count: c.itemCount })}`}
                    checked={!!c.containsItem}
                    disabled={busy === c.id}
                    onChange={(e) => void toggle(c, e.target.checked)}
                  />
                </li>
              ))}
            </ul>
          )}
          <div className="flex flex-col gap-2 sm:flex-row sm:justify-between">
            <Button variant="outline" onClick={() => setCreating(true)}>
              {t('newCollection')}
            </Button>
            <Button onClick={onClose}>{t('add.done')}</Button>
          </div>
        </div>
      </Dialog>
      {creating && (
        <Suspense fallback={null}>
          <CollectionFormDialog
            open
            onClose={() => setCreating(false)}
            onSaved={(saved) => {
              setCreating(false);
              // Added once it exists, then the list is read again with it.
              void toggle({ ...saved, containsItem: false }, true).then(() => mine.refetch());
            }}
          />
        </Suspense>
      )}
    </>
  );
}
