import { isCommentEditable, isCommentNew, normalizeComment, type Comment, type CommentVote } from '@bm/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { Avatar, Button, Time, cx, focusRing, inputClasses, useConfirm } from '../../../components/ui';
import { errorText } from '../../../lib/api';
import { changedSinceCreated } from '../../../lib/format';
import { toast } from '../../../lib/toast';
import { pluginsApi } from '../api';
import { removeComment, setCommentVotes, updateComment } from './comment-cache';
import { useCommentBodyError } from './comment-errors';
import { usePluginDetailT } from './detail-text';

// The report form loads when a member first opens it, not with the comments.
const CommentReportDialog = lazy(() => import('./report-dialog').then((m) => ({ default: m.CommentReportDialog })));

/** One comment: its votes, and for its author editing (within the window) and deleting. */
export function CommentItem({
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
  onJoin: (then?: () => void) => void;
}) {
  const t = usePluginDetailT();
  const commentBodyError = useCommentBodyError();
  const client = useQueryClient();
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(comment.body);
  const [editError, setEditError] = useState<string | null>(null);
  const editable = isCommentEditable(comment.createdAt, now);
  const [reporting, setReporting] = useState(false);

  const vote = useMutation({
    mutationFn: (type: CommentVote) => pluginsApi.voteComment(comment.id, type),
    onSuccess: (r) => setCommentVotes(client, pluginId, comment.id, r),
    onError: (err) => toast.error(errorText(err, t('comments.voteFailed'))),
  });
  const save = useMutation({
    mutationFn: (body: string) => pluginsApi.updateComment(comment.id, body),
    onSuccess: (c) => {
      updateComment(client, pluginId, c);
      setEditing(false);
    },
    onError: (err) => setEditError(errorText(err, t('comments.updateFailed'))),
  });
  const confirm = useConfirm();
  const remove = useMutation({
    mutationFn: () => pluginsApi.deleteComment(comment.id),
    onSuccess: () => removeComment(client, pluginId, comment.id),
    onError: (err) => toast.error(errorText(err, t('comments.deleteFailed'))),
  });

  const onVote = (type: 'U' | 'D') => {
    const cast = () => vote.mutate(comment.myVote === type ? 'N' : type);
    if (!signedIn) onJoin(cast);
    else cast();
  };
  const onSave = (e: FormEvent) => {
    e.preventDefault();
    const problem = commentBodyError(draft);
    if (problem) setEditError(problem);
    else save.mutate(normalizeComment(draft));
  };

  return (
    <article
      tabIndex={-1}
      className="rounded-xl border border-slate-800 bg-slate-900/40 p-4 focus:outline-none focus-visible:ring-2 focus-visible:ring-sky-400"
      data-testid="comment"
      data-comment-id={comment.id}
    >
      <CommentHeader comment={comment} now={now} />
      {editing ? (
        <CommentEditForm
          draft={draft}
          onDraft={(value) => {
            setDraft(value);
            setEditError(null);
          }}
          error={editError}
          busy={save.isPending}
          onSubmit={onSave}
          onCancel={() => {
            setEditing(false);
            setEditError(null);
          }}
        />
      ) : (
        <p className="whitespace-pre-line break-words text-slate-200">{comment.body}</p>
      )}
      <footer className="mt-3 flex flex-wrap items-center gap-2 text-sm">
        <VoteButton type="U" comment={comment} busy={vote.isPending} onVote={onVote} />
        <VoteButton type="D" comment={comment} busy={vote.isPending} onVote={onVote} />
        {mine && !editing && (
          <>
            <Button
              size="sm"
              variant="ghost"
              disabled={!editable}
              title={editable ? undefined : t('comments.editBlocked')}
              onClick={() => {
                setDraft(comment.body);
                setEditing(true);
              }}
            >
              {t('comments.edit')}
            </Button>
            <Button
              size="sm"
              variant="ghost"
              disabled={remove.isPending}
              onClick={async () => {
                if (
                  await confirm({
                    title: t('comments.deleteConfirm'),
                    confirmLabel: t('comments.delete'),
                    destructive: true,
                  })
                )
                  remove.mutate();
              }}
            >
              {t('comments.delete')}
            </Button>
          </>
        )}
        {signedIn && !mine && (
          <Button
            size="sm"
            variant="ghost"
            aria-label={t('comments.reportLabel', { author: comment.member.displayName })}
            onClick={() => setReporting(true)}
          >
            {t('comments.report')}
          </Button>
        )}
      </footer>
      {reporting && (
        <Suspense fallback={null}>
          <CommentReportDialog commentId={comment.id} open={reporting} onClose={() => setReporting(false)} />
        </Suspense>
      )}
    </article>
  );
}

/** Who wrote it and when, and whether it was edited or is new. */
function CommentHeader({ comment, now }: { comment: Comment; now: number }) {
  const t = usePluginDetailT();
  const edited = changedSinceCreated(comment.createdAt, comment.updatedAt);
  return (
    <header className="mb-2 flex flex-wrap items-center gap-2 text-sm">
      <Avatar url={comment.member.avatarUrl} name={comment.member.displayName} />
      <Link
        to={`/members/${encodeURIComponent(comment.member.displayName)}`}
        className={cx('font-semibold text-slate-100 hover:text-sky-300', focusRing)}
      >
        {comment.member.displayName}
      </Link>
      <Time value={comment.createdAt} className="text-slate-400" />
      {edited && <span className="text-xs text-slate-400">{t('comments.edited')}</span>}
      {isCommentNew(comment.createdAt, now) && (
        <span className="rounded-full bg-emerald-500/20 px-2 text-xs font-semibold text-emerald-300">
          {t('comments.isNew')}
        </span>
      )}
    </header>
  );
}

function CommentEditForm({
  draft,
  onDraft,
  error,
  busy,
  onSubmit,
  onCancel,
}: {
  draft: string;
  onDraft: (value: string) => void;
  error: string | null;
  busy: boolean;
  onSubmit: (e: FormEvent) => void;
  onCancel: () => void;
}) {
  const t = usePluginDetailT();
  const editId = useId();
  return (
    <form onSubmit={onSubmit} className="space-y-2" noValidate>
      <label htmlFor={editId} className="sr-only">
        {t('comments.editLabel')}
      </label>
      <textarea
        id={editId}
        value={draft}
        onChange={(e) => onDraft(e.target.value)}
        rows={3}
        className={cx(inputClasses(Boolean(error)), 'py-2')}
      />
      {error && (
        <p role="alert" className="text-sm text-rose-400">
          {error}
        </p>
      )}
      <div className="flex gap-2">
        <Button type="submit" size="sm" disabled={busy}>
          {t('comments.save')}
        </Button>
        <Button size="sm" variant="ghost" onClick={onCancel}>
          {t('comments.cancel')}
        </Button>
      </div>
    </form>
  );
}

const VOTE = {
  U: { label: 'comments.upvote', arrow: '▲', active: 'bg-emerald-500/20 text-emerald-300' },
  D: { label: 'comments.downvote', arrow: '▼', active: 'bg-rose-500/20 text-rose-300' },
} as const;

function VoteButton({
  type,
  comment,
  busy,
  onVote,
}: {
  type: 'U' | 'D';
  comment: Comment;
  busy: boolean;
  onVote: (type: 'U' | 'D') => void;
}) {
  const t = usePluginDetailT();
  const v = VOTE[type];
  const count = type === 'U' ? comment.upvotes : comment.downvotes;
  return (
    <button
      type="button"
      aria-pressed={comment.myVote === type}
      aria-label={t(v.label, { number: count })}
      onClick={() => onVote(type)}
      disabled={busy}
      className={cx(
        'inline-flex items-center gap-1 rounded-md px-2 py-1',
        focusRing,
        comment.myVote === type ? v.active : 'text-slate-400 hover:bg-slate-800',
      )}
    >
      <span aria-hidden="true">{v.arrow}</span> {count}
    </button>
  );
}
