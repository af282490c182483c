import { z } from 'zod';
import { eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/client.js';
import { cars, plugins } from '../../db/schema.js';
import { canSeePlugin, queryRows } from '../plugins/index.js';
import { maySeeCar } from '../cars/index.js';
import { collectionRow, mayOpenCollection } from './policy.js';

/**
 * The notice a followed collection's followers get when it gains an item: the write only queues
 * COLLECTION_NOTICE_JOB in its own transaction; the job sends through the one notification service
 * in batches (sendBatch), as the plugin and member follower notices do (modules/follows).
 */
export const COLLECTION_NOTICE_JOB = 'collection-follower-notice';

export const collectionNoticePayload = z.object({
  collectionId: z.number().int().positive(),
  kind: z.enum(['plugin', 'car']),
  itemId: z.number().int().positive(),
  afterMemberId: z.number().int().min(0),
  sent: z.number().int().min(0).optional(),
});
export type CollectionNoticePayload = z.infer<typeof collectionNoticePayload>;

/** Queues the notice (in the add's transaction `tx`); nothing when nobody follows the collection. */
export async function notifyCollectionFollowers(
  ctx: AppContext,
  tx: Db,
  added: { collectionId: number; kind: 'plugin' | 'car'; itemId: number },
): Promise<void> {
  const [row] = await queryRows<{ any: boolean }>(
    tx,
    sql`select exists (select 1 from collection_follows where collection_id = ${added.collectionId}) as "any"`,
  );
  if (!row?.any) return;
  const payload: CollectionNoticePayload = { ...added, afterMemberId: 0 };
  await ctx.jobs.enqueue(COLLECTION_NOTICE_JOB, { ...payload }, {}, tx);
}

/** What is told, read when the job runs: null when the collection is private by then, or the item not public (the one rule of each). */
async function factsOf(ctx: AppContext, p: CollectionNoticePayload) {
  const col = await collectionRow(ctx.db, p.collectionId, false);
  if (!col || !mayOpenCollection(col, null)) return null;
  let itemName: string | undefined;
  if (p.kind === 'plugin') {
    if (!(await canSeePlugin(ctx, p.itemId, null))) return null;
    [{ name: itemName } = { name: undefined }] = await ctx.db
      .select({ name: plugins.name })
      .from(plugins)
      .where(eq(plugins.id, p.itemId));
  } else {
    const [car] = await ctx.db
      .select({
        name: cars.name,
        memberId: cars.memberId,
        status: cars.status,
        isPublic: cars.isPublic,
        ownerDisabled: sql<boolean>`exists (select 1 from members o where o.id = ${cars.memberId} and o.disabled_at is not null)`,
      })
      .from(cars)
      .where(eq(cars.id, p.itemId));
    if (!car || !maySeeCar(null, car)) return null;
    itemName = car.name;
  }
  if (!itemName) return null;
  return { ...col, itemName };
}

/** One batch of the notice to the collection's followers (not its owner, not disabled members). */
export async function sendCollectionNoticeBatch(ctx: AppContext, payload: CollectionNoticePayload): Promise<void> {
  const facts = await factsOf(ctx, payload);
  if (!facts) {
    ctx.log.info(
      { collectionId: payload.collectionId },
      'collection notice dropped: the collection or item is not public',
    );
    return;
  }
  const what = payload.kind === 'plugin' ? 'plugin' : 'car design';
  await ctx.notifications.sendBatch({
    job: COLLECTION_NOTICE_JOB,
    payload,
    recipients: async (tx, afterMemberId, limit) =>
      (
        await queryRows<{ id: number }>(
          tx,
          sql`select f.member_id as id from collection_follows f join members m on m.id = f.member_id
            where f.collection_id = ${payload.collectionId} and f.member_id > ${afterMemberId}
              and m.disabled_at is null and f.member_id <> ${facts.memberId}
            order by f.member_id limit ${limit}`,
        )
      ).map((r) => Number(r.id)),
    notice: (memberId) => ({
      memberId,
      kind: 'followedUpdate',
      link: `/collections/${payload.collectionId}`,
      subject: `${facts.name} has a new ${what}: ${facts.itemName}`,
      body: `**${facts.owner}** added the ${what} **${facts.itemName}** to **${facts.name}**, a collection you follow.`,
    }),
  });
}
