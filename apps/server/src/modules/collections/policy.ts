import { eq, sql, type SQL } from 'drizzle-orm';
import { COLLECTION_MESSAGES as M, type CollectionVisibility } from '@bm/core';
import type { Principal } from '../../context.js';
import type { Db } from '../../db/client.js';
import { collections, members } from '../../db/schema.js';
import { forbidden, notFound } from '../../platform/errors.js';

/**
 * Who may see and change a collection: the one rule, as a predicate on a row (TS) and as a
 * condition in SQL, side by side so that they change together. Every read path asks here: the
 * detail, a member's list, the public list, the sitemap, the page meta, follows and notices.
 *
 * - listed (the public list, the sitemap, other people's view of a member's list): public, and
 *   its owner's account not disabled (a disabled member's content follows their profile);
 * - opened by its address: public or unlisted (anyone with the link) with the owner not disabled,
 *   or the viewer is its owner (private ones are theirs alone; staff are not special here);
 * - changed: only by its owner.
 * Anything a viewer may not open answers 404, as if there were none. Which of its items a viewer
 * sees is the plugins' and cars' own rules (service.ts asks maySeePlugin and maySeeCar).
 */
export interface CollectionAccessFacts {
  memberId: number;
  visibility: CollectionVisibility;
  ownerDisabled: boolean;
}

export type CollectionViewer = Pick<Principal, 'memberId' | 'roles'> | null;

export const isCollectionOwner = (c: Pick<CollectionAccessFacts, 'memberId'>, viewer: CollectionViewer) =>
  !!viewer && viewer.memberId === c.memberId;

export const isListedCollection = (c: CollectionAccessFacts) => c.visibility === 'public' && !c.ownerDisabled;

export const mayOpenCollection = (c: CollectionAccessFacts, viewer: CollectionViewer) =>
  isCollectionOwner(c, viewer) || (c.visibility !== 'private' && !c.ownerDisabled);

// ---- as SQL, on `collections col` ----

const ownerDisabledSql = sql`exists (select 1 from members co where co.id = col.member_id and co.disabled_at is not null)`;

/** isListedCollection for `collections col`. */
export const listedCollectionSql: SQL = sql`col.visibility = 'public' and not ${ownerDisabledSql}`;

/** mayOpenCollection for `collections col`, as anyone but the owner sees it. */
export const openCollectionSql: SQL = sql`col.visibility <> 'private' and not ${ownerDisabledSql}`;

/** What a member's list shows of member `memberId`'s collections to `viewer`: all to the owner, the listed ones to others. */
export function memberCollectionsSql(viewer: CollectionViewer, memberId: number): SQL {
  const theirs = sql`col.member_id = ${memberId}`;
  return viewer?.memberId === memberId ? theirs : sql`${theirs} and ${listedCollectionSql}`;
}

// ---- one collection ----

export type CollectionRow = typeof collections.$inferSelect & {
  /** The owner's username. */
  owner: string;
  ownerDisabled: boolean;
  visibility: CollectionVisibility;
};

/** Collection `id` (locked for update when asked, in a transaction); null when there is none. */
export async function collectionRow(db: Db, id: number, lock: boolean): Promise<CollectionRow | null> {
  const q = db
    .select({
      id: collections.id,
      memberId: collections.memberId,
      name: collections.name,
      description: collections.description,
      visibility: collections.visibility,
      createdAt: collections.createdAt,
      updatedAt: collections.updatedAt,
      owner: members.username,
      ownerDisabled: sql<boolean>`${members.disabledAt} is not null`,
    })
    .from(collections)
    .innerJoin(members, eq(members.id, collections.memberId))
    .where(eq(collections.id, id));
  const [row] = lock ? await q.for('update', { of: collections }) : await q;
  return row ? { ...row, visibility: row.visibility as CollectionVisibility } : null;
}

/** The collection if the viewer may open it (else 404). */
export async function openableCollection(db: Db, id: number, viewer: CollectionViewer): Promise<CollectionRow> {
  const row = await collectionRow(db, id, false);
  if (!row || !mayOpenCollection(row, viewer)) throw notFound(M.notFound);
  return row;
}

/** The collection locked for a change by its owner: 404 when the viewer may not open it, 403 when it is someone else's. */
export async function ownedCollection(db: Db, id: number, viewer: CollectionViewer): Promise<CollectionRow> {
  const row = await collectionRow(db, id, true);
  if (!row || !mayOpenCollection(row, viewer)) throw notFound(M.notFound);
  if (!isCollectionOwner(row, viewer)) throw forbidden(M.notOwner);
  return row;
}
