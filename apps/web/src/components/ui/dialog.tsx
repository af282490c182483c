import { useEffect, useId, useRef, type ReactNode, type RefObject } from 'react';
import { createPortal } from 'react-dom';
import { useCommonT } from '../../lib/i18n/common';
import { cx, focusRing } from './cx';

const FOCUSABLE =
  'a[href], area[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), iframe, [tabindex]:not([tabindex="-1"]), [contenteditable="true"]';

function focusables(root: HTMLElement): HTMLElement[] {
  return Array.from(root.querySelectorAll<HTMLElement>(FOCUSABLE)).filter((el) => !el.hasAttribute('inert'));
}

/**
 * While any dialog is open, the app behind it (#root: dialogs and the toaster render beside it, in
 * body) is inert: out of the tab order and of what a screen reader reads, not only hidden by the
 * backdrop. Counted, for a dialog opened from another.
 */
let dialogsOpen = 0;
function appInert(on: boolean) {
  const app = document.getElementById('root');
  dialogsOpen += on ? 1 : -1;
  if (!app) return;
  if (dialogsOpen > 0) app.setAttribute('inert', '');
  else app.removeAttribute('inert');
}

export interface DialogProps {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  /** Element focused on open (default: the first focusable one). */
  initialFocus?: RefObject<HTMLElement | null>;
  className?: string;
  /** Hide the × button in the corner. */
  hideClose?: boolean;
  /** 'alertdialog' for a question that needs an answer before going on (confirmations). */
  role?: 'dialog' | 'alertdialog';
}

/**
 * A modal dialog: role=dialog + aria-modal, named by its title, focus kept inside while open,
 * Escape and the backdrop close it, the app behind it is inert, focus returns to where it was.
 */
export function Dialog({
  open,
  onClose,
  title,
  description,
  children,
  initialFocus,
  className,
  hideClose,
  role = 'dialog',
}: DialogProps) {
  const t = useCommonT();
  const panelRef = useRef<HTMLDivElement>(null);
  const onCloseRef = useRef(onClose);
  const titleId = useId();
  const descId = useId();

  useEffect(() => {
    onCloseRef.current = onClose;
  });

  useEffect(() => {
    if (!open) return;
    const previous = document.activeElement as HTMLElement | null;
    appInert(true);
    const panel = panelRef.current;
    const target = initialFocus?.current ?? (panel ? focusables(panel)[0] : null) ?? panel;
    target?.focus();

    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        e.stopPropagation();
        onCloseRef.current();
        return;
      }
      if (e.key !== 'Tab' || !panel) return;
      const items = focusables(panel);
      if (items.length === 0) {
        e.preventDefault();
        panel.focus();
        return;
      }
      const first = items[0]!;
      const last = items[items.length - 1]!;
      if (e.shiftKey && (document.activeElement === first || document.activeElement === panel)) {
        e.preventDefault();
        last.focus();
      } else if (!e.shiftKey && document.activeElement === last) {
        e.preventDefault();
        first.focus();
      }
    };
    document.addEventListener('keydown', onKey, true);
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      document.removeEventListener('keydown', onKey, true);
      document.body.style.overflow = overflow;
      appInert(false);
      if (previous && document.contains(previous)) previous.focus();
    };
  }, [open, initialFocus]);

  if (!open) return null;
  return createPortal(
    <div className="fixed inset-0 z-50 flex items-center justify-center p-4">
      <div className="absolute inset-0 bg-black/70 backdrop-blur-sm" aria-hidden="true" onClick={() => onClose()} />
      <div
        ref={panelRef}
        role={role}
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={description ? descId : undefined}
        tabIndex={-1}
        className={cx(
          'relative max-h-full w-full max-w-md overflow-y-auto overscroll-contain rounded-2xl border border-slate-700 bg-slate-900 p-6 shadow-2xl shadow-black/50 focus:outline-none',
          className,
        )}
      >
        <div className="mb-4 flex items-start justify-between gap-4">
          <div>
            <h2 id={titleId} className="text-lg font-bold text-white">
              {title}
            </h2>
            {description && (
              <p id={descId} className="mt-1 text-sm text-slate-400">
                {description}
              </p>
            )}
          </div>
          {!hideClose && (
            <button
              type="button"
              onClick={() => onClose()}
              aria-label={t('close')}
              className={cx('rounded-md p-1 text-slate-400 hover:bg-slate-800 hover:text-white', focusRing)}
            >
              <svg viewBox="0 0 20 20" className="h-5 w-5" fill="currentColor" aria-hidden="true">
                <path d="M6.28 5.22a.75.75 0 0 0-1.06 1.06L8.94 10l-3.72 3.72a.75.75 0 1 0 1.06 1.06L10 11.06l3.72 3.72a.75.75 0 1 0 1.06-1.06L11.06 10l3.72-3.72a.75.75 0 0 0-1.06-1.06L10 8.94 6.28 5.22Z" />
              </svg>
            </button>
          )}
        </div>
        {children}
      </div>
    </div>,
    document.body,
  );
}
