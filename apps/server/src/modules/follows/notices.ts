import { z } from 'zod';
import { eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/client.js';
import { gameVersions, members, plugins, submissions } from '../../db/schema.js';
import { englishT, type ServerT } from '../../i18n/index.js';
import { markdownToText } from '../../platform/plain-text.js';
import type { Notice } from '../notifications/index.js';
import { canSeePlugin, queryRows, versionChangelog } from '../plugins/index.js';

/**
 * Notices to followers (issue 25 item 4): a followed plugin's new approved version, a followed
 * author's newly published plugin, and a followed plugin's status on the current game version
 * turning works or broken. The change only queues FOLLOWER_NOTICE_JOB in its own transaction; the
 * job sends through the one notification service in batches (sendBatch), never in the request.
 */
export const FOLLOWER_NOTICE_JOB = 'follower-notice';

export const followerNoticePayload = z.object({
  pluginId: z.number().int().positive(),
  /** version: a new approved version; compatibility: its status on a game version changed. */
  reason: z.enum(['version', 'compatibility']),
  submissionId: z.number().int().positive().optional(),
  /** The plugin's first publication: the author's followers are told too. */
  firstPublish: z.boolean().optional(),
  gameVersionId: z.number().int().positive().optional(),
  status: z.enum(['works', 'broken']).optional(),
  /** Followers with a larger member id are still to be noticed. */
  afterMemberId: z.number().int().min(0),
  sent: z.number().int().min(0).optional(),
});
export type FollowerNoticePayload = z.infer<typeof followerNoticePayload>;

/** Whether anyone would be told: no job is queued for a plugin nobody follows. */
async function hasAudience(db: Db, pluginId: number, withAuthorFollowers: boolean): Promise<boolean> {
  const [row] = await queryRows<{ any: boolean }>(
    db,
    sql`select exists (select 1 from plugin_follows where plugin_id = ${pluginId})
      ${withAuthorFollowers ? sql`or exists (select 1 from member_follows mf join plugins p on p.member_id = mf.followed_id where p.id = ${pluginId})` : sql``} as "any"`,
  );
  return Boolean(row?.any);
}

/**
 * Queues the notice of a newly approved version (call in the approval's transaction `tx`). On the
 * plugin's first publication the author's followers hear of the new plugin as well.
 */
export async function notifyFollowersOfVersion(
  ctx: AppContext,
  tx: Db,
  version: { pluginId: number; submissionId: number; firstPublish: boolean },
): Promise<void> {
  if (!(await hasAudience(tx, version.pluginId, version.firstPublish))) return;
  const payload: FollowerNoticePayload = { reason: 'version', ...version, afterMemberId: 0 };
  await ctx.jobs.enqueue(
    FOLLOWER_NOTICE_JOB,
    { ...payload },
    { dedupeKey: `follow-version:${version.submissionId}` },
    tx,
  );
}

/**
 * Queues the notice that a plugin's status for the current game version changed to works or
 * broken (the compatibility work calls this once the change is stored; pass its transaction when
 * there is one). Only these two changes are told: turning unverified is not news to a player.
 */
export async function notifyFollowersOfCompatibility(
  ctx: AppContext,
  change: { pluginId: number; gameVersionId: number; status: 'works' | 'broken' },
  tx: Db = ctx.db,
): Promise<void> {
  if (!(await hasAudience(tx, change.pluginId, false))) return;
  const payload: FollowerNoticePayload = { reason: 'compatibility', ...change, afterMemberId: 0 };
  await ctx.jobs.enqueue(FOLLOWER_NOTICE_JOB, { ...payload }, {}, tx);
}

/**
 * The one place where a follower notice reads a version's changelog (markdown, as the author wrote
 * it with the source upload; null for none). The job checked the plugin against the access policy
 * before, so only those who may see it are told.
 */
export async function versionChangelogForNotice(db: Db, submissionId: number): Promise<string | null> {
  return (await versionChangelog({ db }, submissionId))?.markdown || null;
}

/** A changelog as quoted in a notice (markdown, or HTML reduced to its words), cut to a readable length. */
export const CHANGELOG_QUOTE_MAX = 1500;
export function quoteChangelog(changelog: { markdown: string } | { html: string }): string {
  const source = 'markdown' in changelog ? changelog.markdown : markdownToText(changelog.html);
  let text = source.trim();
  if (text.length > CHANGELOG_QUOTE_MAX) text = `${text.slice(0, CHANGELOG_QUOTE_MAX).trimEnd()}…`;
  return text
    .split('\n')
    .map((line) => (line.trim() ? `> ${line}` : '>'))
    .join('\n');
}

/** What a follower notice says, apart from whom it goes to. */
export interface FollowerNoticeFacts {
  pluginId: number;
  pluginName: string;
  authorName: string;
  reason: 'version' | 'newPlugin' | 'compatibility';
  versionString?: string | null;
  /** The version's changelog, quoted when given. */
  changelog?: { markdown: string } | { html: string } | null;
  gameVersionName?: string;
  status?: 'works' | 'broken';
}

/**
 * The notice builder: subject, body (markdown) and link of a follower notice, written in `t`'s
 * language (the batch writes it for each follower in theirs).
 */
export function followerNotice(
  facts: FollowerNoticeFacts,
  t: ServerT = englishT,
): Omit<Notice, 'memberId'> & { subject: string; body: string } {
  const { pluginName: name, authorName: author } = facts;
  const version = facts.versionString ? ` v${facts.versionString}` : '';
  const quoted = facts.changelog ? `\n\n${t('notice.follow.whatsNew')}\n\n${quoteChangelog(facts.changelog)}` : '';
  const base = { kind: 'followedUpdate' as const, link: `/plugin/${facts.pluginId}` };
  if (facts.reason === 'newPlugin')
    return {
      ...base,
      subject: t('notice.follow.newPluginSubject', { author, name }),
      body: `${t('notice.follow.newPluginBody', { author, name, version })}${quoted}`,
    };
  if (facts.reason === 'compatibility') {
    const game = facts.gameVersionName ?? t('notice.follow.currentGameVersion');
    return facts.status === 'works'
      ? {
          ...base,
          subject: t('notice.follow.worksSubject', { name, game }),
          body: t('notice.follow.worksBody', { name, game }),
        }
      : {
          ...base,
          subject: t('notice.follow.brokenSubject', { name, game }),
          body: t('notice.follow.brokenBody', { name, game }),
        };
  }
  const said = facts.versionString
    ? t('notice.follow.versionBodyOf', { name, versionString: facts.versionString })
    : t('notice.follow.versionBody', { name });
  return { ...base, subject: t('notice.follow.versionSubject', { name, version }), body: `${said}${quoted}` };
}

/** The facts of a queued notice, read when it is sent; null when the plugin is gone or no longer public. */
async function factsOf(ctx: AppContext, p: FollowerNoticePayload): Promise<FollowerNoticeFacts | null> {
  // Only what anyone may see is told: a plugin hidden or made private since is not (the one access rule).
  if (!(await canSeePlugin(ctx, p.pluginId, null))) return null;
  const [plugin] = await ctx.db
    .select({ name: plugins.name, author: members.username })
    .from(plugins)
    .innerJoin(members, eq(members.id, plugins.memberId))
    .where(eq(plugins.id, p.pluginId));
  if (!plugin) return null;
  const facts: FollowerNoticeFacts = {
    pluginId: p.pluginId,
    pluginName: plugin.name,
    authorName: plugin.author,
    reason: p.reason,
  };
  if (p.reason === 'compatibility') {
    const [game] = p.gameVersionId
      ? await ctx.db.select({ name: gameVersions.name }).from(gameVersions).where(eq(gameVersions.id, p.gameVersionId))
      : [];
    return { ...facts, gameVersionName: game?.name, status: p.status };
  }
  if (p.firstPublish) facts.reason = 'newPlugin';
  if (p.submissionId) {
    const [sub] = await ctx.db
      .select({ versionString: submissions.versionString })
      .from(submissions)
      .where(eq(submissions.id, p.submissionId));
    facts.versionString = sub?.versionString ?? null;
    const changelog = await versionChangelogForNotice(ctx.db, p.submissionId);
    facts.changelog = changelog?.trim() ? { markdown: changelog } : null;
  }
  return facts;
}

/** One batch of a follower notice (the notifications' sendBatch): the plugin's followers, and on a first publication its author's. */
export async function sendFollowerNoticeBatch(ctx: AppContext, payload: FollowerNoticePayload): Promise<void> {
  const facts = await factsOf(ctx, payload);
  if (!facts) {
    ctx.log.info({ pluginId: payload.pluginId }, 'follower notice dropped: the plugin is not public');
    return;
  }
  const notice = followerNotice(facts);
  // Each follower reads it in their own language: the texts are written again for theirs at send time.
  const text = {
    subject: (t: ServerT) => followerNotice(facts, t).subject,
    body: (t: ServerT) => followerNotice(facts, t).body,
  };
  const withAuthorFollowers = payload.reason === 'version' && payload.firstPublish === true;
  await ctx.notifications.sendBatch({
    job: FOLLOWER_NOTICE_JOB,
    payload,
    recipients: async (tx, afterMemberId, limit) =>
      (
        await queryRows<{ id: number }>(
          tx,
          sql`select f.id from (
              select member_id as id from plugin_follows where plugin_id = ${payload.pluginId}
              ${withAuthorFollowers ? sql`union select mf.follower_id from member_follows mf join plugins p on p.member_id = mf.followed_id where p.id = ${payload.pluginId}` : sql``}
            ) f
            join members m on m.id = f.id
            where f.id > ${afterMemberId} and m.disabled_at is null
              and f.id <> (select member_id from plugins where id = ${payload.pluginId})
            order by f.id limit ${limit}`,
        )
      ).map((r) => Number(r.id)),
    notice: (memberId) => ({ ...notice, ...text, memberId }),
  });
}
