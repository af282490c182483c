import { MAIL_EVENT, MAIL_PAGE_SIZE, type MailEvent, type MailMessage, type MailPage } from '@bm/core';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { LabelledSelect } from '../../components/labelled-select';
import { useDocumentTitle } from '../../components/use-document-title';
import { useAuth } from '../../lib/auth';
import { useRealtimeEvent } from '../../lib/realtime';
import { inboxQuery, mailCategoriesQuery, mailKeys, type InboxParams } from './api';
import { useCategoryLabel, useInboxT } from './inbox-text';
import { MailPageFrame } from './mail-page';
import { withRead, withReceived, without } from './mail-live';
import { useUnreadMailCount } from './use-unread-mail-count';

/** /mail: the member's inbox with search, category (from page 1 again), page size and paging, updated live. */
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

  return (
    <MailPageFrame
      heading={
        <div>
          <h1 className="text-3xl font-bold text-white">{t('inboxTitle')}</h1>
          <p className="mt-1 text-sm text-slate-400" aria-live="polite" data-testid="inbox-unread">
            {t('unread', { count: unread })}
          </p>
        </div>
      }
      link={{ to: '/mail/hidden', text: t('hiddenLink') }}
      params={params}
      setParams={setParams}
      query={query}
      failedText={t('fetchInboxFailed')}
      emptyText={t('empty')}
      controls={
        <LabelledSelect
          label={t('categoryLabel')}
          labelClassName="mb-1 block text-sm font-medium text-slate-200"
          value={params.category}
          onChange={(e) => setParams((p) => ({ ...p, category: e.target.value, page: 1 }))}
          className="h-10 py-0 sm:w-48"
        >
          <option value="">{t('allCategories')}</option>
          {(categories.data ?? []).map((c) => (
            <option key={c.category} value={c.category}>
              {t('categoryCount', { category: categoryLabel(c.category), n: c.count })}
            </option>
          ))}
        </LabelledSelect>
      }
    />
  );
}
