import type { WebhookDelivery } from '@bm/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Alert, Button, TextField, Time, cx, focusRing } from '../../components/ui';
import { errorText } from '../../lib/api';
import { useIsAdmin } from '../../lib/auth';
import { toast } from '../../lib/toast';
import { adminApi, adminKeys, deliveriesQuery } from './api';
import { ADMIN_TEXT } from './constants';
import { AdminSection, Badge, QueryState, tableClasses as tc } from './shared';
import { WebhookEndpointsSection } from './webhook-endpoints';

const T = ADMIN_TEXT.webhooks;

function statusTone(d: WebhookDelivery) {
  if (d.error || d.statusCode === null) return 'bad' as const;
  return d.statusCode < 300 ? ('good' as const) : ('warn' as const);
}

function Body({ label, text }: { label: string; text: string | null }) {
  return (
    <details className="mt-1">
      <summary className={cx('cursor-pointer rounded text-xs text-sky-300 hover:text-sky-200', focusRing)}>
        {label}
      </summary>
      <pre className="mt-1 max-h-64 overflow-auto whitespace-pre-wrap break-all rounded-lg bg-slate-950 p-2 text-xs text-slate-200">
        {text || T.empty}
      </pre>
    </details>
  );
}

function DeliveryRow({ d, canRedeliver }: { d: WebhookDelivery; canRedeliver: boolean }) {
  const qc = useQueryClient();
  const redeliver = useMutation({
    mutationFn: () => adminApi.redeliver(d.id),
    onSuccess: (next) => {
      toast.show(T.sent(next.statusCode, next.error), { variant: next.error ? 'error' : 'success' });
      void qc.invalidateQueries({ queryKey: adminKeys.deliveries() });
    },
    onError: (e) => toast.error(errorText(e)),
  });
  return (
    <tr data-testid="delivery-row">
      <td className={`${tc.td} whitespace-nowrap`}>
        <Time value={d.createdAt} />
      </td>
      <td className={tc.td}>{T.direction[d.direction]}</td>
      <td className={tc.td}>{d.kind}</td>
      <td className={`${tc.td} max-w-72`}>
        <span className="block break-all">{d.url}</span>
        <Body label={T.request} text={d.requestBody} />
        <Body label={T.response} text={d.responseBody} />
      </td>
      <td className={tc.td}>
        <Badge tone={statusTone(d)}>{d.statusCode ?? '—'}</Badge>
        {d.error && <span className="mt-1 block break-words text-xs text-rose-300">{d.error}</span>}
      </td>
      <td className={`${tc.td} whitespace-nowrap`}>{d.latencyMs === null ? '—' : `${d.latencyMs} ms`}</td>
      <td className={tc.td}>
        {canRedeliver && d.direction === 'out' && (
          <Button
            size="sm"
            variant="outline"
            disabled={redeliver.isPending}
            onClick={() => redeliver.mutate()}
            aria-label={`${T.redeliver} ${d.deliveryId}`}
          >
            {T.redeliver}
          </Button>
        )}
      </td>
    </tr>
  );
}

function TestForm() {
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
            label={T.url}
            hint={T.urlHint}
            type="url"
            value={url}
            onChange={(e) => setUrl(e.target.value)}
            placeholder="https://"
          />
        </div>
        <Button type="submit" disabled={send.isPending}>
          {send.isPending ? T.sending : T.send}
        </Button>
      </form>
      {send.isSuccess && (
        <Alert variant={send.data.error ? 'error' : 'success'}>{T.sent(send.data.statusCode, send.data.error)}</Alert>
      )}
      {send.isError && <Alert variant="error">{errorText(send.error)}</Alert>}
    </div>
  );
}

export function WebhooksPage() {
  const isAdmin = useIsAdmin();
  const q = useQuery(deliveriesQuery());
  return (
    <AdminSection title={T.title}>
      {isAdmin && <WebhookEndpointsSection />}
      {isAdmin && <TestForm />}
      <h3 className="text-lg font-semibold text-white">{T.deliveries}</h3>
      <QueryState isPending={q.isPending} error={q.isError ? q.error : null} failedText={T.loadFailed}>
        {() =>
          q.data!.length === 0 ? (
            <p className="text-sm text-slate-400">{T.none}</p>
          ) : (
            <div className={tc.wrap}>
              <table className={tc.table}>
                <caption className="sr-only">{T.deliveries}</caption>
                <thead className={tc.head}>
                  <tr>
                    <th scope="col" className={tc.th}>
                      {T.columns.when}
                    </th>
                    <th scope="col" className={tc.th}>
                      {T.columns.direction}
                    </th>
                    <th scope="col" className={tc.th}>
                      {T.columns.kind}
                    </th>
                    <th scope="col" className={tc.th}>
                      {T.columns.url}
                    </th>
                    <th scope="col" className={tc.th}>
                      {T.columns.status}
                    </th>
                    <th scope="col" className={tc.th}>
                      {T.columns.latency}
                    </th>
                    <th scope="col" className={tc.th}>
                      <span className="sr-only">Actions</span>
                    </th>
                  </tr>
                </thead>
                <tbody className={tc.body}>
                  {q.data!.map((d) => (
                    <DeliveryRow key={d.id} d={d} canRedeliver={isAdmin} />
                  ))}
                </tbody>
              </table>
            </div>
          )
        }
      </QueryState>
    </AdminSection>
  );
}
