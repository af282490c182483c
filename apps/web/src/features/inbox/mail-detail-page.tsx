import { MAIL_EVENT, type MailEvent, type MailMessageDetail } from '@bm/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link, useParams } from 'react-router';
import { Markdown } from '../../components/markdown';
import { Alert, Button, ButtonLink, Spinner, Time, cx, focusRing } from '../../components/ui';
import { useDocumentTitle } from '../../components/use-document-title';
import { useAuth } from '../../lib/auth';
import { useRealtimeEvent } from '../../lib/realtime';
import { mailApi, mailKeys, mailMessageQuery } from './api';
import { useCategoryLabel, useInboxT } from './inbox-text';

/** /mail/{id}: opening the message marks it read (the server does so on GET); Hide or Unhide it here. */
export function MailDetailPage() {
  const t = useInboxT();
  const categoryLabel = useCategoryLabel();
  const { id: raw } = useParams();
  const id = Number(raw);
  const valid = Number.isSafeInteger(id) && id > 0;
  const memberId = useAuth().member?.id ?? 0;
  const queryClient = useQueryClient();
  const key = mailKeys.message(memberId, id);
  const query = useQuery({ ...mailMessageQuery(memberId, id), enabled: valid });
  const message = query.data;
  useDocumentTitle(message?.subject ?? t('messageTitle'));

  // Opening marked it read on the server: the unread count follows even without a live connection.
  const openedId = message?.id;
  useEffect(() => {
    if (openedId) void queryClient.invalidateQueries({ queryKey: mailKeys.unread(memberId) });
  }, [openedId, memberId, queryClient]);

  const patch = (change: Partial<MailMessageDetail>) =>
    queryClient.setQueryData<MailMessageDetail>(key, (old) => (old ? { ...old, ...change } : old));

  useRealtimeEvent<MailEvent>(MAIL_EVENT, (event) => {
    if (!event || event.data.id !== id) return;
    if (event.event === 'MailHidden') patch({ isHidden: true });
    else if (event.event === 'MailUnhidden') patch({ isHidden: false });
    else if (event.event === 'MailRead') patch({ status: 'O' });
  });

  const setHidden = (hidden: boolean) => {
    (hidden ? mailApi.hide(id) : mailApi.unhide(id))
      .then(() => {
        patch({ isHidden: hidden });
        void queryClient.invalidateQueries({
          queryKey: mailKeys.all(memberId),
          predicate: (q) => q.queryKey[2] !== 'message',
        });
      })
      // Failures are only logged (§4).
      .catch((err: unknown) => console.error(hidden ? 'Hide failed' : 'Unhide failed', err));
  };

  return (
    <section className="mx-auto max-w-3xl px-4 py-8">
      <Link
        to={message?.isHidden ? '/mail/hidden' : '/mail'}
        className={cx('rounded text-sm font-medium text-sky-300 hover:text-sky-200', focusRing)}
      >
        {message?.isHidden ? t('hiddenTitle') : t('backToInbox')}
      </Link>
      {!valid || query.isError ? (
        <>
          <h1 className="mt-4 text-3xl font-bold text-white">{t('messageTitle')}</h1>
          <Alert variant="error" className="mt-4">
            {t('fetchMessageFailed')}
          </Alert>
        </>
      ) : !message ? (
        <>
          <h1 className="mt-4 text-3xl font-bold text-white">{t('messageTitle')}</h1>
          <Spinner className="mt-4" label={t('loading')} />
        </>
      ) : (
        <article className="mt-4 rounded-xl border border-slate-800 bg-slate-900/60 p-6">
          <header className="flex flex-wrap items-start justify-between gap-3 border-b border-slate-800 pb-4">
            <div className="min-w-0">
              <h1 className="break-words text-2xl font-bold text-white">{message.subject}</h1>
              <p className="mt-1 text-sm text-slate-400">
                {t('from', { sender: message.from })} · {categoryLabel(message.category)} ·{' '}
                <Time value={message.createdAt} />
              </p>
            </div>
            <Button variant="outline" size="sm" onClick={() => setHidden(!message.isHidden)}>
              {message.isHidden ? t('unhide') : t('hide')}
            </Button>
          </header>
          {message.isHidden && (
            <Alert variant="info" className="mt-4">
              {t('hiddenNote')}
            </Alert>
          )}
          <Markdown html={message.bodyHtml} className="mt-4 text-slate-200" />
          {message.link && (
            <ButtonLink to={message.link} className="mt-6">
              {t('open')}
            </ButtonLink>
          )}
        </article>
      )}
    </section>
  );
}
