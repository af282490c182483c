import {
  BIO_MAX,
  MEMBER_MESSAGES,
  SOCIAL_KEYS,
  SUPPORT_MESSAGES,
  SUPPORT_URL_MAX,
  socialUrlMessage,
  type SocialKey,
} from '@bm/core';
import { namespace } from '../../lib/i18n';
import members from '../../locales/en/members';

/** The profile, profile edit and support link texts, through the one i18n library (namespace `members`, docs/i18n.md). */
export const { useT: useMembersT, fixedT: membersT } = namespace('members', members);
export const MEMBERS_EN = members;

/** The quips an empty bio shows, one picked at random. */
export const QUIP_KEYS = [
  'quips.flipResets',
  'quips.freeplay',
  'quips.whatASave',
  'quips.calculated',
  'quips.boost',
  'quips.airDribbles',
] as const;

/** Each social link's name, by its key. */
export const SOCIAL_LABEL_KEYS = {
  websiteUrl: 'socialLabels.websiteUrl',
  githubUrl: 'socialLabels.githubUrl',
  twitterUrl: 'socialLabels.twitterUrl',
  discordUrl: 'socialLabels.discordUrl',
  youtubeUrl: 'socialLabels.youtubeUrl',
  twitchUrl: 'socialLabels.twitchUrl',
} as const satisfies Record<SocialKey, string>;

/**
 * A message in English (core's check of the profile or the support link, or the server's answer to
 * them) in the reader's language when the catalogue knows it; any other text as it came.
 */
export function useMemberMessage(): (message: string) => string {
  const t = useMembersT();
  return (message) => {
    switch (message) {
      case MEMBER_MESSAGES.bioTooLong:
        return t('edit.bioTooLong', { max: BIO_MAX });
      case MEMBER_MESSAGES.saveFailed:
        return t('edit.saveFailed');
      case SUPPORT_MESSAGES.invalid:
        return t('support.invalid');
      case SUPPORT_MESSAGES.tooLong:
        return t('support.tooLong', { max: SUPPORT_URL_MAX });
      case SUPPORT_MESSAGES.saveFailed:
        return t('support.saveFailed');
    }
    const social = SOCIAL_KEYS.find((key) => socialUrlMessage(key) === message);
    return social ? t('edit.socialInvalid', { label: t(SOCIAL_LABEL_KEYS[social]) }) : message;
  };
}
