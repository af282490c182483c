import { randomUUID } from 'node:crypto';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/client.js';
import { postWebhook } from '../../platform/webhooks.js';
import { BUILD_CALLBACK_PATH, type BuildJob, cut, DISPATCH_TIMEOUT_MS } from './protocol.js';

/** Job kinds of the build pipeline. */
export const BUILD_JOBS = {
  /** Posts a queued submission to the builder (retried with backoff). */
  dispatch: 'build-dispatch',
  /** Fails a build the builder has not finished in time. */
  timeout: 'build-timeout',
} as const;

export const buildTimeoutKey = (submissionId: number) => `build-timeout:${submissionId}`;

/**
 * Queues the post of a submission to the builder. Pass the transaction that inserts the
 * submission, so that a queued submission always has its job and a failed insert leaves none.
 */
export async function enqueueBuild(ctx: Pick<AppContext, 'jobs'>, submissionId: number, tx?: Db): Promise<void> {
  await ctx.jobs.enqueue(BUILD_JOBS.dispatch, { submissionId }, { dedupeKey: `build-dispatch:${submissionId}` }, tx);
}

/** What a build job says of the submission to build: it, its plugin, and where to fetch its source. */
export interface BuildSource {
  submissionId: number;
  pluginId: number;
  pluginName: string;
  versionString: string | null;
  sourceKey: string;
  sourceName: string;
}

/**
 * The job's fields past its type and kind, with a new delivery id: the source's link works for the
 * build's whole time (BUILD_TIMEOUT_MS) and ten minutes more.
 */
export function buildJobOf(
  ctx: Pick<AppContext, 'config' | 'signedUrls'>,
  source: BuildSource,
): Omit<BuildJob, 'type' | 'kind' | 'rebuildId'> {
  return {
    deliveryId: randomUUID(),
    submissionId: source.submissionId,
    pluginId: source.pluginId,
    pluginName: source.pluginName,
    versionString: source.versionString,
    sourceUrl: ctx.signedUrls.absolute(source.sourceKey, {
      ttlS: Math.ceil(ctx.config.buildTimeoutMs / 1000) + 600,
      fileName: source.sourceName,
    }),
    callbackUrl: `${ctx.config.publicUrl}${BUILD_CALLBACK_PATH}`,
  };
}

/**
 * Posts a build or a rebuild to the builder through the one signed webhook sender (logged as a
 * 'build' delivery of the job's submission, under the job's delivery id). Taken: the builder answered
 * 2xx. Otherwise the reason, for the log and the retry.
 */
export async function postToBuilder(
  db: Db,
  post: { url: string; body: BuildJob; secret: string },
): Promise<{ taken: true } | { taken: false; reason: string }> {
  const { statusCode, responseBody, error } = await postWebhook(db, {
    kind: 'build',
    url: post.url,
    body: JSON.stringify(post.body),
    secret: post.secret,
    deliveryId: post.body.deliveryId,
    submissionId: post.body.submissionId,
    timeoutMs: DISPATCH_TIMEOUT_MS,
  });
  if (statusCode !== null && statusCode >= 200 && statusCode < 300) return { taken: true };
  const reason =
    statusCode === null
      ? (error ?? 'No answer')
      : `The builder answered ${statusCode}${responseBody ? `: ${cut(responseBody, 300)}` : ''}`;
  return { taken: false, reason };
}
