// Profile limits, texts and link checks: plain values, kept apart from the zod schemas in members.ts
// so the profile page does not carry zod.

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

export const emptySocials = (): Socials => ({
  websiteUrl: '',
  githubUrl: '',
  twitterUrl: '',
  discordUrl: '',
  youtubeUrl: '',
  twitchUrl: '',
});

/** The message for a social URL field: it must be empty or an http(s) address. */
export const socialUrlMessage = (key: SocialKey) =>
  `${SOCIAL_LABELS[key]} must be a link starting with http:// or https://`;

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
