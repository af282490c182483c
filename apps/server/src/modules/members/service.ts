import { and, count, eq, sql } from 'drizzle-orm';
import {
  MEMBER_MESSAGES as M,
  SOCIAL_KEYS,
  hasRole,
  type Locale,
  type MemberPluginsPage,
  type MemberProfile,
  type RepResponse,
  type Socials,
} from '@bm/core';
import { renderMarkdown } from '@bm/core/markdown';
import type { AppContext, Principal } from '../../context.js';
import type { Db } from '../../db/client.js';
import { cars, memberFollows, memberReputation, members, plugins } from '../../db/schema.js';
import { badRequest, notFound } from '../../platform/errors.js';
import { memberCarsSql } from '../cars/index.js';
import { listedPluginSql, pluginsChanged } from '../plugins/index.js';

const isStaff = (p: Pick<Principal, 'roles'> | null) =>
  !!p && (hasRole(p.roles, 'administrator') || hasRole(p.roles, 'moderator'));

/** What others see of a member's plugins: active, listed, publicly visible and published once (the catalogue's rule). */
export const publicPlugin = listedPluginSql(plugins);

/** A member's content (§4): pinned first, then downloads, then views, then updatedAt. */
const PLUGIN_ORDER = sql`${plugins.isPinned} desc, ${plugins.downloadCount} desc, ${plugins.viewCount} desc, ${plugins.updatedAt} desc, ${plugins.id} desc`;

export interface ProfileOwner {
  id: number;
  username: string;
  /** The caller is this member: they see all of their own content. */
  isOwner: boolean;
}

/**
 * The member behind a profile name (case-insensitive), as the caller may see them: a disabled
 * account is hidden from everyone but staff, and looks the same as an unknown name (404).
 */
export async function findProfileMember(
  db: Db,
  username: string,
  principal: Pick<Principal, 'memberId' | 'roles'> | null,
): Promise<ProfileOwner> {
  const name = username.trim().toLowerCase();
  const [row] = name
    ? await db
        .select({ id: members.id, username: members.username, disabledAt: members.disabledAt })
        .from(members)
        .where(eq(sql`lower(${members.username})`, name))
        .limit(1)
    : [];
  if (!row || (row.disabledAt && !isStaff(principal))) throw notFound(M.notFound);
  return { id: row.id, username: row.username, isOwner: principal?.memberId === row.id };
}

function socialsOf(stored: Record<string, string> | null | undefined): Socials {
  const out = {} as Socials;
  for (const key of SOCIAL_KEYS) out[key] = typeof stored?.[key] === 'string' ? stored[key] : '';
  return out;
}

export class MemberService {
  constructor(private readonly ctx: AppContext) {}

  private url(key: string | null) {
    return key ? this.ctx.storage.url(key) : null;
  }

  async profile(username: string, principal: Principal | null, db: Db = this.ctx.db): Promise<MemberProfile> {
    const owner = await findProfileMember(db, username, principal);
    return this.profileOf(db, owner, principal);
  }

  private async profileOf(db: Db, owner: ProfileOwner, principal: Principal | null): Promise<MemberProfile> {
    const pluginWhere = owner.isOwner
      ? eq(plugins.memberId, owner.id)
      : and(eq(plugins.memberId, owner.id), publicPlugin);
    const carWhere = memberCarsSql(principal, owner.id);
    const [[member], [pluginTotals], [carTotals], given, [follows]] = await Promise.all([
      db
        .select({
          id: members.id,
          username: members.username,
          createdAt: members.createdAt,
          avatarKey: members.avatarKey,
          bioMarkdown: members.bioMarkdown,
          socials: members.socials,
          supportUrl: members.supportUrl,
          reputation: members.reputation,
        })
        .from(members)
        .where(eq(members.id, owner.id)),
      db
        .select({
          n: count(),
          downloads: sql<number>`coalesce(sum(${plugins.downloadCount}), 0)::int`,
          views: sql<number>`coalesce(sum(${plugins.viewCount}), 0)::int`,
        })
        .from(plugins)
        .where(pluginWhere),
      db.select({ n: count() }).from(cars).where(carWhere),
      principal && !owner.isOwner
        ? db
            .select({ n: count() })
            .from(memberReputation)
            .where(and(eq(memberReputation.giverId, principal.memberId), eq(memberReputation.receiverId, owner.id)))
        : Promise.resolve([{ n: 0 }]),
      db
        .select({
          n: count(),
          mine: principal
            ? sql<boolean>`coalesce(bool_or(${memberFollows.followerId} = ${principal.memberId}), false)`
            : sql<boolean>`false`,
        })
        .from(memberFollows)
        .where(eq(memberFollows.followedId, owner.id)),
    ]);
    if (!member) throw notFound(M.notFound);
    return {
      member: {
        id: member.id,
        displayName: member.username,
        joinDateTime: member.createdAt.toISOString(),
        avatarUrl: this.url(member.avatarKey),
      },
      pluginCount: pluginTotals?.n ?? 0,
      carCount: carTotals?.n ?? 0,
      totalDownloads: Number(pluginTotals?.downloads ?? 0),
      totalViews: Number(pluginTotals?.views ?? 0),
      reputation: member.reputation,
      hasGivenRep: (given[0]?.n ?? 0) > 0,
      followerCount: Number(follows?.n ?? 0),
      isFollowing: Boolean(follows?.mine),
      bioMarkdown: member.bioMarkdown,
      bioHtml: await renderMarkdown(member.bioMarkdown),
      socials: socialsOf(member.socials),
      supportUrl: member.supportUrl,
    };
  }

  /** A member's plugins for their profile: the public ones for others, all of them for the owner (§4 member content order). */
  async plugins(
    username: string,
    principal: Principal | null,
    q: { page: number; pageSize: number },
  ): Promise<MemberPluginsPage> {
    const owner = await findProfileMember(this.ctx.db, username, principal);
    const where = owner.isOwner ? eq(plugins.memberId, owner.id) : and(eq(plugins.memberId, owner.id), publicPlugin);
    const [total] = await this.ctx.db.select({ n: count() }).from(plugins).where(where);
    const totalCount = total?.n ?? 0;
    const rows = await this.ctx.db
      .select({
        id: plugins.id,
        name: plugins.name,
        shortDescription: plugins.shortDescription,
        bannerKey: plugins.bannerKey,
        downloadCount: plugins.downloadCount,
        viewCount: plugins.viewCount,
        isPinned: plugins.isPinned,
        updatedAt: plugins.updatedAt,
      })
      .from(plugins)
      .where(where)
      .orderBy(PLUGIN_ORDER)
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize);
    return {
      items: rows.map(({ bannerKey, updatedAt, ...r }) => ({
        ...r,
        bannerImageUrl: this.url(bannerKey),
        updatedAt: updatedAt.toISOString(),
      })),
      totalCount,
      totalPages: Math.ceil(totalCount / q.pageSize),
    };
  }

  /** Saves the caller's bio and social links (already validated and trimmed) and answers their profile. */
  async updateProfile(principal: Principal, input: { bioMarkdown: string; socials: Socials }): Promise<MemberProfile> {
    return this.ctx.db.transaction(async (tx) => {
      const [row] = await tx
        .update(members)
        .set({ bioMarkdown: input.bioMarkdown, socials: socialsOf(input.socials), updatedAt: new Date() })
        .where(eq(members.id, principal.memberId))
        .returning({ id: members.id, username: members.username });
      if (!row) throw notFound(M.notFound);
      return this.profileOf(tx, { id: row.id, username: row.username, isOwner: true }, principal);
    });
  }

  /** The caller's support link (null without one). */
  async supportLink(principal: Principal): Promise<{ supportUrl: string | null }> {
    const [row] = await this.ctx.db
      .select({ supportUrl: members.supportUrl })
      .from(members)
      .where(eq(members.id, principal.memberId));
    if (!row) throw notFound(M.notFound);
    return row;
  }

  /**
   * Sets (already validated: http(s), an allowed host) or removes ('') the caller's support link.
   * Their plugins' kept pages show it: every kept plugin answer goes, as for a new name.
   */
  async setSupportLink(principal: Principal, url: string): Promise<{ supportUrl: string | null }> {
    const [row] = await this.ctx.db
      .update(members)
      .set({ supportUrl: url || null, updatedAt: new Date() })
      .where(eq(members.id, principal.memberId))
      .returning({ supportUrl: members.supportUrl });
    if (!row) throw notFound(M.notFound);
    pluginsChanged(this.ctx);
    return row;
  }

  /** The member's language for the site, mails and notices (docs/i18n.md); null follows the browser again. */
  async setLocale(principal: Principal, locale: Locale | null): Promise<{ locale: Locale | null }> {
    const [row] = await this.ctx.db
      .update(members)
      .set({ locale, updatedAt: new Date() })
      .where(eq(members.id, principal.memberId))
      .returning({ id: members.id });
    if (!row) throw notFound(M.notFound);
    return { locale };
  }

  /**
   * Gives (or takes back) the caller's one point of reputation. The row and the kept count change in
   * one transaction, and only when the row really appeared or went, so repeats and races count once;
   * the count never goes below 1.
   */
  async setRep(principal: Principal, username: string, give: boolean): Promise<RepResponse> {
    return this.ctx.db.transaction(async (tx) => {
      const receiver = await findProfileMember(tx, username, principal);
      if (receiver.isOwner) throw badRequest(M.repSelf);
      const pair = and(eq(memberReputation.giverId, principal.memberId), eq(memberReputation.receiverId, receiver.id));
      let changed: boolean;
      if (give) {
        const inserted = await tx
          .insert(memberReputation)
          .values({ giverId: principal.memberId, receiverId: receiver.id })
          .onConflictDoNothing()
          .returning({ giverId: memberReputation.giverId });
        changed = inserted.length > 0;
      } else {
        const deleted = await tx.delete(memberReputation).where(pair).returning({ giverId: memberReputation.giverId });
        changed = deleted.length > 0;
      }
      const delta = changed
        ? give
          ? sql`${members.reputation} + 1`
          : sql`greatest(1, ${members.reputation} - 1)`
        : members.reputation;
      const [row] = await tx
        .update(members)
        .set({ reputation: delta })
        .where(eq(members.id, receiver.id))
        .returning({ reputation: members.reputation });
      return { reputation: row!.reputation, hasGivenRep: give };
    });
  }
}
