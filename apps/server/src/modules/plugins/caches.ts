import type { Plugin, PluginDetail, Tag, TagCount } from '@bm/core';
import type { AppContext } from '../../context.js';
import { catalogueCache } from '../../platform/catalogue-cache.js';
import type { ReadCache } from '../../platform/read-cache.js';
import { PluginMatchIndexSync } from './match-sync.js';
import { queryRows } from './presenter.js';

/** How many plugins the kept list pages may hold in all (a page of 20 counts 20). */
const LIST_CACHE_PLUGINS = 20_000;
/** Totals of plain lists are kept this long whatever LIST_CACHE_SECONDS says: they are the costly part. */
const LIST_TOTAL_TTL_MS = 5000;
const LIST_TOTALS_MAX = 500;
/** Characters of kept plugin details in all (each counts its description plus 1,000 for the rest): about 8 MB of text. */
const DETAIL_CACHE_CHARS = 4_000_000;
/** Plugins the kept plugin manager answers may name in all (one id set of 10 counts 10). */
const MANAGER_CACHE_PLUGINS = 100_000;
/** Characters of kept Atom feeds in all (a feed of 50 long changelogs is under 400,000). */
const FEED_CACHE_CHARS = 4_000_000;

/**
 * What the catalogue reads keep (the one ReadCache), one set per server so that every module
 * writing to plugins can drop them (pluginsChanged):
 * - public list pages as anonymous visitors see them (a member's own stars are added per request),
 *   and the featured strip;
 * - the totals of plain lists: counting every listed plugin is the costliest part of a list page
 *   and a total a few seconds old does no harm;
 * - each plugin as GET /plugins/{id} shows it to anyone allowed to see it, without the viewer's
 *   stars: the visibility rule is applied to the kept copy on every request, so a hide or a
 *   deletion drops it at once;
 * - the tags;
 * - the in-game plugin manager's update check, per set of plugin ids;
 * - the Atom feeds (feeds.ts), each as its XML: any plugin change drops them all (a feed lists many plugins).
 * A counted view or download drops only that plugin's details (a visitor is counted at most once
 * per window, so this is bounded by distinct visitors); lists show new counters within LIST_CACHE_SECONDS.
 */
/** The plugin manager's update check as it is sent (manager.ts). */
export interface ManagerAnswer {
  success: true;
  response: {
    plugins: Record<string, { version: number; download_url: string; sha256: string; requires: number[] }>;
  };
}

export interface PluginCaches {
  pages: ReadCache<{ items: Plugin[]; totalCount: number; tagCounts: TagCount[] | null }>;
  totals: ReadCache<{ n: number }>;
  /** With whether its owner is disabled, for the access rule (not shown). */
  details: ReadCache<{ plugin: PluginDetail; ownerDisabled: boolean }>;
  tags: ReadCache<{ tags: Tag[] }>;
  /** The plugin manager's update check per id set (manager.ts), as it is sent. */
  manager: ReadCache<ManagerAnswer>;
  feeds: ReadCache<{ xml: string }>;
  /**
   * Notes that the kept detail of `id` shows plugins `requiredIds` (whether each can be installed):
   * a change to one of them drops that detail too (pluginsChanged).
   */
  dependsOn(id: number, requiredIds: number[]): void;
}

/** Kept details that show a required plugin, by that plugin: at most this many links, then it starts over. */
const DEPENDENTS_MAX = 100_000;
const pluginCaches = new WeakMap<AppContext, PluginCaches>();
/** Per plugin, the plugins whose kept details show it among their requirements (dependsOn). */
const pluginDependents = new WeakMap<AppContext, Map<number, Set<number>>>();

export function pluginCachesOf(ctx: AppContext): PluginCaches {
  let caches = pluginCaches.get(ctx);
  if (!caches) {
    const dependents = new Map<number, Set<number>>();
    caches = {
      pages: catalogueCache(ctx, 'plugin_pages', { maxSize: LIST_CACHE_PLUGINS, size: (page) => page.items.length }),
      totals: catalogueCache(ctx, 'plugin_totals', {
        maxSize: LIST_TOTALS_MAX,
        size: () => 1,
        ttlMs: LIST_TOTAL_TTL_MS,
      }),
      details: catalogueCache(ctx, 'plugin_details', {
        maxSize: DETAIL_CACHE_CHARS,
        size: ({ plugin: p }) => p.description.length + p.descriptionHtml.length + 1000,
      }),
      tags: catalogueCache(ctx, 'plugin_tags', { maxSize: 1, size: () => 1 }),
      manager: catalogueCache(ctx, 'plugin_manager', {
        maxSize: MANAGER_CACHE_PLUGINS,
        size: (a) => Object.keys(a.response.plugins).length,
      }),
      feeds: catalogueCache(ctx, 'plugin_feeds', { maxSize: FEED_CACHE_CHARS, size: ({ xml }) => xml.length }),
      dependsOn: (id, requiredIds) => {
        // Links are only added (a stale one drops a detail once too often): past the bound, start over.
        if (dependents.size + requiredIds.length > DEPENDENTS_MAX) dependents.clear();
        for (const r of requiredIds) dependents.set(r, (dependents.get(r) ?? new Set()).add(id));
      },
    };
    pluginDependents.set(ctx, dependents);
    pluginCaches.set(ctx, caches);
  }
  return caches;
}

/**
 * Call after a change to plugin `id` (every plugin when left out: a member's name or avatar, a
 * member disabled or enabled, tags) once it is committed: drops the lists, which may show it, and
 * its kept details. docs/caching.md has the rules.
 */
export function pluginsChanged(ctx: AppContext, id?: number): void {
  void ctx.hub.recheckPlugin(id); // who may no longer see it leaves its live room
  const caches = pluginCaches.get(ctx);
  if (!caches) return;
  caches.pages.invalidate();
  caches.totals.invalidate();
  caches.manager.invalidate(); // kept per id set: any of them may hold it
  caches.details.invalidate(id === undefined ? undefined : String(id));
  // Details showing it as a requirement say whether it can be installed: they go too.
  const dependents = pluginDependents.get(ctx);
  if (id === undefined) dependents?.clear();
  else for (const d of dependents?.get(id) ?? []) caches.details.invalidate(String(d));
  caches.feeds.invalidate();
  if (id === undefined) caches.tags.invalidate();
}

/**
 * Call after a change that only moves a plugin's counters shown on its page (a follow): drops its
 * kept details; lists show the new count when their pages expire (like a counted view).
 */
export function pluginCountersChanged(ctx: AppContext, id: number): void {
  pluginCaches.get(ctx)?.details.invalidate(String(id));
}

/** Changes with every pluginsChanged: what is built from every public plugin (the sitemap) is built again. */
export const pluginsGeneration = (ctx: AppContext): number => pluginCachesOf(ctx).pages.generation;

const matchSyncs = new WeakMap<AppContext, PluginMatchIndexSync>();

/** The server's plugin match index (SEARCH_INDEX=memory), one per server; null with 'sql'. */
export function matchSyncOf(ctx: AppContext): PluginMatchIndexSync | null {
  if (ctx.config.searchIndex !== 'memory') return null;
  let sync = matchSyncs.get(ctx);
  if (!sync) {
    sync = new PluginMatchIndexSync((q) => queryRows(ctx.db, q), ctx.log);
    matchSyncs.set(ctx, sync);
  }
  return sync;
}
