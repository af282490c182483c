import { PLUGIN_MESSAGES, PLUGIN_SHORT_DESCRIPTION_MAX, createPluginRequest } from '@bm/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { Alert, Button, Dialog, TextAreaField, TextField } from '../../../components/ui';

import { errorText, isApiError } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { managePluginApi, myPluginKeys } from '../manage/api';
import { CREATE_PLUGIN_TEXT as T } from './constants';

type Field = 'name' | 'shortDescription' | 'homepage' | 'sourceCodeUrl' | 'description';
type FieldErrors = Partial<Record<Field, string>>;
const FIELDS: readonly Field[] = ['name', 'shortDescription', 'homepage', 'sourceCodeUrl', 'description'];

function toFieldErrors(entries: Iterable<[string, string | undefined]>): FieldErrors {
  const out: FieldErrors = {};
  for (const [key, message] of entries) {
    const field = FIELDS.find((f) => f === key);
    if (field && message && !out[field]) out[field] = message;
  }
  return out;
}

/**
 * The new-plugin form: Plugin Name (required), Short Description (up to 500, with a counter),
 * Homepage URL, and optionally Source Code URL and Description, checked with core's rules.
 * On success it goes to the plugin's manage page.
 */
export function CreatePluginForm({ onCancel, onCreated }: { onCancel?: () => void; onCreated?: () => void }) {
  const client = useQueryClient();
  const navigate = useNavigate();
  const [values, setValues] = useState<Record<Field, string>>({
    name: '',
    shortDescription: '',
    homepage: '',
    sourceCodeUrl: '',
    description: '',
  });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const set = (field: Field) => (e: { target: { value: string } }) => {
    setValues((v) => ({ ...v, [field]: e.target.value }));
    if (errors[field]) setErrors((x) => ({ ...x, [field]: undefined }));
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    setFormError(null);
    const parsed = createPluginRequest.safeParse(values);
    if (!parsed.success) {
      setErrors(toFieldErrors(parsed.error.issues.map((i) => [String(i.path[0]), i.message])));
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      const plugin = await managePluginApi.create(parsed.data);
      client.setQueryData(myPluginKeys.one(plugin.id), plugin);
      void client.invalidateQueries({ queryKey: ['plugins'] });
      toast.success(T.created);
      onCreated?.();
      void navigate(`/plugins/${plugin.id}/manage`);
    } catch (err) {
      setBusy(false);
      if (isApiError(err) && err.status === 400) {
        setErrors(toFieldErrors(Object.entries(err.errors ?? {}).map(([k, v]) => [k, v[0]])));
        setFormError(errorText(err));
      } else {
        setFormError(T.createFailed);
      }
    }
  };

  const shortLength = values.shortDescription.length;
  const tooLong = shortLength > PLUGIN_SHORT_DESCRIPTION_MAX;

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      {formError && <Alert variant="error">{formError}</Alert>}
      <TextField
        label={T.name}
        value={values.name}
        onChange={set('name')}
        error={errors.name}
        required
        aria-required="true"
        placeholder={T.namePlaceholder}
        autoComplete="off"
      />
      <TextAreaField
        label={T.shortDescription}
        value={values.shortDescription}
        onChange={set('shortDescription')}
        error={errors.shortDescription ?? (tooLong ? PLUGIN_MESSAGES.shortDescriptionTooLong : null)}
        hint={T.shortDescriptionHint}
        rows={3}
        className="min-h-20"
      />
      <p
        data-testid="short-description-counter"
        className={
          tooLong ? '-mt-2 text-right text-xs font-semibold text-rose-400' : '-mt-2 text-right text-xs text-slate-400'
        }
      >
        {T.counter(shortLength, PLUGIN_SHORT_DESCRIPTION_MAX)}
      </p>
      <TextField
        label={T.homepage}
        type="url"
        value={values.homepage}
        onChange={set('homepage')}
        error={errors.homepage}
        placeholder="https://"
      />
      <TextField
        label={`${T.sourceCodeUrl} ${T.optional}`}
        type="url"
        value={values.sourceCodeUrl}
        onChange={set('sourceCodeUrl')}
        error={errors.sourceCodeUrl}
        placeholder="https://github.com/..."
      />
      <TextAreaField
        label={`${T.description} ${T.optional}`}
        value={values.description}
        onChange={set('description')}
        error={errors.description}
        hint={T.descriptionHint}
        rows={5}
      />
      <div className="flex flex-wrap justify-end gap-2 pt-2">
        {onCancel && (
          <Button variant="ghost" onClick={onCancel} disabled={busy}>
            {T.cancel}
          </Button>
        )}
        <Button type="submit" disabled={busy}>
          {busy ? T.creating : T.submit}
        </Button>
      </div>
    </form>
  );
}

/** The create form in a modal (opened from the dashboard header). */
export function CreatePluginDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Dialog open={open} onClose={onClose} title={T.title} description={T.intro} className="max-w-lg">
      <CreatePluginForm onCancel={onClose} onCreated={onClose} />
    </Dialog>
  );
}
