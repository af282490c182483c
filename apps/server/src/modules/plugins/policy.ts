import { eq, getTableColumns, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { PLUGIN_MESSAGES as M, hasRole } from '@bm/core';
import type { AppContext, Principal } from '../../context.js';
import type { Db } from '../../db/client.js';
import { plugins } from '../../db/schema.js';
import { forbidden, notFound } from '../../platform/errors.js';

/**
 * Who may see and change a plugin: the one rule, written twice side by side, as a predicate on a
 * row (TS) and as a condition on a table (SQL). Every read path asks here: lists, search, details,
 * member pages, sitemap, page meta, the real-time room, file links and the plugin manager. Change
 * both forms together (visibility.test.ts walks every read path and holds the two forms to the same answers).
 *
 * - public: anyone may open it (by its address): active (not hidden by a moderator), publicly
 *   visible (not made private by its owner), with an approved version, and its owner's account not
 *   disabled (issue 31: a disabled member's content follows their profile, and is back when they
 *   are enabled again);
 * - listed: public and listed, so lists, search, member pages and the sitemap show it;
 * - seen: public, or the viewer owns it, or the viewer is staff (moderator or administrator);
 * - changed: only by its owner.
 * The triggers keeping plugin_search (migrations 0010, 0012: no row for a plugin whose owner is
 * disabled) and the partial indexes of db/schema-plugins.ts (the flags only) hold the listed rule
 * too: they must follow a change here. Kept copies of plugins are dropped when a member is disabled
 * or enabled (pluginsChanged, called by the admin module).
 */

/** What the rule reads of a plugin. */
export interface PluginAccessFacts {
  memberId: number;
  isActive: boolean;
  isPubliclyVisible: boolean;
  publishedOnce: boolean;
  /** The owner's account is disabled (members.disabled_at set). */
  ownerDisabled: boolean;
}

export type Viewer = Pick<Principal, 'memberId' | 'roles'> | null;

export const isStaff = (viewer: Pick<Principal, 'roles'> | null) =>
  !!viewer && (hasRole(viewer.roles, 'administrator') || hasRole(viewer.roles, 'moderator'));

// ---- as a predicate on a row ----

export const isPublicPlugin = (p: PluginAccessFacts) =>
  p.isActive && p.isPubliclyVisible && p.publishedOnce && !p.ownerDisabled;

export const isListedPlugin = (p: PluginAccessFacts & { isListed: boolean }) => isPublicPlugin(p) && p.isListed;

export const maySeePlugin = (p: PluginAccessFacts, viewer: Viewer) =>
  isPublicPlugin(p) || p.memberId === viewer?.memberId || isStaff(viewer);

export const mayChangePlugin = (p: Pick<PluginAccessFacts, 'memberId'>, viewer: Viewer) =>
  !!viewer && p.memberId === viewer.memberId;

// ---- as a condition in SQL ----

/** `plugins p` of the raw statements: the conditions below default to it. */
export const pluginsP = alias(plugins, 'p');
type PluginTable = typeof plugins | typeof pluginsP;

/** Whether the plugin's owner is disabled (a column of the facts; a condition below). */
export const ownerDisabledSql = (t: PluginTable = pluginsP): SQL<boolean> =>
  sql<boolean>`exists (select 1 from members o where o.id = ${t.memberId} and o.disabled_at is not null)`;

export const publicPluginSql = (t: PluginTable = pluginsP): SQL =>
  sql`${t.isActive} and ${t.isPubliclyVisible} and ${t.publishedOnce} and not ${ownerDisabledSql(t)}`;

export const listedPluginSql = (t: PluginTable = pluginsP): SQL =>
  sql`${t.isActive} and ${t.isListed} and ${t.isPubliclyVisible} and ${t.publishedOnce} and not ${ownerDisabledSql(t)}`;

// ---- one plugin ----

/** The facts of plugin `id`, or null when there is none. */
export async function pluginAccessFacts(ctx: Pick<AppContext, 'db'>, id: number): Promise<PluginAccessFacts | null> {
  const [row] = await ctx.db
    .select({
      memberId: plugins.memberId,
      isActive: plugins.isActive,
      isPubliclyVisible: plugins.isPubliclyVisible,
      publishedOnce: plugins.publishedOnce,
      ownerDisabled: ownerDisabledSql(plugins),
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

// ---- rows under the rule (404 or 403 otherwise) ----

export type PluginRowWithAccess = typeof plugins.$inferSelect & PluginAccessFacts;

/** Plugin `id` (locked for update when asked, in a transaction), 404 when there is none. */
export async function pluginRow(db: Db, id: number, lock = false): Promise<PluginRowWithAccess> {
  const q = db
    .select({ ...getTableColumns(plugins), ownerDisabled: ownerDisabledSql(plugins) })
    .from(plugins)
    .where(eq(plugins.id, id));
  const [row] = lock ? await q.for('update') : await q;
  if (!row) throw notFound(M.notFound);
  return row;
}

/** The plugin if the viewer may see it (else 404, as if there were none). */
export async function visiblePluginRow(db: Db, id: number, viewer: Viewer): Promise<PluginRowWithAccess> {
  const row = await pluginRow(db, id);
  if (maySeePlugin(row, viewer)) return row;
  throw notFound(M.notFound);
}

/** The plugin if the viewer may change it: 404 when it does not exist, 403 when it is someone else's. */
export async function ownedPluginRow(db: Db, viewer: Viewer, id: number, lock = false): Promise<PluginRowWithAccess> {
  const row = await pluginRow(db, id, lock);
  if (!mayChangePlugin(row, viewer)) throw forbidden(M.notOwner);
  return row;
}

/** The viewer's own plugin under /plugins/my: someone else's is not among theirs (404). */
export async function myPluginRow(db: Db, viewer: Viewer, id: number): Promise<PluginRowWithAccess> {
  const row = await pluginRow(db, id);
  if (!mayChangePlugin(row, viewer)) throw notFound(M.notFound);
  return row;
}
