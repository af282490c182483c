import { lazy, type ComponentType } from 'react';
import { textsReady } from '../lib/i18n';
import { readItem, writeItem } from '../lib/storage';

export const CHUNK_RELOAD_FLAG = 'bm.chunk-reload';

/**
 * Retry a failed lazy chunk by reloading the page, at most once per browser session:
 * after a deploy the old chunk names are gone, and a reload picks up the new ones.
 * A second failure goes to the route's error screen instead of looping.
 */
export async function loadWithReload<T>(
  load: () => Promise<T>,
  reload: () => void = () => window.location.reload(),
): Promise<T> {
  try {
    return await load();
  } catch (err) {
    if (readItem('session', CHUNK_RELOAD_FLAG) !== '1') {
      writeItem('session', CHUNK_RELOAD_FLAG, '1');
      reload();
      return new Promise<T>(() => {});
    }
    throw err;
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function lazyPage<P extends Record<string, any> = Record<string, never>>(load: () => Promise<ComponentType<P>>) {
  return lazy(async () => {
    const page = await loadWithReload(load);
    // Its module may have asked for a language's second catalogue chunk (lib/i18n): render with it.
    await textsReady();
    return { default: page };
  });
}
