import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Button, Spinner } from '../../../components/ui';
import { errorText } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { pluginCommentsQuery, pluginsApi } from '../api';
import { COMMENTS_TEXT as T } from '../constants';
import { addOlderComments } from './comment-cache';
import { CommentForm } from './comment-form';
import { CommentItem } from './comment-item';

/** Re-renders every 30 seconds so the '(new)' badge and the edit window follow the clock. */
function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const t = setInterval(() => setNow(Date.now()), 30_000);
    return () => clearInterval(t);
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
  onJoin: () => void;
}) {
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
    onError: (err) => toast.error(errorText(err, T.loadFailed)),
  });
  return (
    <section aria-label={T.heading} className="space-y-6">
      <CommentForm pluginId={pluginId} signedIn={signedIn} onJoin={onJoin} />
      {comments.isError ? (
        <p role="alert" className="text-rose-300">
          {T.loadFailed}
        </p>
      ) : comments.isPending ? (
        <div className="flex items-center gap-2 text-slate-400">
          <Spinner label={T.loading} />
          <span aria-hidden="true">{T.loading}</span>
        </div>
      ) : comments.data.items.length === 0 ? (
        <p className="text-slate-400">{T.empty}</p>
      ) : (
        <>
          <ul ref={list} aria-live="polite" aria-relevant="additions" aria-label={T.heading} className="space-y-4">
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
                {older.isPending ? T.loadingMore : T.loadMore}
              </Button>
            </div>
          )}
        </>
      )}
    </section>
  );
}
