import { MEMBER_MESSAGES } from '@bm/core';

export const PROFILE_TEXT = {
  loading: 'Loading profile...',
  loadFailed: MEMBER_MESSAGES.loadProfileFailed,
  contentFailed: MEMBER_MESSAGES.loadContentFailed,
  tryAgain: 'Try Again',
  joined: 'Joined',
  counters: 'Member statistics',
  plugins: 'Plugins',
  downloads: 'Downloads',
  views: 'Views',
  rep: 'Rep',
  followers: 'Followers',
  about: 'About',
  socials: 'Links',
  noSocials: MEMBER_MESSAGES.noSocials,
  content: 'Plugins and cars',
  contentList: 'Plugins and cars by this member',
  contentEmpty: 'Nothing shared yet.',
  plugin: 'Plugin',
  car: 'Car',
  downloadsOf: (n: number) => (n === 1 ? 'download' : 'downloads'),
  copiesOf: (n: number) => (n === 1 ? 'copy' : 'copies'),
  viewsOf: (n: number) => (n === 1 ? 'view' : 'views'),
  pinned: 'Pinned',
  pin: (name: string) => `Pin ${name}`,
  pinShort: 'Pin',
  pinFailed: MEMBER_MESSAGES.pinFailed,
  editProfile: 'Edit Profile',
  giveRep: 'Give Rep',
  removeRep: 'Remove Rep',
  giveRepLabel: (name: string) => `Give reputation to ${name}`,
  removeRepLabel: (name: string) => `Remove your reputation from ${name}`,
  giveRepFailed: MEMBER_MESSAGES.giveRepFailed,
  removeRepFailed: MEMBER_MESSAGES.removeRepFailed,
  repJoinTitle: 'Sign in to give reputation',
  repJoinDescription: 'Members can give reputation to the creators they like.',
  notFoundTitle: 'Member not found',
  notFoundBody: (name: string) =>
    `There is no member called "${name}". The name may be misspelt, or the account is gone.`,
  invalidUsername: MEMBER_MESSAGES.usernameInvalid,
  goHome: 'Go Home',
  browsePlugins: 'Browse Plugins',
  browseCars: 'Browse Cars',
} as const;

/** Shown in About when a member has not written a bio: one of these, picked at random. */
export const PROFILE_QUIPS = [
  'This player is too busy hitting flip resets to write a bio.',
  'Still in freeplay. Bio coming after one more ceiling shot.',
  'What a save! What a save! What a save! (No bio yet.)',
  'Calculated. The bio, however, was not.',
  'Boosting around the field; the bio is on the other pad.',
  'Currently practising air dribbles instead of writing an About section.',
] as const;

export const PROFILE_EDIT_TEXT = {
  title: 'Edit Profile',
  intro: 'Tell the community who you are and where to find you.',
  bio: 'Bio',
  bioTabs: 'Bio editor',
  bioHint: 'Markdown is supported: headings, lists, links, **bold** and *italic*.',
  write: 'Write',
  preview: 'Preview',
  previewEmpty: 'Nothing to preview yet.',
  counter: (n: number, max: number) => `${n}/${max}`,
  socials: 'Social links',
  socialsHint: 'Full addresses starting with https://. Leave a field empty to hide it.',
  save: 'Save Changes',
  saving: 'Saving...',
  cancel: 'Cancel',
  saved: MEMBER_MESSAGES.saved,
  saveFailed: MEMBER_MESSAGES.saveFailed,
  loading: 'Loading your profile...',
  loadFailed: MEMBER_MESSAGES.loadProfileFailed,
} as const;

export const SOCIAL_PLACEHOLDERS = {
  websiteUrl: 'https://example.com',
  githubUrl: 'https://github.com/you',
  twitterUrl: 'https://x.com/you',
  discordUrl: 'https://discord.gg/invite',
  youtubeUrl: 'https://youtube.com/@you',
  twitchUrl: 'https://twitch.tv/you',
} as const;

/** The support link's form on /settings/profile (issue 29). */
export const SUPPORT_FORM_TEXT = {
  title: 'Support link',
  label: 'Support link',
  hint: (name: string) =>
    `A Ko-fi, Patreon, PayPal or GitHub Sponsors page, shown as "Support ${name}" on your profile and plugins. Leave it empty to remove it.`,
  save: 'Save Support Link',
  saving: 'Saving...',
} as const;
