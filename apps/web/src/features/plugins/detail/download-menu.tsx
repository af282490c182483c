import { useMutation } from '@tanstack/react-query';
import { useRef } from 'react';
import { Button } from '../../../components/ui';
import { useDropdown } from '../../../components/use-dropdown';
import { toast } from '../../../lib/toast';
import { pluginsApi } from '../api';
import { claimPluginDownload } from './counters';
import { usePluginDetailT } from './detail-text';

/** Downloading the files: counted (throttled), then the browser follows the link the count answered with. */
export function usePluginDownload(pluginId: number, onCount: (downloadCount: number) => void) {
  const t = usePluginDetailT();
  const lastDownloadUrl = useRef<string | null>(null);
  return useMutation({
    mutationFn: async () => {
      if (!claimPluginDownload(pluginId) && lastDownloadUrl.current) return lastDownloadUrl.current;
      const r = await pluginsApi.countDownload(pluginId);
      onCount(r.downloadCount);
      lastDownloadUrl.current = r.downloadUrl;
      return r.downloadUrl;
    },
    onSuccess: (url) => {
      if (url) window.location.assign(url);
      else toast.error(t('detail.noDownload'));
    },
    onError: () => toast.error(t('detail.noDownload')),
  });
}

export function DownloadMenu({ onDownload, busy }: { onDownload: () => void; busy: boolean }) {
  const t = usePluginDetailT();
  const d = useDropdown();
  return (
    <div {...d.container} className="relative">
      <Button
        {...d.trigger}
        size="lg"
        variant="outline"
        aria-label={t('detail.moreDownloads')}
        onClick={() => d.toggle()}
      >
        <span aria-hidden="true">▾</span>
      </Button>
      {d.open && (
        <div
          {...d.menuProps}
          className="absolute left-0 z-30 mt-2 w-48 rounded-xl border border-slate-700 bg-slate-900 p-1 shadow-2xl"
        >
          <button
            type="button"
            role="menuitem"
            disabled={busy}
            onClick={() => {
              d.close(true);
              onDownload();
            }}
            className="w-full rounded-md px-3 py-2 text-left text-sm text-slate-100 hover:bg-slate-800 focus:bg-slate-800 focus:outline-none"
          >
            {t('detail.downloadFiles')}
          </button>
        </div>
      )}
    </div>
  );
}
