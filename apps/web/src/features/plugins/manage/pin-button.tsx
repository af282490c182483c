import type { Plugin } from '@bm/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '../../../components/ui';
import { toast } from '../../../lib/toast';
import { managePluginApi, patchMyPlugin } from './api';
import { usePluginManageT } from './manage-text';

/** Pin / Unpin, optimistic: the label flips at once and reverts with 'Failed to update pin' on failure. */
export function PinButton({ plugin }: { plugin: Plugin }) {
  const t = usePluginManageT();
  const client = useQueryClient();
  const [busy, setBusy] = useState(false);

  const toggle = async () => {
    const before = plugin.isPinned;
    const next = !before;
    setBusy(true);
    patchMyPlugin(client, plugin.id, { isPinned: next });
    try {
      const { isPinned } = await managePluginApi.setPin(plugin.id, next);
      patchMyPlugin(client, plugin.id, { isPinned });
      void client.invalidateQueries({ queryKey: ['plugins', 'my'], exact: true });
    } catch {
      patchMyPlugin(client, plugin.id, { isPinned: before });
      toast.error(t('pinFailed'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Button variant="outline" size="sm" aria-pressed={plugin.isPinned} disabled={busy} onClick={() => void toggle()}>
      {plugin.isPinned ? t('unpin') : t('pin')}
    </Button>
  );
}
