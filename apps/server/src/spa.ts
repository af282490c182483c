import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { cutDescription, SUPPORTED_LOCALES, type Locale } from '@bm/core';
import { pageLocale, serverT, type ServerT } from './i18n/index.js';
import type { PageData } from './page-data.js';
import { pagePreloads } from './page-preload.js';

export interface PageMeta {
  /** The page's own name; the tab title adds the site's name ('{name} · BakkesMod Community'). */
  title: string;
  description: string;
  /** Banner or avatar: an absolute URL or a path on this site. */
  image?: string | null;
  /** og:type; 'website' when not given. */
  type?: 'website' | 'article' | 'profile';
  /** The page's one address (e.g. /plugin/12 for /plugins/view/12); the requested path when not given. */
  canonicalPath?: string;
  /**
   * The image is the page's largest paint (the banner at the top of a plugin or car page): the HTML
   * preloads it, so it downloads with the scripts instead of after the page's data.
   */
  preloadImage?: boolean;
  /** The page's Atom feed (docs/feeds.md): written as <link rel="alternate" type="application/atom+xml">. */
  feed?: { title: string; path: string };
}

export const SITE_NAME = 'BakkesMod Community';

/**
 * Finds the meta of a page path (e.g. /plugin/12): the page's meta; 'not-found' for a page of
 * something that does not exist (or is not public), answered 404 so that search engines drop it;
 * 'private' for something that exists but only its owner or staff may see (a never-published
 * plugin): answered 200 with noindex and the app's defaults, so its owner's visit has no failed
 * request and nothing about it shows; null to keep the app's defaults.
 */
export type MetaResolver = (pathname: string, t: ServerT) => Promise<PageMeta | 'not-found' | 'private' | null>;

/** Asks search engines to leave the page out (a page only its owner or staff can see). */
export function withNoIndex(html: string): string {
  return html.replace('</head>', () => `    <meta name="robots" content="noindex" />\n  </head>`);
}

export const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The site's address as visitors reach it: PUBLIC_URL when set, else the request's own scheme and host. */
export function siteOrigin(config: { publicUrl: string; publicUrlSet: boolean }, req: FastifyRequest): string {
  if (config.publicUrlSet || !req.host) return config.publicUrl;
  return `${req.protocol}://${req.host}`;
}

/**
 * Writes the page's title, description, canonical address, Open Graph and Twitter card tags into
 * the app's HTML, for crawlers and link previews. Every value is escaped. `lang`: the language the
 * address asked for (?lang=xx), kept in the canonical address, so each language's page is its own.
 */
export function withMeta(html: string, meta: PageMeta, publicUrl: string, pathname: string, lang?: Locale): string {
  const description = cutDescription(meta.description);
  const title = meta.title === SITE_NAME ? SITE_NAME : `${meta.title} · ${SITE_NAME}`;
  const image = meta.image
    ? /^https?:\/\//.test(meta.image)
      ? meta.image
      : `${publicUrl}${meta.image.startsWith('/') ? '' : '/'}${meta.image}`
    : null;
  const url = publicUrl + (meta.canonicalPath ?? pathname) + (lang ? `?lang=${lang}` : '');
  const tag = (attr: 'name' | 'property', key: string, value: string) =>
    `<meta ${attr}="${key}" content="${escapeHtml(value)}" />`;
  const tags = [
    tag('name', 'description', description),
    `<link rel="canonical" href="${escapeHtml(url)}" />`,
    tag('property', 'og:site_name', SITE_NAME),
    tag('property', 'og:type', meta.type ?? 'website'),
    tag('property', 'og:title', meta.title),
    tag('property', 'og:description', description),
    tag('property', 'og:url', url),
    ...(image ? [tag('property', 'og:image', image)] : []),
    tag('name', 'twitter:card', image ? 'summary_large_image' : 'summary'),
    tag('name', 'twitter:title', meta.title),
    tag('name', 'twitter:description', description),
    ...(image ? [tag('name', 'twitter:image', image)] : []),
    // The same address the page's <img> uses (the API's image URL), so the browser reuses the download.
    ...(meta.image && meta.preloadImage
      ? [`<link rel="preload" as="image" href="${escapeHtml(meta.image)}" fetchpriority="high" />`]
      : []),
    // data-page-feed: the web app replaces it with its own as soon as it shows a page (FeedLink).
    ...(meta.feed
      ? [
          `<link rel="alternate" type="application/atom+xml" title="${escapeHtml(meta.feed.title)}" href="${escapeHtml(publicUrl + meta.feed.path)}" data-page-feed />`,
        ]
      : []),
  ].join('\n    ');
  return html
    .replace(/<title>[\s\S]*?<\/title>/, () => `<title>${escapeHtml(title)}</title>`)
    .replace(/<meta\s+name="description"[^>]*>\s*/i, '')
    .replace('</head>', () => `    ${tags}\n  </head>`);
}

/**
 * The page's language (docs/i18n.md, "Server"): `<html lang>`, and for a page without meta of its own
 * the site's description in that language.
 */
export function withLocale(html: string, t: ServerT, ownMeta: boolean): string {
  const lang = `lang="${t.locale}"`;
  const out = html.replace(/<html\b([^>]*)>/i, (tag, attrs: string) =>
    /\slang="[^"]*"/.test(attrs) ? tag.replace(/lang="[^"]*"/, lang) : `<html ${lang}${attrs}>`,
  );
  if (ownMeta || t.locale === 'en') return out;
  return out.replace(
    /(<meta\s+name="description"\s+content=")[^"]*(")/i,
    (_, open: string, close: string) => `${open}${escapeHtml(t('page.siteDescription'))}${close}`,
  );
}

/**
 * Tells search engines the page in every language: `<link rel="alternate" hreflang>` to `?lang=xx`
 * for each, and x-default to the address without it (the browser's language decides).
 */
export function withAlternates(html: string, origin: string, path: string): string {
  const href = (lang?: Locale) => escapeHtml(`${origin}${path}${lang ? `?lang=${lang}` : ''}`);
  const links = [
    ...SUPPORTED_LOCALES.map((l) => `<link rel="alternate" hreflang="${l}" href="${href(l)}" />`),
    `<link rel="alternate" hreflang="x-default" href="${href()}" />`,
  ].join('\n    ');
  return html.replace('</head>', () => `    ${links}\n  </head>`);
}

/**
 * Writes the public runtime config into the page as a JSON data block (not a script the CSP would
 * have to allow), so the app renders without waiting for GET /api/config. '<' is escaped so no value
 * can close the element.
 */
export function withConfig(html: string, config: unknown): string {
  const json = JSON.stringify(config).replace(/</g, '\\u003c');
  return html.replace(
    '</head>',
    () => `    <script id="bm-config" type="application/json">${json}</script>\n  </head>`,
  );
}

/**
 * Writes a page's first reads (page-data.ts) into it as a JSON data block (no script for the CSP to
 * allow), and a preload of its largest image. '<' only occurs inside JSON strings, where \u003c
 * reads the same, so no value can close the element.
 */
export function withPageData(html: string, data: PageData | null): string {
  if (!data) return html;
  const preload = data.lcpImage
    ? `<link rel="preload" as="image" href="${escapeHtml(data.lcpImage)}" fetchpriority="high" />\n    `
    : '';
  const block = `<script id="bm-data" type="application/json">${data.json.replace(/</g, '\\u003c')}</script>`;
  return html.replace('</head>', () => `    ${preload}${block}\n  </head>`);
}

/** Preload links for a page's own script chunks, fetched alongside the entry. */
export function withPreloads(html: string, files: string[]): string {
  if (files.length === 0) return html;
  const links = files.map((f) => `<link rel="modulepreload" crossorigin href="${escapeHtml(f)}">`).join('\n    ');
  return html.replace('</head>', () => `    ${links}\n  </head>`);
}

/**
 * Serves the built web app: its assets as files, and index.html for every other page path so the
 * client router can take over. Unknown /api and /files paths stay JSON 404s.
 */
export async function spaFallback(
  app: FastifyInstance,
  dist: string,
  opts: {
    origin: (req: FastifyRequest) => string;
    resolveMeta?: MetaResolver;
    /** The public runtime config (GET /api/config), written into every page. */
    publicConfig?: unknown;
    /** A page's first reads, written into it (page-data.ts). */
    pageData?: (pathname: string, query: string) => Promise<PageData | null>;
  },
) {
  const indexFile = path.join(dist, 'index.html');
  const hasBuild = fs.existsSync(indexFile);
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: dist,
      prefix: '/',
      index: false,
      // One route for every file, looked up when asked for (a missing one goes to the not-found handler
      // below): listing the build and adding a route per file cost about 0.1 s of CPU at every start.
      wildcard: true,
      // Brotli or gzip files written next to each asset at build time.
      preCompressed: true,
      // Source maps stay on the server (for error reports), never served; a folder ('/', '/assets/') is
      // no file either: both go to the not-found handler (the app).
      allowedPath: (pathName) => !pathName.endsWith('.map') && !pathName.endsWith('/'),
      // Hashed assets never change under their name; anything else is checked again each time.
      setHeaders: (res, filePath) => {
        const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
        res.setHeader(
          'cache-control',
          hashed ? 'public, max-age=31536000, immutable' : 'public, max-age=0, must-revalidate',
        );
      },
      cacheControl: false,
    });
  }
  const builtHtml = hasBuild ? fs.readFileSync(indexFile, 'utf8') : '';
  const indexHtml = opts.publicConfig === undefined ? builtHtml : withConfig(builtHtml, opts.publicConfig);
  const preloads = hasBuild ? pagePreloads(dist) : () => [];
  app.setNotFoundHandler(async (req, reply) => {
    const pathname = req.url.split('?')[0]!;
    if (req.method !== 'GET' || pathname.startsWith('/api/') || pathname === '/api' || pathname.startsWith('/files/')) {
      return reply.code(404).send({ message: 'Not found' });
    }
    if (!hasBuild) {
      return reply
        .code(503)
        .type('text/plain')
        .send('The web app is not built yet: run `npm run build` (npm start does it for you).');
    }
    let html = indexHtml;
    let status = 200;
    html = withPreloads(html, preloads(pathname));
    // The head is written in the visitor's language: ?lang=xx, else Accept-Language (so answers vary by it).
    const params = new URLSearchParams(req.url.slice(pathname.length + 1));
    const { locale, chosen } = pageLocale(params.get('lang'), req.headers['accept-language']);
    const t = serverT(locale);
    reply.header('vary', 'Accept-Language');
    let meta: Awaited<ReturnType<MetaResolver>> = null;
    if (opts.resolveMeta) {
      meta = await opts.resolveMeta(pathname, t).catch((err) => {
        req.log.warn({ err, pathname }, 'Page meta not resolved');
        return null;
      });
      // The app still loads (its owner may see a hidden plugin once signed in), but the status is honest.
      if (meta === 'not-found') status = 404;
      else if (meta === 'private') html = withNoIndex(html);
      else if (meta) html = withMeta(html, meta, opts.origin(req), pathname, chosen ? locale : undefined);
    }
    html = withLocale(html, t, !!meta && typeof meta === 'object');
    if (meta === 'private') return reply.code(200).type('text/html').header('cache-control', 'no-cache').send(html);
    if (status === 200)
      html = withAlternates(
        html,
        opts.origin(req),
        typeof meta === 'object' && meta?.canonicalPath ? meta.canonicalPath : pathname,
      );
    if (status === 200 && opts.pageData) {
      const query = req.url.slice(pathname.length + 1);
      const data = await opts.pageData(pathname, query).catch((err) => {
        req.log.warn({ err, pathname }, 'Page data not read');
        return null;
      });
      html = withPageData(html, data);
    }
    return reply.code(status).type('text/html').header('cache-control', 'no-cache').send(html);
  });
}
