import {
  WEBHOOK_EVENTS,
  webhookEndpointCreate,
  type WebhookDelivery,
  type WebhookEndpoint,
  type WebhookEndpointCreate,
  type WebhookEndpointUpdate,
  type WebhookEndpointWithSecret,
  type WebhookEvent,
} from '@bm/core';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Alert, Button, Checkbox, TextField, useConfirm } from '../../components/ui';
import { api, errorText } from '../../lib/api';
import { toast } from '../../lib/toast';
import { adminMessage, deliveryOutcome, useAdminT, WEBHOOK_EVENT_KEYS } from './admin-text';
import { adminKeys } from './api';
import { Badge, QueryState } from './shared';

const endpointsKey = () => [...adminKeys.all, 'webhook-endpoints'] as const;
const endpointsQuery = () =>
  queryOptions({
    queryKey: endpointsKey(),
    queryFn: ({ signal }) => api.get<WebhookEndpoint[]>('/admin/webhooks', { signal }),
  });
const endpointsApi = {
  create: (body: WebhookEndpointCreate) => api.post<WebhookEndpointWithSecret>('/admin/webhooks', body),
  update: (id: number, body: WebhookEndpointUpdate) => api.patch<WebhookEndpoint>(`/admin/webhooks/${id}`, body),
  remove: (id: number) => api.delete(`/admin/webhooks/${id}`),
  test: (id: number) => api.post<WebhookDelivery>(`/admin/webhooks/${id}/test`),
};

function AddForm() {
  const t = useAdminT();
  const qc = useQueryClient();
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<WebhookEvent[]>(['plugin.published', 'plugin.updated']);
  const [secret, setSecret] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const add = useMutation({
    mutationFn: endpointsApi.create,
    meta: { errorShownInPlace: true },
    onSuccess: () => {
      toast.success(t('endpoints.added'));
      setUrl('');
      setSecret('');
      void qc.invalidateQueries({ queryKey: endpointsKey() });
    },
  });
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = webhookEndpointCreate.safeParse({ url, events, secret: secret.trim() || undefined });
    if (!parsed.success) {
      const next: Record<string, string> = {};
      for (const issue of parsed.error.issues) next[String(issue.path[0])] ??= issue.message;
      setErrors(next);
      return;
    }
    setErrors({});
    add.mutate(parsed.data);
  };
  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-3 rounded-xl border border-slate-800 p-4">
      <TextField
        label={t('endpoints.url')}
        hint={t('endpoints.urlHint', { id: '{id}', token: '{token}' })}
        error={errors.url && adminMessage(errors.url)}
        type="url"
        value={url}
        onChange={(e) => setUrl(e.target.value)}
        placeholder="https://"
      />
      <EventBoxes
        legend={t('endpoints.events')}
        value={events}
        error={errors.events && adminMessage(errors.events)}
        onChange={(next) => setEvents(next)}
        idPrefix="new"
      />
      <TextField
        label={t('endpoints.secret')}
        hint={t('endpoints.secretHint')}
        error={errors.secret && adminMessage(errors.secret)}
        value={secret}
        autoComplete="off"
        onChange={(e) => setSecret(e.target.value)}
      />
      <div>
        <Button type="submit" disabled={add.isPending}>
          {add.isPending ? t('endpoints.adding') : t('endpoints.add')}
        </Button>
      </div>
      {add.isError && <Alert variant="error">{adminMessage(errorText(add.error))}</Alert>}
      {add.isSuccess && (
        <Alert variant="success">
          {t('endpoints.secretOnce')}{' '}
          <code className="break-all rounded bg-slate-950 px-1.5 py-0.5" data-testid="new-secret">
            {add.data.secret}
          </code>
        </Alert>
      )}
    </form>
  );
}

function EventBoxes({
  legend,
  value,
  error,
  onChange,
  idPrefix,
  disabled,
}: {
  legend: string;
  value: readonly string[];
  error?: string;
  onChange: (next: WebhookEvent[]) => void;
  idPrefix: string;
  disabled?: boolean;
}) {
  const t = useAdminT();
  return (
    <fieldset className="flex flex-col gap-1.5">
      <legend className="mb-1 text-sm font-medium text-slate-200">{legend}</legend>
      {WEBHOOK_EVENTS.map((ev) => (
        <Checkbox
          key={ev}
          id={`${idPrefix}-${ev}`}
          label={ev}
          description={t(WEBHOOK_EVENT_KEYS[ev])}
          checked={value.includes(ev)}
          disabled={disabled}
          onChange={(e) =>
            onChange(
              e.target.checked
                ? WEBHOOK_EVENTS.filter((x) => x === ev || value.includes(x))
                : WEBHOOK_EVENTS.filter((x) => x !== ev && value.includes(x)),
            )
          }
        />
      ))}
      {error && <p className="text-xs font-medium text-rose-400">{error}</p>}
    </fieldset>
  );
}

function EndpointItem({ endpoint: ep }: { endpoint: WebhookEndpoint }) {
  const t = useAdminT();
  const qc = useQueryClient();
  const confirm = useConfirm();
  const refresh = () => {
    void qc.invalidateQueries({ queryKey: endpointsKey() });
    void qc.invalidateQueries({ queryKey: adminKeys.deliveries() });
  };
  const save = useMutation({
    mutationFn: (body: WebhookEndpointUpdate) => endpointsApi.update(ep.id, body),
    onSuccess: () => {
      toast.success(t('endpoints.saved'));
      refresh();
    },
    onError: (e) => toast.error(adminMessage(errorText(e))),
  });
  const remove = useMutation({
    mutationFn: () => endpointsApi.remove(ep.id),
    onSuccess: () => {
      toast.success(t('endpoints.removed'));
      refresh();
    },
    onError: (e) => toast.error(adminMessage(errorText(e))),
  });
  const test = useMutation({
    mutationFn: () => endpointsApi.test(ep.id),
    onSuccess: (d) => {
      toast.show(deliveryOutcome(d), { variant: d.error ? 'error' : 'success' });
      refresh();
    },
    onError: (e) => toast.error(adminMessage(errorText(e))),
  });
  return (
    <li className="flex flex-col gap-3 rounded-xl border border-slate-800 bg-slate-900/60 p-4" data-testid="endpoint">
      <div className="flex flex-wrap items-center gap-2">
        <span className="min-w-0 break-all font-medium text-white">{ep.url}</span>
        <Badge tone={ep.discord ? 'info' : 'muted'}>
          {ep.discord ? t('endpoints.discord') : t('endpoints.signed')}
        </Badge>
        <span className="text-xs text-slate-400">{t('endpoints.secretIs', { hint: ep.secretHint })}</span>
      </div>
      <EventBoxes
        legend={t('endpoints.events')}
        value={ep.events}
        idPrefix={`ep${ep.id}`}
        disabled={save.isPending}
        onChange={(events) => events.length > 0 && save.mutate({ events })}
      />
      <Checkbox
        id={`ep${ep.id}-active`}
        label={t('endpoints.active')}
        checked={ep.active}
        disabled={save.isPending}
        onChange={(e) => save.mutate({ active: e.target.checked })}
      />
      <div className="flex flex-wrap gap-2">
        <Button
          size="sm"
          variant="outline"
          disabled={test.isPending}
          aria-label={t('endpoints.testLabel', { url: ep.url })}
          onClick={() => test.mutate()}
        >
          {t('endpoints.test')}
        </Button>
        <Button
          size="sm"
          variant="danger"
          disabled={remove.isPending}
          aria-label={t('endpoints.removeLabel', { url: ep.url })}
          onClick={async () => {
            if (
              await confirm({
                title: t('endpoints.removeConfirm'),
                confirmLabel: t('endpoints.remove'),
                destructive: true,
              })
            )
              remove.mutate();
          }}
        >
          {t('endpoints.remove')}
        </Button>
      </div>
    </li>
  );
}

/** Administrators' release webhooks: add one, change its events, pause, test or delete it. */
export function WebhookEndpointsSection() {
  const t = useAdminT();
  const q = useQuery(endpointsQuery());
  return (
    <section aria-labelledby="release-webhooks" className="flex flex-col gap-3">
      <h3 id="release-webhooks" className="text-lg font-semibold text-white">
        {t('endpoints.title')}
      </h3>
      <p className="text-sm text-slate-400">{t('endpoints.intro')}</p>
      <AddForm />
      <QueryState query={q} failedText={t('endpoints.loadFailed')} emptyText={t('endpoints.none')}>
        {(list) => (
          <ul className="flex flex-col gap-3" aria-label={t('endpoints.title')}>
            {list.map((ep) => (
              <EndpointItem key={ep.id} endpoint={ep} />
            ))}
          </ul>
        )}
      </QueryState>
    </section>
  );
}
