import type { Plugin } from '@bm/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '../../../components/ui';
import { toast } from '../../../lib/toast';
import { pluginKeys } from '../list-api';
import { ManageSection, SectionStatus } from '../manage/section';
import { compatibilityApi, compatibilityKeys, declaredGameVersionsQuery, gameVersionsQuery } from './api';
import { GameVersionChecks } from './game-version-checks';
import { usePluginsT } from '../plugins-text';

/** The manage page's declaration: which game versions the live version works with (PUT /plugins/my/{id}/game-versions). */
export function DeclarationSection({ plugin }: { plugin: Plugin }) {
  const t = usePluginsT();
  const client = useQueryClient();
  const declared = useQuery(declaredGameVersionsQuery(plugin.id));
  const versions = useQuery(gameVersionsQuery());
  const [picked, setPicked] = useState<number[] | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: (ids: number[]) => compatibilityApi.declare(plugin.id, ids),
    onSuccess: (answer) => {
      client.setQueryData(compatibilityKeys.declared(plugin.id), answer);
      setPicked(null);
      setStatus(t('compatibility.declareSaved'));
      toast.success(t('compatibility.declareSaved'));
      void client.invalidateQueries({ queryKey: pluginKeys.detail(plugin.id) });
      void client.invalidateQueries({ queryKey: compatibilityKeys.plugin(plugin.id) });
      void client.invalidateQueries({ queryKey: pluginKeys.lists() });
    },
  });
  const selected = picked ?? declared.data?.gameVersionIds ?? [];
  return (
    <ManageSection id="game-versions" title={t('compatibility.declareTitle')} intro={t('compatibility.declareIntro')}>
      {declared.data === null ? (
        <p className="text-sm text-slate-400">{t('compatibility.declareNoLive')}</p>
      ) : declared.data && versions.data ? (
        <form
          className="space-y-3"
          onSubmit={(e) => {
            e.preventDefault();
            setStatus(null);
            save.mutate(selected);
          }}
        >
          <GameVersionChecks
            versions={versions.data}
            selected={selected}
            onChange={(ids) => {
              setStatus(null);
              setPicked(ids);
            }}
            legend={t('compatibility.uploadLegend')}
            disabled={save.isPending}
          />
          <div className="flex flex-wrap items-center gap-3">
            <Button type="submit" disabled={save.isPending}>
              {t('compatibility.declareSave')}
            </Button>
            <SectionStatus message={status} />
          </div>
        </form>
      ) : null}
    </ManageSection>
  );
}
