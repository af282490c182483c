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

// In a module of its own, with no schema: the shell's common texts use it, and importing it from here
// kept this module's schemas (and zod) in every first visit.
export { FOLLOW_TEXT } from './follow-text.js';
