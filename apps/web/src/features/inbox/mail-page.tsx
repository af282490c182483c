import { pageCount, type MailMessage, type MailPage } from '@bm/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ListTop } from '../../components/list-top';
import { Pagination } from '../../components/pagination';
import { Alert, cx, focusRing, Spinner } from '../../components/ui';
import { useInboxT } from './inbox-text';
import { ListControls } from './list-controls';
import { MailList } from './mail-list';

export interface MailListParams {
  page: number;
  pageSize: number;
  search: string;
}

/**
 * A page of mail (/mail and /mail/hidden): the heading with the link to the other list, search and
 * page size (and any other control), the messages or the loading, failed and empty states, and paging.
 * Search and page size start again at page 1.
 */
export function MailPageFrame<P extends MailListParams>({
  heading,
  link,
  params,
  setParams,
  controls,
  query,
  failedText,
  emptyText,
  actions,
}: {
  heading: ReactNode;
  link: { to: string; text: string };
  params: P;
  setParams: (update: (p: P) => P) => void;
  controls?: ReactNode;
  query: { isError: boolean; data: MailPage | undefined };
  failedText: string;
  emptyText: string;
  actions?: (m: MailMessage) => ReactNode;
}) {
  const t = useInboxT();
  const { data } = query;
  const totalPages = data ? pageCount(data.totalCount, params.pageSize) : 1;
  return (
    <section className="mx-auto max-w-4xl px-4 py-8">
      <div className="mb-6 flex flex-wrap items-center justify-between gap-3">
        {heading}
        <Link to={link.to} className={cx('rounded text-sm font-medium text-sky-300 hover:text-sky-200', focusRing)}>
          {link.text}
        </Link>
      </div>
      <ListControls
        search={params.search}
        onSearch={(search) => setParams((p) => ({ ...p, search, page: 1 }))}
        pageSize={params.pageSize}
        onPageSize={(pageSize) => setParams((p) => ({ ...p, pageSize, page: 1 }))}
      >
        {controls}
      </ListControls>
      <ListTop watch={JSON.stringify(params)} />
      <div className="mt-6">
        {query.isError ? (
          <Alert variant="error">{failedText}</Alert>
        ) : !data ? (
          <Spinner label={t('loading')} />
        ) : data.items.length === 0 ? (
          <p className="rounded-xl border border-slate-800 px-4 py-10 text-center text-slate-400">{emptyText}</p>
        ) : (
          <MailList items={data.items} actions={actions} />
        )}
      </div>
      <Pagination
        className="mt-6"
        page={params.page}
        totalPages={totalPages}
        onPageChange={(page) => setParams((p) => ({ ...p, page }))}
      />
    </section>
  );
}
