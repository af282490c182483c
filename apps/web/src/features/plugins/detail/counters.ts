import { PLUGIN_DOWNLOAD_THROTTLE_MS, PLUGIN_VIEW_DEDUPE_MS, pluginInstallLink } from '@bm/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { readItem, writeItem } from '../../../lib/storage';
import { patchPluginDetail, pluginsApi } from '../api';
import { PLUGIN_DOWNLOAD_MARK_PREFIX, PLUGIN_VIEW_MARK_PREFIX } from '../constants';

/** Claims a count unless one was claimed for this key within the window (storage failing counts anyway). */
function claim(key: string, windowMs: number, now = Date.now()): boolean {
  const at = Number(readItem('local', key));
  if (at > 0 && at <= now && now - at < windowMs) return false;
  writeItem('local', key, String(now));
  return true;
}

/** A view counts once per plugin per 24 hours on this device. */
export const claimPluginView = (id: number, now?: number) =>
  claim(`${PLUGIN_VIEW_MARK_PREFIX}${id}`, PLUGIN_VIEW_DEDUPE_MS, now);
/** Downloads and installs count at most once per plugin per 10 seconds on this device. */
export const claimPluginDownload = (id: number, now?: number) =>
  claim(`${PLUGIN_DOWNLOAD_MARK_PREFIX}${id}`, PLUGIN_DOWNLOAD_THROTTLE_MS, now);

export function useCountPluginView(id: number): void {
  const client = useQueryClient();
  useEffect(() => {
    if (!claimPluginView(id)) return;
    pluginsApi
      .countView(id)
      .then((r) => patchPluginDetail(client, id, { viewCount: r.viewCount }))
      .catch((err) => console.error('Plugin view not counted', err));
  }, [id, client]);
}

/**
 * Opening the mod tool's link. A seam for tests (a custom scheme cannot be followed there); the
 * last attempted link is also written on the document element (data-install-attempt).
 */
export const installLauncher = {
  open(url: string): void {
    // The same tab: a custom scheme hands over to the app and the page stays.
    window.open(url, '_self');
  },
};

/** Tries the install link (bakkesmod://install/{id}) and counts an install (throttled). */
export function launchInstall(id: number, onCount?: (downloadCount: number) => void): string {
  const link = pluginInstallLink(id);
  document.documentElement.dataset.installAttempt = link;
  if (claimPluginDownload(id)) {
    pluginsApi
      .countDownload(id)
      .then((r) => onCount?.(r.downloadCount))
      .catch((err) => console.error('Plugin install not counted', err));
  }
  try {
    installLauncher.open(link);
  } catch (err) {
    console.error('Install link could not be opened', err);
  }
  return link;
}
