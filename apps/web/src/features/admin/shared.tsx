import type { ReactNode } from 'react';
import { Alert, Spinner, cx } from '../../components/ui';
import { errorText } from '../../lib/api';
import { useDocumentTitle } from '../../components/use-document-title';
import { adminMessage, useAdminT } from './admin-text';

/** One admin section: its own heading (the layout holds the page's h1) and title. */
export function AdminSection({
  title,
  actions,
  children,
}: {
  title: string;
  actions?: ReactNode;
  children: ReactNode;
}) {
  useDocumentTitle(title);
  return (
    <section aria-labelledby="admin-section-title" className="flex flex-col gap-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="admin-section-title" className="text-2xl font-semibold text-white">
          {title}
        </h2>
        {actions}
      </div>
      {children}
    </section>
  );
}

/** Loading, failed (the failure in the reader's language), or the content of one query. */
export function QueryState({
  isPending,
  error,
  failedText,
  loadingLabel,
  children,
}: {
  isPending: boolean;
  error: unknown;
  failedText: string;
  loadingLabel?: string;
  children: () => ReactNode;
}) {
  useAdminT();
  if (isPending) return <Spinner label={loadingLabel} />;
  if (error) return <Alert variant="error">{adminMessage(errorText(error, failedText))}</Alert>;
  return <>{children()}</>;
}

export const tableClasses = {
  // relative: an sr-only header (position: absolute) is then clipped by the scrolling wrapper, not
  // laid out against the page, where it widened a phone's page past its edge.
  wrap: 'relative overflow-x-auto rounded-xl border border-slate-800',
  table: 'w-full min-w-[640px] text-left text-sm',
  head: 'border-b border-slate-800 bg-slate-900/60 text-xs uppercase tracking-wide text-slate-400',
  th: 'px-3 py-2 font-semibold',
  body: 'divide-y divide-slate-800',
  td: 'px-3 py-2 align-top text-slate-300',
};

/**
 * An administration table: it scrolls sideways within its frame on a phone, its caption names it for
 * screen readers, and its header row is `columns`; the rows are the children.
 */
export function AdminTable({
  caption,
  columns,
  children,
}: {
  caption: string;
  columns: ReactNode[];
  children: ReactNode;
}) {
  const tc = tableClasses;
  return (
    <div className={tc.wrap}>
      <table className={tc.table}>
        <caption className="sr-only">{caption}</caption>
        <thead className={tc.head}>
          <tr>
            {columns.map((c, i) => (
              <th key={i} scope="col" className={tc.th}>
                {c}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className={tc.body}>{children}</tbody>
      </table>
    </div>
  );
}

export function Badge({ tone, children }: { tone: 'good' | 'bad' | 'muted' | 'info' | 'warn'; children: ReactNode }) {
  const tones = {
    good: 'bg-emerald-500/15 text-emerald-300',
    bad: 'bg-rose-500/15 text-rose-300',
    muted: 'bg-slate-700/60 text-slate-300',
    info: 'bg-sky-500/15 text-sky-300',
    warn: 'bg-amber-500/15 text-amber-200',
  };
  return (
    <span className={cx('inline-block rounded-full px-2 py-0.5 text-xs font-semibold', tones[tone])}>{children}</span>
  );
}
