import type { ReactNode } from 'react';

export const dataTableClasses = {
  // relative: an sr-only caption or header (position: absolute) is then clipped by the scrolling frame,
  // not laid out against the page, where it widened a phone's page past its edge.
  wrap: 'relative overflow-x-auto rounded-xl border border-slate-800',
  table: 'w-full min-w-[640px] text-left text-sm',
  head: 'border-b border-slate-800 bg-slate-900/60 text-xs uppercase tracking-wide text-slate-400',
  th: 'px-3 py-2 font-semibold',
  body: 'divide-y divide-slate-800',
  td: 'px-3 py-2 align-top text-slate-300',
};

/**
 * A table of records for the staff's pages: it scrolls sideways within its frame on a phone, its
 * caption names it for screen readers, and its header row is `columns`; the rows are the children.
 */
export function DataTable({
  caption,
  columns,
  children,
}: {
  caption: string;
  columns: ReactNode[];
  children: ReactNode;
}) {
  const c = dataTableClasses;
  return (
    <div className={c.wrap}>
      <table className={c.table}>
        <caption className="sr-only">{caption}</caption>
        <thead className={c.head}>
          <tr>
            {columns.map((column, i) => (
              <th key={i} scope="col" className={c.th}>
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className={c.body}>{children}</tbody>
      </table>
    </div>
  );
}
