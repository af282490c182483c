import { productUpdateRequest } from '@bm/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { MarkdownField } from '../../components/markdown-field';
import { Alert, Button, Card, ProgressBar, TextField, useConfirm } from '../../components/ui';
import { errorText } from '../../lib/api';
import { adminApi, productUpdateAudienceQuery, productUpdateProgressQuery } from './api';
import { adminMessage, useAdminT } from './admin-text';
import { AdminSection } from './shared';

const BODY_MAX = 10_000;

/** The batched send of one product update, read until it is done. */
function SendProgress({ id, onAnother }: { id: string; onAnother: () => void }) {
  const t = useAdminT();
  const q = useQuery(productUpdateProgressQuery(id));
  const p = q.data;
  return (
    <Card>
      <section aria-labelledby="product-update-progress" className="flex flex-col gap-3">
        <h3 id="product-update-progress" className="text-lg font-semibold text-white">
          {t('productUpdate.progressTitle')}
        </h3>
        {q.isError && (
          <Alert variant="error">{adminMessage(errorText(q.error, t('productUpdate.progressFailed')))}</Alert>
        )}
        {p && (
          <>
            <ProgressBar
              value={p.recipients === 0 ? 100 : (p.sent / p.recipients) * 100}
              label={t('productUpdate.progressLabel')}
            />
            <p role="status" className="text-sm text-slate-300">
              {p.state === 'done'
                ? t('productUpdate.done', { count: p.recipients })
                : t('productUpdate.progress', { sent: p.sent, count: p.recipients })}
            </p>
            {p.state === 'failed' && <Alert variant="error">{t('productUpdate.failed')}</Alert>}
          </>
        )}
        {p && p.state !== 'sending' && (
          <div>
            <Button variant="secondary" onClick={onAnother}>
              {t('productUpdate.another')}
            </Button>
          </div>
        )}
      </section>
    </Card>
  );
}

/** /admin/product-update: write one in markdown (Write / Preview), see whom it reaches, send it, follow the send. */
export function ProductUpdatePage() {
  const t = useAdminT();
  const confirm = useConfirm();
  const audience = useQuery(productUpdateAudienceQuery());
  const [subject, setSubject] = useState('');
  const [body, setBody] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState<string | null>(null);
  const send = useMutation({
    mutationFn: () => adminApi.sendProductUpdate(subject.trim(), body.trim()),
    onSuccess: (queued) => setSending(queued.id),
    onError: (e) => setError(errorText(e, t('productUpdate.sendFailed'))),
  });

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const parsed = productUpdateRequest.safeParse({ subject, body });
    if (!subject.trim() || !body.trim()) return setError(t('productUpdate.required'));
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? t('productUpdate.sendFailed'));
    setError(null);
    const recipients = audience.data?.recipients ?? 0;
    const ok = await confirm({
      title: t('productUpdate.confirmTitle', { count: recipients }),
      description: t('productUpdate.confirm'),
      confirmLabel: t('productUpdate.send'),
    });
    if (ok) send.mutate();
  };

  const another = () => {
    setSending(null);
    setSubject('');
    setBody('');
    void audience.refetch();
  };

  return (
    <AdminSection title={t('productUpdate.title')} intro={t('productUpdate.intro')}>
      {sending ? (
        <SendProgress id={sending} onAnother={another} />
      ) : (
        <Card>
          <form onSubmit={(e) => void submit(e)} noValidate className="flex flex-col gap-4">
            <TextField
              label={t('productUpdate.subject')}
              value={subject}
              maxLength={200}
              onChange={(e) => setSubject(e.target.value)}
            />
            <MarkdownField
              label={t('productUpdate.body')}
              tabsLabel={t('productUpdate.tabs')}
              hint={t('productUpdate.hint')}
              value={body}
              onChange={setBody}
              max={BODY_MAX}
              texts={{
                write: t('productUpdate.write'),
                preview: t('productUpdate.preview'),
                previewEmpty: t('productUpdate.previewEmpty'),
                counter: (length, max) => t('productUpdate.counter', { length, max }),
              }}
            />
            {audience.isError ? (
              <Alert variant="error">
                {adminMessage(errorText(audience.error, t('productUpdate.audienceFailed')))}
              </Alert>
            ) : (
              audience.data && (
                <p className="text-sm text-slate-300" data-testid="product-update-audience">
                  {t('productUpdate.audience', { count: audience.data.recipients })}
                </p>
              )
            )}
            {error && <Alert variant="error">{adminMessage(error)}</Alert>}
            <div>
              <Button type="submit" disabled={send.isPending}>
                {send.isPending ? t('productUpdate.sending') : t('productUpdate.send')}
              </Button>
            </div>
          </form>
        </Card>
      )}
    </AdminSection>
  );
}
