import type { FormEvent, ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { LabelledSelect } from '../../components/labelled-select';
import { Alert, Button, Card, Spinner, cx, dataTableClasses as tc, focusRing } from '../../components/ui';
import { errorText } from '../../lib/api';
import { useDocumentTitle } from '../../components/use-document-title';
import { adminMessage, useAdminT } from './admin-text';

/** One admin section: its own heading (the layout holds the page's h1) and title, and its intro, if any. */
export function AdminSection({
  title,
  intro,
  actions,
  children,
}: {
  title: string;
  intro?: string;
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
      {intro && <p className="text-slate-400">{intro}</p>}
      {children}
    </section>
  );
}

/** What QueryState reads of a query (a useQuery result). */
interface QueryLike<T> {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  data: T | undefined;
}

/** True when an answer has nothing to show: an empty list, or a page whose items are empty. */
function isEmptyAnswer(data: unknown): boolean {
  if (Array.isArray(data)) return data.length === 0;
  const items = (data as { items?: unknown } | null)?.items;
  return Array.isArray(items) && items.length === 0;
}

/**
 * Loading, failed (the failure in the reader's language), empty (`emptyText`, when given, for an empty
 * list or page), or the content of one query, given its data.
 */
export function QueryState<T>({
  query,
  failedText,
  loadingLabel,
  emptyText,
  children,
}: {
  query: QueryLike<T>;
  failedText: string;
  loadingLabel?: string;
  emptyText?: string;
  children: (data: T) => ReactNode;
}) {
  useAdminT();
  if (query.isPending) return <Spinner label={loadingLabel} />;
  if (query.isError) return <Alert variant="error">{adminMessage(errorText(query.error, failedText))}</Alert>;
  const data = query.data as T;
  if (emptyText !== undefined && isEmptyAnswer(data)) return <p className="text-sm text-slate-400">{emptyText}</p>;
  return <>{children(data)}</>;
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

/**
 * A paged admin list's one filter (`key`) and its page, in the address: a filter of `all` and page 1
 * leave the address, and choosing a filter goes back to page 1. Each change is a history entry.
 */
export function useFilterAndPage(key: string, all: string) {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const change = (edit: (p: URLSearchParams) => void) => {
    const p = new URLSearchParams(params);
    edit(p);
    setParams(p);
  };
  const setFilter = (value: string) =>
    change((p) => {
      if (value === all) p.delete(key);
      else p.set(key, value);
      p.delete('page');
    });
  const setPage = (n: number) =>
    change((p) => {
      if (n <= 1) p.delete('page');
      else p.set('page', String(n));
    });
  return { filter: params.get(key), page, setFilter, setPage };
}

/**
 * The filter of a paged admin list: a select with its label at its left, calling `onChange` with the
 * value chosen. `className` sizes the select; the label is muted unless `labelClassName` says otherwise.
 */
export function AdminFilter({
  label,
  labelClassName = 'text-sm text-slate-400',
  value,
  onChange,
  className,
  children,
}: {
  label: string;
  labelClassName?: string;
  value: string;
  onChange: (value: string) => void;
  className: string;
  children: ReactNode;
}) {
  return (
    <LabelledSelect
      label={label}
      boxClassName="flex items-center gap-2"
      labelClassName={labelClassName}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      className={className}
    >
      {children}
    </LabelledSelect>
  );
}

/**
 * The card under an admin list that adds one to it (or sends its subscribers a message): a form named
 * by its heading (`titleId`), its fields, the failure (in the reader's language), and the submit
 * button, off while `pending`.
 */
export function CreateCard({
  titleId,
  title,
  onSubmit,
  error,
  pending,
  submitLabel,
  children,
}: {
  titleId: string;
  title: string;
  onSubmit: (e: FormEvent) => void;
  error: string | null | undefined;
  pending: boolean;
  submitLabel: string;
  children: ReactNode;
}) {
  return (
    <Card>
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-3" aria-labelledby={titleId}>
        <h3 id={titleId} className="text-lg font-semibold text-white">
          {title}
        </h3>
        {children}
        {error && <Alert variant="error">{adminMessage(error)}</Alert>}
        <div>
          <Button type="submit" disabled={pending}>
            {submitLabel}
          </Button>
        </div>
      </form>
    </Card>
  );
}

/** The last cell of an admin table's row: its buttons, side by side. */
export function ActionsCell({ children }: { children: ReactNode }) {
  return (
    <td className={tc.td}>
      <div className="flex flex-wrap gap-2">{children}</div>
    </td>
  );
}

/** A row's member: the name, a link to their profile; `bold` where the member is what the row is about. */
export function MemberCell({ username, bold = false }: { username: string; bold?: boolean }) {
  return (
    <td className={tc.td}>
      <Link
        to={`/members/${encodeURIComponent(username)}`}
        className={cx('rounded text-sky-300 hover:underline', bold && 'font-medium', focusRing)}
      >
        {username}
      </Link>
    </td>
  );
}

/** A row's two-state cell: a good badge with `texts[0]` while `on`, else an `offTone` one with `texts[1]`. */
export function StateCell({
  on,
  texts,
  offTone,
}: {
  on: boolean;
  texts: readonly [on: string, off: string];
  offTone: 'muted' | 'info';
}) {
  return (
    <td className={tc.td}>
      <Badge tone={on ? 'good' : offTone}>{on ? texts[0] : texts[1]}</Badge>
    </td>
  );
}

/** A row's Edit button (small, secondary), named for its row by `label`. */
export function EditButton({ label, onClick, children }: { label: string; onClick: () => void; children: ReactNode }) {
  return (
    <Button size="sm" variant="secondary" aria-label={label} onClick={onClick}>
      {children}
    </Button>
  );
}
