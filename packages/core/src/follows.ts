import { z } from 'zod';
import { collectionSummarySchema } from './collections.js';
import { pluginSchema } from './plugins.js';

/** Exact messages of the follow calls (the web shows the same words). */
export const FOLLOW_MESSAGES = {
  ownPlugin: 'You cannot follow your own plugin: as its author you already hear of every change to it',
  self: 'You cannot follow yourself',
} as const;

/** PUT/DELETE /plugins/{id}/follow and /members/{username}/follow: where the follow stands now. */
export const followResponseSchema = z.object({ isFollowing: z.boolean(), followerCount: z.number().int() });
export type FollowResponse = z.infer<typeof followResponseSchema>;

/** A member someone follows, as the dashboard's Following tab lists them. */
export const followedMemberSchema = z.object({
  id: z.number().int(),
  displayName: z.string(),
  avatarUrl: z.string().nullable(),
  followerCount: z.number().int(),
  followedAt: z.string(),
});
export type FollowedMember = z.infer<typeof followedMemberSchema>;

/** GET /me/following: plugins (as list cards, hidden ones left out) and members, latest followed first. */
export const followingResponseSchema = z.object({
  plugins: z.array(pluginSchema),
  members: z.array(followedMemberSchema),
  /** Collections followed (public or unlisted ones; docs/collections.md). */
  collections: z.array(collectionSummarySchema).optional(),
});
export type FollowingResponse = z.infer<typeof followingResponseSchema>;

/** Texts of the follow buttons and the dashboard's Following tab (tests import what the screen shows). */
export const FOLLOW_TEXT = {
  follow: 'Follow',
  following: 'Following',
  /** The follow button's name: what it shows, with what it follows and the count in words. */
  buttonName: (following: boolean, name: string, n: number) =>
    `${following ? 'Following' : 'Follow'} ${name}, ${n} ${n === 1 ? 'follower' : 'followers'}`,
  followers: (n: number) => (n === 1 ? 'follower' : 'followers'),
  followFailed: 'Could not follow. Try again.',
  unfollowFailed: 'Could not unfollow. Try again.',
  joinTitle: 'Join to follow',
  joinDescription: 'Members can follow plugins and authors and hear of new versions in their inbox.',
  // The dashboard's Following tab
  tab: 'Following',
  title: 'Following',
  pluginsHeading: 'Plugins you follow',
  membersHeading: 'Members you follow',
  noPlugins: 'You follow no plugins yet. Open a plugin and press Follow to hear of its new versions.',
  noMembers: 'You follow no members yet. Follow an author on their profile to hear of their new plugins.',
  unfollow: 'Unfollow',
  unfollowLabel: (name: string) => `Unfollow ${name}`,
  loading: 'Loading what you follow...',
  loadFailed: 'Failed to load what you follow.',
  retry: 'Retry',
  followerCount: (n: number) => `${n} ${n === 1 ? 'follower' : 'followers'}`,
} as const;
