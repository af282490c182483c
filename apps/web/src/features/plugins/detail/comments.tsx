import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Button, Spinner } from '../../../components/ui';
import { errorText } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { pluginCommentsQuery, pluginsApi } from '../api';
import { addOlderComments } from './comment-cache';
import { CommentForm } from './comment-form';
import { CommentItem } from './comment-item';
import { usePluginDetailT } from './detail-text';

/** Re-renders every 30 seconds so the '(new)' badge and the edit window follow the clock. */
function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 30_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

export function CommentsSection({
  pluginId,
  signedIn,
  memberId,
  onJoin,
}: {
  pluginId: number;
  signedIn: boolean;
  memberId: number | null;
  onJoin: (then?: () => void) => void;
}) {
  const t = usePluginDetailT();
  const comments = useQuery(pluginCommentsQuery(pluginId));
  const now = useNow();
  const client = useQueryClient();
  const list = useRef<HTMLUListElement>(null);
  const older = useMutation({
    mutationFn: (before: number) => pluginsApi.olderComments(pluginId, before),
    onSuccess: (page) => {
      addOlderComments(client, pluginId, page);
      // Focus the first comment that was added, so keyboard users carry on reading from there.
      const first = page[0];
      if (first)
        requestAnimationFrame(() =>
          list.current?.querySelector<HTMLElement>(`[data-comment-id="${first.id}"]`)?.focus(),
        );
    },
    onError: (err) => toast.error(errorText(err, t('comments.loadFailed'))),
  });
  return (
    <section aria-label={t('comments.heading')} className="space-y-6">
      <CommentForm pluginId={pluginId} signedIn={signedIn} onJoin={onJoin} />
      {comments.isError ? (
        <p role="alert" className="text-rose-300">
          {t('comments.loadFailed')}
        </p>
      ) : comments.isPending ? (
        <div className="flex items-center gap-2 text-slate-400">
          <Spinner label={t('comments.loading')} />
          <span aria-hidden="true">{t('comments.loading')}</span>
        </div>
      ) : comments.data.items.length === 0 ? (
        <p className="text-slate-400">{t('comments.empty')}</p>
      ) : (
        <>
          <ul
            ref={list}
            aria-live="polite"
            aria-relevant="additions"
            aria-label={t('comments.heading')}
            className="space-y-4"
          >
            {comments.data.items.map((c) => (
              <li key={c.id}>
                <CommentItem
                  comment={c}
                  pluginId={pluginId}
                  now={now}
                  mine={memberId !== null && c.member.id === memberId}
                  signedIn={signedIn}
                  onJoin={onJoin}
                />
              </li>
            ))}
          </ul>
          {comments.data.hasMore && (
            <div className="flex justify-center">
              <Button
                variant="outline"
                disabled={older.isPending}
                onClick={() => older.mutate(comments.data.items.at(-1)!.id)}
              >
                {older.isPending ? t('comments.loadingMore') : t('comments.loadMore')}
              </Button>
            </div>
          )}
        </>
      )}
    </section>
  );
}
