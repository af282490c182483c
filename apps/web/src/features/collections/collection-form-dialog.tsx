import {
  COLLECTION_LIMITS,
  COLLECTION_VISIBILITIES,
  collectionUpsertRequest,
  type CollectionDetail,
  type CollectionVisibility,
} from '@bm/core';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { Alert, Button, Dialog, TextAreaField, TextField } from '../../components/ui';
import { errorText } from '../../lib/api';
import { collectionKeys, collectionsApi } from './api';
import { useCollectionMessage } from './collection-messages';
import { useCollectionsT, VISIBILITY_HINT_KEYS, VISIBILITY_KEYS } from './collections-text';

interface Initial {
  id: number;
  name: string;
  description: string;
  visibility: CollectionVisibility;
}

/** New collection / Edit collection: name, description (markdown), visibility; checked with the server's own schema. */
export function CollectionFormDialog({
  open,
  onClose,
  initial,
  onSaved,
}: {
  open: boolean;
  onClose: () => void;
  initial?: Initial;
  onSaved: (saved: CollectionDetail) => void;
}) {
  const client = useQueryClient();
  const t = useCollectionsT();
  const say = useCollectionMessage();
  const [name, setName] = useState(initial?.name ?? '');
  const [description, setDescription] = useState(initial?.description ?? '');
  const [visibility, setVisibility] = useState<CollectionVisibility>(initial?.visibility ?? 'public');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const groupId = useId();

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const checked = collectionUpsertRequest.safeParse({ name, description, visibility });
    if (!checked.success) {
      const next: Record<string, string> = {};
      for (const issue of checked.error.issues) next[String(issue.path[0])] ??= issue.message;
      setErrors(next);
      return;
    }
    setErrors({});
    setFailure(null);
    setBusy(true);
    try {
      const body = { name, description, visibility };
      const saved = initial ? await collectionsApi.update(initial.id, body) : await collectionsApi.create(body);
      client.setQueryData(collectionKeys.detail(saved.id), saved);
      void client.invalidateQueries({ queryKey: collectionKeys.all });
      onSaved(saved);
    } catch (err) {
      setFailure(errorText(err, t('form.saveFailed')));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open={open} onClose={onClose} title={initial ? t('form.editTitle') : t('form.createTitle')}>
      <form onSubmit={(e) => void submit(e)} noValidate className="space-y-4">
        {failure && <Alert variant="error">{say(failure)}</Alert>}
        <TextField
          label={t('form.name')}
          value={name}
          onChange={(e) => setName(e.target.value)}
          error={errors.name ? say(errors.name) : undefined}
          maxLength={COLLECTION_LIMITS.nameMax + 20}
          required
        />
        <TextAreaField
          label={t('form.description')}
          value={description}
          onChange={(e) => setDescription(e.target.value)}
          error={errors.description ? say(errors.description) : undefined}
          hint={t('form.counter', { length: description.length, max: COLLECTION_LIMITS.descriptionMax })}
        />
        <fieldset aria-describedby={`${groupId}-hint`}>
          <legend className="mb-2 text-sm font-medium text-slate-200">{t('form.visibility')}</legend>
          <div className="space-y-2">
            {COLLECTION_VISIBILITIES.map((v) => (
              <label key={v} className="flex items-start gap-2.5 text-sm text-slate-200">
                <input
                  type="radio"
                  name={`${groupId}-visibility`}
                  value={v}
                  checked={visibility === v}
                  onChange={() => setVisibility(v)}
                  className="mt-0.5 h-4 w-4 accent-sky-500"
                />
                <span>
                  {t(VISIBILITY_KEYS[v])} <span className="text-slate-400">· {t(VISIBILITY_HINT_KEYS[v])}</span>
                </span>
              </label>
            ))}
          </div>
          <p id={`${groupId}-hint`} className="sr-only">
            {t(VISIBILITY_HINT_KEYS[visibility])}
          </p>
        </fieldset>
        <div className="flex flex-col gap-2 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={onClose}>
            {t('form.cancel')}
          </Button>
          <Button type="submit" disabled={busy}>
            {initial ? t('form.save') : t('form.create')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
