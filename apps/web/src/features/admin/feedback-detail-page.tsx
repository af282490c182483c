import { FEEDBACK_STATUSES, type FeedbackItem, type FeedbackStatus } from '@bm/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link, useParams } from 'react-router';
import { Alert, Button, Card, Time } from '../../components/ui';
import { errorText } from '../../lib/api';
import { useIsAdmin } from '../../lib/auth';
import { toast } from '../../lib/toast';
import { adminApi, adminKeys, feedbackItemQuery } from './api';
import { adminMessage, MARK_AS_KEYS, useAdminT } from './admin-text';
import { FeedbackStatusBadge, feedbackLinkClass } from './feedback-status';
import { AdminSection, QueryState } from './shared';

function PageLink({ url }: { url: string }) {
  if (url.startsWith('/') && !url.startsWith('//')) {
    return (
      <Link to={url} className={feedbackLinkClass}>
        {url}
      </Link>
    );
  }
  if (/^https?:\/\//i.test(url)) {
    return (
      <a href={url} className={feedbackLinkClass} rel="noopener noreferrer">
        {url}
      </a>
    );
  }
  return <span>{url}</span>;
}

function FeedbackDetail({ item }: { item: FeedbackItem }) {
  const t = useAdminT();
  const isAdmin = useIsAdmin();
  const qc = useQueryClient();
  const setStatus = useMutation({
    mutationFn: (status: FeedbackStatus) => adminApi.setFeedbackStatus(item.id, status),
    onSuccess: (next) => {
      qc.setQueryData(adminKeys.feedbackItem(item.id), next);
      void qc.invalidateQueries({ queryKey: [...adminKeys.feedback(), 'list'] });
      toast.success(t('feedback.updated'));
    },
    onError: (e) => toast.error(adminMessage(errorText(e, t('feedback.updateFailed')))),
  });
  return (
    <Card className="flex flex-col gap-4">
      <p className="whitespace-pre-wrap break-words text-slate-100">{item.content}</p>
      <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[auto_1fr]">
        <dt className="text-slate-400">{t('feedback.from')}</dt>
        <dd>
          {item.member ? (
            <Link to={`/members/${encodeURIComponent(item.member.username)}`} className={feedbackLinkClass}>
              {item.member.username}
            </Link>
          ) : (
            t('feedback.anonymous')
          )}
        </dd>
        <dt className="text-slate-400">{t('feedback.page')}</dt>
        <dd className="break-all">{item.url ? <PageLink url={item.url} /> : '—'}</dd>
        <dt className="text-slate-400">{t('feedback.userAgent')}</dt>
        <dd className="break-words text-slate-300">{item.userAgent ?? '—'}</dd>
        <dt className="text-slate-400">{t('feedback.received')}</dt>
        <dd className="text-slate-300">
          <Time value={item.createdAt} />
        </dd>
        <dt className="text-slate-400">{t('feedback.status')}</dt>
        <dd>
          <FeedbackStatusBadge status={item.status} />
        </dd>
      </dl>
      {isAdmin && (
        <div className="flex flex-wrap gap-2" role="group" aria-label={t('feedback.status')}>
          {FEEDBACK_STATUSES.map((s) => (
            <Button
              key={s}
              size="sm"
              variant={item.status === s ? 'primary' : 'outline'}
              aria-pressed={item.status === s}
              disabled={setStatus.isPending}
              onClick={() => item.status !== s && setStatus.mutate(s)}
            >
              {t(MARK_AS_KEYS[s])}
            </Button>
          ))}
        </div>
      )}
    </Card>
  );
}

export function FeedbackDetailPage() {
  const t = useAdminT();
  const id = Number(useParams().id);
  const qc = useQueryClient();
  const valid = Number.isSafeInteger(id) && id > 0;
  const q = useQuery({ ...feedbackItemQuery(id), enabled: valid });
  const loaded = q.isSuccess;
  // Opening marks new feedback seen on the server: the list shows it next time.
  useEffect(() => {
    if (loaded) void qc.invalidateQueries({ queryKey: [...adminKeys.feedback(), 'list'] });
  }, [loaded, qc]);
  return (
    <AdminSection
      title={t('feedback.detailTitle', { id })}
      actions={
        <Link to="/admin/feedback" className={feedbackLinkClass}>
          {t('feedback.back')}
        </Link>
      }
    >
      {valid ? (
        <QueryState query={q} failedText={t('feedback.loadFailed')}>
          {(item) => <FeedbackDetail item={item} />}
        </QueryState>
      ) : (
        <Alert variant="error">{t('messages.feedbackNotFound')}</Alert>
      )}
    </AdminSection>
  );
}
