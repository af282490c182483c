import { pluginInstallLink, type CollectionDetail, type CollectionItem } from '@bm/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { FollowButton } from '../../components/follow-button';
import { Markdown } from '../../components/markdown';
import { Button, ButtonLink, Spinner, cx, focusRing, useConfirm } from '../../components/ui';
import { useDocumentTitle } from '../../components/use-document-title';
import { errorText, isApiError } from '../../lib/api';
import { statusOf, useAuth } from '../../lib/auth';
import { writeClipboard } from '../../lib/clipboard';
import { toast } from '../../lib/toast';
import { InstallDialog, launchInstall } from '../plugins';
import { collectionKeys, collectionQuery, collectionsApi } from './api';
import { CollectionFormDialog } from './collection-form-dialog';
import { CollectionItems } from './collection-items';
import { useCollectionMessage } from './collection-messages';
import { useCollectionsT, VISIBILITY_KEYS } from './collections-text';
import { DetailArticle } from '../../components/back-link';

/** /collections/{id}: a collection with its items; its owner edits, reorders and removes. Private ones are 404 for others. */
export function CollectionDetailPage() {
  const raw = useParams().id ?? '';
  const id = /^\d{1,9}$/.test(raw) ? Number(raw) : null;
  const query = useQuery({ ...collectionQuery(id ?? 0), enabled: id !== null });
  const t = useCollectionsT();
  useDocumentTitle(query.data?.name ?? t('title'));
  if (id === null || (isApiError(query.error) && query.error.status === 404)) return <NotFound />;
  if (query.isError)
    return (
      <div className="mx-auto max-w-4xl px-4 py-8">
        <p role="alert" className="text-red-300">
          {t('loadFailed')}
        </p>
        <Button className="mt-4" variant="outline" onClick={() => void query.refetch()}>
          {t('retry')}
        </Button>
      </div>
    );
  if (!query.data) return <Spinner label={t('loading')} />;
  return <Collection detail={query.data} />;
}

function NotFound() {
  const t = useCollectionsT();
  return (
    <section className="mx-auto max-w-xl px-4 py-20 text-center">
      <h1 className="text-3xl font-extrabold text-white">{t('detail.notFound')}</h1>
      <p className="mt-4 text-slate-300">{t('detail.notFoundBody')}</p>
      <ButtonLink className="mt-8" to="/collections">
        {t('title')}
      </ButtonLink>
    </section>
  );
}

function Collection({ detail }: { detail: CollectionDetail }) {
  const client = useQueryClient();
  const navigate = useNavigate();
  const confirm = useConfirm();
  const auth = useAuth();
  const t = useCollectionsT();
  const say = useCollectionMessage();
  const signedIn = statusOf(auth) === 'authenticated';
  const [editing, setEditing] = useState(false);
  const [installing, setInstalling] = useState<number | null>(null);
  const key = collectionKeys.detail(detail.id);

  const save = (next: CollectionItem[]) => {
    const before = detail;
    client.setQueryData<CollectionDetail>(key, { ...detail, items: next });
    collectionsApi
      .reorder(
        detail.id,
        next.map((i) => ({ kind: i.kind, id: i.id })),
      )
      .then(
        (saved) => client.setQueryData(key, saved),
        (err) => {
          client.setQueryData(key, before);
          toast.error(say(errorText(err, t('detail.reorderFailed'))));
        },
      );
  };
  const remove = async (item: CollectionItem) => {
    try {
      client.setQueryData(key, await collectionsApi.removeItem(detail.id, item.kind, item.id));
      void client.invalidateQueries({ queryKey: collectionKeys.all });
    } catch (err) {
      toast.error(say(errorText(err, t('add.failed'))));
    }
  };
  const destroy = async () => {
    if (!(await confirm({ title: t('detail.deleteQuestion', { name: detail.name }), destructive: true }))) return;
    try {
      await collectionsApi.remove(detail.id);
      client.removeQueries({ queryKey: key });
      void client.invalidateQueries({ queryKey: collectionKeys.all });
      toast.success(t('detail.deleted'));
      void navigate('/dashboard/collections');
    } catch (err) {
      toast.error(say(errorText(err, t('form.saveFailed'))));
    }
  };
  const share = async () => {
    if (await writeClipboard(`${window.location.origin}/collections/${detail.id}`))
      toast.success(t('detail.linkCopied'));
  };
  const install = (pluginId: number) => {
    launchInstall(pluginId);
    setInstalling(pluginId);
  };

  return (
    <DetailArticle backTo="/collections" backText={t('title')} className="max-w-4xl">
      <header className="space-y-3 rounded-2xl border border-slate-800 bg-slate-900/60 p-5">
        <h1 className="break-words text-3xl font-bold text-white">{detail.name}</h1>
        <p className="text-sm text-slate-400">
          {t('by')}{' '}
          <Link
            to={`/members/${encodeURIComponent(detail.owner.displayName)}`}
            className={cx('rounded text-slate-200 underline underline-offset-2 hover:text-sky-300', focusRing)}
          >
            {detail.owner.displayName}
          </Link>{' '}
          · {t('itemCount', { count: detail.itemCount })} · {t(VISIBILITY_KEYS[detail.visibility])}
        </p>
        {detail.description && <Markdown html={detail.descriptionHtml} className="break-words" />}
        <div className="flex flex-wrap gap-2 pt-1">
          {!detail.isOwner && (
            <FollowButton
              name={t('detail.followName', { name: detail.name })}
              isFollowing={detail.isFollowing}
              followerCount={detail.followerCount}
              signedIn={signedIn}
              send={(follow) => collectionsApi.setFollow(detail.id, follow)}
              onChange={(state) =>
                client.setQueryData<CollectionDetail>(key, (old) => (old ? { ...old, ...state } : old))
              }
            />
          )}
          {detail.visibility !== 'private' && (
            <Button variant="outline" onClick={() => void share()}>
              {t('detail.share')}
            </Button>
          )}
          {detail.isOwner && (
            <>
              <Button variant="outline" onClick={() => setEditing(true)}>
                {t('detail.edit')}
              </Button>
              <Button variant="danger" onClick={() => void destroy()}>
                {t('detail.delete')}
              </Button>
            </>
          )}
        </div>
      </header>

      <section className="mt-8" aria-labelledby="items-heading">
        <h2 id="items-heading" className="mb-3 text-xl font-semibold text-white">
          {t('items.label')}
        </h2>
        {detail.items.length === 0 ? (
          <p className="text-slate-400">{t('detail.emptyItems')}</p>
        ) : (
          <CollectionItems
            detail={detail}
            actions={{
              onInstall: install,
              ...(detail.isOwner ? { onReorder: save, onRemove: (i: CollectionItem) => void remove(i) } : {}),
            }}
          />
        )}
      </section>

      <InstallDialog
        open={installing !== null}
        link={pluginInstallLink(installing ?? 0)}
        onRetry={() => installing !== null && launchInstall(installing)}
        onClose={() => setInstalling(null)}
      />
      {editing && (
        <CollectionFormDialog
          open
          initial={detail}
          onClose={() => setEditing(false)}
          onSaved={() => setEditing(false)}
        />
      )}
    </DetailArticle>
  );
}
