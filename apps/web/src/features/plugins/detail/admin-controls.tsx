import type { PluginDetail } from '@bm/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Switch } from '../../../components/ui';
import { toast } from '../../../lib/toast';
import { patchPluginDetail, pluginKeys, pluginsApi } from '../api';
import { PLUGIN_DETAIL_TEXT as T } from '../constants';

/** The administrators' box: skip the build server, feature on the home page (both optimistic). */
export function AdminControls({ plugin }: { plugin: PluginDetail }) {
  const client = useQueryClient();
  const skip = useMutation({
    mutationFn: (value: boolean) => pluginsApi.setSkipBuildServer(plugin.id, value),
    onMutate: (value) => patchPluginDetail(client, plugin.id, { skipBuildServer: value }),
    onSuccess: (r) => patchPluginDetail(client, plugin.id, { skipBuildServer: r.skipBuildServer }),
    onError: (_e, value) => {
      patchPluginDetail(client, plugin.id, { skipBuildServer: !value });
      toast.error(T.skipBuildFailed);
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
      toast.error(T.featuredFailed);
    },
  });

  return (
    <section aria-labelledby="admin-controls" className="rounded-xl border border-amber-500/40 bg-amber-500/5 p-4">
      <h2 id="admin-controls" className="mb-3 font-semibold text-amber-200">
        {T.admin}
      </h2>
      <div className="space-y-4">
        <Switch
          checked={plugin.skipBuildServer}
          onChange={(v) => skip.mutate(v)}
          label={T.skipBuild}
          description={T.skipBuildHelp}
          disabled={skip.isPending}
        />
        <Switch
          checked={plugin.isFeatured}
          onChange={(v) => feature.mutate(v)}
          label={T.featured}
          description={T.featuredHelp}
          disabled={feature.isPending}
        />
      </div>
    </section>
  );
}
