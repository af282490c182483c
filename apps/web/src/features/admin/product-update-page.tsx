import { productUpdateRequest } from '@bm/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { MarkdownField } from '../../components/markdown-field';
import { Alert, Button, Card, ProgressBar, TextField, useConfirm } from '../../components/ui';
import { errorText } from '../../lib/api';
import { adminApi, productUpdateAudienceQuery, productUpdateProgressQuery } from './api';
import { ADMIN_TEXT } from './constants';
import { AdminSection } from './shared';

const T = ADMIN_TEXT.productUpdate;
const BODY_MAX = 10_000;

/** The batched send of one product update, read until it is done. */
function SendProgress({ id, onAnother }: { id: string; onAnother: () => void }) {
  const q = useQuery(productUpdateProgressQuery(id));
  const p = q.data;
  return (
    <Card>
      <section aria-labelledby="product-update-progress" className="flex flex-col gap-3">
        <h3 id="product-update-progress" className="text-lg font-semibold text-white">
          {T.progressTitle}
        </h3>
        {q.isError && <Alert variant="error">{errorText(q.error, T.progressFailed)}</Alert>}
        {p && (
          <>
            <ProgressBar value={p.recipients === 0 ? 100 : (p.sent / p.recipients) * 100} label={T.progressLabel} />
            <p role="status" className="text-sm text-slate-300">
              {p.state === 'done' ? T.done(p.recipients) : T.progress(p.sent, p.recipients)}
            </p>
            {p.state === 'failed' && <Alert variant="error">{T.failed}</Alert>}
          </>
        )}
        {p && p.state !== 'sending' && (
          <div>
            <Button variant="secondary" onClick={onAnother}>
              {T.another}
            </Button>
          </div>
        )}
      </section>
    </Card>
  );
}

/** /admin/product-update: write one in markdown (Write / Preview), see whom it reaches, send it, follow the send. */
export function ProductUpdatePage() {
  const confirm = useConfirm();
  const audience = useQuery(productUpdateAudienceQuery());
  const [subject, setSubject] = useState('');
  const [body, setBody] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState<string | null>(null);
  const send = useMutation({
    mutationFn: () => adminApi.sendProductUpdate(subject.trim(), body.trim()),
    onSuccess: (queued) => setSending(queued.id),
    onError: (e) => setError(errorText(e, T.sendFailed)),
  });

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const parsed = productUpdateRequest.safeParse({ subject, body });
    if (!subject.trim() || !body.trim()) return setError(T.required);
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? T.sendFailed);
    setError(null);
    const recipients = audience.data?.recipients ?? 0;
    const ok = await confirm({ title: T.confirmTitle(recipients), description: T.confirm, confirmLabel: T.send });
    if (ok) send.mutate();
  };

  const another = () => {
    setSending(null);
    setSubject('');
    setBody('');
    void audience.refetch();
  };

  return (
    <AdminSection title={T.title}>
      <p className="text-slate-400">{T.intro}</p>
      {sending ? (
        <SendProgress id={sending} onAnother={another} />
      ) : (
        <Card>
          <form onSubmit={(e) => void submit(e)} noValidate className="flex flex-col gap-4">
            <TextField label={T.subject} value={subject} maxLength={200} onChange={(e) => setSubject(e.target.value)} />
            <MarkdownField
              label={T.body}
              tabsLabel={T.tabs}
              hint={T.hint}
              value={body}
              onChange={setBody}
              max={BODY_MAX}
              texts={T}
            />
            {audience.isError ? (
              <Alert variant="error">{errorText(audience.error, T.audienceFailed)}</Alert>
            ) : (
              audience.data && (
                <p className="text-sm text-slate-300" data-testid="product-update-audience">
                  {T.audience(audience.data.recipients)}
                </p>
              )
            )}
            {error && <Alert variant="error">{error}</Alert>}
            <div>
              <Button type="submit" disabled={send.isPending}>
                {send.isPending ? T.sending : T.send}
              </Button>
            </div>
          </form>
        </Card>
      )}
    </AdminSection>
  );
}
