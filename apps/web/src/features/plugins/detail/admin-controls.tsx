import type { PluginDetail } from '@bm/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { TitledSection } from '../../../components/titled-section';
import { Switch } from '../../../components/ui';
import { toast } from '../../../lib/toast';
import { patchPluginDetail, pluginKeys, pluginsApi } from '../api';
import { usePluginDetailT } from './detail-text';

/** The administrators' box: skip the build server, feature on the home page (both optimistic). */
export function AdminControls({ plugin }: { plugin: PluginDetail }) {
  const t = usePluginDetailT();
  const client = useQueryClient();
  const skip = useMutation({
    mutationFn: (value: boolean) => pluginsApi.setSkipBuildServer(plugin.id, value),
    onMutate: (value) => patchPluginDetail(client, plugin.id, { skipBuildServer: value }),
    onSuccess: (r) => patchPluginDetail(client, plugin.id, { skipBuildServer: r.skipBuildServer }),
    onError: (_e, value) => {
      patchPluginDetail(client, plugin.id, { skipBuildServer: !value });
      toast.error(t('admin.skipBuildFailed'));
    },
  });

  const feature = useMutation({
    mutationFn: (value: boolean) => pluginsApi.setFeatured(plugin.id, value),
    onMutate: (value) => patchPluginDetail(client, plugin.id, { isFeatured: value }),
    onSuccess: (r) => {
      patchPluginDetail(client, plugin.id, { isFeatured: r.isFeatured });
      void client.invalidateQueries({ queryKey: pluginKeys.featured() });
    },
    onError: (_e, value) => {
      patchPluginDetail(client, plugin.id, { isFeatured: !value });
      toast.error(t('admin.featuredFailed'));
    },
  });

  return (
    <TitledSection
      title={t('admin.title')}
      className="rounded-xl border border-amber-500/40 bg-amber-500/5 p-4"
      headingClassName="mb-3 font-semibold text-amber-200"
    >
      <div className="space-y-4">
        <Switch
          checked={plugin.skipBuildServer}
          onChange={(v) => skip.mutate(v)}
          label={t('admin.skipBuild')}
          description={t('admin.skipBuildHelp')}
          disabled={skip.isPending}
        />
        <Switch
          checked={plugin.isFeatured}
          onChange={(v) => feature.mutate(v)}
          label={t('admin.featured')}
          description={t('admin.featuredHelp')}
          disabled={feature.isPending}
        />
      </div>
    </TitledSection>
  );
}
