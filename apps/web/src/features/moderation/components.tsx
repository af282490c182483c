import { MODERATION_PAGE_SIZE, pageCount, submissionStatusName } from '@bm/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { ListTop } from '../../components/list-top';
import { Alert, Button, LoadingState, Time, cx, inputClasses } from '../../components/ui';
import { errorText } from '../../lib/api';
import { useCommonT } from '../../lib/i18n/common';
import { moderationMessage, statusText, useModerationT } from './moderation-text';

/** page and search kept in the address (?page=&search=), so Back and reload keep the place. */
export function useListParams() {
  const [sp, setSp] = useSearchParams();
  const page = Math.max(1, Number.parseInt(sp.get('page') ?? '1', 10) || 1);
  const search = sp.get('search') ?? '';
  const update = (patch: Record<string, string | number | null>) =>
    setSp((prev) => {
      const next = new URLSearchParams(prev);
      for (const [k, v] of Object.entries(patch)) {
        if (v === null || v === '' || (k === 'page' && v === 1)) next.delete(k);
        else next.set(k, String(v));
      }
      return next;
    });
  return {
    page,
    search,
    sp,
    setPage: (p: number) => update({ page: p }),
    setSearch: (s: string) => update({ search: s.trim() || null, page: null }),
    update,
  };
}

/** A search box that applies on Enter or with its Search button. */
export function ListSearch({
  value,
  onSearch,
  label: ownLabel,
}: {
  value: string;
  onSearch: (s: string) => void;
  label?: string;
}) {
  const t = useModerationT();
  const label = ownLabel ?? t('list.searchLabel');
  const [text, setText] = useState(value);
  const [seen, setSeen] = useState(value);
  if (seen !== value) {
    setSeen(value);
    setText(value);
  }
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSearch(text);
  };
  return (
    <form role="search" aria-label={label} onSubmit={submit} className="flex gap-2">
      <label className="sr-only" htmlFor="moderation-search">
        {label}
      </label>
      <input
        id="moderation-search"
        type="search"
        value={text}
        onChange={(e) => setText(e.target.value)}
        placeholder={t('list.searchPlaceholder')}
        className={cx(inputClasses(false), 'max-w-sm')}
      />
      <Button type="submit" variant="secondary">
        {t('list.search')}
      </Button>
    </form>
  );
}

export function Pager({
  page,
  pageSize,
  totalCount,
  onPage,
}: {
  page: number;
  pageSize: number;
  totalCount: number;
  onPage: (p: number) => void;
}) {
  const t = useModerationT();
  const common = useCommonT();
  const pages = pageCount(totalCount, pageSize);
  if (pages <= 1 && page <= 1) return null;
  return (
    <nav
      aria-label={common('pagination.nav')}
      className="mt-4 flex items-center justify-between gap-3 text-sm text-slate-300"
    >
      <Button
        variant="outline"
        size="sm"
        aria-label={t('list.prevLabel')}
        disabled={page <= 1}
        onClick={() => onPage(page - 1)}
      >
        {t('list.prev')}
      </Button>
      <span>{t('list.pageOf', { page: Math.min(page, pages), pages })}</span>
      <Button
        variant="outline"
        size="sm"
        aria-label={t('list.nextLabel')}
        disabled={page >= pages}
        onClick={() => onPage(page + 1)}
      >
        {t('list.next')}
      </Button>
    </nav>
  );
}

/** A moderation list's section, named by its heading. */
export function ListSection({ titleId, title, children }: { titleId: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={titleId} className="space-y-4">
      <h2 id={titleId} className="text-xl font-semibold text-white">
        {title}
      </h2>
      {children}
    </section>
  );
}

/**
 * A moderation list's body: loading, the error (`failed` unless the server says why), the empty
 * state (a text, or its own element), or the items from the list's top (scrolled back to when
 * `watch` changes) with the pager under them.
 */
export function PagedList<D extends { pageSize: number; totalCount: number }, I>({
  q,
  items,
  failed,
  empty,
  watch,
  page,
  onPage,
  children,
}: {
  q: UseQueryResult<D>;
  items: (data: D) => readonly I[];
  failed: string;
  empty: ReactNode;
  watch: string;
  page: number;
  onPage: (page: number) => void;
  children: (items: readonly I[]) => ReactNode;
}) {
  const t = useModerationT();
  if (q.isPending) return <LoadingState text={t('list.loading')} className="py-10" />;
  if (q.isError) return <Alert variant="error">{moderationMessage(t, errorText(q.error, failed))}</Alert>;
  const shown = items(q.data);
  if (shown.length === 0) {
    return typeof empty === 'string' ? <p className="py-8 text-center text-slate-400">{empty}</p> : <>{empty}</>;
  }
  return (
    <>
      <ListTop watch={watch} />
      {children(shown)}
      <Pager
        page={page}
        pageSize={q.data.pageSize || MODERATION_PAGE_SIZE}
        totalCount={q.data.totalCount}
        onPage={onPage}
      />
    </>
  );
}

/** '3 hours ago', with the exact time on hover and for assistive technology. */
export function When({ at }: { at: string }) {
  return <Time value={at} />;
}

const tones: Record<string, string> = {
  Pending: 'bg-amber-500/15 text-amber-200',
  Approved: 'bg-emerald-500/15 text-emerald-200',
  Rejected: 'bg-rose-500/15 text-rose-200',
  Building: 'bg-sky-500/15 text-sky-200',
  Queued: 'bg-sky-500/15 text-sky-200',
};

export function Badge({ children, tone }: { children: string; tone?: string }) {
  return (
    <span
      className={cx(
        'inline-block rounded-full px-2 py-0.5 text-xs font-semibold',
        tone ?? 'bg-slate-800 text-slate-300',
      )}
    >
      {children}
    </span>
  );
}

/** A submission's status in the reader's words, toned by what it is. */
export function StatusBadge({ status }: { status: string }) {
  const t = useModerationT();
  return <Badge tone={tones[submissionStatusName(status)]}>{statusText(t, status)}</Badge>;
}

export const tableClasses = {
  wrap: 'relative overflow-x-auto rounded-xl border border-slate-800',
  table: 'w-full text-left text-sm',
  head: 'bg-slate-900 text-xs uppercase tracking-wide text-slate-400',
  th: 'px-3 py-2 font-semibold',
  row: 'border-t border-slate-800',
  td: 'px-3 py-2 align-top text-slate-200',
};
