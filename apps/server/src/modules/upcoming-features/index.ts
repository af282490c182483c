// Coming-soon features, 'Notify me' subscriptions and the notices sent to their subscribers.
export { upcomingFeatureRoutes } from './routes.js';
export {
  COMING_SOON_FEATURES,
  FEATURE_NOTICE_JOB,
  UpcomingFeatureService,
  featureNoticePayload,
  type FeatureNoticePayload,
} from './service.js';
