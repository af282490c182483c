import type { AppContext } from '../../context.js';
import type { App } from '../../http.js';
import { siteOrigin } from '../../spa.js';
import { carsGeneration } from '../cars/index.js';
import { pluginsGeneration } from '../plugins/index.js';
import { buildSitemap, robotsTxt } from './service.js';

/**
 * How long a sitemap is kept before it is built again (it lists every public item). A plugin or car
 * change on this server (pluginsChanged, carsChanged) drops it at once: a hidden item leaves it.
 */
const SITEMAP_TTL_MS = 60_000;

/** The crawler files at the site's root: /robots.txt and /sitemap.xml (not under /api). */
export function pageRoutes(app: App, ctx: AppContext) {
  let kept: { origin: string; at: number; stamp: string; xml: Promise<string> } | null = null;
  const stamp = () => `${pluginsGeneration(ctx)}|${carsGeneration(ctx)}`;

  app.get('/robots.txt', { schema: { hide: true } }, async (req, reply) =>
    reply
      .type('text/plain; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(robotsTxt(siteOrigin(ctx.config, req))),
  );

  app.get('/sitemap.xml', { schema: { hide: true } }, async (req, reply) => {
    const origin = siteOrigin(ctx.config, req);
    const now = stamp();
    if (!kept || kept.origin !== origin || kept.stamp !== now || Date.now() - kept.at > SITEMAP_TTL_MS) {
      const xml = buildSitemap(ctx, origin);
      kept = { origin, at: Date.now(), stamp: now, xml };
      // A failed build is not kept.
      xml.catch(() => {
        if (kept?.xml === xml) kept = null;
      });
    }
    return reply
      .type('application/xml; charset=utf-8')
      .header('cache-control', 'public, max-age=300')
      .send(await kept.xml);
  });
}
