import { and, eq, sql } from 'drizzle-orm';
import { PLUGIN_DOWNLOAD_THROTTLE_MS, PLUGIN_VIEW_DEDUPE_MS } from '@bm/core';
import type { AppContext, Principal } from '../../context.js';
import { pluginDailyCounts, pluginDownloadMarks, pluginRatings, plugins, pluginViewMarks } from '../../db/schema.js';
import { countOnce, pruneCountMarks, type CountOnce } from '../../db/count-marks.js';
import { pluginCachesOf } from './caches.js';
import { pluginRow, visiblePluginRow } from './policy.js';
import { averageRating } from './presenter.js';
import { pluginsChanged } from './caches.js';

export const PLUGIN_VIEWS: CountOnce = {
  marks: pluginViewMarks,
  markSubject: pluginViewMarks.pluginId,
  counter: plugins.viewCount,
  daily: {
    table: pluginDailyCounts,
    subject: pluginDailyCounts.pluginId,
    day: pluginDailyCounts.day,
    counter: pluginDailyCounts.views,
  },
  windowS: PLUGIN_VIEW_DEDUPE_MS / 1000,
};
export const PLUGIN_DOWNLOADS: CountOnce = {
  marks: pluginDownloadMarks,
  markSubject: pluginDownloadMarks.pluginId,
  counter: plugins.downloadCount,
  daily: {
    table: pluginDailyCounts,
    subject: pluginDailyCounts.pluginId,
    day: pluginDailyCounts.day,
    counter: pluginDailyCounts.downloads,
  },
  windowS: PLUGIN_DOWNLOAD_THROTTLE_MS / 1000,
};

/** Adds one to a counter unless this visitor was counted within the window; a count drops the plugin's kept details. */
export async function countOnceFor(
  ctx: AppContext,
  kind: 'view' | 'download',
  id: number,
  visitor: string,
): Promise<{ count: number; counted: boolean }> {
  const { n, counted } = await countOnce(ctx.db, kind === 'view' ? PLUGIN_VIEWS : PLUGIN_DOWNLOADS, id, visitor);
  if (counted) pluginCachesOf(ctx).details.invalidate(String(id));
  return { count: n, counted };
}

/** Ratings and counted views of a plugin (downloads are counted in files.ts, which serves them). */
export class PluginEngagement {
  constructor(private readonly ctx: AppContext) {}

  async rating(id: number, viewer: Principal | null) {
    const row = await visiblePluginRow(this.ctx.db, id, viewer);
    let myStars: number | null = null;
    if (viewer) {
      const [mine] = await this.ctx.db
        .select({ stars: pluginRatings.stars })
        .from(pluginRatings)
        .where(and(eq(pluginRatings.pluginId, id), eq(pluginRatings.memberId, viewer.memberId)));
      myStars = mine?.stars ?? null;
    }
    return this.ratingOf(row.ratingSum, row.ratingCount, myStars);
  }

  private ratingOf(sum: number, count: number, myStars: number | null) {
    return { averageRating: averageRating(sum, count), ratingCount: count, myStars };
  }

  /** Sets the caller's stars; the plugin's sum and count are recomputed under its row lock. */
  async rate(principal: Principal, id: number, stars: number) {
    await visiblePluginRow(this.ctx.db, id, principal);
    const rating = await this.ctx.db.transaction(async (tx) => {
      await pluginRow(tx, id, true);
      await tx
        .insert(pluginRatings)
        .values({ pluginId: id, memberId: principal.memberId, stars })
        .onConflictDoUpdate({
          target: [pluginRatings.pluginId, pluginRatings.memberId],
          set: { stars, updatedAt: new Date() },
        });
      const [agg] = await tx
        .update(plugins)
        .set({
          ratingSum: sql`(select coalesce(sum(stars), 0)::int from plugin_ratings where plugin_id = ${id})`,
          ratingCount: sql`(select count(*)::int from plugin_ratings where plugin_id = ${id})`,
        })
        .where(eq(plugins.id, id))
        .returning({ sum: plugins.ratingSum, count: plugins.ratingCount });
      return this.ratingOf(agg!.sum, agg!.count, stars);
    });
    pluginsChanged(this.ctx, id);
    return rating;
  }

  /** Marks older than their window are of no use: removes them (run from time to time). */
  async pruneMarks(): Promise<void> {
    await pruneCountMarks(this.ctx.db, PLUGIN_VIEWS);
    await pruneCountMarks(this.ctx.db, PLUGIN_DOWNLOADS);
  }

  async countView(id: number, viewer: Principal | null, visitor: string) {
    await visiblePluginRow(this.ctx.db, id, viewer);
    const { count, counted } = await countOnceFor(this.ctx, 'view', id, visitor);
    return { viewCount: count, counted };
  }
}
