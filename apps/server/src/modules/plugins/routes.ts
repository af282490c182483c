import type { App } from '../../http.js';
import type { AppContext } from '../../context.js';
import { matchSyncOf } from './caches.js';
import { catalogueRoutes } from './catalogue-routes.js';
import { commentRoutes } from './comment-routes.js';
import { PluginEngagement } from './engagement.js';
import { engagementRoutes } from './engagement-routes.js';
import { fileRoutes } from './file-routes.js';
import { ownerRoutes, ownerSettingRoutes } from './owner-routes.js';

/** The plugin catalogue's HTTP routes (one file per part) and its background work. */
export function pluginRoutes(app: App, ctx: AppContext) {
  const engagement = new PluginEngagement(ctx);
  // View and download marks are only needed within their window; every instance clears old ones hourly.
  ctx.jobs.every('plugin-marks-prune', 3600_000, () => engagement.pruneMarks(), { runAtStart: false });
  // The match index loads when the server is ready (searches run in SQL until then) and takes in
  // every server's changes each second.
  const match = matchSyncOf(ctx);
  if (match) {
    app.addHook('onReady', async () => {
      void match.start();
    });
    ctx.jobs.every('plugin-match-index', 1000, () => match.poll(), { runAtStart: false });
    ctx.jobs.every('plugin-search-changes-prune', 600_000, () => match.prune(), { runAtStart: false });
  }

  catalogueRoutes(app, ctx);
  ownerRoutes(app, ctx);
  ownerSettingRoutes(app, ctx);
  fileRoutes(app, ctx);
  engagementRoutes(app, ctx);
  commentRoutes(app, ctx);
}
