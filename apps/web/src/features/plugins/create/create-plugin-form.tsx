import { PLUGIN_MESSAGES, PLUGIN_SHORT_DESCRIPTION_MAX, createPluginRequest } from '@bm/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { Alert, Button, Dialog, TextAreaField, TextField } from '../../../components/ui';

import { errorText, isApiError } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { managePluginApi, myPluginKeys } from '../manage/api';
import { useCoreMessage, usePluginCreateT } from './create-text';
import { ShortDescriptionCounter, pluginFieldErrors, pluginIssueErrors, usePluginFields } from './plugin-fields';

/**
 * The new-plugin form: Plugin Name (required), Short Description (up to 500, with a counter),
 * Homepage URL, and optionally Source Code URL and Description, checked with core's rules.
 * On success it goes to the plugin's manage page.
 */
export function CreatePluginForm({ onCancel, onCreated }: { onCancel?: () => void; onCreated?: () => void }) {
  const t = usePluginCreateT();
  const say = useCoreMessage();
  const client = useQueryClient();
  const navigate = useNavigate();
  const { values, errors, setErrors, field } = usePluginFields(() => ({
    name: '',
    shortDescription: '',
    homepage: '',
    sourceCodeUrl: '',
    description: '',
  }));
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    setFormError(null);
    const parsed = createPluginRequest.safeParse(values);
    if (!parsed.success) {
      setErrors(pluginIssueErrors(parsed.error.issues, say));
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      const plugin = await managePluginApi.create(parsed.data);
      client.setQueryData(myPluginKeys.one(plugin.id), plugin);
      void client.invalidateQueries({ queryKey: ['plugins'] });
      toast.success(t('created'));
      onCreated?.();
      void navigate(`/plugins/${plugin.id}/manage`);
    } catch (err) {
      setBusy(false);
      if (isApiError(err) && err.status === 400) {
        setErrors(
          pluginFieldErrors(
            Object.entries(err.errors ?? {}).map(([k, v]) => [k, v[0]]),
            say,
          ),
        );
        setFormError(errorText(err));
      } else {
        setFormError(t('createFailed'));
      }
    }
  };

  const shortLength = values.shortDescription.length;
  const tooLong = shortLength > PLUGIN_SHORT_DESCRIPTION_MAX;

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      {formError && <Alert variant="error">{formError}</Alert>}
      <TextField
        label={t('name')}
        {...field('name')}
        required
        aria-required="true"
        placeholder={t('namePlaceholder')}
        autoComplete="off"
      />
      <TextAreaField
        label={t('shortDescription')}
        {...field('shortDescription')}
        error={errors.shortDescription ?? (tooLong ? say(PLUGIN_MESSAGES.shortDescriptionTooLong) : null)}
        hint={t('shortDescriptionHint')}
        rows={3}
        className="min-h-20"
      />
      <ShortDescriptionCounter
        length={shortLength}
        text={t('counter', { length: shortLength, max: PLUGIN_SHORT_DESCRIPTION_MAX })}
      />
      <TextField label={t('homepage')} type="url" {...field('homepage')} placeholder="https://" />
      <TextField
        label={t('sourceCodeUrl')}
        type="url"
        {...field('sourceCodeUrl')}
        placeholder="https://github.com/..."
      />
      <TextAreaField label={t('description')} {...field('description')} hint={t('descriptionHint')} rows={5} />
      <div className="flex flex-wrap justify-end gap-2 pt-2">
        {onCancel && (
          <Button variant="ghost" onClick={onCancel} disabled={busy}>
            {t('cancel')}
          </Button>
        )}
        <Button type="submit" disabled={busy}>
          {busy ? t('creating') : t('submit')}
        </Button>
      </div>
    </form>
  );
}

/** The create form in a modal (opened from the dashboard header). */
export function CreatePluginDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const t = usePluginCreateT();
  return (
    <Dialog open={open} onClose={onClose} title={t('title')} description={t('intro')} className="max-w-lg">
      <CreatePluginForm onCancel={onClose} onCreated={onClose} />
    </Dialog>
  );
}
