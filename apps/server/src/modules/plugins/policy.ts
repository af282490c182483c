import { eq, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { hasRole } from '@bm/core';
import type { AppContext, Principal } from '../../context.js';
import { plugins } from '../../db/schema.js';

/**
 * Who may see and change a plugin: the one rule, written twice side by side, as a predicate on a
 * row (TS) and as a condition on a table (SQL). Every read path asks here: lists, search, details,
 * member pages, sitemap, page meta, the real-time room, file links and the plugin manager. Change
 * both forms together (visibility.test.ts holds them to the same answers).
 *
 * - public: anyone may open it (by its address): active (not hidden by a moderator), publicly
 *   visible (not made private by its owner) and with an approved version;
 * - listed: public and listed, so lists, search, member pages and the sitemap show it;
 * - seen: public, or the viewer owns it, or the viewer is staff (moderator or administrator);
 * - changed: only by its owner.
 * The triggers keeping plugin_search (migrations 0010, 0012) and the partial indexes of
 * db/schema-plugins.ts hold the listed rule too: they must follow a change here.
 */

/** What the rule reads of a plugin. */
export interface PluginAccessFacts {
  memberId: number;
  isActive: boolean;
  isPubliclyVisible: boolean;
  publishedOnce: boolean;
}

export type Viewer = Pick<Principal, 'memberId' | 'roles'> | null;

export const isStaff = (viewer: Pick<Principal, 'roles'> | null) =>
  !!viewer && (hasRole(viewer.roles, 'administrator') || hasRole(viewer.roles, 'moderator'));

// ---- as a predicate on a row ----

export const isPublicPlugin = (p: PluginAccessFacts) => p.isActive && p.isPubliclyVisible && p.publishedOnce;

export const isListedPlugin = (p: PluginAccessFacts & { isListed: boolean }) => isPublicPlugin(p) && p.isListed;

export const maySeePlugin = (p: PluginAccessFacts, viewer: Viewer) =>
  isPublicPlugin(p) || p.memberId === viewer?.memberId || isStaff(viewer);

export const mayChangePlugin = (p: Pick<PluginAccessFacts, 'memberId'>, viewer: Viewer) =>
  !!viewer && p.memberId === viewer.memberId;

// ---- as a condition in SQL ----

/** `plugins p` of the raw statements: the conditions below default to it. */
export const pluginsP = alias(plugins, 'p');
type PluginTable = typeof plugins | typeof pluginsP;

export const publicPluginSql = (t: PluginTable = pluginsP): SQL =>
  sql`${t.isActive} and ${t.isPubliclyVisible} and ${t.publishedOnce}`;

export const listedPluginSql = (t: PluginTable = pluginsP): SQL =>
  sql`${t.isActive} and ${t.isListed} and ${t.isPubliclyVisible} and ${t.publishedOnce}`;

// ---- one plugin ----

/** The facts of plugin `id`, or null when there is none. */
export async function pluginAccessFacts(ctx: Pick<AppContext, 'db'>, id: number): Promise<PluginAccessFacts | null> {
  const [row] = await ctx.db
    .select({
      memberId: plugins.memberId,
      isActive: plugins.isActive,
      isPubliclyVisible: plugins.isPubliclyVisible,
      publishedOnce: plugins.publishedOnce,
    })
    .from(plugins)
    .where(eq(plugins.id, id));
  return row ?? null;
}

/** Whether a viewer may see a plugin at all (GET /plugins/{id}, its real-time room). */
export async function canSeePlugin(ctx: Pick<AppContext, 'db'>, id: number, viewer: Viewer): Promise<boolean> {
  const facts = await pluginAccessFacts(ctx, id);
  return !!facts && maySeePlugin(facts, viewer);
}
