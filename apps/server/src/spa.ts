import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { cutDescription } from '@bm/core';

export interface PageMeta {
  title: string;
  description: string;
  image?: string | null;
}

/**
 * Finds the meta of a page path (e.g. /plugin/12): the page's meta; 'not-found' for a page of
 * something that does not exist (or is not public), answered 404 so that search engines drop it;
 * null to keep the app's defaults.
 */
export type MetaResolver = (pathname: string) => Promise<PageMeta | 'not-found' | null>;

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** Writes the page's title, description and og: tags into the app's HTML, for crawlers and link previews. */
export function withMeta(html: string, meta: PageMeta, publicUrl: string, pathname: string): string {
  const description = cutDescription(meta.description);
  const image = meta.image ? (meta.image.startsWith('http') ? meta.image : `${publicUrl}${meta.image}`) : null;
  const tags = [
    `<meta name="description" content="${escapeHtml(description)}" />`,
    `<meta property="og:title" content="${escapeHtml(meta.title)}" />`,
    `<meta property="og:description" content="${escapeHtml(description)}" />`,
    `<meta property="og:url" content="${escapeHtml(publicUrl + pathname)}" />`,
    image ? `<meta property="og:image" content="${escapeHtml(image)}" />` : '',
  ].join('\n    ');
  return html
    .replace(/<title>[\s\S]*?<\/title>/, `<title>${escapeHtml(meta.title)}</title>`)
    .replace(/<meta name="description"[^>]*>\s*/i, '')
    .replace('</head>', `    ${tags}\n  </head>`);
}

/**
 * Serves the built web app: its assets as files, and index.html for every other page path so the
 * client router can take over. Unknown /api and /files paths stay JSON 404s.
 */
export async function spaFallback(app: FastifyInstance, dist: string, opts: { publicUrl: string; resolveMeta?: MetaResolver }) {
  const indexFile = path.join(dist, 'index.html');
  const hasBuild = fs.existsSync(indexFile);
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: dist,
      prefix: '/',
      index: false,
      wildcard: false,
      // Brotli or gzip files written next to each asset at build time.
      preCompressed: true,
      // Source maps stay on the server (for error reports), never served.
      allowedPath: (pathName) => !pathName.endsWith('.map'),
      // Hashed assets never change under their name; anything else is checked again each time.
      setHeaders: (res, filePath) => {
        const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
        res.setHeader('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'public, max-age=0, must-revalidate');
      },
      cacheControl: false,
    });
  }
  const indexHtml = hasBuild ? fs.readFileSync(indexFile, 'utf8') : '';
  app.setNotFoundHandler(async (req, reply) => {
    const pathname = req.url.split('?')[0]!;
    if (req.method !== 'GET' || pathname.startsWith('/api/') || pathname === '/api' || pathname.startsWith('/files/')) {
      return reply.code(404).send({ message: 'Not found' });
    }
    if (!hasBuild) {
      return reply.code(503).type('text/plain').send('The web app is not built yet: run `npm run build` (npm start does it for you).');
    }
    let html = indexHtml;
    let status = 200;
    if (opts.resolveMeta) {
      const meta = await opts.resolveMeta(pathname).catch((err) => {
        req.log.warn({ err, pathname }, 'Page meta not resolved');
        return null;
      });
      // The app still loads (its owner may see a hidden plugin once signed in), but the status is honest.
      if (meta === 'not-found') status = 404;
      else if (meta) html = withMeta(html, meta, opts.publicUrl, pathname);
    }
    return reply.code(status).type('text/html').header('cache-control', 'no-cache').send(html);
  });
}
