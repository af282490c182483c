import type { AppContext } from '../../context.js';
import type { Db } from '../../db/client.js';

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
