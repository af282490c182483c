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
import { Button, TextAreaField, TextField } from '../../../components/ui';
import { errorText, isApiError } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { managePluginApi, myPluginKeys } from './api';
import { ManageSection, SectionStatus } from './section';
import { useCoreMessage } from '../create/create-text';
import {
  PLUGIN_FIELDS,
  ShortDescriptionCounter,
  pluginIssueErrors,
  usePluginFields,
  type PluginValues as Values,
} from '../create/plugin-fields';
import { useMarkdownTexts, usePluginManageT } from './manage-text';

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
  for (const f of PLUGIN_FIELDS) if (values[f].trim() !== saved[f].trim()) out[f] = values[f];
  return out;
}

export function DetailsSection({ plugin }: { plugin: Plugin }) {
  const t = usePluginManageT();
  const markdownTexts = useMarkdownTexts();
  const say = useCoreMessage();
  const client = useQueryClient();
  const { values, setValues, errors, setErrors, set, field } = usePluginFields(() => valuesOf(plugin));
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState<{ text: string; tone: 'success' | 'error' } | null>(null);

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
      setErrors(pluginIssueErrors(parsed.error.issues, say));
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

  const shortLength = values.shortDescription.length;

  return (
    <ManageSection id="details" title={t('details')}>
      <form onSubmit={submit} noValidate className="space-y-4">
        <TextField label={t('name')} {...field('name')} required autoComplete="off" />
        <TextAreaField label={t('shortDescription')} {...field('shortDescription')} rows={2} className="min-h-16" />
        <ShortDescriptionCounter
          length={shortLength}
          text={t('counter', { length: shortLength, max: PLUGIN_SHORT_DESCRIPTION_MAX })}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField label={t('homepage')} type="url" {...field('homepage')} placeholder="https://" />
          <TextField label={t('sourceCodeUrl')} type="url" {...field('sourceCodeUrl')} placeholder="https://" />
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
