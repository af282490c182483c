import { inArray, sql, type SQL } from 'drizzle-orm';
import type {
  CollectionDetail,
  CollectionItem,
  CollectionItemKind,
  CollectionSummary,
  CollectionVisibility,
  CollectionsPage,
} from '@bm/core';
import { renderMarkdown } from '@bm/core/markdown';
import type { AppContext } from '../../context.js';
import { cars } from '../../db/schema.js';
import { carColumnsAs, carListedSql, maySeeCar, selectCars, toCar } from '../cars/index.js';
import { maySeePlugin, publicPluginSql, queryRows, selectPlugins } from '../plugins/index.js';
import { findProfileMember } from '../members/index.js';
import {
  type CollectionViewer,
  isCollectionOwner,
  listedCollectionSql,
  memberCollectionsSql,
  openableCollection,
} from './policy.js';

interface SummaryRow {
  id: number;
  memberId: number;
  name: string;
  description: string;
  visibility: CollectionVisibility;
  ownerName: string;
  ownerAvatarKey: string | null;
  itemCount: number | string;
  publicItemCount: number | string;
  followerCount: number | string;
  isFollowing: boolean;
  containsItem: boolean | null;
  createdAt: Date | string;
  updatedAt: Date | string;
}

const iso = (v: Date | string) => (v instanceof Date ? v : new Date(v)).toISOString();

/** An item anyone may see: the plugins' and cars' public rules, in SQL (the summary's count for others). */
const publicItemSql = sql`(exists (select 1 from plugins p where p.id = ci.plugin_id and ${publicPluginSql()})
  or exists (select 1 from cars c where c.id = ci.car_id and ${carListedSql(carColumnsAs('c'))}))`;

function summaryColumns(viewerId: number | null, item?: { kind: CollectionItemKind; id: number }): SQL {
  return sql`col.id, col.member_id as "memberId", col.name, col.description, col.visibility,
    m.username as "ownerName", m.avatar_key as "ownerAvatarKey",
    (select count(*) from collection_items ci where ci.collection_id = col.id) as "itemCount",
    (select count(*) from collection_items ci where ci.collection_id = col.id and ${publicItemSql}) as "publicItemCount",
    (select count(*) from collection_follows f where f.collection_id = col.id) as "followerCount",
    ${viewerId === null ? sql`false` : sql`exists (select 1 from collection_follows f where f.collection_id = col.id and f.member_id = ${viewerId})`} as "isFollowing",
    ${item ? sql`exists (select 1 from collection_items ci where ci.collection_id = col.id and ci.kind = ${item.kind} and ci.item_id = ${item.id})` : sql`null`} as "containsItem",
    col.created_at as "createdAt", col.updated_at as "updatedAt"`;
}

/** Reading collections: one by id with its items, a member's, the public list. */
export class CollectionReads {
  constructor(private readonly ctx: AppContext) {}

  private async summaries(
    where: SQL,
    viewer: CollectionViewer,
    orderBy: SQL,
    tail: SQL = sql``,
    item?: { kind: CollectionItemKind; id: number },
  ): Promise<CollectionSummary[]> {
    const rows = await queryRows<SummaryRow>(
      this.ctx.db,
      sql`select ${summaryColumns(viewer?.memberId ?? null, item)} from collections col join members m on m.id = col.member_id
        where ${where} order by ${orderBy} ${tail}`,
    );
    return rows.map((r) => this.toSummary(r, viewer));
  }

  private toSummary(r: SummaryRow, viewer: CollectionViewer): CollectionSummary {
    const owner = isCollectionOwner(r, viewer);
    return {
      id: r.id,
      name: r.name,
      description: r.description,
      visibility: r.visibility,
      // Others count only what they will see; the owner counts everything, unavailable items too.
      itemCount: Number(owner ? r.itemCount : r.publicItemCount),
      followerCount: Number(r.followerCount),
      isFollowing: Boolean(r.isFollowing),
      owner: {
        id: r.memberId,
        displayName: r.ownerName,
        avatarUrl: r.ownerAvatarKey ? this.ctx.storage.url(r.ownerAvatarKey) : null,
      },
      createdAt: iso(r.createdAt),
      updatedAt: iso(r.updatedAt),
      ...(r.containsItem === null ? {} : { containsItem: Boolean(r.containsItem) }),
    };
  }

  /** GET /collections: public collections, the most followed or the newest first. */
  async list(
    q: { sort: 'popular' | 'new'; page: number; pageSize: number },
    viewer: CollectionViewer,
  ): Promise<CollectionsPage> {
    const [total] = await queryRows<{ n: number | string }>(
      this.ctx.db,
      sql`select count(*) as n from collections col where ${listedCollectionSql}`,
    );
    const totalCount = Number(total?.n ?? 0);
    const order =
      q.sort === 'new'
        ? sql`col.created_at desc, col.id desc`
        : sql`(select count(*) from collection_follows f where f.collection_id = col.id) desc, col.created_at desc, col.id desc`;
    const items = await this.summaries(
      listedCollectionSql,
      viewer,
      order,
      sql`limit ${q.pageSize} offset ${(q.page - 1) * q.pageSize}`,
    );
    return { items, totalCount, totalPages: Math.ceil(totalCount / q.pageSize) };
  }

  /** GET /members/{username}/collections: the listed ones, all of them for their owner; newest first. */
  async ofMember(
    username: string,
    viewer: CollectionViewer,
    item?: { kind: CollectionItemKind; id: number },
  ): Promise<CollectionSummary[]> {
    const member = await findProfileMember(this.ctx.db, username, viewer);
    return this.summaries(
      memberCollectionsSql(viewer, member.id),
      viewer,
      sql`col.created_at desc, col.id desc`,
      sql``,
      item,
    );
  }

  /** The summaries of collections `ids` the member follows (GET /me/following), listed or unlisted ones only. */
  async followedBy(viewer: NonNullable<CollectionViewer>): Promise<CollectionSummary[]> {
    return this.summaries(
      sql`col.id in (select f.collection_id from collection_follows f where f.member_id = ${viewer.memberId})
        and col.visibility <> 'private' and not exists (select 1 from members co where co.id = col.member_id and co.disabled_at is not null)`,
      viewer,
      sql`(select f.created_at from collection_follows f where f.collection_id = col.id and f.member_id = ${viewer.memberId}) desc, col.id desc`,
    );
  }

  /** GET /collections/{id}: the collection if the viewer may open it, with its public items (the owner: all, the others marked unavailable). */
  async detail(id: number, viewer: CollectionViewer): Promise<CollectionDetail> {
    await openableCollection(this.ctx.db, id, viewer);
    const [summary] = await this.summaries(sql`col.id = ${id}`, viewer, sql`col.id`);
    const isOwner = summary!.owner.id === viewer?.memberId;
    const items = await this.items(id, viewer, isOwner);
    return {
      ...summary!,
      itemCount: isOwner ? items.length : items.filter((i) => i.available).length,
      descriptionHtml: await renderMarkdown(summary!.description),
      isOwner,
      items,
    };
  }

  private async items(collectionId: number, viewer: CollectionViewer, isOwner: boolean): Promise<CollectionItem[]> {
    // The facts each resource's own rule reads; the rules themselves are maySeePlugin and maySeeCar.
    const rows = await queryRows<{
      kind: CollectionItemKind;
      itemId: number;
      note: string | null;
      createdAt: Date | string;
      pMember: number | null;
      isActive: boolean;
      isPubliclyVisible: boolean;
      publishedOnce: boolean;
      pOwnerDisabled: boolean;
      cMember: number | null;
      status: string;
      isPublic: boolean;
      cOwnerDisabled: boolean;
    }>(
      this.ctx.db,
      sql`select ci.kind, ci.item_id as "itemId", ci.note, ci.created_at as "createdAt",
          p.member_id as "pMember", p.is_active as "isActive", p.is_publicly_visible as "isPubliclyVisible",
          p.published_once as "publishedOnce",
          exists (select 1 from members o where o.id = p.member_id and o.disabled_at is not null) as "pOwnerDisabled",
          c.member_id as "cMember", c.status, c.is_public as "isPublic",
          exists (select 1 from members o where o.id = c.member_id and o.disabled_at is not null) as "cOwnerDisabled"
        from collection_items ci
        left join plugins p on p.id = ci.plugin_id
        left join cars c on c.id = ci.car_id
        where ci.collection_id = ${collectionId}
        order by ci.position, ci.id`,
    );
    // Each resource's own rule, asked for the viewer (may they see it: the owner's own private plugin,
    // say) and for the public (no viewer): an item only its owner may see is hidden from others.
    const rule = (r: (typeof rows)[number], who: CollectionViewer) => {
      if (r.kind === 'plugin')
        return (
          r.pMember !== null &&
          maySeePlugin(
            {
              memberId: r.pMember,
              isActive: r.isActive,
              isPubliclyVisible: r.isPubliclyVisible,
              publishedOnce: r.publishedOnce,
              ownerDisabled: r.pOwnerDisabled,
            },
            who,
          )
        );
      return (
        r.cMember !== null &&
        maySeeCar(who, { memberId: r.cMember, status: r.status, isPublic: r.isPublic, ownerDisabled: r.cOwnerDisabled })
      );
    };
    const isPublic = rows.map((r) => rule(r, null));
    // Others see only what the public sees (staff too: a collection shows the same to everyone but
    // its owner); the owner gets a card for whatever they may still see.
    const seen = rows.map((r, i) => isPublic[i]! || (isOwner && rule(r, viewer)));
    const pluginIds = rows.filter((r, i) => seen[i] && r.kind === 'plugin').map((r) => r.itemId);
    const carIds = rows.filter((r, i) => seen[i] && r.kind === 'car').map((r) => r.itemId);
    const [pluginCards, carRows] = await Promise.all([
      pluginIds.length
        ? selectPlugins(this.ctx, sql`p.id in (${sql.join(pluginIds, sql`, `)})`, viewer?.memberId ?? null)
        : [],
      carIds.length ? selectCars(this.ctx.db).where(inArray(cars.id, carIds)) : [],
    ]);
    const pluginById = new Map(pluginCards.map((p) => [p.id, p]));
    const carById = new Map(carRows.map((c) => [c.id, toCar(this.ctx.storage, c)]));
    const out: CollectionItem[] = [];
    rows.forEach((r, i) => {
      const plugin = (seen[i] && r.kind === 'plugin' && pluginById.get(r.itemId)) || null;
      const car = (seen[i] && r.kind === 'car' && carById.get(r.itemId)) || null;
      // Available: there for everyone (public, and its card found). Others never learn that an item
      // they may not see is there; its owner sees it marked: hidden, private or deleted.
      const available = isPublic[i]! && !!(plugin || car);
      if (!available && !isOwner) return;
      out.push({ kind: r.kind, id: r.itemId, note: r.note, addedAt: iso(r.createdAt), available, plugin, car });
    });
    return out;
  }
}
