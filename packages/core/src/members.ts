import { z } from 'zod';

/** Member profiles and reputation (spec §2 Member profile, §3, §7 Members, §8 Profile). */
export const MEMBER_PAGE_SIZE = 16;
export const MEMBER_PAGE_SIZE_MAX = 50;
export const BIO_MAX = 5000;
export const SOCIAL_URL_MAX = 2000;
/** The reputation button is locked this long after each click (§9). */
export const REP_LOCK_MS = 300;
/** How long the 'Profile saved' toast shows (§9). */
export const PROFILE_SAVED_TOAST_MS = 3500;

export const MEMBER_MESSAGES = {
  notFound: 'Member not found',
  usernameInvalid: 'Invalid member username',
  repSelf: 'You cannot give reputation to yourself',
  bioTooLong: `Bio must be at most ${BIO_MAX} characters`,
  pageInvalid: 'Page must be a whole number of at least 1',
  pageSizeInvalid: `Page size must be a whole number from 1 to ${MEMBER_PAGE_SIZE_MAX}`,
  loadProfileFailed: 'Failed to load profile.',
  loadContentFailed: 'Failed to load content.',
  saveFailed: 'Failed to save profile.',
  saved: 'Profile saved',
  giveRepFailed: 'Failed to give reputation',
  removeRepFailed: 'Failed to remove reputation',
  pinFailed: 'Failed to update pin',
  noSocials: 'No social links provided.',
} as const;

export const SOCIAL_KEYS = ['websiteUrl', 'githubUrl', 'twitterUrl', 'discordUrl', 'youtubeUrl', 'twitchUrl'] as const;
export type SocialKey = (typeof SOCIAL_KEYS)[number];
export type Socials = Record<SocialKey, string>;

/** The label of each social link, as the edit form and the profile show it. */
export const SOCIAL_LABELS: Record<SocialKey, string> = {
  websiteUrl: 'Website',
  githubUrl: 'GitHub',
  twitterUrl: 'Twitter/X',
  discordUrl: 'Discord',
  youtubeUrl: 'YouTube',
  twitchUrl: 'Twitch',
};

export const emptySocials = (): Socials => ({ websiteUrl: '', githubUrl: '', twitterUrl: '', discordUrl: '', youtubeUrl: '', twitchUrl: '' });

/** The message for a social URL field: it must be empty or an http(s) address. */
export const socialUrlMessage = (key: SocialKey) => `${SOCIAL_LABELS[key]} must be a link starting with http:// or https://`;

/** Whether a text is an absolute http(s) URL with a host. */
export function isHttpUrl(value: string): boolean {
  if (!/^https?:\/\//i.test(value)) return false;
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.length > 0;
  } catch {
    return false;
  }
}

/** The error of one social field as typed (trimmed), or null when it is fine: what both the form and the server say. */
export function socialUrlError(key: SocialKey, value: string): string | null {
  const v = value.trim();
  if (!v) return null;
  return isHttpUrl(v) && v.length <= SOCIAL_URL_MAX ? null : socialUrlMessage(key);
}

/** Every field error of a profile edit, by field path (socials.githubUrl, bioMarkdown). */
export function profileErrors(input: { bioMarkdown: string; socials: Socials }): Record<string, string> {
  const errors: Record<string, string> = {};
  if (input.bioMarkdown.length > BIO_MAX) errors.bioMarkdown = MEMBER_MESSAGES.bioTooLong;
  for (const key of SOCIAL_KEYS) {
    const e = socialUrlError(key, input.socials[key] ?? '');
    if (e) errors[`socials.${key}`] = e;
  }
  return errors;
}

const socialField = (key: SocialKey) =>
  z
    .string({ error: socialUrlMessage(key) })
    .optional()
    .transform((v) => (v ?? '').trim())
    .refine((v) => socialUrlError(key, v) === null, { message: socialUrlMessage(key) });

/** Body of PUT /members/me/profile. */
export const profileUpdateRequest = z.object({
  bioMarkdown: z.string({ error: MEMBER_MESSAGES.bioTooLong }).max(BIO_MAX, MEMBER_MESSAGES.bioTooLong).optional().default(''),
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
  member: z.object({ id: z.number().int(), displayName: z.string(), joinDateTime: z.string(), avatarUrl: z.string().nullable() }),
  pluginCount: z.number().int(),
  carCount: z.number().int(),
  totalDownloads: z.number().int(),
  totalViews: z.number().int(),
  reputation: z.number().int(),
  hasGivenRep: z.boolean(),
  bioMarkdown: z.string(),
  socials: socialsSchema,
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
export const memberPluginsPageSchema = z.object({
  items: z.array(memberPluginItemSchema),
  totalPages: z.number().int(),
  totalCount: z.number().int(),
});
export type MemberPluginsPage = z.infer<typeof memberPluginsPageSchema>;

export const repResponseSchema = z.object({ reputation: z.number().int(), hasGivenRep: z.boolean() });
export type RepResponse = z.infer<typeof repResponseSchema>;
