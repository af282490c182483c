import type { Plugin } from '@bm/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Alert, Button, Checkbox, Spinner, Switch } from '../../../components/ui';
import { errorText } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { tagsQuery } from '../api';
import { managePluginApi, myPluginKeys } from './api';
import { ManageSection, SectionStatus } from './section';
import { usePluginManageT } from './manage-text';

/** Tags: checkboxes from GET /tags, saved together with PUT /plugins/{id}/tags. */
export function TagsSection({ plugin }: { plugin: Plugin }) {
  const t = usePluginManageT();
  const client = useQueryClient();
  const tags = useQuery(tagsQuery());
  const [selected, setSelected] = useState<Set<number>>(() => new Set(plugin.tags.map((t) => t.id)));
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState<string | null>(null);

  const toggle = (id: number, on: boolean) =>
    setSelected((prev) => {
      const next = new Set(prev);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  const save = async () => {
    setBusy(true);
    setStatus(null);
    try {
      const updated = await managePluginApi.setTags(
        plugin.id,
        [...selected].sort((a, b) => a - b),
      );
      client.setQueryData(myPluginKeys.one(plugin.id), updated);
      setStatus(t('tagsSaved'));
      toast.success(t('tagsSaved'));
    } catch (err) {
      toast.error(errorText(err, t('updateFailed')));
    } finally {
      setBusy(false);
    }
  };

  return (
    <ManageSection id="tags" title={t('tags')} intro={t('tagsIntro')}>
      {tags.isPending ? (
        <Spinner label={t('tagsLoading')} />
      ) : tags.isError ? (
        <Alert variant="error">{t('tagsFailed')}</Alert>
      ) : tags.data.length === 0 ? (
        <p className="text-sm text-slate-400">{t('noTags')}</p>
      ) : (
        <fieldset>
          <legend className="sr-only">{t('tags')}</legend>
          <div className="grid gap-3 sm:grid-cols-2">
            {tags.data.map((tag) => (
              <Checkbox
                key={tag.id}
                label={tag.longName || tag.shortName}
                description={tag.helpText || undefined}
                checked={selected.has(tag.id)}
                onChange={(e) => toggle(tag.id, e.target.checked)}
              />
            ))}
          </div>
        </fieldset>
      )}
      <div className="flex flex-wrap items-center gap-3">
        <Button onClick={() => void save()} disabled={busy || !tags.data}>
          {busy ? t('saving') : t('saveTags')}
        </Button>
        <SectionStatus message={status} />
      </div>
    </ManageSection>
  );
}

/** Visibility: each switch saves at once with PUT /plugins/{id}/visibility (both flags). */
export function VisibilitySection({ plugin }: { plugin: Plugin }) {
  const t = usePluginManageT();
  const client = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState<string | null>(null);

  const save = async (next: { isPubliclyVisible: boolean; isListed: boolean }) => {
    setBusy(true);
    setStatus(null);
    try {
      const updated = await managePluginApi.setVisibility(plugin.id, next);
      client.setQueryData(myPluginKeys.one(plugin.id), updated);
      setStatus(t('visibilitySaved'));
    } catch (err) {
      toast.error(errorText(err, t('updateFailed')));
    } finally {
      setBusy(false);
    }
  };

  const current = { isPubliclyVisible: plugin.isPubliclyVisible, isListed: plugin.isListed };
  return (
    <ManageSection id="visibility" title={t('visibility')}>
      <Switch
        label={t('publiclyVisible')}
        description={t('publiclyVisibleHelp')}
        checked={plugin.isPubliclyVisible}
        disabled={busy}
        onChange={(on) => void save({ ...current, isPubliclyVisible: on })}
      />
      <Switch
        label={t('listedLabel')}
        description={t('listedHelp')}
        checked={plugin.isListed}
        disabled={busy}
        onChange={(on) => void save({ ...current, isListed: on })}
      />
      <SectionStatus message={status} />
    </ManageSection>
  );
}
