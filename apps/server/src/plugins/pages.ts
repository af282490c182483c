import fp from 'fastify-plugin';
import { isAppPage } from '../app-pages.js';
import type { AppContext } from '../context.js';
import type { ServerT } from '../i18n/index.js';
import { carMeta } from '../modules/cars/index.js';
import { collectionMeta } from '../modules/collections/index.js';
import { homeMeta, memberMeta, pageRoutes, pluginsMeta, privatePluginPage } from '../modules/pages/index.js';
import { feedRoutes, pluginMeta } from '../modules/plugins/index.js';
import { publicConfig } from '../modules/system/index.js';
import { pageData } from '../page-data.js';
import { type MetaResolver, type PageMeta, siteOrigin, spaFallback } from '../spa.js';

const isId = (v: string) => /^\d{1,10}$/.test(v) && Number(v) <= 2147483647;

/** Pages whose title, description and link preview the server writes into the HTML (plugin, car and member pages). */
function metaResolver(ctx: AppContext): MetaResolver {
  type Resolve = (param: string, t: ServerT) => Promise<PageMeta | 'private' | null>;
  const resolvers: Array<{ pattern: RegExp; resolve: Resolve }> = [
    {
      pattern: /^\/(?:cars|car)\/(\d+)\/?$/,
      resolve: async (id, t) => (isId(id) ? carMeta(ctx, Number(id), t) : null),
    },
    {
      pattern: /^\/(?:plugin|plugins\/view)\/(\d+)\/?$/,
      resolve: async (id, t) =>
        isId(id) ? ((await pluginMeta(ctx, Number(id), t)) ?? privatePluginPage(ctx, Number(id))) : null,
    },
    { pattern: /^\/members\/([^/]+)\/?$/, resolve: (name, t) => memberMeta(ctx, name, t) },
    {
      pattern: /^\/collections\/(\d+)\/?$/,
      resolve: async (id, t) => (isId(id) ? collectionMeta(ctx, Number(id), t) : null),
    },
    { pattern: /^\/()$/, resolve: async (_, t) => homeMeta(t) },
    { pattern: /^\/plugins\/?()$/, resolve: async (_, t) => pluginsMeta(t) },
  ];
  return async (pathname, t) => {
    for (const r of resolvers) {
      const m = r.pattern.exec(pathname);
      if (m) return (await r.resolve(m[1]!, t)) ?? 'not-found';
    }
    // A path the web app has no page for gets its not-found page with an honest 404.
    return isAppPage(pathname) ? null : 'not-found';
  };
}

/**
 * The web app's pages: crawler files at the root (/robots.txt, /sitemap.xml), the Atom feeds
 * (/feeds/*), the built assets, and
 * every other GET answered with index.html carrying the page's meta, the public config and its first reads.
 */
export const pages = fp<{ ctx: AppContext; webDist: string }>(async (app, { ctx, webDist }) => {
  pageRoutes(app, ctx);
  feedRoutes(app, ctx);
  await spaFallback(app, webDist, {
    origin: (req) => siteOrigin(ctx.config, req),
    resolveMeta: metaResolver(ctx),
    publicConfig: publicConfig(ctx),
    pageData: (pathname, query) => pageData(app, pathname, query),
  });
});
