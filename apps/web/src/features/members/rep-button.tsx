import { REP_LOCK_MS, type RepResponse } from '@bm/core';
import { useEffect, useRef, useState } from 'react';
import { JoinUsDialog, useJoinPrompt } from '../../components/join-us-dialog';
import { cx, focusRing } from '../../components/ui';
import { useOptimisticState } from '../../components/use-optimistic-state';
import { compactNumber } from '../../lib/format';
import { toast } from '../../lib/toast';
import { useMembersT } from './members-text';

export interface RepButtonProps {
  /** The profile's display name (the call's path). */
  username: string;
  reputation: number;
  hasGivenRep: boolean;
  signedIn: boolean;
  /** Sends the change; answers the server's count. */
  send: (give: boolean) => Promise<RepResponse>;
  /** Called with each shown state (optimistic, then the server's) so the counters follow. */
  onChange?: (state: RepResponse) => void;
}

/**
 * Give or take back reputation (§4): the count moves at once (+1, or -1 never below 1), the button is
 * locked for 300 ms after each click, and a failure puts back what was shown before with a toast.
 * Only the latest click's answer is applied. Anonymous visitors get the sign-in prompt instead.
 */
export function RepButton({ username, reputation, hasGivenRep, signedIn, send, onChange }: RepButtonProps) {
  const t = useMembersT();
  const { state, run } = useOptimisticState<RepResponse>({ reputation, hasGivenRep }, onChange);
  const [locked, setLocked] = useState(false);
  const { joinOpen, closeJoin, askToJoin } = useJoinPrompt();
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => () => void (timer.current && clearTimeout(timer.current)), []);

  const toggle = () => {
    if (locked) return;
    setLocked(true);
    timer.current = setTimeout(() => setLocked(false), REP_LOCK_MS);
    const give = !state.hasGivenRep;
    run(
      { hasGivenRep: give, reputation: give ? state.reputation + 1 : Math.max(1, state.reputation - 1) },
      () => send(give),
      { onError: () => toast.error(give ? t('profile.giveRepFailed') : t('profile.removeRepFailed')) },
    );
  };
  const onClick = () => (signedIn ? toggle() : askToJoin(toggle));

  return (
    <>
      <button
        type="button"
        onClick={onClick}
        aria-disabled={locked || undefined}
        title={
          state.hasGivenRep
            ? t('profile.removeRepTitle', { name: username })
            : t('profile.giveRepTitle', { name: username })
        }
        data-testid="rep-button"
        className={cx(
          'inline-flex items-center gap-2 rounded-lg border px-4 py-2 text-sm font-semibold transition-colors',
          focusRing,
          state.hasGivenRep
            ? 'border-amber-400/60 bg-amber-400/15 text-amber-200 hover:bg-amber-400/25'
            : 'border-slate-600 bg-slate-800 text-slate-100 hover:border-amber-400/60 hover:text-amber-200',
          locked && 'cursor-wait',
        )}
      >
        <svg
          viewBox="0 0 24 24"
          className="h-4 w-4"
          fill={state.hasGivenRep ? 'currentColor' : 'none'}
          stroke="currentColor"
          strokeWidth="2"
          aria-hidden="true"
        >
          <path d="M12 3l2.6 5.6 6.1.7-4.5 4.2 1.2 6-5.4-3-5.4 3 1.2-6-4.5-4.2 6.1-.7z" strokeLinejoin="round" />
        </svg>
        <span>{state.hasGivenRep ? t('profile.removeRep') : t('profile.giveRep')}</span>
        <span className="rounded bg-slate-950/40 px-1.5 text-xs tabular-nums" data-testid="rep-count">
          <span className="sr-only">(</span>
          {compactNumber(state.reputation)}
          <span className="sr-only">)</span>
        </span>
      </button>
      <JoinUsDialog
        open={joinOpen}
        onClose={closeJoin}
        title={t('profile.repJoinTitle')}
        description={t('profile.repJoinDescription')}
      />
    </>
  );
}
