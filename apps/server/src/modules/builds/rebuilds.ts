// Rebuilds (issue 25 item 3): every approved plugin's live source built again for a game version; only the result is kept.
import { randomBytes } from 'node:crypto';
import { and, desc, eq, gt, inArray, isNotNull, sql } from 'drizzle-orm';
import type { RebuildProgress } from '@bm/core';
import type { AppContext } from '../../context.js';
import { gameVersions, plugins, rebuildItems, rebuildRuns, submissions, webhookDeliveries } from '../../db/schema.js';
import { liveVersionIdSql } from '../../db/compatibility-status.js';
import { conflict, notFound } from '../../platform/errors.js';
import type { JobInfo } from '../../platform/jobs.js';
import { sha256Hex, verifyProvenance } from '../../platform/provenance.js';
import { recordRebuildResult } from '../compatibility/index.js';
import { BINARY_ZIP_LIMITS, checkBinaryZip } from '../plugins/index.js';
import {
  BUILD_CALLBACK_PATH,
  BUILD_LOG_MAX,
  BUILD_MESSAGES,
  type BuildCallback,
  type BuildJob,
  cut,
  decodeBase64,
  KEPT_BODY,
  logTail,
} from './protocol.js';
import { buildJobOf, postToBuilder } from './dispatch.js';

/** The job kind that posts one rebuild to the builder (registered in src/jobs.ts). */
export const REBUILD_JOB = 'rebuild-dispatch';
/** The job kind that fails a rebuild the builder has not finished within BUILD_TIMEOUT. */
export const REBUILD_TIMEOUT_JOB = 'rebuild-timeout';
const timeoutKey = (itemId: number) => `rebuild-timeout:${itemId}`;
/** At most this many rebuilds are with the builder at once; the others wait their turn. */
export const REBUILD_PARALLEL = 4;
/** How long a rebuild's log link stays valid. */
const LOG_LINK_TTL_S = 90 * 24 * 3600;

export const REBUILD_MESSAGES = {
  noBuilder: 'No builder is configured (BUILD_WEBHOOK_URL): rebuilds need one',
  versionNotFound: 'Game version not found',
  itemNotFound: 'Rebuild not found',
} as const;

type ItemStatus = RebuildProgress['items'][number]['status'];

/**
 * Rebuilds: a run per game version, one item per approved plugin with a source, each posted to the
 * builder like a build (kind 'rebuild'). A rebuild never publishes or changes a submission: its
 * callback records passed or failed with its log (compatibility's recordRebuildResult), and a
 * failure tells the author.
 */
export class RebuildService {
  constructor(private readonly ctx: AppContext) {}

  private async version(id: number) {
    const [v] = await this.ctx.db.select().from(gameVersions).where(eq(gameVersions.id, id));
    if (!v) throw notFound(REBUILD_MESSAGES.versionNotFound);
    return v;
  }

  /** POST /admin/game-versions/{id}/rebuild: queues one job per approved plugin with a source. */
  async start(gameVersionId: number): Promise<RebuildProgress> {
    await this.version(gameVersionId);
    const { buildWebhookUrl, buildWebhookSecret } = this.ctx.config;
    if (!buildWebhookUrl || !buildWebhookSecret) throw conflict(REBUILD_MESSAGES.noBuilder);
    await this.ctx.db.transaction(async (tx) => {
      const live = await tx
        .select({ pluginId: plugins.id, submissionId: sql<number | null>`${liveVersionIdSql(sql`${plugins.id}`)}` })
        .from(plugins)
        .where(eq(plugins.isActive, true));
      const [run] = await tx.insert(rebuildRuns).values({ gameVersionId }).returning({ id: rebuildRuns.id });
      const rows = live.filter((p) => p.submissionId !== null);
      if (!rows.length) return;
      const items = await tx
        .insert(rebuildItems)
        .values(rows.map((p) => ({ runId: run!.id, pluginId: p.pluginId, submissionId: Number(p.submissionId) })))
        .returning({ id: rebuildItems.id });
      for (const item of items)
        await this.ctx.jobs.enqueue(REBUILD_JOB, { itemId: item.id }, { dedupeKey: `rebuild:${item.id}` }, tx);
    });
    return this.progress(gameVersionId);
  }

  /** GET /admin/game-versions/{id}/rebuild: the latest run's counts and items (all zero before any). */
  async progress(gameVersionId: number): Promise<RebuildProgress> {
    await this.version(gameVersionId);
    const [run] = await this.ctx.db
      .select({ id: rebuildRuns.id })
      .from(rebuildRuns)
      .where(eq(rebuildRuns.gameVersionId, gameVersionId))
      .orderBy(desc(rebuildRuns.id))
      .limit(1);
    const rows = run
      ? await this.ctx.db
          .select({
            pluginId: rebuildItems.pluginId,
            pluginName: plugins.name,
            status: rebuildItems.status,
            logKey: rebuildItems.logKey,
          })
          .from(rebuildItems)
          .innerJoin(plugins, eq(plugins.id, rebuildItems.pluginId))
          .where(eq(rebuildItems.runId, run.id))
          .orderBy(plugins.name, rebuildItems.id)
      : [];
    const count = (s: ItemStatus) => rows.filter((r) => r.status === s).length;
    return {
      total: rows.length,
      queued: count('queued'),
      building: count('building'),
      passed: count('passed'),
      failed: count('failed'),
      items: rows.map((r) => ({
        pluginId: r.pluginId,
        pluginName: r.pluginName,
        status: r.status,
        logUrl: r.logKey ? this.logUrl(r.logKey, r.pluginName) : null,
      })),
    };
  }

  private logUrl(key: string, pluginName: string) {
    const name = `rebuild-${pluginName.replace(/[^A-Za-z0-9._-]+/g, '-')}.log`;
    return this.ctx.signedUrls.path(key, { ttlS: LOG_LINK_TTL_S, fileName: name });
  }

  private async item(itemId: number) {
    const [row] = await this.ctx.db
      .select({
        id: rebuildItems.id,
        status: rebuildItems.status,
        pluginId: rebuildItems.pluginId,
        submissionId: rebuildItems.submissionId,
        gameVersionId: rebuildRuns.gameVersionId,
        gameVersionName: gameVersions.name,
        pluginName: plugins.name,
        ownerId: plugins.memberId,
        versionString: submissions.versionString,
        sourceKey: submissions.sourceKey,
        sourceName: submissions.sourceName,
      })
      .from(rebuildItems)
      .innerJoin(rebuildRuns, eq(rebuildRuns.id, rebuildItems.runId))
      .innerJoin(gameVersions, eq(gameVersions.id, rebuildRuns.gameVersionId))
      .innerJoin(plugins, eq(plugins.id, rebuildItems.pluginId))
      .innerJoin(submissions, eq(submissions.id, rebuildItems.submissionId))
      .where(eq(rebuildItems.id, itemId));
    return row ?? null;
  }

  /** The job: posts one queued rebuild to the builder, waiting its turn when REBUILD_PARALLEL are out. */
  async dispatch(itemId: number, job: Pick<JobInfo, 'attempt' | 'maxAttempts'>): Promise<void> {
    const item = await this.item(itemId);
    if (!item || item.status !== 'queued') return;
    const { buildWebhookUrl: url, buildWebhookSecret: secret, buildTimeoutMs } = this.ctx.config;
    if (!url || !secret) return this.finish(item.id, 'failed', BUILD_MESSAGES.noBuilder);
    const since = new Date(Date.now() - buildTimeoutMs);
    const [out] = await this.ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(rebuildItems)
      .where(
        and(eq(rebuildItems.status, 'building'), isNotNull(rebuildItems.startedAt), gt(rebuildItems.startedAt, since)),
      );
    if ((out?.n ?? 0) >= REBUILD_PARALLEL) {
      // Its turn comes later: a fresh job, so waiting uses none of this one's attempts.
      await this.ctx.jobs.enqueue(REBUILD_JOB, { itemId }, { delayMs: 5000 });
      return;
    }
    const body: BuildJob & { kind: 'rebuild'; rebuildId: number } = {
      type: 'build',
      kind: 'rebuild',
      rebuildId: item.id,
      ...buildJobOf(this.ctx, item),
    };
    await this.ctx.db
      .update(rebuildItems)
      .set({ status: 'building', startedAt: new Date() })
      .where(and(eq(rebuildItems.id, item.id), eq(rebuildItems.status, 'queued')));
    const posted = await postToBuilder(this.ctx.db, { url, body, secret });
    if (posted.taken) {
      await this.ctx.jobs.enqueue(
        REBUILD_TIMEOUT_JOB,
        { itemId: item.id },
        { runAt: new Date(Date.now() + buildTimeoutMs), dedupeKey: timeoutKey(item.id) },
      );
      return;
    }
    const { reason } = posted;
    if (job.attempt >= job.maxAttempts) {
      await this.finish(item.id, 'failed', BUILD_MESSAGES.unreachableLog(job.attempt, reason));
      return;
    }
    // Not taken: back in the queue for the retry.
    await this.ctx.db
      .update(rebuildItems)
      .set({ status: 'queued', startedAt: null })
      .where(and(eq(rebuildItems.id, item.id), eq(rebuildItems.status, 'building')));
    throw new Error(reason);
  }

  /** The timeout job: a rebuild still queued or building after BUILD_TIMEOUT fails with that reason. */
  async timeout(itemId: number): Promise<void> {
    const minutes = Math.round(this.ctx.config.buildTimeoutMs / 60000);
    await this.finish(itemId, 'failed', BUILD_MESSAGES.timeoutLog(minutes));
  }

  /**
   * A signed callback for a rebuild (BuildService.callback hands it over): 'building' is noted,
   * 'success' passes only with a valid binary and provenance over the live version's source,
   * 'failure' fails. Nothing of a submission changes; the binary is not kept.
   */
  async callback(body: BuildCallback & { rebuildId: number }, deliveryId: string, requestBody: string) {
    const item = await this.item(body.rebuildId);
    if (!item) throw notFound(REBUILD_MESSAGES.itemNotFound);
    const [inserted] = await this.ctx.db
      .insert(webhookDeliveries)
      .values({
        direction: 'in',
        kind: 'callback',
        url: BUILD_CALLBACK_PATH,
        deliveryId,
        submissionId: item.submissionId,
        requestBody: cut(requestBody, KEPT_BODY),
        statusCode: 200,
      })
      .onConflictDoNothing()
      .returning({ id: webhookDeliveries.id });
    if (!inserted) return { ok: true as const, duplicate: true, status: '' };
    if (item.status === 'passed' || item.status === 'failed')
      return { ok: true as const, duplicate: true, status: item.status };
    if (body.status === 'building') {
      await this.ctx.db.update(rebuildItems).set({ status: 'building' }).where(eq(rebuildItems.id, item.id));
      return { ok: true as const, duplicate: false, status: 'building' };
    }
    let status: 'passed' | 'failed' = body.status === 'success' ? 'passed' : 'failed';
    let log = body.log ?? '';
    if (status === 'passed') {
      const refused = await this.refusal(item.sourceKey, body);
      if (refused) {
        status = 'failed';
        log = [log, `${BUILD_MESSAGES.provenanceRefused}: ${refused}`].filter(Boolean).join('\n\n');
      }
    }
    await this.finish(item.id, status, log);
    return { ok: true as const, duplicate: false, status };
  }

  /** Why a success cannot count (no or bad binary, provenance not valid for this source), or null. */
  private async refusal(sourceKey: string, body: BuildCallback): Promise<string | null> {
    if (!body.binaryZip) return BUILD_MESSAGES.needsBinary;
    try {
      const binary = decodeBase64(body.binaryZip, 'binaryZip');
      await checkBinaryZip(binary, BINARY_ZIP_LIMITS);
      const source = await this.ctx.storage.get(sourceKey);
      if (!source) return 'The source is missing from storage';
      const verdict = verifyProvenance(body.provenance, this.ctx.config.builderKeys, {
        artifactSha256: sha256Hex(binary),
        sourceSha256: sha256Hex(source),
        log: body.log,
      });
      return verdict.ok ? null : verdict.reason;
    } catch (e) {
      return (e as Error).message;
    }
  }

  /** Keeps the log as a file, records the result for the game version and tells the author of a failure. */
  private async finish(itemId: number, status: 'passed' | 'failed', log: string): Promise<void> {
    const item = await this.item(itemId);
    if (!item || item.status === 'passed' || item.status === 'failed') return;
    const logKey = `rebuilds/${item.gameVersionId}/${item.pluginId}-${randomBytes(8).toString('hex')}.log`;
    await this.ctx.storage.put(logKey, Buffer.from(cut(log || '(no log)', BUILD_LOG_MAX)));
    const updated = await this.ctx.db
      .update(rebuildItems)
      .set({ status, logKey, finishedAt: new Date() })
      .where(and(eq(rebuildItems.id, item.id), inArray(rebuildItems.status, ['queued', 'building'])))
      .returning({ id: rebuildItems.id });
    if (!updated.length) {
      await this.ctx.storage.delete(logKey).catch(() => undefined);
      return;
    }
    await this.ctx.jobs.cancel(timeoutKey(item.id));
    const logUrl = this.logUrl(logKey, item.pluginName);
    await recordRebuildResult(this.ctx, item.pluginId, item.gameVersionId, { status, logUrl });
    if (status === 'passed') return;
    const sent = await this.ctx.notifications.send({
      memberId: item.ownerId,
      kind: 'buildFailed',
      subject: (t) => t('notice.rebuildFailed.subject', { name: item.pluginName, game: item.gameVersionName }),
      body: (t) =>
        `${t('notice.rebuildFailed.body', { name: item.pluginName, game: item.gameVersionName })}${logTail(t, log)}\n\n[${t('notice.rebuildFailed.wholeLog')}](${logUrl})`,
      link: logUrl,
    });
    await sent?.publish?.();
  }
}
