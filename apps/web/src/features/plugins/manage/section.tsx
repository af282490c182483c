import { useId, type ReactNode } from 'react';
import { Card, cx } from '../../../components/ui';

/** One card of the manage page, named by its heading; `id` lets the section nav jump to it. */
export function ManageSection({
  id,
  title,
  intro,
  children,
  className,
}: {
  id: string;
  title: string;
  intro?: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  const headingId = useId();
  return (
    <section id={id} aria-labelledby={headingId} className="scroll-mt-24">
      <Card className={cx('space-y-4', className)}>
        <div>
          <h2 id={headingId} className="text-lg font-bold text-white">
            {title}
          </h2>
          {intro && <p className="mt-1 text-sm text-slate-400">{intro}</p>}
        </div>
        {children}
      </Card>
    </section>
  );
}

/** A polite live region: what just happened in a section (saved, uploaded), read out by screen readers. */
export function SectionStatus({ message, tone = 'success' }: { message: string | null; tone?: 'success' | 'error' }) {
  return (
    <p
      role="status"
      aria-live="polite"
      className={cx('min-h-5 text-sm', tone === 'error' ? 'text-rose-400' : 'text-emerald-400')}
    >
      {message ?? ''}
    </p>
  );
}
