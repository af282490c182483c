import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  PLUGIN_BANNER_MAX_BYTES,
  PLUGIN_CHANGELOG_MAX,
  PLUGIN_MESSAGES as M,
  PLUGIN_VERSION_STRING_MAX,
  type SubmissionUpdatedEvent,
} from '@bm/core';
import type { AppContext, Principal } from '../../context.js';
import { plugins, submissions, type SubmissionStatus } from '../../db/schema.js';
import { HttpError, badRequest, notFound } from '../../platform/errors.js';
import { reencodeImage } from '../../platform/images.js';
import { enqueueBuild } from '../builds/dispatch.js';
import { pluginsChanged } from './caches.js';
import { countOnceFor } from './engagement.js';
import { declareGameVersions, uploadGameVersionIds } from './declared-versions.js';
import { versionHashes } from './hashes.js';
import { myPluginRow, ownedPluginRow, visiblePluginRow } from './policy.js';
import { onePlugin, toIsoOrNull, toSubmission } from './presenter.js';
import { reviewQueuePositions, versionRows } from './reads.js';
import { declareRequires, refuseCycles, uploadRequiredIds } from './requires.js';
import { checkSourceZip } from './zip.js';

type SubmissionRow = typeof submissions.$inferSelect;

/** How long a download link to a plugin's file works. */
const PRIVATE_LINK_TTL_S = 600;
const binaryFileName = (pluginName: string, versionString: string | null) =>
  `${pluginName}${versionString ? `-${versionString}` : ''}.zip`.replace(/[^\w.-]+/g, '_');

const fileKey = (pluginId: number, kind: string, ext: string) =>
  `plugins/${pluginId}/${kind}-${randomBytes(12).toString('hex')}.${ext}`;

/** The uploaded file's own name, without folders or control characters. */
function cleanFileName(name: string | undefined, fallback: string) {
  const base = path.posix
    .basename((name ?? '').replace(/\\/g, '/'))
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f]/g, '')
    .trim();
  return (base || fallback).slice(0, 200);
}

/**
 * A version's changelog as given with its upload: line breaks as markdown writes them (a form sends
 * CRLF), trimmed, null when empty; 400 beyond PLUGIN_CHANGELOG_MAX characters.
 */
export function cleanChangelog(raw: string | undefined): string | null {
  const text = (raw ?? '').replace(/\r\n?/g, '\n').trim();
  if (text.length > PLUGIN_CHANGELOG_MAX) throw badRequest(M.changelogTooLong, 'changelog');
  return text || null;
}

/** Tells the plugin's owner that a submission changed (SubmissionUpdated). */
export function notifySubmissionUpdated(ctx: Pick<AppContext, 'hub'>, ownerId: number, event: SubmissionUpdatedEvent) {
  ctx.hub.toMember(ownerId, 'SubmissionUpdated', event);
}

/**
 * A plugin's files are private: a short-lived link, given only after the caller's right was
 * checked, so that a hidden or deleted plugin's files stop being served.
 */
function privateUrl(ctx: Pick<AppContext, 'signedUrls'>, key: string, fileName: string) {
  return ctx.signedUrls.path(key, { ttlS: PRIVATE_LINK_TTL_S, fileName });
}

/** Removes stored files, logging (not throwing) what could not be removed: the rows are gone already. */
export async function removePluginFiles(ctx: Pick<AppContext, 'storage' | 'log'>, keys: Array<string | null>) {
  for (const key of keys) {
    if (!key) continue;
    await ctx.storage.delete(key).catch((err) => ctx.log.warn({ err, key }, 'Plugin file not removed'));
  }
}

/** A plugin's files: its banner, source uploads and submissions, debug files, and downloads through private links. */
export class PluginFiles {
  constructor(private readonly ctx: AppContext) {}

  /** Debug symbols of the approved versions. */
  async pdbs(principal: Principal, id: number) {
    const plugin = await myPluginRow(this.ctx.db, principal, id);
    const rows = (await versionRows(this.ctx.db, id)).filter((s) => s.debugKey !== null);
    return rows.map((s) => ({
      submissionId: s.id,
      versionString: s.versionString,
      approvedAt: toIsoOrNull(s.approvedAt),
      fileName: `${plugin.name}-${s.versionString || s.id}-pdb.zip`.replace(/[^\w.-]+/g, '_'),
      url: privateUrl(this.ctx, s.debugKey!, `${plugin.name}-${s.versionString || s.id}-pdb.zip`),
    }));
  }

  private async mySubmission(principal: Principal, id: number, submissionId: number) {
    const plugin = await myPluginRow(this.ctx.db, principal, id);
    const [sub] = await this.ctx.db
      .select()
      .from(submissions)
      .where(and(eq(submissions.id, submissionId), eq(submissions.pluginId, id)));
    if (!sub) throw notFound(M.submissionNotFound);
    return { plugin, sub };
  }

  async sourceUrl(principal: Principal, id: number, submissionId: number) {
    const { sub } = await this.mySubmission(principal, id, submissionId);
    return { url: privateUrl(this.ctx, sub.sourceKey, sub.sourceName) };
  }

  /** Withdraws a submission that is not approved yet, with its files. */
  async deleteSubmission(principal: Principal, id: number, submissionId: number) {
    const { sub } = await this.mySubmission(principal, id, submissionId);
    if (sub.status === 'a') throw badRequest(M.approvedSubmission);
    await this.ctx.db.transaction(async (tx) => {
      await tx.delete(submissions).where(eq(submissions.id, sub.id));
      const [waiting] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(submissions)
        .where(and(eq(submissions.pluginId, id), inArray(submissions.status, ['q', 'b', 'p'])));
      await tx
        .update(plugins)
        .set({ needsApproval: (waiting?.n ?? 0) > 0 })
        .where(eq(plugins.id, id));
    });
    pluginsChanged(this.ctx, id);
    await removePluginFiles(this.ctx, [sub.sourceKey, sub.binaryKey, sub.debugKey]);
  }

  /** Stores a re-encoded banner; the row points at it before the old file goes. */
  async setBanner(principal: Principal, id: number, data: Buffer): Promise<string> {
    await ownedPluginRow(this.ctx.db, principal, id);
    if (data.length > PLUGIN_BANNER_MAX_BYTES) throw new HttpError(413, M.bannerTooLarge);
    const image = await reencodeImage(data, { width: 1600, height: 900, fit: 'inside' }, M.bannerType);
    const key = fileKey(id, 'banner', 'webp');
    await this.ctx.storage.put(key, image);
    let oldKey: string | null = null;
    try {
      await this.ctx.db.transaction(async (tx) => {
        const row = await ownedPluginRow(tx, principal, id, true);
        oldKey = row.bannerKey;
        await tx.update(plugins).set({ bannerKey: key, updatedAt: new Date() }).where(eq(plugins.id, id));
      });
    } catch (e) {
      await this.ctx.storage.delete(key);
      throw e;
    }
    pluginsChanged(this.ctx, id);
    await removePluginFiles(this.ctx, [oldKey]);
    return this.ctx.storage.url(key);
  }

  /**
   * A new source upload: checked before anything is stored, then stored and recorded as a
   * submission. Without a build server (or with skip-build-server on) it waits for review (p);
   * otherwise it is queued for a build (q). The owner hears of it (SubmissionUpdated).
   */
  async uploadSource(
    principal: Principal,
    id: number,
    file: {
      data: Buffer;
      fileName?: string;
      versionString?: string;
      gameVersionIds?: string;
      changelog?: string;
      requires?: string;
    },
  ) {
    const plugin = await ownedPluginRow(this.ctx.db, principal, id);
    const versionString = file.versionString?.trim() || null;
    if (versionString && versionString.length > PLUGIN_VERSION_STRING_MAX)
      throw badRequest(M.versionStringTooLong, 'versionString');
    const changelog = cleanChangelog(file.changelog);
    const gameVersionIds = await uploadGameVersionIds(this.ctx.db, file.gameVersionIds);
    const requires = await uploadRequiredIds(this.ctx.db, principal, id, file.requires);
    await checkSourceZip(file.data);

    const key = fileKey(id, 'source', 'zip');
    await this.ctx.storage.put(key, file.data);
    const status: SubmissionStatus = plugin.skipBuildServer || !this.hasBuildServer() ? 'p' : 'q';
    let sub: SubmissionRow;
    let pluginName = plugin.name;
    try {
      sub = await this.ctx.db.transaction(async (tx) => {
        const row = await ownedPluginRow(tx, principal, id, true);
        pluginName = row.name;
        const [inserted] = await tx
          .insert(submissions)
          .values({
            pluginId: id,
            sourceKey: key,
            sourceName: cleanFileName(file.fileName, 'source.zip'),
            sourceSize: file.data.length,
            versionString,
            changelog,
            status,
          })
          .returning();
        await declareGameVersions(tx, inserted!.id, gameVersionIds);
        await refuseCycles(tx, id, requires);
        await declareRequires(tx, inserted!.id, requires);
        await tx.update(plugins).set({ needsApproval: true, updatedAt: new Date() }).where(eq(plugins.id, id));
        // The build job commits with the submission: a queued submission is never left without one.
        if (status === 'q') await enqueueBuild(this.ctx, inserted!.id, tx);
        return inserted!;
      });
    } catch (e) {
      await this.ctx.storage.delete(key);
      throw e;
    }
    pluginsChanged(this.ctx, id);
    notifySubmissionUpdated(this.ctx, plugin.memberId, {
      id: sub.id,
      pluginId: id,
      pluginName,
      status: sub.status,
      versionString: sub.versionString,
    });
    const positions = await reviewQueuePositions(this.ctx.db, [sub.id]);
    return {
      submission: toSubmission(sub, positions.get(sub.id) ?? null),
      plugin: await onePlugin(this.ctx, id, principal.memberId),
    };
  }

  /** A builder is configured (BUILD_WEBHOOK_URL): submissions queue for it unless the plugin skips it. */
  private hasBuildServer(): boolean {
    return this.ctx.config.buildWebhookUrl !== undefined;
  }

  /** Counts a download of the latest version; the answer's URL is the file itself (not counted again). */
  async countDownload(id: number, viewer: Principal | null, visitor: string) {
    const row = await visiblePluginRow(this.ctx.db, id, viewer);
    const [latest] = await versionRows(this.ctx.db, id);
    if (!latest?.binaryKey) throw notFound(M.noVersion);
    const { count, counted } = await countOnceFor(this.ctx, 'download', id, visitor);
    return {
      downloadCount: count,
      counted,
      downloadUrl: await this.downloadLink(latest.binaryKey, binaryFileName(row.name, latest.versionString)),
    };
  }

  /** Where a counted download's bytes come from: the bucket on a presigned link (S3, or its CDN), else the server's own signed link. */
  private async downloadLink(key: string, fileName: string): Promise<string> {
    const { storage } = this.ctx;
    return storage.presignedUrl
      ? storage.presignedUrl(key, { expiresInSeconds: PRIVATE_LINK_TTL_S, fileName })
      : privateUrl(this.ctx, key, fileName);
  }

  /** A version's ZIP for a GET download: counted (de-duplicated), then the stored file's URL and SHA-256. */
  async downloadVersion(
    id: number,
    submissionId: number,
    viewer: Principal | null,
    visitor: string,
  ): Promise<{ url: string; sha256: string }> {
    const row = await visiblePluginRow(this.ctx.db, id, viewer);
    const [sub] = await this.ctx.db
      .select()
      .from(submissions)
      .where(and(eq(submissions.id, submissionId), eq(submissions.pluginId, id), eq(submissions.status, 'a')));
    if (!sub?.binaryKey) throw notFound(M.noVersion);
    await countOnceFor(this.ctx, 'download', id, visitor);
    const { sha256 } = await versionHashes(this.ctx, sub);
    return { url: await this.downloadLink(sub.binaryKey, binaryFileName(row.name, sub.versionString)), sha256 };
  }
}
