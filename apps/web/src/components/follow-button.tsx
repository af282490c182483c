import type { FollowResponse } from '@bm/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { compactNumber } from '../lib/format';
import { commonT, useCommonT } from '../lib/i18n/common';
import { toast } from '../lib/toast';
import { JoinUsDialog, useJoinPrompt } from './join-us-dialog';
import { cx, focusRing } from './ui';
import { useOptimisticState } from './use-optimistic-state';

/** GET /me/following's query key: every follow button drops it, the dashboard's Following tab reads it. */
export const followingQueryKey = ['me', 'following'] as const;

export interface FollowButtonProps {
  /** What is followed, for the button's name ('Follow Speedo'). */
  name: string;
  isFollowing: boolean;
  followerCount: number;
  signedIn: boolean;
  /** Sends the change; answers the server's state. */
  send: (follow: boolean) => Promise<FollowResponse>;
  /** Called with each shown state (optimistic, then the server's). */
  onChange?: (state: FollowResponse) => void;
}

/**
 * Follow / Following with the follower count, on plugin and member pages. A toggle button
 * (aria-pressed) named by what it shows ('Follow Speedo, 4 followers'); the count moves at once and a failure puts back
 * what was shown with a toast. Only the latest click's answer is applied. Visitors get the join prompt.
 */
export function FollowButton({ name, isFollowing, followerCount, signedIn, send, onChange }: FollowButtonProps) {
  const t = useCommonT();
  const { state, setState, run } = useOptimisticState<FollowResponse>({ isFollowing, followerCount }, onChange);
  const { joinOpen, closeJoin, askToJoin } = useJoinPrompt();
  const queryClient = useQueryClient();
  // A new answer from the page (another item, a refetch) replaces what is shown.
  useEffect(() => setState({ isFollowing, followerCount }), [isFollowing, followerCount, setState]);

  const toggle = () => {
    const follow = !state.isFollowing;
    run(
      { isFollowing: follow, followerCount: Math.max(0, state.followerCount + (follow ? 1 : -1)) },
      () => send(follow),
      {
        answered: () => void queryClient.invalidateQueries({ queryKey: followingQueryKey }),
        onError: () => toast.error(follow ? commonT()('follow.followFailed') : commonT()('follow.unfollowFailed')),
      },
    );
  };
  const onClick = () => (signedIn ? toggle() : askToJoin(toggle));

  return (
    <>
      <button
        type="button"
        onClick={onClick}
        aria-pressed={state.isFollowing}
        data-testid="follow-button"
        className={cx(
          'inline-flex items-center gap-2 rounded-lg border px-4 py-2 text-sm font-semibold transition-colors',
          focusRing,
          state.isFollowing
            ? 'border-sky-400/60 bg-sky-400/15 text-sky-200 hover:bg-sky-400/25'
            : 'border-slate-600 bg-slate-800 text-slate-100 hover:border-sky-400/60 hover:text-sky-200',
        )}
      >
        <svg
          viewBox="0 0 24 24"
          className="h-4 w-4"
          fill={state.isFollowing ? 'currentColor' : 'none'}
          stroke="currentColor"
          strokeWidth="2"
          aria-hidden="true"
        >
          <path d="M6 8a6 6 0 0 1 12 0c0 7 3 9 3 9H3s3-2 3-9M10.3 21a1.94 1.94 0 0 0 3.4 0" strokeLinejoin="round" />
        </svg>
        <span aria-hidden="true">{state.isFollowing ? t('follow.following') : t('follow.follow')}</span>
        <span
          aria-hidden="true"
          className="rounded bg-slate-950/40 px-1.5 text-xs tabular-nums"
          data-testid="follower-count"
        >
          {compactNumber(state.followerCount)}
        </span>
        <span className="sr-only">
          {state.isFollowing
            ? t('follow.nameFollowing', { name, count: state.followerCount })
            : t('follow.nameFollow', { name, count: state.followerCount })}
        </span>
      </button>
      <JoinUsDialog
        open={joinOpen}
        onClose={closeJoin}
        title={t('follow.joinTitle')}
        description={t('follow.joinDescription')}
      />
    </>
  );
}
