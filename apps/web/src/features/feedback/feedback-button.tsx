import { lazy, Suspense, useEffect, useState } from 'react';
import { cx, focusRing } from '../../components/ui';
import { useAuthStatus } from '../../lib/auth';
import { useFeedbackT } from './feedback-text';

// The dialog (its form fields and the request) loads when it is first opened, not with every page.
const FeedbackDialog = lazy(() => import('./feedback-dialog').then((m) => ({ default: m.FeedbackDialog })));

const openers = new Set<() => void>();

/** Opens the feedback dialog from elsewhere (the account menu), through the footer's entry. */
export function openFeedback(): void {
  for (const open of openers) open();
}

/**
 * The feedback entry for signed-in members, docked in the footer (never floating over content),
 * with the feedback dialog it opens. The account menu opens the same dialog via openFeedback().
 */
export function FeedbackButton({ className }: { className?: string }) {
  const t = useFeedbackT();
  const status = useAuthStatus();
  const [open, setOpen] = useState(false);
  // Mounted from its first opening on, so closing keeps the dialog's own behaviour (focus back, text cleared).
  const [wanted, setWanted] = useState(false);
  if (open && !wanted) setWanted(true);
  useEffect(() => {
    const opener = () => setOpen(true);
    openers.add(opener);
    return () => {
      openers.delete(opener);
    };
  }, []);
  if (status !== 'authenticated') return null;
  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        aria-label={t('buttonLabel')}
        aria-haspopup="dialog"
        className={cx(
          'inline-flex min-h-8 items-center gap-2 rounded-full border border-slate-700 px-3 py-1 text-sm font-semibold text-slate-200 hover:border-sky-500 hover:text-white',
          focusRing,
          className,
        )}
      >
        <svg viewBox="0 0 20 20" fill="currentColor" className="h-4 w-4 text-sky-400" aria-hidden="true">
          <path d="M3.5 3A1.5 1.5 0 0 0 2 4.5v8A1.5 1.5 0 0 0 3.5 14H6v3.25a.75.75 0 0 0 1.28.53L11.06 14h5.44A1.5 1.5 0 0 0 18 12.5v-8A1.5 1.5 0 0 0 16.5 3h-13Z" />
        </svg>
        {t('button')}
      </button>
      {wanted && (
        <Suspense fallback={null}>
          <FeedbackDialog open={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
