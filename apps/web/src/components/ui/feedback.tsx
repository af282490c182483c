import type { ReactNode } from 'react';
import { useCommonT } from '../../lib/i18n/common';
import { cx } from './cx';

export type AlertVariant = 'error' | 'success' | 'info' | 'warning';

const styles: Record<AlertVariant, string> = {
  error: 'border-rose-500/40 bg-rose-500/10 text-rose-200',
  success: 'border-emerald-500/40 bg-emerald-500/10 text-emerald-200',
  info: 'border-sky-500/40 bg-sky-500/10 text-sky-200',
  warning: 'border-amber-500/40 bg-amber-500/10 text-amber-100',
};

/** Errors are announced at once (role=alert); other notes politely (role=status). */
export function Alert({
  variant = 'info',
  title,
  children,
  className,
}: {
  variant?: AlertVariant;
  title?: ReactNode;
  children?: ReactNode;
  className?: string;
}) {
  return (
    <div
      role={variant === 'error' ? 'alert' : 'status'}
      className={cx('rounded-lg border px-3 py-2.5 text-sm', styles[variant], className)}
    >
      {title && <p className="font-semibold">{title}</p>}
      {children}
    </div>
  );
}

function SpinnerIcon() {
  return (
    <svg className="h-5 w-5 animate-spin text-sky-400" viewBox="0 0 24 24" fill="none" aria-hidden="true">
      <circle cx="12" cy="12" r="10" stroke="currentColor" strokeOpacity="0.25" strokeWidth="4" />
      <path d="M22 12a10 10 0 0 0-10-10" stroke="currentColor" strokeWidth="4" strokeLinecap="round" />
    </svg>
  );
}

/** A spinner whose words only a screen reader hears. */
export function Spinner({ label, className }: { label?: string; className?: string }) {
  const t = useCommonT();
  return (
    <span role="status" className={cx('inline-flex items-center gap-2', className)}>
      <SpinnerIcon />
      <span className="sr-only">{label ?? t('loading')}</span>
    </span>
  );
}

/** A spinner with its words visible and announced once (role=status). */
export function LoadingState({ text, className }: { text: string; className?: string }) {
  return (
    <div role="status" className={cx('flex items-center justify-center gap-3 text-slate-300', className)}>
      <SpinnerIcon />
      <span>{text}</span>
    </div>
  );
}

export function PageLoader({ label }: { label?: string }) {
  const t = useCommonT();
  return (
    <div className="flex min-h-[40vh] items-center justify-center">
      <Spinner label={label ?? t('loading')} />
    </div>
  );
}

export function Card({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <div className={cx('rounded-2xl border border-slate-800 bg-slate-900/70 p-6 shadow-xl shadow-black/20', className)}>
      {children}
    </div>
  );
}

export function ProgressBar({ value, label }: { value: number; label: string }) {
  const pct = Math.max(0, Math.min(100, Math.round(value)));
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={pct}
      className="h-2 w-full overflow-hidden rounded-full bg-slate-800"
    >
      <div className="h-full bg-sky-500 transition-[width]" style={{ width: `${pct}%` }} />
    </div>
  );
}
