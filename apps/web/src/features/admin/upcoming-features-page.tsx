import { upsertFeatureRequest, type UpcomingFeature } from '@bm/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Alert, Button, Card, TextField, useConfirm } from '../../components/ui';
import { errorText } from '../../lib/api';
import { toast } from '../../lib/toast';
import { adminApi, adminKeys, upcomingFeaturesQuery } from './api';
import { ADMIN_TEXT } from './constants';
import { AdminSection, Badge, QueryState, tableClasses as tc } from './shared';

const T = ADMIN_TEXT.features;

/** The first problem of a key and name as the server would see it, or null. */
function featureError(key: string, name: string): string | null {
  const parsed = upsertFeatureRequest.safeParse({ key, name });
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? T.saveFailed);
}

function CreateFeatureForm() {
  const client = useQueryClient();
  const [key, setKey] = useState('');
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const create = useMutation({
    mutationFn: () => adminApi.upsertFeature(key.trim(), name.trim()),
    onSuccess: (f) => {
      toast.success(T.created(f.name));
      setKey('');
      setName('');
      void client.invalidateQueries({ queryKey: adminKeys.features() });
    },
    onError: (e) => setError(errorText(e, T.saveFailed)),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const problem = featureError(key, name);
    setError(problem);
    if (!problem) create.mutate();
  };
  return (
    <Card>
      <form onSubmit={submit} noValidate className="flex flex-col gap-3" aria-labelledby="feature-create-title">
        <h3 id="feature-create-title" className="text-lg font-semibold text-white">
          {T.createTitle}
        </h3>
        <div className="grid gap-3 sm:grid-cols-2">
          <TextField
            label={T.key}
            hint={T.keyHint}
            value={key}
            maxLength={50}
            onChange={(e) => setKey(e.target.value)}
          />
          <TextField label={T.name} value={name} maxLength={100} onChange={(e) => setName(e.target.value)} />
        </div>
        {error && <Alert variant="error">{error}</Alert>}
        <div>
          <Button type="submit" disabled={create.isPending}>
            {T.create}
          </Button>
        </div>
      </form>
    </Card>
  );
}

function FeatureRow({ feature }: { feature: UpcomingFeature }) {
  const client = useQueryClient();
  const confirm = useConfirm();
  const [editing, setEditing] = useState(false);
  const [name, setName] = useState(feature.name);
  const [error, setError] = useState<string | null>(null);
  const refresh = () => client.invalidateQueries({ queryKey: adminKeys.features() });
  const save = useMutation({
    mutationFn: () => adminApi.upsertFeature(feature.key, name.trim()),
    onSuccess: (f) => {
      toast.success(T.saved(f.name));
      setEditing(false);
      void refresh();
    },
    onError: (e) => setError(errorText(e, T.saveFailed)),
  });
  const setCompleted = useMutation({
    mutationFn: (isCompleted: boolean) => adminApi.setFeatureCompleted(feature.key, isCompleted),
    onSuccess: (f) => {
      toast.success(f.isCompleted ? T.completedToast(f.name) : T.reopenedToast(f.name));
      void refresh();
    },
    onError: (e) => toast.error(errorText(e, T.changeFailed)),
  });
  const complete = async () => {
    const ok = await confirm({
      title: T.confirmCompleteTitle(feature.name),
      description: T.confirmComplete,
      confirmLabel: T.completeShort,
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
              label={T.edit(feature.name)}
              value={name}
              maxLength={100}
              autoFocus
              onChange={(e) => setName(e.target.value)}
              onKeyDown={(e) => {
                if (e.key === 'Escape') setEditing(false);
              }}
              error={error}
            />
            <Button type="submit" size="sm" disabled={save.isPending}>
              {T.save}
            </Button>
            <Button size="sm" variant="secondary" onClick={() => setEditing(false)}>
              {T.cancel}
            </Button>
          </form>
        ) : (
          <span className="font-semibold text-white">{feature.name}</span>
        )}
      </td>
      <td className={tc.td}>
        <code className="text-xs text-slate-300">{feature.key}</code>
      </td>
      <td className={tc.td}>
        {feature.isCompleted ? <Badge tone="good">{T.completed}</Badge> : <Badge tone="info">{T.upcoming}</Badge>}
      </td>
      <td className={tc.td}>
        <div className="flex flex-wrap gap-2">
          {!editing && (
            <Button
              size="sm"
              variant="secondary"
              aria-label={T.edit(feature.name)}
              onClick={() => {
                setName(feature.name);
                setError(null);
                setEditing(true);
              }}
            >
              {T.editShort}
            </Button>
          )}
          {feature.isCompleted ? (
            <Button
              size="sm"
              variant="secondary"
              aria-label={T.reopen(feature.name)}
              disabled={setCompleted.isPending}
              onClick={() => setCompleted.mutate(false)}
            >
              {T.reopenShort}
            </Button>
          ) : (
            <Button
              size="sm"
              aria-label={T.complete(feature.name)}
              disabled={setCompleted.isPending}
              onClick={() => void complete()}
            >
              {T.completeShort}
            </Button>
          )}
        </div>
      </td>
    </tr>
  );
}

/** /admin/features: list, add and rename upcoming features, and mark them completed (or reopen them). */
export function UpcomingFeaturesPage() {
  const features = useQuery(upcomingFeaturesQuery());
  return (
    <AdminSection title={T.title}>
      <p className="text-slate-400">{T.intro}</p>
      <QueryState
        isPending={features.isPending}
        error={features.isError ? features.error : null}
        failedText={T.loadFailed}
      >
        {() =>
          features.data!.length === 0 ? (
            <p className="text-sm text-slate-400">{T.none}</p>
          ) : (
            <div className={tc.wrap}>
              <table className={tc.table}>
                <caption className="sr-only">{T.title}</caption>
                <thead className={tc.head}>
                  <tr>
                    {Object.values(T.columns).map((c) => (
                      <th key={c} scope="col" className={tc.th}>
                        {c}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody className={tc.body}>
                  {features.data!.map((f) => (
                    <FeatureRow key={`${f.key}:${f.name}`} feature={f} />
                  ))}
                </tbody>
              </table>
            </div>
          )
        }
      </QueryState>
      <CreateFeatureForm />
    </AdminSection>
  );
}
