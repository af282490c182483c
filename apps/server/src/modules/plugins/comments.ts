import { and, eq, sql } from 'drizzle-orm';
import {
  COMMENT_EVENTS,
  COMMENT_MESSAGES as CM,
  COMMENTS_PAGE_SIZE,
  type Comment,
  type CommentVote,
  isCommentEditable,
} from '@bm/core';
import type { AppContext, Principal } from '../../context.js';
import { commentVotes, members, pluginComments } from '../../db/schema.js';
import { HttpError, forbidden, notFound } from '../../platform/errors.js';
import { toIso } from './presenter.js';
import { isStaff, visiblePluginRow } from './policy.js';

/** A comment as a markdown quote (each line quoted). */
const quote = (text: string) =>
  text
    .split('\n')
    .map((line) => `> ${line}`)
    .join('\n');

/** A comment row with its author, as `shaped` reads it. */
interface CommentRow {
  id: number;
  pluginId: number;
  body: string;
  createdAt: Date;
  updatedAt: Date;
  upvotes: number;
  downvotes: number;
  memberId: number;
  memberName: string;
  avatarKey: string | null;
  myVote: string | null;
}

/** Comments are read newest first, at most this many at a time; older ones are paged with `before`. */
export const COMMENTS_LIMIT = COMMENTS_PAGE_SIZE;

/** Comments on plugins: anyone who may see the plugin reads them; members write, edit (15 min) and vote. */
export class CommentService {
  constructor(private readonly ctx: AppContext) {}

  private async shaped(
    where: ReturnType<typeof sql>,
    viewerId: number | null,
    limit = COMMENTS_LIMIT,
  ): Promise<Comment[]> {
    const rows = await this.ctx.db
      .select({
        id: pluginComments.id,
        pluginId: pluginComments.pluginId,
        body: pluginComments.body,
        createdAt: pluginComments.createdAt,
        updatedAt: pluginComments.updatedAt,
        upvotes: pluginComments.upvotes,
        downvotes: pluginComments.downvotes,
        memberId: members.id,
        memberName: members.username,
        avatarKey: members.avatarKey,
        myVote:
          viewerId === null
            ? sql<string | null>`null`
            : sql<
                string | null
              >`(select v.vote from ${commentVotes} v where v.comment_id = ${pluginComments.id} and v.member_id = ${viewerId})`,
      })
      .from(pluginComments)
      .innerJoin(members, eq(members.id, pluginComments.memberId))
      .where(where)
      .orderBy(sql`${pluginComments.createdAt} desc`, sql`${pluginComments.id} desc`)
      .limit(limit);
    return rows.map((r) => this.toComment(r));
  }

  private toComment(r: CommentRow): Comment {
    return {
      id: r.id,
      pluginId: r.pluginId,
      body: r.body,
      createdAt: toIso(r.createdAt),
      updatedAt: toIso(r.updatedAt),
      member: {
        id: r.memberId,
        displayName: r.memberName,
        avatarUrl: r.avatarKey ? this.ctx.storage.url(r.avatarKey) : null,
      },
      upvotes: r.upvotes,
      downvotes: r.downvotes,
      myVote: (r.myVote as CommentVote | null) ?? 'N',
    };
  }

  private async one(id: number, viewerId: number | null): Promise<Comment> {
    const [c] = await this.shaped(sql`${pluginComments.id} = ${id}`, viewerId, 1);
    if (!c) throw notFound(CM.notFound);
    return c;
  }

  /**
   * A page of a plugin's comments, newest first: the newest `limit`, or with `before` (a comment id
   * of this plugin) the `limit` comments that come after it in that order.
   */
  async list(
    pluginId: number,
    viewer: Principal | null,
    page: { before?: number; limit?: number } = {},
  ): Promise<Comment[]> {
    await visiblePluginRow(this.ctx.db, pluginId, viewer);
    const limit = page.limit ?? COMMENTS_LIMIT;
    const ofPlugin = sql`${pluginComments.pluginId} = ${pluginId}`;
    if (page.before === undefined) return this.shaped(ofPlugin, viewer?.memberId ?? null, limit);
    const [cursor] = await this.ctx.db
      .select({ createdAt: pluginComments.createdAt, id: pluginComments.id })
      .from(pluginComments)
      .where(and(eq(pluginComments.id, page.before), eq(pluginComments.pluginId, pluginId)));
    if (!cursor) throw new HttpError(400, CM.pageCursorUnknown);
    const older = sql`(${pluginComments.createdAt}, ${pluginComments.id}) < (${cursor.createdAt}, ${cursor.id})`;
    return this.shaped(sql`${ofPlugin} and ${older}`, viewer?.memberId ?? null, limit);
  }

  /** body is already normalised and checked (core's commentBodyRule). */
  async create(principal: Principal, pluginId: number, body: string): Promise<Comment> {
    const plugin = await visiblePluginRow(this.ctx.db, pluginId, principal);
    // The new comment is shaped from what the transaction wrote and read, not read again: the
    // plugin's room gets it one database round trip sooner.
    const { comment, notice } = await this.ctx.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(pluginComments)
        .values({ pluginId, memberId: principal.memberId, body })
        .returning();
      const [author] = await tx
        .select({ username: members.username, avatarKey: members.avatarKey })
        .from(members)
        .where(eq(members.id, principal.memberId));
      if (!row || !author) throw notFound(CM.notFound);
      const comment = this.toComment({
        ...row,
        memberName: author.username,
        avatarKey: author.avatarKey,
        myVote: null,
      });
      // The plugin's author hears of comments by others (pluginAll and pluginComments decide).
      if (plugin.memberId === principal.memberId) return { comment, notice: null };
      const commenter = author.username;
      const sent = await this.ctx.notifications.send(
        {
          memberId: plugin.memberId,
          kind: 'pluginComment',
          subject: (t) => t('notice.pluginComment.subject', { name: plugin.name }),
          body: (t) => `${t('notice.pluginComment.body', { commenter, name: plugin.name })}\n\n${quote(body)}`,
          link: `/plugin/${pluginId}`,
        },
        tx,
      );
      return { comment, notice: sent };
    });
    // The plugin's room first: its watchers wait for nothing else (the author's notice reads the inbox).
    this.ctx.hub.toPlugin(pluginId, COMMENT_EVENTS.created, { ...comment, myVote: 'N' });
    await notice?.publish();
    return comment;
  }

  private async row(id: number) {
    const [row] = await this.ctx.db.select().from(pluginComments).where(eq(pluginComments.id, id));
    if (!row) throw notFound(CM.notFound);
    return row;
  }

  /** Only the author, and only within 15 minutes of posting (checked here, not just in the browser). */
  async update(principal: Principal, id: number, body: string): Promise<Comment> {
    const row = await this.row(id);
    if (row.memberId !== principal.memberId) throw forbidden(CM.notAuthor);
    if (!isCommentEditable(row.createdAt)) throw forbidden(CM.editBlocked);
    await this.ctx.db.update(pluginComments).set({ body, updatedAt: new Date() }).where(eq(pluginComments.id, id));
    const comment = await this.one(id, principal.memberId);
    this.ctx.hub.toPlugin(row.pluginId, COMMENT_EVENTS.updated, { ...comment, myVote: 'N' });
    return comment;
  }

  /** The author, or staff (administrators and moderators). */
  async delete(principal: Principal, id: number) {
    const row = await this.row(id);
    if (row.memberId !== principal.memberId && !isStaff(principal)) throw forbidden(CM.notAuthor);
    await this.ctx.db.delete(pluginComments).where(eq(pluginComments.id, id));
    this.ctx.hub.toPlugin(row.pluginId, COMMENT_EVENTS.deleted, { id, pluginId: row.pluginId });
  }

  /** Up, down or none (N removes the vote); the counts are recomputed under the comment's row lock. */
  async vote(principal: Principal, id: number, voteType: CommentVote) {
    const row = await this.row(id);
    await visiblePluginRow(this.ctx.db, row.pluginId, principal);
    const counts = await this.ctx.db.transaction(async (tx) => {
      const [locked] = await tx
        .select({ id: pluginComments.id })
        .from(pluginComments)
        .where(eq(pluginComments.id, id))
        .for('update');
      if (!locked) throw new HttpError(404, CM.notFound);
      const mine = and(eq(commentVotes.commentId, id), eq(commentVotes.memberId, principal.memberId));
      if (voteType === 'N') await tx.delete(commentVotes).where(mine);
      else
        await tx
          .insert(commentVotes)
          .values({ commentId: id, memberId: principal.memberId, vote: voteType })
          .onConflictDoUpdate({ target: [commentVotes.commentId, commentVotes.memberId], set: { vote: voteType } });
      const [c] = await tx
        .update(pluginComments)
        .set({
          upvotes: sql`(select count(*)::int from ${commentVotes} where comment_id = ${id} and vote = 'U')`,
          downvotes: sql`(select count(*)::int from ${commentVotes} where comment_id = ${id} and vote = 'D')`,
        })
        .where(eq(pluginComments.id, id))
        .returning({ upvotes: pluginComments.upvotes, downvotes: pluginComments.downvotes });
      return c!;
    });
    this.ctx.hub.toPlugin(row.pluginId, COMMENT_EVENTS.voted, { id, pluginId: row.pluginId, ...counts });
    return { ...counts, myVote: voteType };
  }
}
