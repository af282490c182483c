import {
  PUBLISH_TOKEN_DAY_CHOICES,
  PUBLISH_TOKEN_SCOPES,
  type PublishTokenCreated,
  type PublishTokenInfo,
  type PublishTokenScope,
} from '@bm/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState, type FormEvent } from 'react';
import {
  Alert,
  Button,
  Checkbox,
  LoadingState,
  TextField,
  Time,
  cx,
  inputClasses,
  useConfirm,
} from '../../components/ui';
import { errorText } from '../../lib/api';
import { writeClipboard } from '../../lib/clipboard';
import { toast } from '../../lib/toast';
import { publishTokensApi, publishTokensQuery } from './publish-tokens-api';
import { PUBLISH_TOKENS_TEXT as T } from './publish-tokens-text';
import { SectionCard } from './section-card';

/** Settings → Publish Tokens: create a token for CI (shown once), list and revoke them. */
export function PublishTokens() {
  const query = useQuery(publishTokensQuery());
  const queryClient = useQueryClient();
  const [created, setCreated] = useState<PublishTokenCreated | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: publishTokensQuery().queryKey });
  return (
    <>
      <SectionCard
        title={T.heading}
        intro={
          <>
            {T.intro}{' '}
            <a href="/api/docs" className="text-sky-400 underline underline-offset-2 hover:text-sky-300">
              {T.docs}
            </a>
          </>
        }
      >
        {created ? (
          <CreatedToken token={created.token} onDone={() => setCreated(null)} />
        ) : (
          <CreateForm
            onCreated={(t) => {
              setCreated(t);
              void refresh();
            }}
          />
        )}
      </SectionCard>
      <SectionCard title={T.listLabel}>
        {query.isPending ? (
          <LoadingState text={T.loading} />
        ) : query.isError ? (
          <Alert variant="error">{T.loadFailed}</Alert>
        ) : query.data.length === 0 ? (
          <p className="text-sm text-slate-400">{T.none}</p>
        ) : (
          <TokenList tokens={query.data} onRevoked={() => void refresh()} />
        )}
      </SectionCard>
    </>
  );
}

function CreateForm({ onCreated }: { onCreated: (t: PublishTokenCreated) => void }) {
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<PublishTokenScope[]>(['plugins:upload']);
  const [days, setDays] = useState(90);
  const [error, setError] = useState<string | null>(null);
  const expiryId = useId();
  const create = useMutation({
    mutationFn: () => publishTokensApi.create({ name: name.trim(), scopes, expiresInDays: days }),
    onSuccess: (t) => {
      setName('');
      onCreated(t);
    },
    onError: (err) => setError(errorText(err, T.createFailed)),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    if (!name.trim()) return setError(T.nameRequired);
    if (!scopes.length) return setError(T.scopesRequired);
    create.mutate();
  };
  const toggle = (s: PublishTokenScope, on: boolean) =>
    setScopes((list) => (on ? [...list, s] : list.filter((x) => x !== s)));
  return (
    <form noValidate onSubmit={submit} className="space-y-4" aria-busy={create.isPending}>
      <h3 className="text-base font-semibold text-white">{T.createHeading}</h3>
      <TextField
        label={T.name}
        name="name"
        hint={T.nameHint}
        maxLength={60}
        value={name}
        onChange={(e) => setName(e.target.value)}
      />
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium text-slate-200">{T.scopes}</legend>
        {PUBLISH_TOKEN_SCOPES.map((s) => (
          <Checkbox
            key={s}
            label={T.scopeNames[s]}
            description={<code className="font-mono">{s}</code>}
            checked={scopes.includes(s)}
            onChange={(e) => toggle(s, e.target.checked)}
          />
        ))}
      </fieldset>
      <div className="space-y-1.5">
        <label htmlFor={expiryId} className="block text-sm font-medium text-slate-200">
          {T.expiry}
        </label>
        <select
          id={expiryId}
          value={days}
          onChange={(e) => setDays(Number(e.target.value))}
          className={cx(inputClasses(false), 'h-10 w-40 py-0')}
        >
          {PUBLISH_TOKEN_DAY_CHOICES.map((d) => (
            <option key={d} value={d}>
              {T.days(d)}
            </option>
          ))}
        </select>
      </div>
      {error && <Alert variant="error">{error}</Alert>}
      <Button type="submit" disabled={create.isPending}>
        {create.isPending ? T.creating : T.create}
      </Button>
    </form>
  );
}

/** The token right after it was made: the only time it is shown. */
function CreatedToken({ token, onDone }: { token: string; onDone: () => void }) {
  const [copy, setCopy] = useState<'copied' | 'failed' | null>(null);
  const field = useRef<HTMLInputElement>(null);
  return (
    <div className="space-y-4">
      <h3 className="text-base font-semibold text-white">{T.createdHeading}</h3>
      <Alert variant="warning">{T.createdWarning}</Alert>
      <TextField
        ref={field}
        label={T.tokenLabel}
        readOnly
        value={token}
        onFocus={(e) => e.currentTarget.select()}
        className="font-mono"
        data-testid="publish-token-value"
      />
      <div className="flex flex-wrap gap-2">
        <Button
          variant="outline"
          size="sm"
          onClick={() => void writeClipboard(token).then((ok) => setCopy(ok ? 'copied' : 'failed'))}
        >
          {copy === 'copied' ? T.copied : T.copy}
        </Button>
        <Button size="sm" onClick={onDone}>
          {T.done}
        </Button>
      </div>
      {copy === 'failed' && <Alert variant="error">{T.copyFailed}</Alert>}
    </div>
  );
}

function TokenList({ tokens, onRevoked }: { tokens: PublishTokenInfo[]; onRevoked: () => void }) {
  const confirm = useConfirm();
  const revoke = useMutation({
    mutationFn: (id: string) => publishTokensApi.revoke(id),
    onSuccess: () => {
      toast.success(T.revoked);
      onRevoked();
    },
    onError: (err) => toast.error(errorText(err, T.revokeFailed)),
  });
  const ask = async (t: PublishTokenInfo) => {
    if (
      await confirm({
        title: T.revokeTitle(t.name),
        description: T.revokeBody,
        confirmLabel: T.revoke,
        destructive: true,
      })
    )
      revoke.mutate(t.id);
  };
  return (
    <ul aria-label={T.listLabel} className="divide-y divide-slate-800">
      {tokens.map((t) => (
        <li key={t.id} className="flex flex-wrap items-start justify-between gap-3 py-3">
          <div className="min-w-0 space-y-1">
            <p className="font-medium break-words text-slate-100">
              {t.name}
              {t.expired && (
                <span className="ml-2 rounded-full bg-rose-900/60 px-2 py-0.5 text-xs text-rose-200">{T.expired}</span>
              )}
            </p>
            <p className="text-xs text-slate-400">
              <code className="font-mono text-slate-300">{t.prefix}…</code> · {t.scopes.join(', ')}
            </p>
            <p className="text-xs text-slate-400">
              {T.created} <Time value={t.createdAt} /> · {T.lastUsed}{' '}
              {t.lastUsedAt ? <Time value={t.lastUsedAt} /> : T.never} · {t.expired ? T.expired : T.expires}{' '}
              <Time value={t.expiresAt} />
            </p>
          </div>
          <Button
            variant="outline"
            size="sm"
            aria-label={T.revokeLabel(t.name)}
            disabled={revoke.isPending && revoke.variables === t.id}
            onClick={() => void ask(t)}
          >
            {revoke.isPending && revoke.variables === t.id ? T.revoking : T.revoke}
          </Button>
        </li>
      ))}
    </ul>
  );
}
