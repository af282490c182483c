import type { CarDetail } from '@bm/core';
import { cx, focusRing } from '../../components/ui';
import { useCarsT } from './cars-text';

/** Up and down votes; choosing the member's current vote again takes it back. */
export function Votes({ car, onVote, busy }: { car: CarDetail; onVote: (t: 'U' | 'D') => void; busy: boolean }) {
  const t = useCarsT();
  const item = (type: 'U' | 'D', label: string, count: number, path: string) => (
    <button
      type="button"
      aria-pressed={car.myVote === type}
      aria-label={label}
      disabled={busy}
      onClick={() => onVote(type)}
      className={cx(
        'inline-flex h-9 items-center gap-1.5 rounded-lg border px-3 text-sm',
        car.myVote === type
          ? 'border-sky-500 bg-sky-500/15 text-sky-300'
          : 'border-slate-700 text-slate-300 hover:bg-slate-800',
        focusRing,
      )}
    >
      <svg viewBox="0 0 20 20" className="h-4 w-4" fill="currentColor" aria-hidden="true">
        <path d={path} />
      </svg>
      {count}
    </button>
  );
  return (
    <div className="flex gap-2">
      {item('U', t('detail.upvote', { number: car.upvotes }), car.upvotes, 'M10 3l6 7h-4v7H8v-7H4l6-7z')}
      {item('D', t('detail.downvote', { number: car.downvotes }), car.downvotes, 'M10 17l-6-7h4V3h4v7h4l-6 7z')}
    </div>
  );
}
