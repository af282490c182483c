import { and, eq, inArray, sql } from 'drizzle-orm';
import { submissionStatusName } from '@bm/core';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/client.js';
import { moderationAudit, plugins, submissions, webhookDeliveries, type SubmissionStatus } from '../../db/schema.js';
import { HttpError, badRequest, conflict, notFound } from '../../platform/errors.js';
import type { JobInfo } from '../../platform/jobs.js';
import { sha256Hex, verifyProvenance } from '../../platform/provenance.js';
import { verifyWebhook } from '../../platform/webhooks.js';
import {
  BINARY_ZIP_LIMITS,
  binaryHashes,
  checkBinaryZip,
  checkDebugZip,
  inspectBinary,
  InspectionRefused,
  keepForInspection,
  notifySubmissionUpdated,
  pluginsChanged,
} from '../plugins/index.js';
import { BUILD_JOBS, buildJobOf, buildTimeoutKey, postToBuilder } from './dispatch.js';
import { RebuildService } from './rebuilds.js';
import {
  BUILD_CALLBACK_PATH,
  BUILD_LOG_MAX,
  KEPT_BODY,
  BUILD_MESSAGES,
  buildCallbackBody,
  type BuildCallback,
  FROM,
  type BuildJob,
  type Headers,
  type Changed,
  decodeBase64,
  cut,
  fileKey,
  pluginLabel,
  buildReason,
  logTail,
} from './protocol.js';

/**
 * The build pipeline: posts queued submissions to the builder through the signed webhook (retried
 * with backoff by the job runner), takes its signed callbacks (building, success with the ZIPs,
 * failure with its log; idempotent per delivery id) and fails builds that stay silent too long.
 */
export class BuildService {
  constructor(private readonly ctx: AppContext) {}

  private async load(submissionId: number, db: Db = this.ctx.db, lock = false) {
    const q = db
      .select({
        id: submissions.id,
        status: submissions.status,
        versionString: submissions.versionString,
        sourceKey: submissions.sourceKey,
        sourceName: submissions.sourceName,
        buildLog: submissions.buildLog,
        pluginId: plugins.id,
        pluginName: plugins.name,
        ownerId: plugins.memberId,
      })
      .from(submissions)
      .innerJoin(plugins, eq(plugins.id, submissions.pluginId))
      .where(eq(submissions.id, submissionId));
    const [row] = lock ? await q.for('update', { of: submissions }) : await q;
    return row ?? null;
  }

  // ---- dispatch ----

  /** Posts one queued submission to the builder; throws (to be retried) unless it answers 2xx. */
  async dispatch(submissionId: number, job: Pick<JobInfo, 'attempt' | 'maxAttempts'>): Promise<void> {
    const sub = await this.load(submissionId);
    if (!sub || sub.status !== 'q') return; // withdrawn, or the builder already answered
    const { buildWebhookUrl: url, buildWebhookSecret: secret, buildTimeoutMs } = this.ctx.config;
    if (!url || !secret) {
      // The builder was switched off after this was queued: it waits for a moderator's binary.
      await this.change(sub.id, ['q'], 'p', {}, 'build-skipped', BUILD_MESSAGES.noBuilder);
      return;
    }
    const body: BuildJob = { type: 'build', ...buildJobOf(this.ctx, { ...sub, submissionId: sub.id }) };
    const posted = await postToBuilder(this.ctx.db, { url, body, secret });
    if (posted.taken) {
      // A builder that answered before this line needs no timeout any more.
      const now = await this.load(sub.id);
      if (now?.status !== 'q' && now?.status !== 'b') return;
      await this.ctx.jobs.enqueue(
        BUILD_JOBS.timeout,
        { submissionId: sub.id },
        { runAt: new Date(Date.now() + buildTimeoutMs), dedupeKey: buildTimeoutKey(sub.id) },
      );
      return;
    }
    const { reason } = posted;
    if (job.attempt >= job.maxAttempts) {
      await this.change(
        sub.id,
        ['q'],
        'r',
        { denyReason: BUILD_MESSAGES.failed },
        'build-failure',
        BUILD_MESSAGES.unreachableLog(job.attempt, reason),
        true,
      ).catch((err: unknown) => {
        if (!(err instanceof HttpError)) throw err;
      });
    }
    throw new Error(reason);
  }

  // ---- timeout ----

  /** Fails a submission still queued or building once BUILD_TIMEOUT has passed since it was sent. */
  async timeout(submissionId: number): Promise<void> {
    const sub = await this.load(submissionId);
    if (!sub || (sub.status !== 'q' && sub.status !== 'b')) return;
    const log = BUILD_MESSAGES.timeoutLog(Math.round(this.ctx.config.buildTimeoutMs / 60000));
    await this.change(
      submissionId,
      ['q', 'b'],
      'r',
      { denyReason: BUILD_MESSAGES.timedOut },
      'build-timeout',
      log,
      true,
    ).catch((err: unknown) => {
      // Answered meanwhile: nothing to time out.
      if (!(err instanceof HttpError)) throw err;
    });
  }

  // ---- callbacks ----

  /**
   * A signed callback of the builder, checked over the exact bytes received. Refused with nothing
   * changed when forged or stale (401), malformed (400), for an unknown submission (404) or when
   * it does not fit the submission's state (409). A delivery id seen before changes nothing.
   */
  /**
   * What can be checked before the body is read: a builder is configured and the signature
   * headers are there with a fresh timestamp. Spares reading large unsigned bodies.
   */
  precheck(headers: Headers): void {
    const secret = this.ctx.config.buildWebhookSecret;
    if (!secret) throw new HttpError(401, BUILD_MESSAGES.noBuilder);
    const check = verifyWebhook(secret, headers, '');
    if (!check.ok && check.reason !== 'Bad signature') throw new HttpError(401, check.reason);
  }

  async callback(raw: Buffer, headers: Headers): Promise<{ ok: true; duplicate: boolean; status: string }> {
    const secret = this.ctx.config.buildWebhookSecret;
    if (!secret) throw new HttpError(401, BUILD_MESSAGES.noBuilder);
    const check = verifyWebhook(secret, headers, raw);
    if (!check.ok) throw new HttpError(401, check.reason);

    let parsed: unknown;
    try {
      parsed = JSON.parse(raw.toString('utf8'));
    } catch {
      throw badRequest('Malformed JSON body');
    }
    const result = buildCallbackBody.safeParse(parsed);
    if (!result.success) {
      const issue = result.error.issues[0]!;
      throw badRequest(issue.message, issue.path.join('.') || undefined);
    }
    const body = result.data;
    if (body.kind === 'rebuild') {
      if (!body.rebuildId) throw badRequest('A rebuild callback must send rebuildId', 'rebuildId');
      return new RebuildService(this.ctx).callback(
        { ...body, rebuildId: body.rebuildId },
        check.deliveryId,
        this.keptBody(body),
      );
    }

    if (await this.seen(check.deliveryId)) return { ok: true, duplicate: true, status: '' };
    const sub = await this.load(body.submissionId);
    if (!sub) throw notFound(BUILD_MESSAGES.submissionNotFound);
    if (!FROM[body.status].includes(sub.status)) {
      // A copy of a delivery that was applied between the first look and this one is a duplicate, not a conflict.
      if (await this.seen(check.deliveryId)) return { ok: true, duplicate: true, status: '' };
      throw conflict(BUILD_MESSAGES.notApplicable(body.status, submissionStatusName(sub.status)));
    }

    const keys: string[] = [];
    const fields: Partial<typeof submissions.$inferInsert> = {};
    if (body.status === 'success') {
      if (!body.binaryZip) throw badRequest(BUILD_MESSAGES.needsBinary, 'binaryZip');
      const binary = decodeBase64(body.binaryZip, 'binaryZip');
      const checked = await checkBinaryZip(binary, BINARY_ZIP_LIMITS, keepForInspection);
      Object.assign(fields, binaryHashes(binary, checked));
      fields.binaryInspection = await this.inspectOrFail(sub.id, checked.kept, body.log, check.deliveryId);
      const debug = body.debugZip ? decodeBase64(body.debugZip, 'debugZip') : null;
      if (debug) await checkDebugZip(debug);
      await this.checkProvenance(sub, body, fields);
      fields.binaryKey = fileKey(sub.pluginId, 'binary');
      await this.ctx.storage.put(fields.binaryKey, binary);
      keys.push(fields.binaryKey);
      if (debug) {
        fields.debugKey = fileKey(sub.pluginId, 'debug');
        await this.ctx.storage.put(fields.debugKey, debug);
        keys.push(fields.debugKey);
      }
    } else if (body.status === 'failure') {
      fields.denyReason = BUILD_MESSAGES.failed;
    }
    const to: SubmissionStatus = body.status === 'building' ? 'b' : body.status === 'success' ? 'p' : 'r';
    const action = `build-${body.status}`;
    const delivery = { deliveryId: check.deliveryId, requestBody: this.keptBody(body) };
    try {
      const changed = await this.change(
        sub.id,
        FROM[body.status],
        to,
        fields,
        action,
        body.log ?? null,
        body.status === 'failure',
        delivery,
      );
      if (!changed) {
        await this.removeFiles(keys);
        return { ok: true, duplicate: true, status: '' };
      }
      return { ok: true, duplicate: false, status: to };
    } catch (e) {
      await this.removeFiles(keys);
      throw e;
    }
  }

  /**
   * A success is taken only with a provenance envelope signed by a trusted builder key
   * (BUILDER_PUBLIC_KEYS) whose statement names the source that was uploaded, the binary received as
   * its one subject and the log received. Otherwise nothing is stored, the build fails with the
   * reason (the author is told) and the callback is answered 422 with it.
   */
  private async checkProvenance(
    sub: NonNullable<Awaited<ReturnType<BuildService['load']>>>,
    body: BuildCallback,
    fields: Partial<typeof submissions.$inferInsert>,
  ): Promise<void> {
    const source = await this.ctx.storage.get(sub.sourceKey);
    if (!source) throw new Error(`The source of submission ${sub.id} is missing from storage`);
    const verdict = verifyProvenance(body.provenance, this.ctx.config.builderKeys, {
      artifactSha256: fields.binarySha256!,
      sourceSha256: sha256Hex(source),
      log: body.log,
    });
    if (verdict.ok) {
      fields.provenance = body.provenance as typeof fields.provenance;
      fields.provenanceBuilderId = verdict.builderId;
      fields.provenanceKeyId = verdict.keyid;
      return;
    }
    const log = [body.log, `${BUILD_MESSAGES.provenanceRefused}: ${verdict.reason}`].filter(Boolean).join('\n\n');
    await this.change(sub.id, FROM.success, 'r', { denyReason: verdict.reason }, 'build-refused', log, true);
    throw new HttpError(422, verdict.reason);
  }

  /**
   * Reads every DLL of a built binary (docs/inspection.md). One the site refuses (not a PE file, not
   * x64) fails the build with the reason in its log, and answers 422: nothing of the binary is stored.
   */
  private async inspectOrFail(
    submissionId: number,
    files: Array<{ path: string; data: Buffer }>,
    log: string | undefined,
    deliveryId: string,
  ) {
    try {
      return inspectBinary(files);
    } catch (e) {
      if (!(e instanceof InspectionRefused)) throw e;
      const failedLog = `${log ? `${log}\n\n` : ''}${e.message}`;
      await this.change(
        submissionId,
        FROM.success,
        'r',
        { denyReason: BUILD_MESSAGES.failed },
        'build-failure',
        failedLog,
        true,
        {
          deliveryId,
          requestBody: cut(JSON.stringify({ submissionId, status: 'success', refused: e.message }), KEPT_BODY),
        },
      );
      throw new HttpError(422, e.message, { errors: { binaryZip: [e.message] } });
    }
  }

  private async seen(deliveryId: string): Promise<boolean> {
    const [row] = await this.ctx.db
      .select({ id: webhookDeliveries.id })
      .from(webhookDeliveries)
      .where(and(eq(webhookDeliveries.direction, 'in'), eq(webhookDeliveries.deliveryId, deliveryId)));
    return !!row;
  }

  /** What is kept of a callback: everything but the ZIPs, which are named by their size. */
  private keptBody(body: BuildCallback): string {
    const size = (v?: string) => (v === undefined ? undefined : `<base64, ${v.length} characters>`);
    return cut(
      JSON.stringify({
        ...body,
        log: body.log === undefined ? undefined : cut(body.log, 1000),
        binaryZip: size(body.binaryZip),
        debugZip: size(body.debugZip),
        provenance: body.provenance === undefined ? undefined : '<DSSE envelope>',
      }),
      KEPT_BODY,
    );
  }

  /**
   * Moves a submission from one of `from` to `to` in one transaction with its audit row, the
   * incoming delivery (idempotency), the author's notice on failure and the plugin's waiting flag;
   * then tells the owner (SubmissionUpdated). 409 when the submission is no longer in `from`;
   * null when the delivery was recorded meanwhile (a concurrent duplicate).
   */
  private async change(
    submissionId: number,
    from: SubmissionStatus[],
    to: SubmissionStatus,
    fields: Partial<typeof submissions.$inferInsert>,
    action: string,
    log: string | null,
    notifyFailure = false,
    delivery?: { deliveryId: string; requestBody: string },
  ): Promise<Changed | null> {
    const changed = await this.ctx.db.transaction(async (tx): Promise<Changed | null> => {
      const sub = await this.load(submissionId, tx, true);
      if (!sub) throw notFound(BUILD_MESSAGES.submissionNotFound);
      // The delivery first: a copy racing the original waits here for it and is then a duplicate, not a 409.
      if (delivery) {
        const [inserted] = await tx
          .insert(webhookDeliveries)
          .values({
            direction: 'in',
            kind: 'callback',
            url: BUILD_CALLBACK_PATH,
            deliveryId: delivery.deliveryId,
            submissionId,
            requestBody: delivery.requestBody,
            statusCode: 200,
          })
          .onConflictDoNothing()
          .returning({ id: webhookDeliveries.id });
        if (!inserted) return null;
      }
      if (!from.includes(sub.status))
        throw conflict(BUILD_MESSAGES.notApplicable(action.replace('build-', ''), submissionStatusName(sub.status)));
      const now = new Date();
      const set: Partial<typeof submissions.$inferInsert> = { ...fields, status: to, updatedAt: now };
      if (to === 'b') set.buildStartedAt = now;
      else set.buildFinishedAt = now;
      if (log !== null) set.buildLog = cut(log, BUILD_LOG_MAX);
      await tx.update(submissions).set(set).where(eq(submissions.id, submissionId));
      await tx.insert(moderationAudit).values({
        actorId: null,
        action,
        submissionId,
        pluginId: sub.pluginId,
        note: log === null ? null : cut(log, 2000),
      });
      if (to !== 'b') await this.ctx.jobs.cancel(buildTimeoutKey(submissionId), tx);
      if (to === 'r') {
        const [waiting] = await tx
          .select({ n: sql<number>`count(*)::int` })
          .from(submissions)
          .where(and(eq(submissions.pluginId, sub.pluginId), inArray(submissions.status, ['q', 'b', 'p'])));
        await tx
          .update(plugins)
          .set({ needsApproval: (waiting?.n ?? 0) > 0 })
          .where(eq(plugins.id, sub.pluginId));
      }
      let publish: (() => Promise<void>) | undefined;
      if (notifyFailure) {
        const label = pluginLabel(sub.pluginName, sub.versionString);
        const denyReason = fields.denyReason ?? BUILD_MESSAGES.failed;
        const sent = await this.ctx.notifications.send(
          {
            memberId: sub.ownerId,
            kind: 'buildFailed',
            subject: (t) => t('notice.buildFailed.subject', { reason: buildReason(t, denyReason), plugin: label }),
            body: (t) => {
              const reason = buildReason(t, denyReason);
              // Mid-sentence the reason reads in lower case, except in German, where nouns keep their capital.
              const inline = t.locale === 'de' ? reason : reason.toLowerCase();
              return `${t('notice.buildFailed.body', { plugin: label, reason: inline })}${logTail(t, log)}\n\n${t('notice.buildFailed.fix')}`;
            },
            link: `/plugins/${sub.pluginId}/manage`,
          },
          tx,
        );
        publish = sent?.publish;
      }
      return {
        submissionId,
        pluginId: sub.pluginId,
        pluginName: sub.pluginName,
        ownerId: sub.ownerId,
        status: to,
        versionString: sub.versionString,
        publish,
      };
    });
    if (!changed) return null;
    pluginsChanged(this.ctx, changed.pluginId);
    notifySubmissionUpdated(this.ctx, changed.ownerId, {
      id: changed.submissionId,
      pluginId: changed.pluginId,
      pluginName: changed.pluginName,
      status: changed.status,
      versionString: changed.versionString,
    });
    await changed.publish?.();
    return changed;
  }

  private async removeFiles(keys: string[]) {
    for (const key of keys)
      await this.ctx.storage.delete(key).catch((err) => this.ctx.log.warn({ err, key }, 'Build file not removed'));
  }
}
