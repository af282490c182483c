import type { FastifyInstance } from 'fastify';

/**
 * The first reads of a landing page, written into its HTML so that the app renders it without a
 * round trip to the API after its scripts load (the list or the item is there as soon as React is).
 *
 * Each entry is the exact API address the web app asks for on a cold visit of the page (its list
 * parameters and page sizes), answered by the API itself through app.inject: the same route, checks
 * and JSON as over the network, as an anonymous visitor sees it. The app takes an answer from the
 * page once, for a request it sends without a session (apps/web/src/lib/api/page-data.ts); anything
 * else goes over the network as before. Keep the addresses in step with the web app: the browser
 * test 'first reads come with the page' fails when a cold visit asks the network for one of them.
 *
 * Pages with a query string (a search, another sort) get none: their reads depend on it.
 */
interface FirstRead {
  url: string;
  /** The answer's first item's banner is the page's largest paint: preload it. */
  lcpImage?: (body: unknown) => string | null;
}

const firstBanner =
  (field: 'bannerImageUrl' | 'bannerUrl') =>
  (body: unknown): string | null => {
    const first = (body as { items?: Array<Record<string, unknown>> } | null)?.items?.[0];
    const url = first?.[field];
    return typeof url === 'string' && url ? url : null;
  };

const PAGE_READS: Array<{ pattern: RegExp; reads: (param: string) => FirstRead[] }> = [
  { pattern: /^\/$/, reads: () => [{ url: '/api/plugins?page=1&pageSize=6&sortBy=release&sortDir=desc' }] },
  {
    pattern: /^\/plugins\/?$/,
    reads: () => [
      { url: '/api/plugins?page=1&pageSize=16', lcpImage: firstBanner('bannerImageUrl') },
      { url: '/api/tags' },
    ],
  },
  { pattern: /^\/plugin\/(\d{1,9})\/?$/, reads: (id) => [{ url: `/api/plugins/${id}` }] },
  {
    pattern: /^\/cars\/?$/,
    reads: () => [
      { url: '/api/cars?page=1&pageSize=17&sortBy=views&sortDir=desc', lcpImage: firstBanner('bannerUrl') },
      { url: '/api/cars/bodies' },
    ],
  },
  { pattern: /^\/cars\/(\d{1,9})\/?$/, reads: (id) => [{ url: `/api/cars/${id}` }] },
  { pattern: /^\/collections\/?$/, reads: () => [{ url: '/api/collections?sort=popular&page=1&pageSize=24' }] },
  { pattern: /^\/collections\/(\d{1,9})\/?$/, reads: (id) => [{ url: `/api/collections/${id}` }] },
  {
    pattern: /^\/members\/([^/]+)\/?$/,
    reads: (name) => [
      { url: `/api/members/${name}` },
      { url: `/api/members/${name}/plugins?page=1&pageSize=50` },
      { url: `/api/members/${name}/cars?page=1&pageSize=50` },
    ],
  },
];

/** An answer bigger than this stays out of the page: it would cost more to send than to ask for. */
const MAX_ANSWER_BYTES = 256 * 1024;

export interface PageData {
  /** The JSON of the data block: API address to answer, as the API wrote it. */
  json: string;
  /** The page's largest image, when the server knows it from the answers. */
  lcpImage: string | null;
}

/** The first reads of a page path (no query string), answered by the API; null when the page has none. */
export async function pageData(app: FastifyInstance, pathname: string, query: string): Promise<PageData | null> {
  if (query) return null;
  const page = PAGE_READS.find((p) => p.pattern.test(pathname));
  if (!page) return null;
  const reads = page.reads(page.pattern.exec(pathname)?.[1] ?? '');
  const answers = await Promise.all(
    reads.map(async (read) => {
      const res = await app.inject({ method: 'GET', url: read.url, headers: { accept: 'application/json' } });
      const type = String(res.headers['content-type'] ?? '');
      if (res.statusCode !== 200 || !type.startsWith('application/json') || res.body.length > MAX_ANSWER_BYTES)
        return null;
      return { read, body: res.body };
    }),
  );
  const kept = answers.filter((a) => a !== null);
  if (!kept.length) return null;
  let lcpImage: string | null = null;
  for (const { read, body } of kept)
    if (read.lcpImage && !lcpImage) lcpImage = read.lcpImage(JSON.parse(body) as unknown);
  // The bodies are JSON already: they go in as they are, keyed by their address.
  const json = `{${kept.map(({ read, body }) => `${JSON.stringify(read.url)}:${body}`).join(',')}}`;
  return { json, lcpImage };
}
