import { sql, type SQL } from 'drizzle-orm';
import { FEED_PATHS, FEED_TITLES, MEMBER_MESSAGES, PLUGIN_MESSAGES as M } from '@bm/core';
import { renderMarkdown } from '@bm/core/markdown';
import type { AppContext } from '../../context.js';
import { notFound } from '../../platform/errors.js';
import { escapeHtml } from '../../spa.js';
import { type AtomEntry, type AtomFeed, atomXml, tagUri } from './atom.js';
import { pluginCachesOf } from './caches.js';
import { isPublicPlugin, listedPluginSql, pluginAccessFacts, publicPluginSql } from './policy.js';
import { queryRows, toIso } from './presenter.js';

/**
 * Atom feeds of published versions (docs/feeds.md): the site's (the newest FEED_SIZE versions of
 * listed plugins), one plugin's, and one member's. Only what an anonymous visitor may see: the
 * plugin rule of policy.ts in its SQL form, the same as lists (site, member) or as the plugin's
 * own page (plugin). Kept in the plugins' read cache (`feeds`), dropped by every pluginsChanged.
 */
export const FEED_SIZE = 50;
/** An empty feed still needs an `updated`: a fixed date, so that it never looks changed. */
const EMPTY_FEED_UPDATED = '2026-01-01T00:00:00.000Z';

interface VersionRow {
  versionId: number;
  versionString: string | null;
  changelog: string | null;
  publishedAt: Date | string;
  pluginId: number;
  pluginName: string;
  shortDescription: string;
  username: string;
}

/** Published versions (approved, with a binary) of the plugins `where` lets through, newest first. */
function versionRows(ctx: AppContext, where: SQL): Promise<VersionRow[]> {
  return queryRows<VersionRow>(
    ctx.db,
    sql`
    select s.id as "versionId", s.version_string as "versionString", s.changelog,
      coalesce(s.approved_at, s.created_at) as "publishedAt",
      p.id as "pluginId", p.name as "pluginName", p.short_description as "shortDescription", m.username
    from submissions s
    join plugins p on p.id = s.plugin_id
    join members m on m.id = p.member_id
    where s.status = 'a' and s.binary_key is not null and ${where}
    order by coalesce(s.approved_at, s.created_at) desc, s.id desc
    limit ${FEED_SIZE}`,
  );
}

/** Where a feed's links lead and what its ids are made of. */
interface FeedPlace {
  origin: string;
  /** The host of the configured site address (PUBLIC_URL): ids stay the same whatever host a request came by. */
  host: string;
}

async function entryOf(place: FeedPlace, r: VersionRow): Promise<AtomEntry> {
  const publishedAt = toIso(r.publishedAt);
  const changelogHtml = await renderMarkdown(r.changelog);
  const version = r.versionString ? ` ${r.versionString}` : '';
  return {
    id: tagUri(place.host, `plugins/${r.pluginId}/versions/${r.versionId}`),
    title: `${r.pluginName}${version}`,
    updated: publishedAt,
    published: publishedAt,
    link: `${place.origin}/plugin/${r.pluginId}`,
    author: { name: r.username, uri: `${place.origin}/members/${encodeURIComponent(r.username)}` },
    contentHtml: changelogHtml || `<p>${escapeHtml(r.shortDescription || `${r.pluginName}${version}`)}</p>`,
  };
}

async function feedOf(
  place: FeedPlace,
  head: Omit<AtomFeed, 'entries' | 'updated' | 'id' | 'self'> & { key: string; path: string },
  rows: VersionRow[],
) {
  const entries = await Promise.all(rows.map((r) => entryOf(place, r)));
  const { key, path, ...rest } = head;
  return atomXml({
    ...rest,
    id: tagUri(place.host, key),
    self: place.origin + path,
    updated: entries[0]?.updated ?? EMPTY_FEED_UPDATED,
    entries,
  });
}

export type FeedKind = { kind: 'site' } | { kind: 'plugin'; id: number } | { kind: 'member'; username: string };

/** The Atom document of a feed; 404 for a plugin that is unknown or not public, or a member that is unknown or disabled. */
export async function feedXml(ctx: AppContext, origin: string, feed: FeedKind): Promise<string> {
  const place: FeedPlace = { origin, host: new URL(ctx.config.publicUrl).hostname };
  const key =
    feed.kind === 'site' ? 'site' : feed.kind === 'plugin' ? `p${feed.id}` : `m${feed.username.toLowerCase()}`;
  const kept = await pluginCachesOf(ctx).feeds.get(`${origin}|${key}`, async () => ({
    xml: await loadFeed(ctx, place, feed),
  }));
  return kept.xml;
}

async function loadFeed(ctx: AppContext, place: FeedPlace, feed: FeedKind): Promise<string> {
  if (feed.kind === 'site') {
    return feedOf(
      place,
      {
        key: 'plugins',
        path: FEED_PATHS.site,
        title: FEED_TITLES.site,
        subtitle: 'The newest published versions of BakkesMod plugins, with their changelogs.',
        page: `${place.origin}/plugins`,
      },
      await versionRows(ctx, listedPluginSql()),
    );
  }
  if (feed.kind === 'plugin') {
    const facts = await pluginAccessFacts(ctx, feed.id);
    if (!facts || !isPublicPlugin(facts)) throw notFound(M.notFound);
    const rows = await versionRows(ctx, sql`p.id = ${feed.id} and ${publicPluginSql()}`);
    const [plugin] = await queryRows<{ name: string; username: string }>(
      ctx.db,
      sql`select p.name, m.username from plugins p join members m on m.id = p.member_id where p.id = ${feed.id}`,
    );
    if (!plugin) throw notFound(M.notFound);
    return feedOf(
      place,
      {
        key: `plugins/${feed.id}`,
        path: FEED_PATHS.plugin(feed.id),
        title: FEED_TITLES.plugin(plugin.name),
        page: `${place.origin}/plugin/${feed.id}`,
        author: { name: plugin.username, uri: `${place.origin}/members/${encodeURIComponent(plugin.username)}` },
      },
      rows,
    );
  }
  const [member] = await queryRows<{ id: number; username: string }>(
    ctx.db,
    sql`select id, username from members where lower(username) = lower(${feed.username}) and disabled_at is null limit 1`,
  );
  if (!member) throw notFound(MEMBER_MESSAGES.notFound);
  const memberPage = `${place.origin}/members/${encodeURIComponent(member.username)}`;
  return feedOf(
    place,
    {
      key: `members/${member.id}`,
      path: FEED_PATHS.member(member.username),
      title: FEED_TITLES.member(member.username),
      page: memberPage,
      author: { name: member.username, uri: memberPage },
    },
    await versionRows(ctx, sql`p.member_id = ${member.id} and ${listedPluginSql()}`),
  );
}
