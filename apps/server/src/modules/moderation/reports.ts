import { and, eq } from 'drizzle-orm';
import { MODERATION_MESSAGES as M } from '@bm/core';
import type { AppContext, Principal } from '../../context.js';
import type { Db } from '../../db/client.js';
import { pluginReports, plugins } from '../../db/schema.js';
import { badRequest, conflict, notFound } from '../../platform/errors.js';
import { canSeePlugin, pluginsChanged } from '../plugins/index.js';
import { audit } from './shared.js';

/** Reports of plugins: members report, moderators dismiss them or take the plugin off the site. */
export class ModerationReports {
  constructor(private readonly ctx: AppContext) {}

  async report(principal: Principal, pluginId: number, input: { reason: string; details: string }) {
    if (!(await canSeePlugin(this.ctx, pluginId, principal))) throw notFound('Plugin not found');
    const [plugin] = await this.ctx.db
      .select({ memberId: plugins.memberId })
      .from(plugins)
      .where(eq(plugins.id, pluginId));
    if (plugin!.memberId === principal.memberId) throw badRequest(M.reportOwn);
    try {
      const [row] = await this.ctx.db
        .insert(pluginReports)
        .values({ pluginId, memberId: principal.memberId, reason: input.reason, details: input.details })
        .returning({ id: pluginReports.id });
      return { id: row!.id };
    } catch (e) {
      if (isUniqueViolation(e)) throw conflict(M.reportExists);
      throw e;
    }
  }

  private async pluginOrThrow(db: Db, pluginId: number) {
    const [plugin] = await db.select().from(plugins).where(eq(plugins.id, pluginId)).for('update');
    if (!plugin) throw notFound('Plugin not found');
    return plugin;
  }

  async dismissReports(principal: Principal, pluginId: number) {
    await this.ctx.db.transaction(async (tx) => {
      await this.pluginOrThrow(tx, pluginId);
      await tx
        .update(pluginReports)
        .set({ status: 'dismissed', resolvedById: principal.memberId, resolvedAt: new Date() })
        .where(and(eq(pluginReports.pluginId, pluginId), eq(pluginReports.status, 'open')));
      await audit(tx, { actorId: principal.memberId, action: 'dismiss-reports', pluginId });
    });
  }

  /** Takes a plugin off the site (lists, its page, downloads, the plugin manager) until restored. */
  async setPluginHidden(principal: Principal, pluginId: number, hidden: boolean) {
    await this.ctx.db.transaction(async (tx) => {
      await this.pluginOrThrow(tx, pluginId);
      await tx.update(plugins).set({ isActive: !hidden }).where(eq(plugins.id, pluginId));
      if (hidden) {
        await tx
          .update(pluginReports)
          .set({ status: 'actioned', resolvedById: principal.memberId, resolvedAt: new Date() })
          .where(and(eq(pluginReports.pluginId, pluginId), eq(pluginReports.status, 'open')));
      }
      await audit(tx, {
        actorId: principal.memberId,
        action: hidden ? 'hide-plugin' : 'restore-plugin',
        pluginId,
      });
    });
    pluginsChanged(this.ctx, pluginId);
  }
}

/** PostgreSQL's unique_violation, through drizzle's wrapping. */
function isUniqueViolation(e: unknown): boolean {
  for (let x: unknown = e, d = 0; x && d < 4; x = (x as { cause?: unknown }).cause, d++) {
    if ((x as { code?: unknown }).code === '23505') return true;
  }
  return false;
}
