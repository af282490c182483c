import { sql } from 'drizzle-orm';
import { cutDescription } from '@bm/core';
import type { AppContext } from '../../context.js';
import { englishT, type ServerT } from '../../i18n/index.js';
import { markdownToText } from '../../platform/plain-text.js';
import type { PageMeta } from '../../spa.js';
import { queryRows } from '../plugins/index.js';
import { isListedCollection, listedCollectionSql, type CollectionAccessFacts } from './policy.js';

/**
 * The page meta of /collections/{id} (plugins/pages.ts), under the collection rule: a listed
 * (public) collection gets its title and description; an unlisted or private one, or one whose
 * owner is disabled, is 'private' (200 with noindex and nothing of it written: its owner, or
 * whoever holds an unlisted link, loads it in the app); none at all is null (404).
 */
export async function collectionMeta(
  ctx: Pick<AppContext, 'db'>,
  id: number,
  t: ServerT = englishT,
): Promise<PageMeta | 'private' | null> {
  const [row] = await queryRows<CollectionAccessFacts & { name: string; description: string; owner: string }>(
    ctx.db,
    sql`select col.member_id as "memberId", col.visibility, col.name, col.description, m.username as owner,
        m.disabled_at is not null as "ownerDisabled"
      from collections col join members m on m.id = col.member_id where col.id = ${id}`,
  );
  if (!row) return null;
  if (!isListedCollection(row)) return 'private';
  return {
    title: row.name,
    description: cutDescription(
      markdownToText(row.description) || t('page.collectionDescription', { owner: row.owner }),
    ),
    type: 'website',
    canonicalPath: `/collections/${id}`,
  };
}

/** The public collections the sitemap lists (most recently changed first). */
export async function publicCollectionsForSitemap(
  ctx: Pick<AppContext, 'db'>,
  limit: number,
): Promise<Array<{ id: number; lastmod: Date | string }>> {
  return queryRows(
    ctx.db,
    sql`select col.id, col.updated_at as lastmod from collections col where ${listedCollectionSql}
      order by col.updated_at desc, col.id limit ${limit}`,
  );
}
