import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { cx, focusRing } from './ui';

/** '← Back to …' above a page: the way to the list the page belongs to. */
export function BackLink({ to, className, children }: { to: string; className?: string; children: ReactNode }) {
  return (
    <Link
      to={to}
      className={cx(
        className,
        'inline-flex items-center gap-1 rounded text-sm text-slate-400 hover:text-white',
        focusRing,
      )}
    >
      <span aria-hidden="true">←</span> {children}
    </Link>
  );
}

/** A detail page (a plugin, a car, a collection): an article (as wide as `className` says) under its way back to the list. */
export function DetailArticle({
  backTo,
  backText,
  className,
  children,
}: {
  backTo: string;
  backText: ReactNode;
  className: string;
  children: ReactNode;
}) {
  return (
    <article className={cx('mx-auto px-4 py-8', className)}>
      <BackLink to={backTo} className="mb-4">
        {backText}
      </BackLink>
      {children}
    </article>
  );
}
