import { and, count, eq, sql } from 'drizzle-orm';
import {
  COLLECTION_LIMITS as L,
  COLLECTION_MESSAGES as M,
  type CollectionItemKind,
  type CollectionVisibility,
  type FollowResponse,
} from '@bm/core';
import type { AppContext, Principal } from '../../context.js';
import type { Db } from '../../db/client.js';
import { collectionFollows, collectionItems, collections, members } from '../../db/schema.js';
import { badRequest, conflict } from '../../platform/errors.js';
import { usableCar } from '../cars/index.js';
import { visiblePluginRow } from '../plugins/index.js';
import { notifyCollectionFollowers } from './notices.js';
import { openableCollection, ownedCollection } from './policy.js';

interface CollectionFields {
  name: string;
  description: string;
  visibility: CollectionVisibility;
}

/** Changing collections: every write in one transaction, under the owner rule of policy.ts. */
export class CollectionWrites {
  constructor(private readonly ctx: AppContext) {}

  /** POST /collections: at most COLLECTION_LIMITS.perMember per member (the member row is locked while counting). */
  async create(principal: Principal, input: CollectionFields): Promise<number> {
    return this.ctx.db.transaction(async (tx) => {
      await tx.select({ id: members.id }).from(members).where(eq(members.id, principal.memberId)).for('update');
      const [row] = await tx
        .select({ n: count() })
        .from(collections)
        .where(eq(collections.memberId, principal.memberId));
      if ((row?.n ?? 0) >= L.perMember) throw conflict(M.tooManyCollections);
      const [created] = await tx
        .insert(collections)
        .values({ memberId: principal.memberId, ...input })
        .returning({ id: collections.id });
      return created!.id;
    });
  }

  async update(principal: Principal, id: number, input: CollectionFields): Promise<void> {
    await this.ctx.db.transaction(async (tx) => {
      await ownedCollection(tx, id, principal);
      await tx
        .update(collections)
        .set({ ...input, updatedAt: new Date() })
        .where(eq(collections.id, id));
    });
  }

  async remove(principal: Principal, id: number): Promise<void> {
    await this.ctx.db.transaction(async (tx) => {
      await ownedCollection(tx, id, principal);
      await tx.delete(collections).where(eq(collections.id, id));
    });
  }

  /** The plugin or car behind an item when the member may see it (404 otherwise, the resource's own rule). */
  private async target(tx: Db, principal: Principal, kind: CollectionItemKind, id: number) {
    if (kind === 'plugin') {
      await visiblePluginRow(tx, id, principal);
      return { pluginId: id, carId: null };
    }
    await usableCar(tx, id, principal);
    return { pluginId: null, carId: id };
  }

  /** POST /collections/{id}/items: appended last; 409 for a duplicate or a full collection. */
  async addItem(
    principal: Principal,
    id: number,
    item: { kind: CollectionItemKind; id: number; note: string | null },
  ): Promise<void> {
    await this.ctx.db.transaction(async (tx) => {
      await ownedCollection(tx, id, principal);
      const target = await this.target(tx, principal, item.kind, item.id);
      const [stats] = await tx
        .select({
          n: count(),
          last: sql<number | null>`max(${collectionItems.position})`,
          dup: sql<boolean>`bool_or(${collectionItems.kind} = ${item.kind} and ${collectionItems.itemId} = ${item.id})`,
        })
        .from(collectionItems)
        .where(eq(collectionItems.collectionId, id));
      if (stats?.dup) throw conflict(M.duplicateItem);
      if ((stats?.n ?? 0) >= L.items) throw conflict(M.tooManyItems);
      await tx.insert(collectionItems).values({
        collectionId: id,
        kind: item.kind,
        itemId: item.id,
        ...target,
        note: item.note,
        position: (stats?.last === null || stats?.last === undefined ? -1 : Number(stats.last)) + 1,
      });
      await tx.update(collections).set({ updatedAt: new Date() }).where(eq(collections.id, id));
      await notifyCollectionFollowers(this.ctx, tx, { collectionId: id, kind: item.kind, itemId: item.id });
    });
  }

  async removeItem(principal: Principal, id: number, kind: CollectionItemKind, itemId: number): Promise<void> {
    await this.ctx.db.transaction(async (tx) => {
      await ownedCollection(tx, id, principal);
      const gone = await tx
        .delete(collectionItems)
        .where(
          and(eq(collectionItems.collectionId, id), eq(collectionItems.kind, kind), eq(collectionItems.itemId, itemId)),
        )
        .returning({ id: collectionItems.id });
      if (!gone.length) throw badRequest(M.itemNotInCollection);
      await tx.update(collections).set({ updatedAt: new Date() }).where(eq(collections.id, id));
    });
  }

  /** PUT /collections/{id}/order: the whole list in its new order (every item exactly once, unavailable ones too). */
  async reorder(
    principal: Principal,
    id: number,
    order: Array<{ kind: CollectionItemKind; id: number }>,
  ): Promise<void> {
    await this.ctx.db.transaction(async (tx) => {
      await ownedCollection(tx, id, principal);
      const rows = await tx
        .select({ rowId: collectionItems.id, kind: collectionItems.kind, itemId: collectionItems.itemId })
        .from(collectionItems)
        .where(eq(collectionItems.collectionId, id));
      const byKey = new Map(rows.map((r) => [`${r.kind}:${r.itemId}`, r.rowId]));
      const keys = order.map((o) => `${o.kind}:${o.id}`);
      if (keys.length !== rows.length || new Set(keys).size !== keys.length || keys.some((k) => !byKey.has(k)))
        throw badRequest(M.orderMismatch);
      for (const [position, key] of keys.entries())
        await tx
          .update(collectionItems)
          .set({ position })
          .where(eq(collectionItems.id, byKey.get(key)!));
    });
  }

  /** PUT/DELETE /collections/{id}/follow: idempotent; a collection the member may not open is 404, their own 400. */
  async setFollow(principal: Principal, id: number, follow: boolean): Promise<FollowResponse> {
    const col = await openableCollection(this.ctx.db, id, principal);
    if (follow && col.memberId === principal.memberId) throw badRequest(M.ownCollection);
    if (follow)
      await this.ctx.db
        .insert(collectionFollows)
        .values({ collectionId: id, memberId: principal.memberId })
        .onConflictDoNothing();
    else
      await this.ctx.db
        .delete(collectionFollows)
        .where(and(eq(collectionFollows.collectionId, id), eq(collectionFollows.memberId, principal.memberId)));
    const [row] = await this.ctx.db
      .select({ n: count() })
      .from(collectionFollows)
      .where(eq(collectionFollows.collectionId, id));
    return { isFollowing: follow, followerCount: Number(row?.n ?? 0) };
  }
}
