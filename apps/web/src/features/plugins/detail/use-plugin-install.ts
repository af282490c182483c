import type { Plugin } from '@bm/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { patchPluginDetail } from '../api';
import { launchInstall } from './counters';

/**
 * The install flow of a plugin page: the link is tried and the helper dialog opens; ?install=1
 * starts it on arrival, once. Only a plugin with an approved version can be installed; otherwise no
 * protocol link is opened.
 */
export function usePluginInstall(plugin: Plugin) {
  const client = useQueryClient();
  const [sp, setSp] = useSearchParams();
  const [open, setOpen] = useState(false);
  const onCount = (downloadCount: number) => patchPluginDetail(client, plugin.id, { downloadCount });
  const installable = plugin.versionString !== null;
  const install = () => {
    if (!installable) return;
    launchInstall(plugin.id, onCount);
    setOpen(true);
  };

  const installStarted = useRef(false);
  useEffect(() => {
    if (installStarted.current || sp.get('install') !== '1') return;
    installStarted.current = true;
    install();
    setSp(
      (prev) => {
        const next = new URLSearchParams(prev);
        next.delete('install');
        return next;
      },
      { replace: true },
    );
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return {
    installable,
    install,
    onCount,
    open,
    retry: () => launchInstall(plugin.id, onCount),
    close: () => setOpen(false),
  };
}
