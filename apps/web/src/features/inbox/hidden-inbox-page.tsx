import { MAIL_EVENT, MAIL_PAGE_SIZE, pageCount, type MailEvent, type MailPage } from '@bm/core';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { ListTop } from '../../components/list-top';
import { Pagination } from '../../components/pagination';
import { Alert, Button, cx, focusRing, Spinner } from '../../components/ui';
import { useDocumentTitle } from '../../components/use-document-title';
import { useAuth } from '../../lib/auth';
import { useRealtimeEvent } from '../../lib/realtime';
import { hiddenInboxQuery, mailApi, mailKeys, type InboxParams } from './api';
import { useInboxT } from './inbox-text';
import { ListControls } from './list-controls';
import { MailList } from './mail-list';
import { withRead, without } from './mail-live';

type HiddenParams = Omit<InboxParams, 'category'>;

/** /mail/hidden: messages the member hid, each with Unhide. */
export function HiddenInboxPage() {
  const t = useInboxT();
  useDocumentTitle(t('hiddenTitle'));
  const memberId = useAuth().member?.id ?? 0;
  const queryClient = useQueryClient();
  const [params, setParams] = useState<HiddenParams>({ page: 1, pageSize: MAIL_PAGE_SIZE, search: '' });
  const query = useQuery({ ...hiddenInboxQuery(memberId, params), placeholderData: keepPreviousData });
  const change = (next: Partial<Omit<HiddenParams, 'page'>>) => setParams((p) => ({ ...p, ...next, page: 1 }));
  const update = (fn: (page: MailPage) => MailPage) =>
    queryClient.setQueryData<MailPage>(mailKeys.hidden(memberId, params), (old) => (old ? fn(old) : old));

  useRealtimeEvent<MailEvent>(MAIL_EVENT, (event) => {
    if (event?.event === 'MailUnhidden') update((page) => without(page, event.data.id));
    else if (event?.event === 'MailRead') update((page) => withRead(page, event.data.id));
    else if (event?.event === 'MailHidden')
      void queryClient.invalidateQueries({ queryKey: mailKeys.hidden(memberId, params) });
  });

  const unhide = (id: number) => {
    mailApi
      .unhide(id)
      .then(() => {
        update((page) => without(page, id));
        void queryClient.invalidateQueries({ queryKey: mailKeys.all(memberId) });
      })
      // Failures are only logged (§4).
      .catch((err: unknown) => console.error('Unhide failed', err));
  };

  const data = query.data;
  const totalPages = data ? pageCount(data.totalCount, params.pageSize) : 1;
  return (
    <section className="mx-auto max-w-4xl px-4 py-8">
      <div className="mb-6 flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-3xl font-bold text-white">{t('hiddenTitle')}</h1>
        <Link to="/mail" className={cx('rounded text-sm font-medium text-sky-300 hover:text-sky-200', focusRing)}>
          {t('backToInbox')}
        </Link>
      </div>
      <ListControls
        search={params.search}
        onSearch={(search) => change({ search })}
        pageSize={params.pageSize}
        onPageSize={(pageSize) => change({ pageSize })}
      />
      <ListTop watch={JSON.stringify(params)} />
      <div className="mt-6">
        {query.isError ? (
          <Alert variant="error">{t('fetchHiddenFailed')}</Alert>
        ) : !data ? (
          <Spinner label={t('loading')} />
        ) : data.items.length === 0 ? (
          <p className="rounded-xl border border-slate-800 px-4 py-10 text-center text-slate-400">{t('emptyHidden')}</p>
        ) : (
          <MailList
            items={data.items}
            actions={(m) => (
              <Button
                size="sm"
                variant="outline"
                onClick={() => unhide(m.id)}
                aria-label={t('unhideLabel', { subject: m.subject })}
              >
                {t('unhide')}
              </Button>
            )}
          />
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
