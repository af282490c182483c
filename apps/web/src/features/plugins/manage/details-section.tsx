import {
  PLUGIN_DESCRIPTION_MAX,
  PLUGIN_SHORT_DESCRIPTION_MAX,
  updatePluginRequest,
  type Plugin,
  type UpdatePluginRequest,
} from '@bm/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { MarkdownField } from '../../../components/markdown-field';
import { Button, TextAreaField, TextField, cx } from '../../../components/ui';
import { errorText, isApiError } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { managePluginApi, myPluginKeys } from './api';
import { ManageSection, SectionStatus } from './section';
import { useCoreMessage } from '../create/create-text';
import { useMarkdownTexts, usePluginManageT } from './manage-text';

type Field = 'name' | 'shortDescription' | 'homepage' | 'sourceCodeUrl' | 'description';
const FIELDS: readonly Field[] = ['name', 'shortDescription', 'homepage', 'sourceCodeUrl', 'description'];
type Values = Record<Field, string>;

const valuesOf = (p: Plugin): Values => ({
  name: p.name,
  shortDescription: p.shortDescription,
  homepage: p.homepage ?? '',
  sourceCodeUrl: p.sourceCodeUrl ?? '',
  description: p.description,
});

/** The fields whose (trimmed) value differs from the saved plugin: PUT /update carries only these. */
export function changedFields(plugin: Plugin, values: Values): UpdatePluginRequest {
  const saved = valuesOf(plugin);
  const out: UpdatePluginRequest = {};
  for (const f of FIELDS) if (values[f].trim() !== saved[f].trim()) out[f] = values[f];
  return out;
}

export function DetailsSection({ plugin }: { plugin: Plugin }) {
  const t = usePluginManageT();
  const markdownTexts = useMarkdownTexts();
  const say = useCoreMessage();
  const client = useQueryClient();
  const [values, setValues] = useState<Values>(() => valuesOf(plugin));
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState<{ text: string; tone: 'success' | 'error' } | null>(null);

  const set = (field: Field) => (e: { target: { value: string } }) => {
    setValues((v) => ({ ...v, [field]: e.target.value }));
    if (errors[field]) setErrors((x) => ({ ...x, [field]: undefined }));
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    const changes = changedFields(plugin, values);
    if (Object.keys(changes).length === 0) {
      setStatus({ text: t('noChanges'), tone: 'success' });
      return;
    }
    const parsed = updatePluginRequest.safeParse(changes);
    if (!parsed.success) {
      const next: Partial<Record<Field, string>> = {};
      for (const issue of parsed.error.issues) {
        const f = FIELDS.find((x) => x === issue.path[0]);
        if (f && !next[f]) next[f] = say(issue.message);
      }
      setErrors(next);
      return;
    }
    setBusy(true);
    setStatus(null);
    try {
      const updated = await managePluginApi.update(plugin.id, changes);
      client.setQueryData(myPluginKeys.one(plugin.id), updated);
      setValues(valuesOf(updated));
      setStatus({ text: t('saved'), tone: 'success' });
      toast.success(t('saved'));
    } catch (err) {
      const text = isApiError(err) && err.status === 400 ? errorText(err) : t('updateFailed');
      setStatus({ text, tone: 'error' });
      toast.error(text);
    } finally {
      setBusy(false);
    }
  };

  const shortTooLong = values.shortDescription.length > PLUGIN_SHORT_DESCRIPTION_MAX;

  return (
    <ManageSection id="details" title={t('details')}>
      <form onSubmit={submit} noValidate className="space-y-4">
        <TextField
          label={t('name')}
          value={values.name}
          onChange={set('name')}
          error={errors.name}
          required
          autoComplete="off"
        />
        <TextAreaField
          label={t('shortDescription')}
          value={values.shortDescription}
          onChange={set('shortDescription')}
          error={errors.shortDescription}
          rows={2}
          className="min-h-16"
        />
        <p className={cx('-mt-2 text-right text-xs', shortTooLong ? 'font-semibold text-rose-400' : 'text-slate-400')}>
          {t('counter', { length: values.shortDescription.length, max: PLUGIN_SHORT_DESCRIPTION_MAX })}
        </p>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label={t('homepage')}
            type="url"
            value={values.homepage}
            onChange={set('homepage')}
            error={errors.homepage}
            placeholder="https://"
          />
          <TextField
            label={t('sourceCodeUrl')}
            type="url"
            value={values.sourceCodeUrl}
            onChange={set('sourceCodeUrl')}
            error={errors.sourceCodeUrl}
            placeholder="https://"
          />
        </div>
        <MarkdownField
          value={values.description}
          onChange={(v) => set('description')({ target: { value: v } })}
          error={errors.description}
          max={PLUGIN_DESCRIPTION_MAX}
          label={t('description')}
          tabsLabel={t('descriptionMode')}
          hint={t('markdownHint')}
          texts={markdownTexts}
        />
        <div className="flex flex-wrap items-center gap-3">
          <Button type="submit" disabled={busy}>
            {busy ? t('saving') : t('save')}
          </Button>
          <SectionStatus message={status?.text ?? null} tone={status?.tone} />
        </div>
      </form>
    </ManageSection>
  );
}
