import {
  COMMENT_ANON_PROMPT_MS,
  COMMENT_MAX_LENGTH,
  commentBodyError,
  isCommentEditable,
  isCommentNew,
  normalizeComment,
  type Comment,
  type CommentVote,
} from '@bm/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { BOT_CHECK_PENDING, type BotCheckHandle, type BotCheckState } from '../../../components/bot-check-state';
import { Avatar, Button, Spinner, Time, cx, focusRing, inputClasses, useConfirm } from '../../../components/ui';
import { errorText } from '../../../lib/api';
import { changedSinceCreated } from '../../../lib/format';
import { toast } from '../../../lib/toast';
import { pluginCommentsQuery, pluginsApi } from '../api';
import { COMMENTS_TEXT as T } from '../constants';
import { addComment, addOlderComments, removeComment, setCommentVotes, updateComment } from './comment-cache';

// The bot check (and its Turnstile widget) loads for members, who are the only ones it shows to.
const BotCheck = lazy(() => import('../../../components/bot-check').then((m) => ({ default: m.BotCheck })));

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

function CommentForm({ pluginId, signedIn, onJoin }: { pluginId: number; signedIn: boolean; onJoin: () => void }) {
  const client = useQueryClient();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [check, setCheck] = useState<BotCheckState>(BOT_CHECK_PENDING);
  const botCheck = useRef<BotCheckHandle>(null);
  const promptTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const prompted = useRef(false);
  const id = useId();
  const length = normalizeComment(text).length;

  useEffect(
    () => () => {
      if (promptTimer.current) clearTimeout(promptTimer.current);
    },
    [],
  );

  const post = useMutation({
    mutationFn: (body: string) => pluginsApi.postComment(pluginId, body, check.token),
    onSuccess: (comment) => {
      addComment(client, pluginId, comment);
      setText('');
      setError(null);
      botCheck.current?.reset();
    },
    onError: (err) => {
      setError(errorText(err, T.postFailed));
      botCheck.current?.reset();
    },
  });

  const onType = (value: string) => {
    setText(value);
    if (error) setError(null);
    // An anonymous visitor typing is asked to join after 2 seconds (§2).
    if (!signedIn && !prompted.current && !promptTimer.current) {
      promptTimer.current = setTimeout(() => {
        prompted.current = true;
        promptTimer.current = null;
        onJoin();
      }, COMMENT_ANON_PROMPT_MS);
    }
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!signedIn) {
      onJoin();
      return;
    }
    const problem = commentBodyError(text);
    if (problem) {
      setError(problem);
      return;
    }
    if (!check.done) {
      setError(T.verification);
      return;
    }
    post.mutate(normalizeComment(text));
  };

  return (
    <form onSubmit={submit} className="space-y-3 rounded-xl border border-slate-800 bg-slate-900/60 p-4" noValidate>
      <label htmlFor={id} className="text-sm font-medium text-slate-200">
        {T.label}
      </label>
      <textarea
        id={id}
        value={text}
        onChange={(e) => onType(e.target.value)}
        placeholder={T.placeholder}
        rows={4}
        maxLength={COMMENT_MAX_LENGTH + 100}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-count${error ? ` ${id}-error` : ''}`}
        className={cx(inputClasses(Boolean(error)), 'min-h-24 py-2')}
      />
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span
          id={`${id}-count`}
          aria-live="polite"
          className={cx('text-xs', length > COMMENT_MAX_LENGTH ? 'text-rose-400' : 'text-slate-400')}
        >
          {T.counter(length, COMMENT_MAX_LENGTH)}
        </span>
        {error && (
          <p id={`${id}-error`} role="alert" className="text-sm text-rose-400">
            {error}
          </p>
        )}
      </div>
      {signedIn && (
        <Suspense fallback={null}>
          <BotCheck ref={botCheck} onChange={setCheck} />
        </Suspense>
      )}
      <div className="flex justify-end">
        <Button type="submit" disabled={post.isPending}>
          {post.isPending ? T.posting : T.post}
        </Button>
      </div>
    </form>
  );
}

function CommentItem({
  comment,
  pluginId,
  now,
  mine,
  signedIn,
  onJoin,
}: {
  comment: Comment;
  pluginId: number;
  now: number;
  mine: boolean;
  signedIn: boolean;
  onJoin: () => void;
}) {
  const client = useQueryClient();
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(comment.body);
  const [editError, setEditError] = useState<string | null>(null);
  const editable = isCommentEditable(comment.createdAt, now);
  const editId = useId();

  const vote = useMutation({
    mutationFn: (type: CommentVote) => pluginsApi.voteComment(comment.id, type),
    onSuccess: (r) => setCommentVotes(client, pluginId, comment.id, r),
    onError: (err) => toast.error(errorText(err, T.voteFailed)),
  });
  const save = useMutation({
    mutationFn: (body: string) => pluginsApi.updateComment(comment.id, body),
    onSuccess: (c) => {
      updateComment(client, pluginId, c);
      setEditing(false);
    },
    onError: (err) => setEditError(errorText(err, T.updateFailed)),
  });
  const confirm = useConfirm();
  const remove = useMutation({
    mutationFn: () => pluginsApi.deleteComment(comment.id),
    onSuccess: () => removeComment(client, pluginId, comment.id),
    onError: (err) => toast.error(errorText(err, T.deleteFailed)),
  });

  const onVote = (type: 'U' | 'D') => {
    if (!signedIn) onJoin();
    else vote.mutate(comment.myVote === type ? 'N' : type);
  };
  const onSave = (e: FormEvent) => {
    e.preventDefault();
    const problem = commentBodyError(draft);
    if (problem) setEditError(problem);
    else save.mutate(normalizeComment(draft));
  };
  const edited = changedSinceCreated(comment.createdAt, comment.updatedAt);

  return (
    <article
      tabIndex={-1}
      className="rounded-xl border border-slate-800 bg-slate-900/40 p-4 focus:outline-none focus-visible:ring-2 focus-visible:ring-sky-400"
      data-testid="comment"
      data-comment-id={comment.id}
    >
      <header className="mb-2 flex flex-wrap items-center gap-2 text-sm">
        <Avatar url={comment.member.avatarUrl} name={comment.member.displayName} />
        <Link
          to={`/members/${encodeURIComponent(comment.member.displayName)}`}
          className={cx('font-semibold text-slate-100 hover:text-sky-300', focusRing)}
        >
          {comment.member.displayName}
        </Link>
        <Time value={comment.createdAt} className="text-slate-400" />
        {edited && <span className="text-xs text-slate-400">{T.edited}</span>}
        {isCommentNew(comment.createdAt, now) && (
          <span className="rounded-full bg-emerald-500/20 px-2 text-xs font-semibold text-emerald-300">{T.isNew}</span>
        )}
      </header>
      {editing ? (
        <form onSubmit={onSave} className="space-y-2" noValidate>
          <label htmlFor={editId} className="sr-only">
            {T.editLabel}
          </label>
          <textarea
            id={editId}
            value={draft}
            onChange={(e) => {
              setDraft(e.target.value);
              setEditError(null);
            }}
            rows={3}
            className={cx(inputClasses(Boolean(editError)), 'py-2')}
          />
          {editError && (
            <p role="alert" className="text-sm text-rose-400">
              {editError}
            </p>
          )}
          <div className="flex gap-2">
            <Button type="submit" size="sm" disabled={save.isPending}>
              {T.save}
            </Button>
            <Button
              size="sm"
              variant="ghost"
              onClick={() => {
                setEditing(false);
                setEditError(null);
              }}
            >
              {T.cancel}
            </Button>
          </div>
        </form>
      ) : (
        <p className="whitespace-pre-line break-words text-slate-200">{comment.body}</p>
      )}
      <footer className="mt-3 flex flex-wrap items-center gap-2 text-sm">
        <button
          type="button"
          aria-pressed={comment.myVote === 'U'}
          aria-label={`${T.upvote} ${comment.upvotes}`}
          onClick={() => onVote('U')}
          disabled={vote.isPending}
          className={cx(
            'inline-flex items-center gap-1 rounded-md px-2 py-1',
            focusRing,
            comment.myVote === 'U' ? 'bg-emerald-500/20 text-emerald-300' : 'text-slate-400 hover:bg-slate-800',
          )}
        >
          <span aria-hidden="true">▲</span> {comment.upvotes}
        </button>
        <button
          type="button"
          aria-pressed={comment.myVote === 'D'}
          aria-label={`${T.downvote} ${comment.downvotes}`}
          onClick={() => onVote('D')}
          disabled={vote.isPending}
          className={cx(
            'inline-flex items-center gap-1 rounded-md px-2 py-1',
            focusRing,
            comment.myVote === 'D' ? 'bg-rose-500/20 text-rose-300' : 'text-slate-400 hover:bg-slate-800',
          )}
        >
          <span aria-hidden="true">▼</span> {comment.downvotes}
        </button>
        {mine && !editing && (
          <>
            <Button
              size="sm"
              variant="ghost"
              disabled={!editable}
              title={editable ? undefined : T.editBlocked}
              onClick={() => {
                setDraft(comment.body);
                setEditing(true);
              }}
            >
              {T.edit}
            </Button>
            <Button
              size="sm"
              variant="ghost"
              disabled={remove.isPending}
              onClick={async () => {
                if (await confirm({ title: T.deleteConfirm, confirmLabel: T.delete, destructive: true }))
                  remove.mutate();
              }}
            >
              {T.delete}
            </Button>
          </>
        )}
      </footer>
    </article>
  );
}
