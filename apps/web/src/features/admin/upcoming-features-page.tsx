import { upsertFeatureRequest, type UpcomingFeature } from '@bm/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Button, TextField, useConfirm, DataTable, dataTableClasses as tc } from '../../components/ui';
import { errorText } from '../../lib/api';
import { toast } from '../../lib/toast';
import { adminApi, adminKeys, upcomingFeaturesQuery } from './api';
import { adminMessage, adminT, useAdminT } from './admin-text';
import { ActionsCell, AdminSection, CreateCard, EditButton, QueryState, StateCell } from './shared';

/** The first problem of a key and name as the server would see it, or null. */
function featureError(key: string, name: string): string | null {
  const parsed = upsertFeatureRequest.safeParse({ key, name });
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? adminT()('features.saveFailed'));
}

function CreateFeatureForm() {
  const t = useAdminT();
  const client = useQueryClient();
  const [key, setKey] = useState('');
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const create = useMutation({
    mutationFn: () => adminApi.upsertFeature(key.trim(), name.trim()),
    onSuccess: (f) => {
      toast.success(t('features.created', { name: f.name }));
      setKey('');
      setName('');
      void client.invalidateQueries({ queryKey: adminKeys.features() });
    },
    onError: (e) => setError(errorText(e, t('features.saveFailed'))),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const problem = featureError(key, name);
    setError(problem);
    if (!problem) create.mutate();
  };
  return (
    <CreateCard
      titleId="feature-create-title"
      title={t('features.createTitle')}
      onSubmit={submit}
      error={error}
      pending={create.isPending}
      submitLabel={t('features.create')}
    >
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField
          label={t('features.key')}
          hint={t('features.keyHint')}
          value={key}
          maxLength={50}
          onChange={(e) => setKey(e.target.value)}
        />
        <TextField label={t('features.name')} value={name} maxLength={100} onChange={(e) => setName(e.target.value)} />
      </div>
    </CreateCard>
  );
}

function FeatureRow({ feature }: { feature: UpcomingFeature }) {
  const t = useAdminT();
  const client = useQueryClient();
  const confirm = useConfirm();
  const [editing, setEditing] = useState(false);
  const [name, setName] = useState(feature.name);
  const [error, setError] = useState<string | null>(null);
  const refresh = () => client.invalidateQueries({ queryKey: adminKeys.features() });
  const save = useMutation({
    mutationFn: () => adminApi.upsertFeature(feature.key, name.trim()),
    onSuccess: (f) => {
      toast.success(t('features.saved', { name: f.name }));
      setEditing(false);
      void refresh();
    },
    onError: (e) => setError(errorText(e, t('features.saveFailed'))),
  });
  const setCompleted = useMutation({
    mutationFn: (isCompleted: boolean) => adminApi.setFeatureCompleted(feature.key, isCompleted),
    onSuccess: (f) => {
      toast.success(t(f.isCompleted ? 'features.completedToast' : 'features.reopenedToast', { name: f.name }));
      void refresh();
    },
    onError: (e) => toast.error(adminMessage(errorText(e, t('features.changeFailed')))),
  });
  const complete = async () => {
    const ok = await confirm({
      title: t('features.confirmCompleteTitle', { name: feature.name }),
      description: t('features.confirmComplete'),
      confirmLabel: t('features.complete'),
    });
    if (ok) setCompleted.mutate(true);
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const problem = featureError(feature.key, name);
    setError(problem);
    if (!problem) save.mutate();
  };

  return (
    <tr data-testid="feature-row">
      <td className={tc.td}>
        {editing ? (
          <form onSubmit={submit} noValidate className="flex flex-wrap items-end gap-2">
            <TextField
              label={t('features.editLabel', { name: feature.name })}
              value={name}
              maxLength={100}
              autoFocus
              onChange={(e) => setName(e.target.value)}
              onKeyDown={(e) => {
                if (e.key === 'Escape') setEditing(false);
              }}
              error={error && adminMessage(error)}
            />
            <Button type="submit" size="sm" disabled={save.isPending}>
              {t('features.save')}
            </Button>
            <Button size="sm" variant="secondary" onClick={() => setEditing(false)}>
              {t('features.cancel')}
            </Button>
          </form>
        ) : (
          <span className="font-semibold text-white">{feature.name}</span>
        )}
      </td>
      <td className={tc.td}>
        <code className="text-xs text-slate-300">{feature.key}</code>
      </td>
      <StateCell on={feature.isCompleted} texts={[t('features.completed'), t('features.upcoming')]} offTone="info" />
      <ActionsCell>
        {!editing && (
          <EditButton
            label={t('features.editLabel', { name: feature.name })}
            onClick={() => {
              setName(feature.name);
              setError(null);
              setEditing(true);
            }}
          >
            {t('features.edit')}
          </EditButton>
        )}
        {feature.isCompleted ? (
          <Button
            size="sm"
            variant="secondary"
            aria-label={t('features.reopenLabel', { name: feature.name })}
            disabled={setCompleted.isPending}
            onClick={() => setCompleted.mutate(false)}
          >
            {t('features.reopen')}
          </Button>
        ) : (
          <Button
            size="sm"
            aria-label={t('features.completeLabel', { name: feature.name })}
            disabled={setCompleted.isPending}
            onClick={() => void complete()}
          >
            {t('features.complete')}
          </Button>
        )}
      </ActionsCell>
    </tr>
  );
}

/** /admin/features: list, add and rename upcoming features, and mark them completed (or reopen them). */
export function UpcomingFeaturesPage() {
  const t = useAdminT();
  const features = useQuery(upcomingFeaturesQuery());
  const columns = [
    t('features.columns.name'),
    t('features.columns.key'),
    t('features.columns.state'),
    t('features.columns.actions'),
  ];
  return (
    <AdminSection title={t('features.title')} intro={t('features.intro')}>
      <QueryState query={features} failedText={t('features.loadFailed')} emptyText={t('features.none')}>
        {(list) => (
          <DataTable caption={t('features.title')} columns={columns}>
            {list.map((f) => (
              <FeatureRow key={`${f.key}:${f.name}`} feature={f} />
            ))}
          </DataTable>
        )}
      </QueryState>
      <CreateFeatureForm />
    </AdminSection>
  );
}
