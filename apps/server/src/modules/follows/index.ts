// Follows: members following plugins and members, and the notices their followers get (issue 25 item 4).
export { followRoutes } from './routes.js';
export { FollowService } from './service.js';
export {
  FOLLOWER_NOTICE_JOB,
  followerNotice,
  followerNoticePayload,
  notifyFollowersOfCompatibility,
  notifyFollowersOfVersion,
  sendFollowerNoticeBatch,
  versionChangelogForNotice,
  type FollowerNoticeFacts,
  type FollowerNoticePayload,
} from './notices.js';
