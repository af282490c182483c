import type { ReactNode } from 'react';
import { BackLink } from './back-link';
import { cx } from './ui';

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
