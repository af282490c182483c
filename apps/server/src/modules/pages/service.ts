import { sql } from 'drizzle-orm';
import { FEED_PATHS, cutDescription } from '@bm/core';
import type { AppContext } from '../../context.js';
import { englishT, type ServerT } from '../../i18n/index.js';
import { markdownToText } from '../../platform/plain-text.js';
import { escapeHtml, SITE_NAME, type PageMeta } from '../../spa.js';
import { carColumnsAs, carListedSql } from '../cars/index.js';
import { publicCollectionsForSitemap } from '../collections/index.js';
import { listedPluginSql, queryRows } from '../plugins/index.js';

/** A car anyone may open: the car policy's rule, for `cars c`. */
const publicCar = carListedSql(carColumnsAs('c'));

/** The profile page address of a member: /members/{display name}. */
export const memberPath = (username: string) => `/members/${encodeURIComponent(username)}`;

/**
 * Title, description and avatar of a member's profile page (any case of the name); null for an
 * unknown or disabled member, whose page answers 404.
 */
export async function memberMeta(
  ctx: Pick<AppContext, 'db' | 'storage'>,
  rawName: string,
  t: ServerT = englishT,
): Promise<PageMeta | null> {
  let name: string;
  try {
    name = decodeURIComponent(rawName).trim();
  } catch {
    return null;
  }
  if (!name || name.length > 100) return null;
  const [row] = await queryRows<{ username: string; bioMarkdown: string; avatarKey: string | null }>(
    ctx.db,
    sql`select username, bio_markdown as "bioMarkdown", avatar_key as "avatarKey" from members
      where lower(username) = lower(${name}) and disabled_at is null limit 1`,
  );
  if (!row) return null;
  return {
    title: row.username,
    description: cutDescription(
      markdownToText(row.bioMarkdown) || t('page.memberDescription', { username: row.username }),
    ),
    image: row.avatarKey ? ctx.storage.url(row.avatarKey) : null,
    type: 'profile',
    canonicalPath: memberPath(row.username),
    feed: { title: t('page.feedMember', { username: row.username }), path: FEED_PATHS.member(row.username) },
  };
}

/**
 * A plugin that exists but is not public (a never-published draft, a hidden one): its page is
 * 'private' (its owner and staff see it in the app; nothing of it is written into the page).
 */
export async function privatePluginPage(ctx: Pick<AppContext, 'db'>, id: number): Promise<'private' | null> {
  const [row] = await queryRows<{ id: number }>(ctx.db, sql`select id from plugins where id = ${id}`);
  return row ? 'private' : null;
}

/** The home page's link preview: the site itself, in the visitor's language. */
export const homeMeta = (t: ServerT = englishT): PageMeta => ({
  title: SITE_NAME,
  description: t('page.siteDescription'),
  type: 'website',
  canonicalPath: '/',
});

/** The plugin list: its link preview, and the site's feed of new versions, in the visitor's language. */
export const pluginsMeta = (t: ServerT = englishT): PageMeta => ({
  title: t('page.pluginsTitle'),
  description: t('page.pluginsDescription'),
  type: 'website',
  canonicalPath: '/plugins',
  feed: { title: t('page.feedSite'), path: FEED_PATHS.site },
});

/** A search engine reads at most 50,000 addresses from one sitemap. */
const SITEMAP_MAX_URLS = 50_000;

const xmlEscape = escapeHtml;
const day = (v: Date | string) => (v instanceof Date ? v : new Date(v)).toISOString().slice(0, 10);

/**
 * /sitemap.xml: the home page and lists, every listed public plugin, every public car and every
 * member (not disabled) with at least one of those, at absolute addresses under `origin`.
 */
export async function buildSitemap(ctx: Pick<AppContext, 'db'>, origin: string): Promise<string> {
  type Row = { kind: 'p' | 'c' | 'm'; key: string; lastmod: Date | string };
  const rows = await queryRows<Row>(
    ctx.db,
    sql`(select 'p' as kind, p.id::text as key, p.updated_at as lastmod from plugins p
        join members m on m.id = p.member_id and m.disabled_at is null
        where ${listedPluginSql()} order by p.download_count desc, p.id limit ${SITEMAP_MAX_URLS})
      union all
      (select 'c', c.id::text, c.updated_at from cars c
        join members m on m.id = c.member_id and m.disabled_at is null
        where ${publicCar} order by c.views desc, c.id limit ${SITEMAP_MAX_URLS})
      union all
      (select 'm', m.username, greatest(
          (select max(p.updated_at) from plugins p where p.member_id = m.id and ${listedPluginSql()}),
          (select max(c.updated_at) from cars c where c.member_id = m.id and ${publicCar}))
        from members m
        where m.disabled_at is null
          and (exists (select 1 from plugins p where p.member_id = m.id and ${listedPluginSql()})
            or exists (select 1 from cars c where c.member_id = m.id and ${publicCar}))
        order by m.id limit ${SITEMAP_MAX_URLS})`,
  );
  const entry = (path: string, lastmod?: Date | string | null) =>
    `  <url><loc>${xmlEscape(origin + path)}</loc>${lastmod ? `<lastmod>${day(lastmod)}</lastmod>` : ''}</url>`;
  const urls = [entry('/'), entry('/plugins'), entry('/cars')];
  // Public collections (the collections' own rule) and their list page.
  urls.push(entry('/collections'));
  const collectionRows = await publicCollectionsForSitemap(ctx, SITEMAP_MAX_URLS);
  for (const r of rows) {
    if (urls.length >= SITEMAP_MAX_URLS) break;
    if (r.kind === 'p') urls.push(entry(`/plugin/${r.key}`, r.lastmod));
    else if (r.kind === 'c') urls.push(entry(`/cars/${r.key}`, r.lastmod));
    else urls.push(entry(memberPath(r.key), r.lastmod));
  }
  for (const c of collectionRows) {
    if (urls.length >= SITEMAP_MAX_URLS) break;
    urls.push(entry(`/collections/${c.id}`, c.lastmod));
  }
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
}

/** robots.txt: everything public may be crawled; accounts, dashboards and the API may not. */
export function robotsTxt(origin: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    'Disallow: /api/',
    'Disallow: /account/',
    'Disallow: /dashboard',
    'Disallow: /admin',
    'Disallow: /moderator',
    'Disallow: /mail',
    'Disallow: /settings/',
    '',
    `Sitemap: ${origin}/sitemap.xml`,
    '',
  ].join('\n');
}
