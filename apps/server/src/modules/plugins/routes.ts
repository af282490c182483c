import type { App } from '../../http.js';
import type { AppContext } from '../../context.js';
import { matchSyncOf } from './caches.js';
import { catalogueRoutes } from './catalogue-routes.js';
import { commentRoutes } from './comment-routes.js';
import { engagementRoutes } from './engagement-routes.js';
import { fileRoutes } from './file-routes.js';
import { ownerRoutes, ownerSettingRoutes } from './owner-routes.js';
import { provenanceRoutes } from './provenance-routes.js';

/** The plugin catalogue's HTTP routes (one file per part) and its background work. */
export function pluginRoutes(app: App, ctx: AppContext) {
  // The match index loads when the server is ready (searches run in SQL until then); src/jobs.ts keeps it current.
  const match = matchSyncOf(ctx);
  if (match) {
    app.addHook('onReady', async () => {
      void match.start();
    });
  }

  catalogueRoutes(app, ctx);
  ownerRoutes(app, ctx);
  ownerSettingRoutes(app, ctx);
  fileRoutes(app, ctx);
  provenanceRoutes(app, ctx);
  engagementRoutes(app, ctx);
  commentRoutes(app, ctx);
}
