import type { AppContext } from './context.js';
import {
  BUILD_JOB_OPTIONS,
  BUILD_JOBS,
  BuildService,
  REBUILD_JOB,
  REBUILD_TIMEOUT_JOB,
  RebuildService,
} from './modules/builds/index.js';
import { CarService, isListedCarNow } from './modules/cars/index.js';
import { FEATURE_NOTICE_JOB, UpcomingFeatureService, featureNoticePayload } from './modules/upcoming-features/index.js';
import { PRODUCT_UPDATE_JOB, productUpdatePayload } from './modules/notifications/index.js';
import {
  FOLLOWER_NOTICE_JOB,
  followerNoticePayload,
  notifyFollowersOfCompatibility,
  sendFollowerNoticeBatch,
} from './modules/follows/index.js';
import {
  COLLECTION_NOTICE_JOB,
  collectionNoticePayload,
  sendCollectionNoticeBatch,
} from './modules/collections/index.js';
import { onCompatibilityChange } from './modules/compatibility/index.js';
import { canSeePlugin, matchSyncOf, PluginEngagement } from './modules/plugins/index.js';
import {
  RELEASE_WEBHOOK_JOB,
  RELEASE_WEBHOOK_JOB_OPTIONS,
  WebhookEndpoints,
  releaseWebhookPayload,
  type ReleaseAudience,
} from './modules/webhooks/index.js';
import { checkedPayload } from './platform/jobs.js';

/**
 * Every background job and periodic task of the server, in one list, all run by the one runner
 * (platform/jobs.ts). Queued jobs are rows any instance may claim, retried with backoff; periodic
 * tasks run on every instance, never twice at once, and an error waits for the next turn.
 */
export function registerJobs(ctx: AppContext): void {
  const { jobs } = ctx;

  // Queued jobs.
  const builds = new BuildService(ctx);
  jobs.register(
    BUILD_JOBS.dispatch,
    (payload, job) => builds.dispatch(Number(payload.submissionId), job),
    BUILD_JOB_OPTIONS.dispatch,
  );
  jobs.register(
    BUILD_JOBS.timeout,
    (payload) => builds.timeout(Number(payload.submissionId)),
    BUILD_JOB_OPTIONS.timeout,
  );
  // Rebuilds for a game version: posted like builds and retried alike; only their results are kept.
  const rebuilds = new RebuildService(ctx);
  jobs.register(
    REBUILD_JOB,
    (payload, job) => rebuilds.dispatch(Number(payload.itemId), job),
    BUILD_JOB_OPTIONS.dispatch,
  );
  jobs.register(REBUILD_TIMEOUT_JOB, (payload) => rebuilds.timeout(Number(payload.itemId)), BUILD_JOB_OPTIONS.timeout);
  const features = new UpcomingFeatureService(ctx);
  jobs.register(
    FEATURE_NOTICE_JOB,
    checkedPayload(FEATURE_NOTICE_JOB, featureNoticePayload, (p) => features.sendBatch(p)),
  );
  jobs.register(
    PRODUCT_UPDATE_JOB,
    checkedPayload(PRODUCT_UPDATE_JOB, productUpdatePayload, (p) => ctx.notifications.sendProductUpdateBatch(p)),
  );
  jobs.register(
    FOLLOWER_NOTICE_JOB,
    checkedPayload(FOLLOWER_NOTICE_JOB, followerNoticePayload, (p) => sendFollowerNoticeBatch(ctx, p)),
  );
  jobs.register(
    COLLECTION_NOTICE_JOB,
    checkedPayload(COLLECTION_NOTICE_JOB, collectionNoticePayload, (p) => sendCollectionNoticeBatch(ctx, p)),
  );
  // Release events (a version or a car published) posted to each subscribed endpoint, retried alike;
  // each attempt asks the plugin's or car's own rule whether the public may still see it.
  const releaseAudience: ReleaseAudience = (db, s) =>
    s.carId !== undefined ? isListedCarNow(db, s.carId) : canSeePlugin({ db }, s.pluginId ?? 0, null);
  const endpoints = new WebhookEndpoints(ctx, releaseAudience);
  jobs.register(
    RELEASE_WEBHOOK_JOB,
    checkedPayload(RELEASE_WEBHOOK_JOB, releaseWebhookPayload, (p) => endpoints.deliver(p)),
    RELEASE_WEBHOOK_JOB_OPTIONS,
  );
  // A plugin turning works or broken on the current game version tells its followers (the job above,
  // queued once the report, declaration or rebuild result has committed).
  onCompatibilityChange(ctx, async (changes) => {
    for (const c of changes) {
      if (!c.current || c.from === c.to || (c.to !== 'works' && c.to !== 'broken')) continue;
      await notifyFollowersOfCompatibility(ctx, { pluginId: c.pluginId, gameVersionId: c.gameVersionId, status: c.to });
    }
  });

  // Periodic tasks.
  jobs.every('mail-outbox', 2000, () => ctx.mail.kick());
  // Sessions that ended without a call to the hub (expired, roles changed from the command line) lose their sockets.
  jobs.every('hub-sessions', 60_000, () => ctx.hub.recheckSessions(), { runAtStart: false });
  // View, download and copy marks are only needed within their window: old ones are cleared hourly.
  const plugins = new PluginEngagement(ctx);
  jobs.every('plugin-marks-prune', 3600_000, () => plugins.pruneMarks(), { runAtStart: false });
  const cars = new CarService(ctx);
  jobs.every('car-marks-prune', 3600_000, () => cars.engagement.pruneMarks(), { runAtStart: false });
  // The in-memory search index takes in every server's changes each second (SEARCH_INDEX=memory).
  const match = matchSyncOf(ctx);
  if (match) {
    jobs.every('plugin-match-index', 1000, () => match.poll(), { runAtStart: false });
    jobs.every('plugin-search-changes-prune', 600_000, () => match.prune(), { runAtStart: false });
  }
}
