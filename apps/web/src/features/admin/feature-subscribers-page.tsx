import { pageCount } from '@bm/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Pagination } from '../../components/pagination';
import { Alert, TextAreaField, TextField, Time, DataTable, dataTableClasses as tc } from '../../components/ui';
import { errorText } from '../../lib/api';
import { useIsAdmin } from '../../lib/auth';
import { toast } from '../../lib/toast';
import { adminApi, subscribersQuery, upcomingFeaturesQuery } from './api';
import { useAdminT } from './admin-text';
import { AdminFilter, AdminSection, CreateCard, MemberCell, QueryState, useFilterAndPage } from './shared';

function SendMessageForm({ feature }: { feature: string }) {
  const t = useAdminT();
  const [subject, setSubject] = useState('');
  const [body, setBody] = useState('');
  const [error, setError] = useState<string | null>(null);
  const send = useMutation({
    mutationFn: () => adminApi.sendFeatureMessage({ feature, subject: subject.trim(), body: body.trim() }),
    onSuccess: () => {
      toast.success(t('subscribers.sent'));
      setSubject('');
      setBody('');
    },
    onError: (e) => setError(errorText(e, t('subscribers.sendFailed'))),
  });
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    if (!subject.trim() || !body.trim()) {
      setError(t('subscribers.required'));
      return;
    }
    send.mutate();
  };
  return (
    <CreateCard
      titleId="subscribers-message-title"
      title={t('subscribers.messageTitle')}
      onSubmit={onSubmit}
      error={error}
      pending={send.isPending}
      submitLabel={send.isPending ? t('subscribers.sending') : t('subscribers.send')}
    >
      <TextField
        label={t('subscribers.subject')}
        value={subject}
        maxLength={200}
        onChange={(e) => setSubject(e.target.value)}
      />
      <TextAreaField
        label={t('subscribers.body')}
        value={body}
        rows={5}
        maxLength={5000}
        onChange={(e) => setBody(e.target.value)}
      />
    </CreateCard>
  );
}

function Subscribers({ feature, page, onPage }: { feature: string; page: number; onPage: (n: number) => void }) {
  const t = useAdminT();
  const q = useQuery(subscribersQuery({ feature, page }));
  return (
    <QueryState query={q} failedText={t('subscribers.loadFailed')} emptyText={t('subscribers.none')}>
      {(d) => {
        return (
          <>
            <p className="text-sm text-slate-400">{t('subscribers.count', { count: d.totalCount })}</p>
            <DataTable
              caption={t('subscribers.title')}
              columns={[t('subscribers.columns.member'), t('subscribers.columns.subscribed')]}
            >
              {d.items.map((s) => (
                <tr key={s.memberId} data-testid="subscriber-row">
                  <MemberCell username={s.username} />
                  <td className={tc.td}>
                    <Time value={s.subscribedAt} />
                  </td>
                </tr>
              ))}
            </DataTable>
            <Pagination page={d.page} totalPages={pageCount(d.totalCount, d.pageSize)} onPageChange={onPage} />
          </>
        );
      }}
    </QueryState>
  );
}

export function FeatureSubscribersPage() {
  const t = useAdminT();
  const isAdmin = useIsAdmin();
  const features = useQuery(upcomingFeaturesQuery());
  const { filter, page, setFilter, setPage } = useFilterAndPage('feature', '');
  const feature = filter ?? '';
  return (
    <AdminSection title={t('subscribers.title')}>
      <QueryState query={features} failedText={t('subscribers.featuresFailed')} emptyText={t('subscribers.noFeatures')}>
        {(list) => (
          <AdminFilter
            label={t('subscribers.feature')}
            labelClassName="text-sm text-slate-300"
            value={feature}
            onChange={setFilter}
            className="h-10 max-w-sm py-0"
          >
            <option value="">{t('subscribers.pickFeature')}</option>
            {list.map((f) => (
              <option key={f.key} value={f.key}>
                {f.isCompleted ? t('subscribers.completed', { name: f.name }) : f.name}
              </option>
            ))}
          </AdminFilter>
        )}
      </QueryState>
      {/* The server lists subscribers to administrators only; moderators see the features. */}
      {!isAdmin ? (
        <Alert variant="info">{t('subscribers.adminOnly')}</Alert>
      ) : (
        feature && (
          <>
            <Subscribers feature={feature} page={page} onPage={setPage} />
            <SendMessageForm key={feature} feature={feature} />
          </>
        )
      )}
    </AdminSection>
  );
}
