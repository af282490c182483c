/** Member profiles and reputation (spec §2 Member profile, §3, §7 Members, §8 Profile). */
import { z } from 'zod';
import { countedPage } from './page-schemas.js';
import {
  MEMBER_PAGE_SIZE,
  MEMBER_PAGE_SIZE_MAX,
  BIO_MAX,
  MEMBER_MESSAGES,
  emptySocials,
  socialUrlMessage,
  socialUrlError,
  type SocialKey,
} from './member-rules.js';
const socialField = (key: SocialKey) =>
  z
    .string({ error: socialUrlMessage(key) })
    .optional()
    .transform((v) => (v ?? '').trim())
    .refine((v) => socialUrlError(key, v) === null, { message: socialUrlMessage(key) });

/** Body of PUT /members/me/profile. */
export const profileUpdateRequest = z.object({
  bioMarkdown: z
    .string({ error: MEMBER_MESSAGES.bioTooLong })
    .max(BIO_MAX, MEMBER_MESSAGES.bioTooLong)
    .optional()
    .default(''),
  socials: z
    .object({
      websiteUrl: socialField('websiteUrl'),
      githubUrl: socialField('githubUrl'),
      twitterUrl: socialField('twitterUrl'),
      discordUrl: socialField('discordUrl'),
      youtubeUrl: socialField('youtubeUrl'),
      twitchUrl: socialField('twitchUrl'),
    })
    .optional()
    .transform((s) => ({ ...emptySocials(), ...s })),
});
export type ProfileUpdateRequest = z.input<typeof profileUpdateRequest>;

const pageNumber = (fallback: number, max: number, message: string) =>
  z.coerce.number({ error: message }).int(message).min(1, message).max(max, message).optional().default(fallback);

/** Query of GET /members/{username}/plugins: 16 a page by default, at most 50 (400 above). */
export const memberPluginsQuery = z.object({
  page: pageNumber(1, 1_000_000, MEMBER_MESSAGES.pageInvalid),
  pageSize: pageNumber(MEMBER_PAGE_SIZE, MEMBER_PAGE_SIZE_MAX, MEMBER_MESSAGES.pageSizeInvalid),
});

export const socialsSchema = z.object({
  websiteUrl: z.string(),
  githubUrl: z.string(),
  twitterUrl: z.string(),
  discordUrl: z.string(),
  youtubeUrl: z.string(),
  twitchUrl: z.string(),
});

export const memberProfileSchema = z.object({
  member: z.object({
    id: z.number().int(),
    displayName: z.string(),
    joinDateTime: z.string(),
    avatarUrl: z.string().nullable(),
  }),
  pluginCount: z.number().int(),
  carCount: z.number().int(),
  totalDownloads: z.number().int(),
  totalViews: z.number().int(),
  reputation: z.number().int(),
  hasGivenRep: z.boolean(),
  /** Members following this member; isFollowing: the viewer is one of them (false when signed out). */
  followerCount: z.number().int(),
  isFollowing: z.boolean(),
  bioMarkdown: z.string(),
  /** The bio rendered to HTML by the server. */
  bioHtml: z.string(),
  socials: socialsSchema,
  /** Where people can support the member (Ko-fi, Patreon, PayPal, GitHub Sponsors), or null. */
  supportUrl: z.string().nullable(),
});
export type MemberProfile = z.infer<typeof memberProfileSchema>;

/** A plugin in a member's content grid. */
export const memberPluginItemSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  shortDescription: z.string(),
  bannerImageUrl: z.string().nullable(),
  downloadCount: z.number().int(),
  viewCount: z.number().int(),
  isPinned: z.boolean(),
  updatedAt: z.string(),
});
export type MemberPluginItem = z.infer<typeof memberPluginItemSchema>;
export const memberPluginsPageSchema = countedPage(memberPluginItemSchema);
export type MemberPluginsPage = z.infer<typeof memberPluginsPageSchema>;

export const repResponseSchema = z.object({ reputation: z.number().int(), hasGivenRep: z.boolean() });
export type RepResponse = z.infer<typeof repResponseSchema>;
