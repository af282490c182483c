import type { Plugin } from '@bm/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Alert, Button, Checkbox, Spinner, Switch } from '../../../components/ui';
import { errorText } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { tagsQuery } from '../api';
import { managePluginApi, myPluginKeys } from './api';
import { MANAGE_TEXT as T } from './constants';
import { ManageSection, SectionStatus } from './section';

/** Tags: checkboxes from GET /tags, saved together with PUT /plugins/{id}/tags. */
export function TagsSection({ plugin }: { plugin: Plugin }) {
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
      setStatus(T.tagsSaved);
      toast.success(T.tagsSaved);
    } catch (err) {
      toast.error(errorText(err, T.updateFailed));
    } finally {
      setBusy(false);
    }
  };

  return (
    <ManageSection id="tags" title={T.tags} intro={T.tagsIntro}>
      {tags.isPending ? (
        <Spinner label={T.tagsLoading} />
      ) : tags.isError ? (
        <Alert variant="error">{T.tagsFailed}</Alert>
      ) : tags.data.length === 0 ? (
        <p className="text-sm text-slate-400">{T.noTags}</p>
      ) : (
        <fieldset>
          <legend className="sr-only">{T.tags}</legend>
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
          {busy ? T.saving : T.saveTags}
        </Button>
        <SectionStatus message={status} />
      </div>
    </ManageSection>
  );
}

/** Visibility: each switch saves at once with PUT /plugins/{id}/visibility (both flags). */
export function VisibilitySection({ plugin }: { plugin: Plugin }) {
  const client = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState<string | null>(null);

  const save = async (next: { isPubliclyVisible: boolean; isListed: boolean }) => {
    setBusy(true);
    setStatus(null);
    try {
      const updated = await managePluginApi.setVisibility(plugin.id, next);
      client.setQueryData(myPluginKeys.one(plugin.id), updated);
      setStatus(T.visibilitySaved);
    } catch (err) {
      toast.error(errorText(err, T.updateFailed));
    } finally {
      setBusy(false);
    }
  };

  const current = { isPubliclyVisible: plugin.isPubliclyVisible, isListed: plugin.isListed };
  return (
    <ManageSection id="visibility" title={T.visibility}>
      <Switch
        label={T.publiclyVisible}
        description={T.publiclyVisibleHelp}
        checked={plugin.isPubliclyVisible}
        disabled={busy}
        onChange={(on) => void save({ ...current, isPubliclyVisible: on })}
      />
      <Switch
        label={T.listedLabel}
        description={T.listedHelp}
        checked={plugin.isListed}
        disabled={busy}
        onChange={(on) => void save({ ...current, isListed: on })}
      />
      <SectionStatus message={status} />
    </ManageSection>
  );
}
