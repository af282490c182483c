import { PASSKEY_NAME_MAX, type PasskeyInfo } from '@bm/core';
import { browserSupportsWebAuthn } from '@simplewebauthn/browser';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Alert, Button, LoadingState, TextField, Time, useConfirm } from '../../components/ui';
import { errorText } from '../../lib/api';
import { PASSKEY_BROWSER_TEXT, passkeyErrorText } from '../../lib/passkeys';
import { toast } from '../../lib/toast';
import { SectionCard } from './section-card';
import { passkeysApi, passkeysQuery } from './security-api';
import { PASSKEYS_TEXT as T } from './security-text';

/** Settings → Security: the member's passkeys: add one (named), rename, remove. */
export function PasskeysSettings() {
  const query = useQuery(passkeysQuery());
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['passkeys'] });
  return (
    <SectionCard title={T.heading} intro={T.intro}>
      {query.isPending ? (
        <LoadingState text={T.loading} />
      ) : query.isError ? (
        <Alert variant="error">{T.loadFailed}</Alert>
      ) : (
        <div className="space-y-5">
          {query.data.length ? (
            <ul aria-label={T.listLabel} className="divide-y divide-slate-800">
              {query.data.map((p) => (
                <PasskeyItem key={p.id} passkey={p} onChanged={refresh} />
              ))}
            </ul>
          ) : (
            <p className="text-sm text-slate-400">{T.none}</p>
          )}
          <AddPasskey onAdded={refresh} />
        </div>
      )}
    </SectionCard>
  );
}

function AddPasskey({ onAdded }: { onAdded: () => Promise<void> }) {
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const add = useMutation({
    mutationFn: () => passkeysApi.add(name),
    onSuccess: async () => {
      setName('');
      setError(null);
      toast.success(T.added);
      await onAdded();
    },
    onError: (err) => setError(passkeyErrorText(err, T.addFailed)),
  });
  if (!browserSupportsWebAuthn()) return <p className="text-sm text-slate-400">{PASSKEY_BROWSER_TEXT.unsupported}</p>;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    add.mutate();
  };
  return (
    <form onSubmit={submit} className="space-y-3" noValidate>
      <TextField
        label={T.name}
        name="passkeyName"
        hint={T.nameHint}
        maxLength={PASSKEY_NAME_MAX}
        value={name}
        onChange={(e) => setName(e.target.value)}
      />
      {error && <Alert variant="error">{error}</Alert>}
      <Button type="submit" disabled={add.isPending}>
        {add.isPending ? T.adding : T.add}
      </Button>
    </form>
  );
}

function PasskeyItem({ passkey, onChanged }: { passkey: PasskeyInfo; onChanged: () => Promise<void> }) {
  const confirm = useConfirm();
  const [renaming, setRenaming] = useState(false);
  const remove = useMutation({
    mutationFn: () => passkeysApi.remove(passkey.id),
    onSuccess: async () => {
      toast.success(T.removed);
      await onChanged();
    },
    onError: (err) => toast.error(errorText(err, T.removeFailed)),
  });
  const askRemove = async () => {
    const ok = await confirm({
      title: T.confirmRemove(passkey.name),
      description: T.confirmRemoveText,
      confirmLabel: T.remove,
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
            <span className="ml-2 rounded-full bg-sky-900/60 px-2 py-0.5 text-xs text-sky-200">{T.synced}</span>
          )}
        </p>
        <p className="text-xs text-slate-400">
          {T.created} <Time value={passkey.createdAt} /> ·{' '}
          {passkey.lastUsedAt ? (
            <>
              {T.lastUsed} <Time value={passkey.lastUsedAt} />
            </>
          ) : (
            T.neverUsed
          )}
        </p>
      </div>
      <div className="flex gap-2">
        <Button variant="outline" size="sm" aria-label={T.renameLabel(passkey.name)} onClick={() => setRenaming(true)}>
          {T.rename}
        </Button>
        <Button
          variant="outline"
          size="sm"
          aria-label={T.removeLabel(passkey.name)}
          disabled={remove.isPending}
          onClick={() => void askRemove()}
        >
          {T.remove}
        </Button>
      </div>
    </li>
  );
}

function RenameForm(props: { passkey: PasskeyInfo; onDone: () => void; onChanged: () => Promise<void> }) {
  const [name, setName] = useState(props.passkey.name);
  const [error, setError] = useState<string | null>(null);
  const rename = useMutation({
    mutationFn: () => passkeysApi.rename(props.passkey.id, name.trim()),
    onSuccess: async () => {
      toast.success(T.renamed);
      await props.onChanged();
      props.onDone();
    },
    onError: (err) => setError(errorText(err, T.renameFailed)),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    rename.mutate();
  };
  return (
    <form onSubmit={submit} className="space-y-3" noValidate>
      <TextField
        label={T.newName}
        name="name"
        autoFocus
        maxLength={PASSKEY_NAME_MAX}
        value={name}
        onChange={(e) => setName(e.target.value)}
        error={error}
        onKeyDown={(e) => {
          if (e.key === 'Escape') props.onDone();
        }}
      />
      <div className="flex gap-2">
        <Button type="submit" size="sm" disabled={rename.isPending}>
          {rename.isPending ? T.saving : T.save}
        </Button>
        <Button type="button" variant="outline" size="sm" onClick={props.onDone}>
          {T.cancel}
        </Button>
      </div>
    </form>
  );
}
