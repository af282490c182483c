import fp from 'fastify-plugin';
import { isAppPage } from '../app-pages.js';
import type { AppContext } from '../context.js';
import { carMeta } from '../modules/cars/index.js';
import { collectionMeta } from '../modules/collections/index.js';
import { HOME_META, PLUGINS_META, memberMeta, pageRoutes, privatePluginPage } from '../modules/pages/index.js';
import { feedRoutes, pluginMeta } from '../modules/plugins/index.js';
import { publicConfig } from '../modules/system/index.js';
import { pageData } from '../page-data.js';
import { type MetaResolver, type PageMeta, siteOrigin, spaFallback } from '../spa.js';

const isId = (v: string) => /^\d{1,10}$/.test(v) && Number(v) <= 2147483647;

/** Pages whose title, description and link preview the server writes into the HTML (plugin, car and member pages). */
function metaResolver(ctx: AppContext): MetaResolver {
  const resolvers: Array<{ pattern: RegExp; resolve: (param: string) => Promise<PageMeta | 'private' | null> }> = [
    { pattern: /^\/(?:cars|car)\/(\d+)\/?$/, resolve: async (id) => (isId(id) ? carMeta(ctx, Number(id)) : null) },
    {
      pattern: /^\/(?:plugin|plugins\/view)\/(\d+)\/?$/,
      resolve: async (id) =>
        isId(id) ? ((await pluginMeta(ctx, Number(id))) ?? privatePluginPage(ctx, Number(id))) : null,
    },
    { pattern: /^\/members\/([^/]+)\/?$/, resolve: (name) => memberMeta(ctx, name) },
    {
      pattern: /^\/collections\/(\d+)\/?$/,
      resolve: async (id) => (isId(id) ? collectionMeta(ctx, Number(id)) : null),
    },
    { pattern: /^\/()$/, resolve: async () => HOME_META },
    { pattern: /^\/plugins\/?()$/, resolve: async () => PLUGINS_META },
  ];
  return async (pathname) => {
    for (const r of resolvers) {
      const m = r.pattern.exec(pathname);
      if (m) return (await r.resolve(m[1]!)) ?? 'not-found';
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
