import { MAIL_EVENT, MAIL_PAGE_SIZE, pageCount, type MailEvent, type MailMessage, type MailPage } from '@bm/core';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { ListTop } from '../../components/list-top';
import { Pagination } from '../../components/pagination';
import { Alert, cx, focusRing, inputClasses, Spinner } from '../../components/ui';
import { useDocumentTitle } from '../../components/use-document-title';
import { useAuth } from '../../lib/auth';
import { useRealtimeEvent } from '../../lib/realtime';
import { inboxQuery, mailCategoriesQuery, mailKeys, type InboxParams } from './api';
import { useCategoryLabel, useInboxT } from './inbox-text';
import { ListControls } from './list-controls';
import { MailList } from './mail-list';
import { withRead, withReceived, without } from './mail-live';
import { useUnreadMailCount } from './use-unread-mail-count';

/** /mail: the member's inbox with search, category, page size and paging, updated live. */
export function InboxPage() {
  const t = useInboxT();
  const categoryLabel = useCategoryLabel();
  useDocumentTitle(t('inboxTitle'));
  const memberId = useAuth().member?.id ?? 0;
  const queryClient = useQueryClient();
  const unread = useUnreadMailCount();
  const [params, setParams] = useState<InboxParams>({ page: 1, pageSize: MAIL_PAGE_SIZE, search: '', category: '' });
  const query = useQuery({ ...inboxQuery(memberId, params), placeholderData: keepPreviousData });
  const categories = useQuery(mailCategoriesQuery(memberId));
  const categoryId = useId();

  // Search, category and page size start again at page 1.
  const change = (next: Partial<Omit<InboxParams, 'page'>>) => setParams((p) => ({ ...p, ...next, page: 1 }));

  useRealtimeEvent<MailEvent>(MAIL_EVENT, (event) => {
    const key = mailKeys.list(memberId, params);
    const update = (fn: (page: MailPage) => MailPage) =>
      queryClient.setQueryData<MailPage>(key, (old) => (old ? fn(old) : old));
    if (event?.event === 'MailReceived') update((page) => withReceived(page, event.data as MailMessage, params));
    else if (event?.event === 'MailRead') update((page) => withRead(page, event.data.id));
    else if (event?.event === 'MailHidden') update((page) => without(page, event.data.id));
    if (event?.event !== 'MailUnhidden')
      void queryClient.invalidateQueries({ queryKey: mailKeys.categories(memberId) });
  });

  const data = query.data;
  const totalPages = data ? pageCount(data.totalCount, params.pageSize) : 1;

  return (
    <section className="mx-auto max-w-4xl px-4 py-8">
      <div className="mb-6 flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="text-3xl font-bold text-white">{t('inboxTitle')}</h1>
          <p className="mt-1 text-sm text-slate-400" aria-live="polite" data-testid="inbox-unread">
            {t('unread', { count: unread })}
          </p>
        </div>
        <Link
          to="/mail/hidden"
          className={cx('rounded text-sm font-medium text-sky-300 hover:text-sky-200', focusRing)}
        >
          {t('hiddenLink')}
        </Link>
      </div>
      <ListControls
        search={params.search}
        onSearch={(search) => change({ search })}
        pageSize={params.pageSize}
        onPageSize={(pageSize) => change({ pageSize })}
      >
        <div>
          <label htmlFor={categoryId} className="mb-1 block text-sm font-medium text-slate-200">
            {t('categoryLabel')}
          </label>
          <select
            id={categoryId}
            value={params.category}
            onChange={(e) => change({ category: e.target.value })}
            className={cx(inputClasses(false), 'h-10 py-0 sm:w-48')}
          >
            <option value="">{t('allCategories')}</option>
            {(categories.data ?? []).map((c) => (
              <option key={c.category} value={c.category}>
                {t('categoryCount', { category: categoryLabel(c.category), n: c.count })}
              </option>
            ))}
          </select>
        </div>
      </ListControls>
      <ListTop watch={JSON.stringify(params)} />
      <div className="mt-6">
        {query.isError ? (
          <Alert variant="error">{t('fetchInboxFailed')}</Alert>
        ) : !data ? (
          <Spinner label={t('loading')} />
        ) : data.items.length === 0 ? (
          <p className="rounded-xl border border-slate-800 px-4 py-10 text-center text-slate-400">{t('empty')}</p>
        ) : (
          <MailList items={data.items} />
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
