import type { AppContext } from '../../context.js';
import { badRequest } from '../../platform/errors.js';
import { type ManagerAnswer, pluginCachesOf } from './caches.js';
import { versionDownloadPath } from './presenter.js';
import type { PluginReads } from './reads.js';

/** The most plugin ids one update check may name (a player with more asks in several calls). */
export const MANAGER_MAX_IDS = 200;

export const MANAGER_MESSAGES = {
  notNumbers: 'pluginids must be plugin ids (whole numbers) separated by commas',
  tooMany: `At most ${MANAGER_MAX_IDS} plugin ids at a time`,
} as const;

/**
 * The id set of `?pluginids=` as one key: unique and sorted, so that every player with the same
 * plugins asks for the same kept answer whatever order their game lists them in. Empty parts
 * (`1,,2`, a trailing comma) are ignored; anything else that is not an id is a 400.
 */
export function managerIds(raw: string | undefined): number[] {
  const ids = new Set<number>();
  for (const part of (raw ?? '').split(',')) {
    const s = part.trim();
    if (!s) continue;
    if (!/^\d{1,9}$/.test(s) || Number(s) === 0) throw badRequest(MANAGER_MESSAGES.notNumbers, 'pluginids');
    ids.add(Number(s));
  }
  if (ids.size > MANAGER_MAX_IDS) throw badRequest(MANAGER_MESSAGES.tooMany, 'pluginids');
  return [...ids].sort((a, b) => a - b);
}

/**
 * The in-game plugin manager's update check for `ids` (from managerIds): the latest approved
 * version of each public plugin asked for. Kept in the one read cache per id set and dropped by
 * every pluginsChanged (approval, hide, restore, delete, visibility), like the catalogue reads.
 */
export function managerAnswer(ctx: AppContext, reads: PluginReads, ids: number[]): Promise<ManagerAnswer> {
  return pluginCachesOf(ctx).manager.get(ids.join(','), async () => {
    const plugins: ManagerAnswer['response']['plugins'] = {};
    for (const { id, versionId, sha256, requires } of await reads.managerVersions(ids)) {
      plugins[String(id)] = {
        version: versionId,
        download_url: `${ctx.config.publicUrl}${versionDownloadPath(id, versionId)}`,
        sha256,
        // An extra key the in-game client ignores: what to install first (docs/dependencies.md).
        requires,
      };
    }
    return { success: true as const, response: { plugins } };
  });
}
