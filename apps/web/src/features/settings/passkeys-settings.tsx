import { PASSKEY_NAME_MAX, type PasskeyInfo } from '@bm/core';
import { browserSupportsWebAuthn } from '@simplewebauthn/browser';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Alert, Button, LoadingState, TextField, Time, useConfirm } from '../../components/ui';
import { errorText } from '../../lib/api';
import { richText } from '../../lib/i18n/rich';
import { passkeyErrorText } from '../../lib/passkeys';
import { toast } from '../../lib/toast';
import { SectionCard } from './section-card';
import { passkeysApi, passkeysQuery } from './security-api';
import { settingsMessage, settingsT, useSettingsMessage, useSettingsT } from './settings-text';

/** Settings → Security: the member's passkeys: add one (named), rename, remove. */
export function PasskeysSettings() {
  const t = useSettingsT();
  const query = useQuery(passkeysQuery());
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['passkeys'] });
  return (
    <SectionCard title={t('passkeys.heading')} intro={t('passkeys.intro')}>
      {query.isPending ? (
        <LoadingState text={t('loading')} />
      ) : query.isError ? (
        <Alert variant="error">{t('passkeys.loadFailed')}</Alert>
      ) : (
        <div className="space-y-5">
          {query.data.length ? (
            <ul aria-label={t('passkeys.listLabel')} className="divide-y divide-slate-800">
              {query.data.map((p) => (
                <PasskeyItem key={p.id} passkey={p} onChanged={refresh} />
              ))}
            </ul>
          ) : (
            <p className="text-sm text-slate-400">{t('passkeys.none')}</p>
          )}
          <AddPasskey onAdded={refresh} />
        </div>
      )}
    </SectionCard>
  );
}

function AddPasskey({ onAdded }: { onAdded: () => Promise<void> }) {
  const t = useSettingsT();
  const say = useSettingsMessage();
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const add = useMutation({
    mutationFn: () => passkeysApi.add(name),
    onSuccess: async () => {
      setName('');
      setError(null);
      toast.success(settingsT()('passkeys.added'));
      await onAdded();
    },
    onError: (err) => setError(passkeyErrorText(err, settingsT()('passkeys.addFailed'))),
  });
  if (!browserSupportsWebAuthn()) return <p className="text-sm text-slate-400">{t('messages.passkeyUnsupported')}</p>;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    add.mutate();
  };
  return (
    <form onSubmit={submit} className="space-y-3" noValidate>
      <TextField
        label={t('passkeys.name')}
        name="passkeyName"
        hint={t('passkeys.nameHint')}
        maxLength={PASSKEY_NAME_MAX}
        value={name}
        onChange={(e) => setName(e.target.value)}
      />
      {error && <Alert variant="error">{say(error)}</Alert>}
      <Button type="submit" disabled={add.isPending}>
        {add.isPending ? t('passkeys.adding') : t('passkeys.add')}
      </Button>
    </form>
  );
}

function PasskeyItem({ passkey, onChanged }: { passkey: PasskeyInfo; onChanged: () => Promise<void> }) {
  const t = useSettingsT();
  const confirm = useConfirm();
  const [renaming, setRenaming] = useState(false);
  const remove = useMutation({
    mutationFn: () => passkeysApi.remove(passkey.id),
    onSuccess: async () => {
      toast.success(settingsT()('passkeys.removed'));
      await onChanged();
    },
    onError: (err) => toast.error(settingsMessage(errorText(err, settingsT()('passkeys.removeFailed')))),
  });
  const askRemove = async () => {
    const ok = await confirm({
      title: t('passkeys.confirmRemove', { name: passkey.name }),
      description: t('passkeys.confirmRemoveText'),
      confirmLabel: t('passkeys.remove'),
      destructive: true,
    });
    if (ok) remove.mutate();
  };
  if (renaming)
    return (
      <li className="py-3">
        <RenameForm passkey={passkey} onDone={() => setRenaming(false)} onChanged={onChanged} />
      </li>
    );
  return (
    <li className="flex flex-wrap items-start justify-between gap-3 py-3">
      <div className="min-w-0 space-y-1">
        <p className="font-medium break-words text-slate-100">
          {passkey.name}
          {passkey.backedUp && (
            <span className="ml-2 rounded-full bg-sky-900/60 px-2 py-0.5 text-xs text-sky-200">
              {t('passkeys.synced')}
            </span>
          )}
        </p>
        <p className="text-xs text-slate-400">
          {richText((v) => t('passkeys.created', v), { time: <Time value={passkey.createdAt} /> })} ·{' '}
          {passkey.lastUsedAt
            ? richText((v) => t('passkeys.lastUsed', v), { time: <Time value={passkey.lastUsedAt} /> })
            : t('passkeys.neverUsed')}
        </p>
      </div>
      <div className="flex gap-2">
        <Button
          variant="outline"
          size="sm"
          aria-label={t('passkeys.renameLabel', { name: passkey.name })}
          onClick={() => setRenaming(true)}
        >
          {t('passkeys.rename')}
        </Button>
        <Button
          variant="outline"
          size="sm"
          aria-label={t('passkeys.removeLabel', { name: passkey.name })}
          disabled={remove.isPending}
          onClick={() => void askRemove()}
        >
          {t('passkeys.remove')}
        </Button>
      </div>
    </li>
  );
}

function RenameForm(props: { passkey: PasskeyInfo; onDone: () => void; onChanged: () => Promise<void> }) {
  const t = useSettingsT();
  const say = useSettingsMessage();
  const [name, setName] = useState(props.passkey.name);
  const [error, setError] = useState<string | null>(null);
  const rename = useMutation({
    mutationFn: () => passkeysApi.rename(props.passkey.id, name.trim()),
    onSuccess: async () => {
      toast.success(settingsT()('passkeys.renamed'));
      await props.onChanged();
      props.onDone();
    },
    onError: (err) => setError(errorText(err, settingsT()('passkeys.renameFailed'))),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    rename.mutate();
  };
  return (
    <form onSubmit={submit} className="space-y-3" noValidate>
      <TextField
        label={t('passkeys.newName')}
        name="name"
        autoFocus
        maxLength={PASSKEY_NAME_MAX}
        value={name}
        onChange={(e) => setName(e.target.value)}
        error={error && say(error)}
        onKeyDown={(e) => {
          if (e.key === 'Escape') props.onDone();
        }}
      />
      <div className="flex gap-2">
        <Button type="submit" size="sm" disabled={rename.isPending}>
          {rename.isPending ? t('passkeys.saving') : t('passkeys.save')}
        </Button>
        <Button type="button" variant="outline" size="sm" onClick={props.onDone}>
          {t('passkeys.cancel')}
        </Button>
      </div>
    </form>
  );
}
