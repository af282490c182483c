import { MAIL_EVENT, MAIL_PAGE_SIZE, type MailEvent, type MailPage } from '@bm/core';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '../../components/ui';
import { useDocumentTitle } from '../../components/use-document-title';
import { useAuth } from '../../lib/auth';
import { useRealtimeEvent } from '../../lib/realtime';
import { hiddenInboxQuery, mailApi, mailKeys, type InboxParams } from './api';
import { useInboxT } from './inbox-text';
import { MailPageFrame } from './mail-page';
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

  return (
    <MailPageFrame
      heading={<h1 className="text-3xl font-bold text-white">{t('hiddenTitle')}</h1>}
      link={{ to: '/mail', text: t('backToInbox') }}
      params={params}
      setParams={setParams}
      query={query}
      failedText={t('fetchHiddenFailed')}
      emptyText={t('emptyHidden')}
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
  );
}
