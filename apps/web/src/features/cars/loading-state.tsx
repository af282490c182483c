import { cx } from '../../components/ui';

/** A spinner with its words visible and announced once (role=status). */
export function LoadingState({ text, className }: { text: string; className?: string }) {
  return (
    <div role="status" className={cx('flex items-center justify-center gap-3 text-slate-300', className)}>
      <svg className="h-5 w-5 animate-spin text-sky-400" viewBox="0 0 24 24" fill="none" aria-hidden="true">
        <circle cx="12" cy="12" r="10" stroke="currentColor" strokeOpacity="0.25" strokeWidth="4" />
        <path d="M22 12a10 10 0 0 0-10-10" stroke="currentColor" strokeWidth="4" strokeLinecap="round" />
      </svg>
      <span>{text}</span>
    </div>
  );
}
