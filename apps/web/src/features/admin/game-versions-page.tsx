import { createGameVersionRequest, updateGameVersionRequest, type GameVersion } from '@bm/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Alert, Button, Checkbox, TextField, useConfirm, DataTable, dataTableClasses as tc } from '../../components/ui';
import { errorText } from '../../lib/api';
import { formatDate } from '../../lib/format';
import { toast } from '../../lib/toast';
import { adminApi, adminKeys, gameVersionsQuery } from './api';
import { RebuildPanel } from './rebuild-panel';
import { adminMessage, useAdminT } from './admin-text';
import { ActionsCell, AdminSection, CreateCard, EditButton, QueryState, StateCell } from './shared';

type FieldErrors = Partial<Record<'name' | 'bakkesmodVersion' | 'releasedAt' | 'form', string>>;

/** The problems the server would answer 400 for, by field, from the shared schema. */
function fieldErrors(result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  const errors: FieldErrors = {};
  for (const issue of result.error?.issues ?? []) {
    const field = (issue.path[0] as keyof FieldErrors | undefined) ?? 'form';
    errors[field] ??= issue.message;
  }
  return errors;
}

function useRefresh() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: adminKeys.gameVersions() });
}

function CreateGameVersionForm() {
  const t = useAdminT();
  const refresh = useRefresh();
  const [name, setName] = useState('');
  const [bakkesmodVersion, setBakkesmodVersion] = useState('');
  const [releasedAt, setReleasedAt] = useState('');
  const [makeCurrent, setMakeCurrent] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});
  const body = () => ({ name, bakkesmodVersion, releasedAt: releasedAt || undefined, makeCurrent });
  const create = useMutation({
    mutationFn: () => adminApi.createGameVersion(body()),
    onSuccess: (v) => {
      toast.success(t('gameVersions.created', { name: v.name }));
      setName('');
      setBakkesmodVersion('');
      setReleasedAt('');
      setMakeCurrent(false);
      void refresh();
    },
    onError: (e) => setErrors({ form: errorText(e, t('gameVersions.saveFailed')) }),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const problems = fieldErrors(createGameVersionRequest.safeParse(body()));
    setErrors(problems);
    if (Object.keys(problems).length === 0) create.mutate();
  };
  return (
    <CreateCard
      titleId="game-version-create-title"
      title={t('gameVersions.createTitle')}
      onSubmit={submit}
      error={errors.form}
      pending={create.isPending}
      submitLabel={t('gameVersions.create')}
    >
      <div className="grid gap-3 sm:grid-cols-3">
        <TextField
          label={t('gameVersions.name')}
          hint={t('gameVersions.nameHint')}
          value={name}
          maxLength={50}
          error={errors.name && adminMessage(errors.name)}
          onChange={(e) => setName(e.target.value)}
        />
        <TextField
          label={t('gameVersions.bakkesmod')}
          value={bakkesmodVersion}
          maxLength={50}
          error={errors.bakkesmodVersion && adminMessage(errors.bakkesmodVersion)}
          onChange={(e) => setBakkesmodVersion(e.target.value)}
        />
        <TextField
          label={t('gameVersions.released')}
          hint={t('gameVersions.releasedHint')}
          type="date"
          value={releasedAt}
          error={errors.releasedAt && adminMessage(errors.releasedAt)}
          onChange={(e) => setReleasedAt(e.target.value)}
        />
      </div>
      <Checkbox
        label={t('gameVersions.makeCurrent')}
        checked={makeCurrent}
        onChange={(e) => setMakeCurrent(e.target.checked)}
      />
    </CreateCard>
  );
}

function EditGameVersionForm({ version, onDone }: { version: GameVersion; onDone: () => void }) {
  const t = useAdminT();
  const refresh = useRefresh();
  const [name, setName] = useState(version.name);
  const [bakkesmodVersion, setBakkesmodVersion] = useState(version.bakkesmodVersion);
  const [errors, setErrors] = useState<FieldErrors>({});
  const save = useMutation({
    mutationFn: () => adminApi.updateGameVersion(version.id, { name, bakkesmodVersion }),
    onSuccess: (v) => {
      toast.success(t('gameVersions.saved', { name: v.name }));
      onDone();
      void refresh();
    },
    onError: (e) => setErrors({ form: errorText(e, t('gameVersions.saveFailed')) }),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const problems = fieldErrors(updateGameVersionRequest.safeParse({ name, bakkesmodVersion }));
    setErrors(problems);
    if (Object.keys(problems).length === 0) save.mutate();
  };
  return (
    <form
      onSubmit={submit}
      noValidate
      className="flex flex-col gap-2"
      onKeyDown={(e) => {
        if (e.key === 'Escape') onDone();
      }}
    >
      <TextField
        label={t('gameVersions.editName', { name: version.name })}
        value={name}
        maxLength={50}
        autoFocus
        error={errors.name && adminMessage(errors.name)}
        onChange={(e) => setName(e.target.value)}
      />
      <TextField
        label={t('gameVersions.editBakkesmod', { name: version.name })}
        value={bakkesmodVersion}
        maxLength={50}
        error={errors.bakkesmodVersion && adminMessage(errors.bakkesmodVersion)}
        onChange={(e) => setBakkesmodVersion(e.target.value)}
      />
      {errors.form && <Alert variant="error">{adminMessage(errors.form)}</Alert>}
      <div className="flex gap-2">
        <Button type="submit" size="sm" disabled={save.isPending}>
          {t('gameVersions.save')}
        </Button>
        <Button size="sm" variant="secondary" onClick={onDone}>
          {t('gameVersions.cancel')}
        </Button>
      </div>
    </form>
  );
}

function GameVersionRow({
  version,
  currentName,
  onRebuild,
  rebuildPending,
}: {
  version: GameVersion;
  currentName: string | null;
  onRebuild: () => void;
  rebuildPending: boolean;
}) {
  const t = useAdminT();
  const refresh = useRefresh();
  const confirm = useConfirm();
  const [editing, setEditing] = useState(false);
  const makeCurrent = useMutation({
    mutationFn: () => adminApi.updateGameVersion(version.id, { makeCurrent: true }),
    onSuccess: (v) => {
      toast.success(t('gameVersions.madeCurrent', { name: v.name }));
      void refresh();
    },
    onError: (e) => toast.error(adminMessage(errorText(e, t('gameVersions.changeFailed')))),
  });
  const promote = async () => {
    const ok = await confirm({
      title: t('gameVersions.confirmCurrentTitle', { name: version.name }),
      description: currentName
        ? t('gameVersions.confirmCurrentAfter', { previous: currentName })
        : t('gameVersions.confirmCurrent'),
      confirmLabel: t('gameVersions.promote'),
    });
    if (ok) makeCurrent.mutate();
  };
  return (
    <tr data-testid="game-version-row">
      <td className={tc.td}>
        {editing ? (
          <EditGameVersionForm version={version} onDone={() => setEditing(false)} />
        ) : (
          <span className="font-semibold text-white">{version.name}</span>
        )}
      </td>
      <td className={tc.td}>
        {editing ? null : <code className="text-xs text-slate-300">{version.bakkesmodVersion}</code>}
      </td>
      <td className={tc.td}>
        <time dateTime={version.releasedAt}>{formatDate(version.releasedAt)}</time>
      </td>
      <StateCell
        on={version.current}
        texts={[t('gameVersions.current'), t('gameVersions.notCurrent')]}
        offTone="muted"
      />
      <ActionsCell>
        {!editing && (
          <EditButton label={t('gameVersions.editLabel', { name: version.name })} onClick={() => setEditing(true)}>
            {t('gameVersions.edit')}
          </EditButton>
        )}
        {!version.current && (
          <Button
            size="sm"
            aria-label={t('gameVersions.promoteLabel', { name: version.name })}
            disabled={makeCurrent.isPending}
            onClick={() => void promote()}
          >
            {t('gameVersions.promote')}
          </Button>
        )}
        {!editing && (
          <Button
            size="sm"
            variant="secondary"
            aria-label={t('gameVersions.rebuildLabel', { name: version.name })}
            disabled={rebuildPending}
            onClick={onRebuild}
          >
            {t('gameVersions.rebuild')}
          </Button>
        )}
      </ActionsCell>
    </tr>
  );
}

/** /admin/game-versions: the game versions, newest first; add one, edit one, make one current. */
export function GameVersionsPage() {
  const t = useAdminT();
  const versions = useQuery(gameVersionsQuery());
  const client = useQueryClient();
  const [rebuilt, setRebuilt] = useState<{ id: number; name: string } | null>(null);
  const [rebuildError, setRebuildError] = useState<string | null>(null);
  const rebuild = useMutation({
    mutationFn: (v: GameVersion) => adminApi.startRebuild(v.id),
    onMutate: () => setRebuildError(null),
    onSuccess: (progress, v) => {
      client.setQueryData(adminKeys.rebuild(v.id), progress);
      setRebuilt({ id: v.id, name: v.name });
    },
    onError: (e) => setRebuildError(errorText(e, t('gameVersions.rebuildFailed'))),
  });
  const columns = [
    t('gameVersions.columns.name'),
    t('gameVersions.columns.bakkesmod'),
    t('gameVersions.columns.released'),
    t('gameVersions.columns.state'),
    t('gameVersions.columns.actions'),
  ];
  return (
    <AdminSection title={t('gameVersions.title')} intro={t('gameVersions.intro')}>
      <QueryState query={versions} failedText={t('gameVersions.loadFailed')} emptyText={t('gameVersions.none')}>
        {(list) => (
          <DataTable caption={t('gameVersions.title')} columns={columns}>
            {list.map((v) => (
              <GameVersionRow
                key={`${v.id}:${v.name}:${v.bakkesmodVersion}`}
                version={v}
                currentName={list.find((x) => x.current)?.name ?? null}
                onRebuild={() => rebuild.mutate(v)}
                rebuildPending={rebuild.isPending}
              />
            ))}
          </DataTable>
        )}
      </QueryState>
      {rebuildError && (
        <Alert variant="error" title={t('gameVersions.rebuildFailed')}>
          {adminMessage(rebuildError)}
        </Alert>
      )}
      {rebuilt && <RebuildPanel key={rebuilt.id} gameVersionId={rebuilt.id} name={rebuilt.name} />}
      <CreateGameVersionForm />
    </AdminSection>
  );
}
