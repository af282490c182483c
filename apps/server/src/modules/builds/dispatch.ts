import type { AppContext } from '../../context.js';
import type { Db } from '../../db/client.js';
import { postWebhook } from '../../platform/webhooks.js';
import { cut, DISPATCH_TIMEOUT_MS } from './protocol.js';

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

/**
 * Posts a build or a rebuild to the builder through the one signed webhook sender (logged as a
 * 'build' delivery). Taken: the builder answered 2xx. Otherwise the reason, for the log and the retry.
 */
export async function postToBuilder(
  db: Db,
  post: { url: string; body: unknown; secret: string; deliveryId: string; submissionId: number },
): Promise<{ taken: true } | { taken: false; reason: string }> {
  const { statusCode, responseBody, error } = await postWebhook(db, {
    kind: 'build',
    url: post.url,
    body: JSON.stringify(post.body),
    secret: post.secret,
    deliveryId: post.deliveryId,
    submissionId: post.submissionId,
    timeoutMs: DISPATCH_TIMEOUT_MS,
  });
  if (statusCode !== null && statusCode >= 200 && statusCode < 300) return { taken: true };
  const reason =
    statusCode === null
      ? (error ?? 'No answer')
      : `The builder answered ${statusCode}${responseBody ? `: ${cut(responseBody, 300)}` : ''}`;
  return { taken: false, reason };
}
