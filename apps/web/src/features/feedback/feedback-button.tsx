import { useState } from 'react';
import { cx, focusRing } from '../../components/ui';
import { useAuthStatus } from '../../lib/auth';
import { FEEDBACK_TEXT } from './constants';
import { FeedbackDialog } from './feedback-dialog';

/** Floating bottom-left button for signed-in members, opening the feedback dialog. */
export function FeedbackButton() {
  const status = useAuthStatus();
  const [open, setOpen] = useState(false);
  if (status !== 'authenticated') return null;
  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        aria-label={FEEDBACK_TEXT.buttonLabel}
        aria-haspopup="dialog"
        className={cx(
          'fixed bottom-4 left-4 z-40 inline-flex items-center gap-2 rounded-full border border-slate-700 bg-slate-900/95 px-4 py-2.5 text-sm font-semibold text-slate-100 shadow-lg shadow-black/40 hover:border-sky-500 hover:text-white',
          focusRing,
        )}
      >
        <svg viewBox="0 0 20 20" fill="currentColor" className="h-4 w-4 text-sky-400" aria-hidden="true">
          <path d="M3.5 3A1.5 1.5 0 0 0 2 4.5v8A1.5 1.5 0 0 0 3.5 14H6v3.25a.75.75 0 0 0 1.28.53L11.06 14h5.44A1.5 1.5 0 0 0 18 12.5v-8A1.5 1.5 0 0 0 16.5 3h-13Z" />
        </svg>
        {FEEDBACK_TEXT.button}
      </button>
      <FeedbackDialog open={open} onClose={() => setOpen(false)} />
    </>
  );
}
