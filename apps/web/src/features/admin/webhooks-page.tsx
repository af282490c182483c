import type { WebhookDelivery } from '@bm/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Alert, Button, TextField, Time, cx, focusRing, DataTable, dataTableClasses as tc } from '../../components/ui';
import { errorText } from '../../lib/api';
import { useIsAdmin } from '../../lib/auth';
import { toast } from '../../lib/toast';
import { adminApi, adminKeys, deliveriesQuery } from './api';
import { adminMessage, deliveryOutcome, useAdminT } from './admin-text';
import { AdminSection, Badge, QueryState } from './shared';
import { WebhookEndpointsSection } from './webhook-endpoints';

function statusTone(d: WebhookDelivery) {
  if (d.error || d.statusCode === null) return 'bad' as const;
  return d.statusCode < 300 ? ('good' as const) : ('warn' as const);
}

function Body({ label, text }: { label: string; text: string | null }) {
  const t = useAdminT();
  return (
    <details className="mt-1">
      <summary className={cx('cursor-pointer rounded text-xs text-sky-300 hover:text-sky-200', focusRing)}>
        {label}
      </summary>
      <pre className="mt-1 max-h-64 overflow-auto whitespace-pre-wrap break-all rounded-lg bg-slate-950 p-2 text-xs text-slate-200">
        {text || t('webhooks.empty')}
      </pre>
    </details>
  );
}

function DeliveryRow({ d, canRedeliver }: { d: WebhookDelivery; canRedeliver: boolean }) {
  const t = useAdminT();
  const qc = useQueryClient();
  const redeliver = useMutation({
    mutationFn: () => adminApi.redeliver(d.id),
    onSuccess: (next) => {
      toast.show(deliveryOutcome(next), { variant: next.error ? 'error' : 'success' });
      void qc.invalidateQueries({ queryKey: adminKeys.deliveries() });
    },
    onError: (e) => toast.error(adminMessage(errorText(e))),
  });
  return (
    <tr data-testid="delivery-row">
      <td className={`${tc.td} whitespace-nowrap`}>
        <Time value={d.createdAt} />
      </td>
      <td className={tc.td}>{d.direction === 'out' ? t('webhooks.direction.out') : t('webhooks.direction.in')}</td>
      <td className={tc.td}>{d.kind}</td>
      <td className={`${tc.td} max-w-72`}>
        <span className="block break-all">{d.url}</span>
        <Body label={t('webhooks.request')} text={d.requestBody} />
        <Body label={t('webhooks.response')} text={d.responseBody} />
      </td>
      <td className={tc.td}>
        <Badge tone={statusTone(d)}>{d.statusCode ?? '—'}</Badge>
        {d.error && <span className="mt-1 block break-words text-xs text-rose-300">{d.error}</span>}
      </td>
      <td className={`${tc.td} whitespace-nowrap`}>{d.latencyMs === null ? '—' : t('latency', { ms: d.latencyMs })}</td>
      <td className={tc.td}>
        {canRedeliver && d.direction === 'out' && (
          <Button
            size="sm"
            variant="outline"
            disabled={redeliver.isPending}
            onClick={() => redeliver.mutate()}
            aria-label={t('webhooks.redeliverLabel', { id: d.deliveryId })}
          >
            {t('webhooks.redeliver')}
          </Button>
        )}
      </td>
    </tr>
  );
}

function TestForm() {
  const t = useAdminT();
  const qc = useQueryClient();
  const [url, setUrl] = useState('');
  const send = useMutation({
    mutationFn: () => adminApi.sendTestWebhook(url),
    onSuccess: () => void qc.invalidateQueries({ queryKey: adminKeys.deliveries() }),
    // Its error is shown under the form (below), not also in a toast.
    meta: { errorShownInPlace: true },
  });
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    send.mutate();
  };
  return (
    <div className="flex flex-col gap-3 rounded-xl border border-slate-800 p-4">
      <form onSubmit={onSubmit} className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <div className="flex-1">
          <TextField
            label={t('webhooks.url')}
            hint={t('webhooks.urlHint')}
            type="url"
            value={url}
            onChange={(e) => setUrl(e.target.value)}
            placeholder="https://"
          />
        </div>
        <Button type="submit" disabled={send.isPending}>
          {send.isPending ? t('webhooks.sending') : t('webhooks.send')}
        </Button>
      </form>
      {send.isSuccess && <Alert variant={send.data.error ? 'error' : 'success'}>{deliveryOutcome(send.data)}</Alert>}
      {send.isError && <Alert variant="error">{adminMessage(errorText(send.error))}</Alert>}
    </div>
  );
}

export function WebhooksPage() {
  const t = useAdminT();
  const isAdmin = useIsAdmin();
  const q = useQuery(deliveriesQuery());
  return (
    <AdminSection title={t('webhooks.title')}>
      {isAdmin && <WebhookEndpointsSection />}
      {isAdmin && <TestForm />}
      <h3 className="text-lg font-semibold text-white">{t('webhooks.deliveries')}</h3>
      <QueryState query={q} failedText={t('webhooks.loadFailed')} emptyText={t('webhooks.none')}>
        {(list) => (
          <DataTable
            caption={t('webhooks.deliveries')}
            columns={[
              t('webhooks.columns.when'),
              t('webhooks.columns.direction'),
              t('webhooks.columns.kind'),
              t('webhooks.columns.url'),
              t('webhooks.columns.status'),
              t('webhooks.columns.latency'),
              <span key="actions" className="sr-only">
                {t('webhooks.columns.actions')}
              </span>,
            ]}
          >
            {list.map((d) => (
              <DeliveryRow key={d.id} d={d} canRedeliver={isAdmin} />
            ))}
          </DataTable>
        )}
      </QueryState>
    </AdminSection>
  );
}
