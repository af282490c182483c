import { COMMENT_ANON_PROMPT_MS, COMMENT_MAX_LENGTH, normalizeComment } from '@bm/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { BOT_CHECK_PENDING, type BotCheckHandle, type BotCheckState } from '../../../components/bot-check-state';
import { Button, cx, inputClasses } from '../../../components/ui';
import { errorText } from '../../../lib/api';
import { pluginsApi } from '../api';
import { addComment } from './comment-cache';
import { useCommentBodyError } from './comment-errors';
import { usePluginDetailT } from './detail-text';

// The bot check (and its Turnstile widget) loads for members, who are the only ones it shows to.
const BotCheck = lazy(() => import('../../../components/bot-check').then((m) => ({ default: m.BotCheck })));

/** The new-comment form: core's checks, the bot check, and a visitor typing asked to join. */
export function CommentForm({
  pluginId,
  signedIn,
  onJoin,
}: {
  pluginId: number;
  signedIn: boolean;
  onJoin: (then?: () => void) => void;
}) {
  const t = usePluginDetailT();
  const commentBodyError = useCommentBodyError();
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
      setError(errorText(err, t('comments.postFailed')));
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
      setError(t('comments.verification'));
      return;
    }
    post.mutate(normalizeComment(text));
  };

  return (
    <form onSubmit={submit} className="space-y-3 rounded-xl border border-slate-800 bg-slate-900/60 p-4" noValidate>
      <label htmlFor={id} className="text-sm font-medium text-slate-200">
        {t('comments.label')}
      </label>
      <textarea
        id={id}
        value={text}
        onChange={(e) => onType(e.target.value)}
        placeholder={t('comments.placeholder')}
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
          {t('comments.counter', { length, max: COMMENT_MAX_LENGTH })}
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
          {post.isPending ? t('comments.posting') : t('comments.post')}
        </Button>
      </div>
    </form>
  );
}
