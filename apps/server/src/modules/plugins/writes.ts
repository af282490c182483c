import { eq, inArray } from 'drizzle-orm';
import { PLUGIN_MESSAGES as M, type Plugin } from '@bm/core';
import type { AppContext, Principal } from '../../context.js';
import { plugins, pluginTags, submissions, tags } from '../../db/schema.js';
import { badRequest, notFound } from '../../platform/errors.js';
import { pluginsChanged } from './caches.js';
import { removePluginFiles } from './files.js';
import { ownedPluginRow } from './policy.js';
import { onePlugin } from './presenter.js';

export interface PluginChanges {
  name?: string;
  shortDescription?: string;
  description?: string;
  homepage?: string | null;
  sourceCodeUrl?: string | null;
  isListed?: boolean;
  isPubliclyVisible?: boolean;
}

/** Creating, changing and deleting plugins: the owner's changes and the administrator\'s flags. Each drops the kept reads (pluginsChanged) once committed. */
export class PluginWrites {
  constructor(private readonly ctx: AppContext) {}

  async create(
    principal: Principal,
    input: Required<Omit<PluginChanges, 'isListed' | 'isPubliclyVisible'>>,
  ): Promise<Plugin> {
    const [row] = await this.ctx.db
      .insert(plugins)
      .values({ memberId: principal.memberId, ...input })
      .returning({ id: plugins.id });
    pluginsChanged(this.ctx, row!.id);
    return onePlugin(this.ctx, row!.id, principal.memberId);
  }

  async update(principal: Principal, id: number, changes: PluginChanges): Promise<Plugin> {
    await ownedPluginRow(this.ctx.db, principal, id);
    const set = Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined));
    await this.ctx.db
      .update(plugins)
      .set({ ...set, updatedAt: new Date() })
      .where(eq(plugins.id, id));
    pluginsChanged(this.ctx, id);
    return onePlugin(this.ctx, id, principal.memberId);
  }

  /** Removes the plugin, its rows (cascade) and then its files. */
  async delete(principal: Principal, id: number) {
    const keys = await this.ctx.db.transaction(async (tx) => {
      const row = await ownedPluginRow(tx, principal, id, true);
      const subs = await tx
        .select({ s: submissions.sourceKey, b: submissions.binaryKey, d: submissions.debugKey })
        .from(submissions)
        .where(eq(submissions.pluginId, id));
      await tx.delete(plugins).where(eq(plugins.id, id));
      return [row.bannerKey, ...subs.flatMap((s) => [s.s, s.b, s.d])];
    });
    pluginsChanged(this.ctx, id);
    await removePluginFiles(this.ctx, keys);
  }

  async setVisibility(principal: Principal, id: number, v: { isPubliclyVisible: boolean; isListed: boolean }) {
    await ownedPluginRow(this.ctx.db, principal, id);
    await this.ctx.db.update(plugins).set(v).where(eq(plugins.id, id));
    pluginsChanged(this.ctx, id);
    return onePlugin(this.ctx, id, principal.memberId);
  }

  async setTags(principal: Principal, id: number, tagIds: number[]) {
    await ownedPluginRow(this.ctx.db, principal, id);
    const ids = [...new Set(tagIds)];
    if (ids.length) {
      const found = await this.ctx.db.select({ id: tags.id }).from(tags).where(inArray(tags.id, ids));
      if (found.length !== ids.length) throw badRequest(M.unknownTag, 'tagIds');
    }
    await this.ctx.db.transaction(async (tx) => {
      await tx.delete(pluginTags).where(eq(pluginTags.pluginId, id));
      if (ids.length) await tx.insert(pluginTags).values(ids.map((tagId) => ({ pluginId: id, tagId })));
      await tx.update(plugins).set({ updatedAt: new Date() }).where(eq(plugins.id, id));
    });
    pluginsChanged(this.ctx, id);
    return onePlugin(this.ctx, id, principal.memberId);
  }

  async setPin(principal: Principal, id: number, isPinned: boolean) {
    await ownedPluginRow(this.ctx.db, principal, id);
    await this.ctx.db.update(plugins).set({ isPinned }).where(eq(plugins.id, id));
    pluginsChanged(this.ctx, id);
    return { isPinned };
  }

  /** Administrator's pick for the home page's featured strip. */
  async setFeatured(id: number, isFeatured: boolean) {
    return { isFeatured: await this.setFlag(id, 'isFeatured', isFeatured) };
  }

  async setSkipBuildServer(id: number, skipBuildServer: boolean) {
    return { skipBuildServer: await this.setFlag(id, 'skipBuildServer', skipBuildServer) };
  }

  /** Sets an administrator's flag of plugin `id` (404 when there is none) and answers its new value. */
  private async setFlag(id: number, flag: 'isFeatured' | 'skipBuildServer', value: boolean) {
    const [row] = await this.ctx.db
      .update(plugins)
      .set({ [flag]: value })
      .where(eq(plugins.id, id))
      .returning({ v: plugins[flag] });
    if (!row) throw notFound(M.notFound);
    pluginsChanged(this.ctx, id);
    return row.v;
  }
}
