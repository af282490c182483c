import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import { FOLLOW_MESSAGES as M, type FollowResponse, type FollowingResponse } from '@bm/core';
import type { AppContext, Principal } from '../../context.js';
import type { Db } from '../../db/client.js';
import { memberFollows, members, pluginFollows } from '../../db/schema.js';
import { badRequest } from '../../platform/errors.js';
import { CollectionReads } from '../collections/index.js';
import { findProfileMember } from '../members/index.js';
import { pluginCountersChanged, publicPluginSql, selectPlugins, visiblePluginRow } from '../plugins/index.js';

/**
 * Members following plugins and other members. Who may follow what is the plugins' one access rule
 * (policy.ts: a plugin the member may not see is answered 404, as if there were none) and the
 * profiles' (a disabled member is unknown). Following is idempotent: PUT twice is one follow,
 * DELETE of none is no error. Nobody follows their own plugin or themselves (400): an author hears
 * of every change to their plugin already.
 */
export class FollowService {
  constructor(private readonly ctx: AppContext) {}

  async setPluginFollow(principal: Principal, pluginId: number, follow: boolean): Promise<FollowResponse> {
    const plugin = await visiblePluginRow(this.ctx.db, pluginId, principal);
    if (follow && plugin.memberId === principal.memberId) throw badRequest(M.ownPlugin);
    const pair = and(eq(pluginFollows.pluginId, pluginId), eq(pluginFollows.memberId, principal.memberId));
    const changed = follow
      ? await this.ctx.db
          .insert(pluginFollows)
          .values({ pluginId, memberId: principal.memberId })
          .onConflictDoNothing()
          .returning({ id: pluginFollows.pluginId })
      : await this.ctx.db.delete(pluginFollows).where(pair).returning({ id: pluginFollows.pluginId });
    // The kept detail shows the follower count: a follow drops it (the lists show it when their pages expire).
    if (changed.length) pluginCountersChanged(this.ctx, pluginId);
    return { isFollowing: follow, followerCount: await this.pluginFollowers(pluginId) };
  }

  async setMemberFollow(principal: Principal, username: string, follow: boolean): Promise<FollowResponse> {
    const followed = await findProfileMember(this.ctx.db, username, principal);
    if (follow && followed.isOwner) throw badRequest(M.self);
    if (follow) {
      await this.ctx.db
        .insert(memberFollows)
        .values({ followedId: followed.id, followerId: principal.memberId })
        .onConflictDoNothing();
    } else {
      await this.ctx.db
        .delete(memberFollows)
        .where(and(eq(memberFollows.followedId, followed.id), eq(memberFollows.followerId, principal.memberId)));
    }
    return { isFollowing: follow, followerCount: await this.memberFollowers(this.ctx.db, followed.id) };
  }

  private async pluginFollowers(pluginId: number): Promise<number> {
    const [row] = await this.ctx.db
      .select({ n: count() })
      .from(pluginFollows)
      .where(eq(pluginFollows.pluginId, pluginId));
    return Number(row?.n ?? 0);
  }

  private async memberFollowers(db: Db, memberId: number): Promise<number> {
    const [row] = await db.select({ n: count() }).from(memberFollows).where(eq(memberFollows.followedId, memberId));
    return Number(row?.n ?? 0);
  }

  /**
   * GET /me/following: the plugins the member follows as list cards (only those anyone may see:
   * hidden, private or unpublished ones are left out while they are so) and the members (not
   * disabled ones), latest followed first.
   */
  async following(principal: Principal): Promise<FollowingResponse> {
    const me = principal.memberId;
    const [collectionList, pluginList, memberRows] = await Promise.all([
      new CollectionReads(this.ctx).followedBy(principal),
      selectPlugins(
        this.ctx,
        sql`p.id in (select f.plugin_id from plugin_follows f where f.member_id = ${me}) and ${publicPluginSql()}`,
        me,
        sql`(select f.created_at from plugin_follows f where f.plugin_id = p.id and f.member_id = ${me}) desc, p.id desc`,
      ),
      this.ctx.db
        .select({
          id: members.id,
          username: members.username,
          avatarKey: members.avatarKey,
          followedAt: memberFollows.createdAt,
        })
        .from(memberFollows)
        .innerJoin(members, eq(members.id, memberFollows.followedId))
        .where(and(eq(memberFollows.followerId, me), sql`${members.disabledAt} is null`))
        .orderBy(desc(memberFollows.createdAt), desc(members.id)),
    ]);
    const counts = memberRows.length
      ? await this.ctx.db
          .select({ id: memberFollows.followedId, n: count() })
          .from(memberFollows)
          .where(
            inArray(
              memberFollows.followedId,
              memberRows.map((m) => m.id),
            ),
          )
          .groupBy(memberFollows.followedId)
      : [];
    const countOf = new Map(counts.map((c) => [c.id, Number(c.n)]));
    return {
      plugins: pluginList,
      members: memberRows.map((m) => ({
        id: m.id,
        displayName: m.username,
        avatarUrl: m.avatarKey ? this.ctx.storage.url(m.avatarKey) : null,
        followerCount: countOf.get(m.id) ?? 0,
        followedAt: m.followedAt.toISOString(),
      })),
      collections: collectionList,
    };
  }
}
