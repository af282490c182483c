import {
  PUBLISH_TOKEN_DAY_CHOICES,
  PUBLISH_TOKEN_SCOPES,
  type PublishTokenCreated,
  type PublishTokenInfo,
  type PublishTokenScope,
} from '@bm/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState, type FormEvent } from 'react';
import { Alert, Button, Checkbox, LoadingState, TextField, Time, useConfirm } from '../../components/ui';
import { LabelledSelect } from '../../components/labelled-select';
import { errorText } from '../../lib/api';
import { writeClipboard } from '../../lib/clipboard';
import { richText } from '../../lib/i18n/rich';
import { toast } from '../../lib/toast';
import { publishTokensApi, publishTokensQuery } from './publish-tokens-api';
import { SectionCard } from './section-card';
import { SCOPE_KEYS, settingsMessage, settingsT, SETTINGS_EN, useSettingsMessage, useSettingsT } from './settings-text';

/** Settings → Publish Tokens: create a token for CI (shown once), list and revoke them. */
export function PublishTokens() {
  const t = useSettingsT();
  const query = useQuery(publishTokensQuery());
  const queryClient = useQueryClient();
  const [created, setCreated] = useState<PublishTokenCreated | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: publishTokensQuery().queryKey });
  return (
    <>
      <SectionCard
        title={t('tokens.heading')}
        intro={
          <>
            {t('tokens.intro')}{' '}
            <a href="/api/docs" className="text-sky-400 underline underline-offset-2 hover:text-sky-300">
              {t('tokens.docs')}
            </a>
          </>
        }
      >
        {created ? (
          <CreatedToken token={created.token} onDone={() => setCreated(null)} />
        ) : (
          <CreateForm
            onCreated={(token) => {
              setCreated(token);
              void refresh();
            }}
          />
        )}
      </SectionCard>
      <SectionCard title={t('tokens.listLabel')}>
        {query.isPending ? (
          <LoadingState text={t('loading')} />
        ) : query.isError ? (
          <Alert variant="error">{t('tokens.loadFailed')}</Alert>
        ) : query.data.length === 0 ? (
          <p className="text-sm text-slate-400">{t('tokens.none')}</p>
        ) : (
          <TokenList tokens={query.data} onRevoked={() => void refresh()} />
        )}
      </SectionCard>
    </>
  );
}

function CreateForm({ onCreated }: { onCreated: (token: PublishTokenCreated) => void }) {
  const t = useSettingsT();
  const say = useSettingsMessage();
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<PublishTokenScope[]>(['plugins:upload']);
  const [days, setDays] = useState(90);
  const [error, setError] = useState<string | null>(null);
  const create = useMutation({
    mutationFn: () => publishTokensApi.create({ name: name.trim(), scopes, expiresInDays: days }),
    onSuccess: (token) => {
      setName('');
      onCreated(token);
    },
    onError: (err) => setError(errorText(err, settingsT()('tokens.createFailed'))),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    if (!name.trim()) return setError(SETTINGS_EN.messages.tokenNameRequired);
    if (!scopes.length) return setError(SETTINGS_EN.messages.tokenScopesRequired);
    create.mutate();
  };
  const toggle = (s: PublishTokenScope, on: boolean) =>
    setScopes((list) => (on ? [...list, s] : list.filter((x) => x !== s)));
  return (
    <form noValidate onSubmit={submit} className="space-y-4" aria-busy={create.isPending}>
      <h3 className="text-base font-semibold text-white">{t('tokens.createHeading')}</h3>
      <TextField
        label={t('tokens.name')}
        name="name"
        hint={t('tokens.nameHint')}
        maxLength={60}
        value={name}
        onChange={(e) => setName(e.target.value)}
      />
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium text-slate-200">{t('tokens.scopes')}</legend>
        {PUBLISH_TOKEN_SCOPES.map((s) => (
          <Checkbox
            key={s}
            label={t(SCOPE_KEYS[s])}
            description={<code className="font-mono">{s}</code>}
            checked={scopes.includes(s)}
            onChange={(e) => toggle(s, e.target.checked)}
          />
        ))}
      </fieldset>
      <LabelledSelect
        label={t('tokens.expiry')}
        boxClassName="space-y-1.5"
        labelClassName="block text-sm font-medium text-slate-200"
        value={days}
        onChange={(e) => setDays(Number(e.target.value))}
        className="h-10 w-40 py-0"
      >
        {PUBLISH_TOKEN_DAY_CHOICES.map((d) => (
          <option key={d} value={d}>
            {d === 365 ? t('tokens.year') : t('tokens.days', { count: d })}
          </option>
        ))}
      </LabelledSelect>
      {error && <Alert variant="error">{say(error)}</Alert>}
      <Button type="submit" disabled={create.isPending}>
        {create.isPending ? t('tokens.creating') : t('tokens.create')}
      </Button>
    </form>
  );
}

/** The token right after it was made: the only time it is shown. */
function CreatedToken({ token, onDone }: { token: string; onDone: () => void }) {
  const t = useSettingsT();
  const [copy, setCopy] = useState<'copied' | 'failed' | null>(null);
  const field = useRef<HTMLInputElement>(null);
  return (
    <div className="space-y-4">
      <h3 className="text-base font-semibold text-white">{t('tokens.createdHeading')}</h3>
      <Alert variant="warning">{t('tokens.createdWarning')}</Alert>
      <TextField
        ref={field}
        label={t('tokens.tokenLabel')}
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
          {copy === 'copied' ? t('tokens.copied') : t('tokens.copy')}
        </Button>
        <Button size="sm" onClick={onDone}>
          {t('tokens.done')}
        </Button>
      </div>
      {copy === 'failed' && <Alert variant="error">{t('tokens.copyFailed')}</Alert>}
    </div>
  );
}

function TokenList({ tokens, onRevoked }: { tokens: PublishTokenInfo[]; onRevoked: () => void }) {
  const t = useSettingsT();
  const confirm = useConfirm();
  const revoke = useMutation({
    mutationFn: (id: string) => publishTokensApi.revoke(id),
    onSuccess: () => {
      toast.success(settingsT()('tokens.revoked'));
      onRevoked();
    },
    onError: (err) => toast.error(settingsMessage(errorText(err, settingsT()('tokens.revokeFailed')))),
  });
  const ask = async (token: PublishTokenInfo) => {
    if (
      await confirm({
        title: t('tokens.revokeTitle', { name: token.name }),
        description: t('tokens.revokeBody'),
        confirmLabel: t('tokens.revoke'),
        destructive: true,
      })
    )
      revoke.mutate(token.id);
  };
  return (
    <ul aria-label={t('tokens.listLabel')} className="divide-y divide-slate-800">
      {tokens.map((token) => (
        <li key={token.id} className="flex flex-wrap items-start justify-between gap-3 py-3">
          <div className="min-w-0 space-y-1">
            <p className="font-medium break-words text-slate-100">
              {token.name}
              {token.expired && (
                <span className="ml-2 rounded-full bg-rose-900/60 px-2 py-0.5 text-xs text-rose-200">
                  {t('tokens.expired')}
                </span>
              )}
            </p>
            <p className="text-xs text-slate-400">
              <code className="font-mono text-slate-300">{token.prefix}…</code> · {token.scopes.join(', ')}
            </p>
            <p className="text-xs text-slate-400">
              {richText((v) => t('tokens.created', v), { time: <Time value={token.createdAt} /> })} ·{' '}
              {token.lastUsedAt
                ? richText((v) => t('tokens.lastUsed', v), { time: <Time value={token.lastUsedAt} /> })
                : t('tokens.neverUsed')}{' '}
              ·{' '}
              {richText((v) => (token.expired ? t('tokens.expiredAt', v) : t('tokens.expires', v)), {
                time: <Time value={token.expiresAt} />,
              })}
            </p>
          </div>
          <Button
            variant="outline"
            size="sm"
            aria-label={t('tokens.revokeLabel', { name: token.name })}
            disabled={revoke.isPending && revoke.variables === token.id}
            onClick={() => void ask(token)}
          >
            {revoke.isPending && revoke.variables === token.id ? t('tokens.revoking') : t('tokens.revoke')}
          </Button>
        </li>
      ))}
    </ul>
  );
}
