import type { NotificationPreferences, PublishTokenScope } from '@bm/core';
import { namespace, type Translate } from '../../lib/i18n';
import settings from '../../locales/en/settings';
import type { SettingsSection } from './constants';

/** The settings texts (namespace `settings`), through the one i18n library (docs/i18n.md). */
export const { useT: useSettingsT, fixedT: settingsT } = namespace('settings', settings);
export const SETTINGS_EN = settings;

/** The core and server texts these screens show, by key: their English is core's (see the catalogue). */
const MESSAGE_KEYS = [
  'messages.avatarTooLarge',
  'messages.avatarType',
  'messages.avatarUploadFailed',
  'messages.avatarRemoveFailed',
  'messages.allRequired',
  'messages.emailsMismatch',
  'messages.emailInvalid',
  'messages.emailWarning',
  'messages.emailChangeSent',
  'messages.emailChangeFailed',
  'messages.emailChangeFallback',
  'messages.emailTaken',
  'messages.fillAll',
  'messages.newPasswordsMismatch',
  'messages.newPasswordMin',
  'messages.passwordChanged',
  'messages.changePasswordFailed',
  'messages.changePasswordFallback',
  'messages.currentPasswordWrong',
  'messages.forgotFailed',
  'messages.preferencesUpdated',
  'messages.preferencesLoadFailed',
  'messages.preferencesUpdateFailed',
  'messages.preferencesNotSignedIn',
  'messages.validationError',
  'messages.genericError',
  'messages.tooManyRequests',
  'messages.codeWrong',
  'messages.codeUsed',
  'messages.recoveryCodeWrong',
  'messages.twoFactorAlreadyOn',
  'messages.twoFactorNotOn',
  'messages.twoFactorNoSetup',
  'messages.codeFormat',
  'messages.sessionNotFound',
  'messages.passkeyNotAccepted',
  'messages.passkeyExpired',
  'messages.passkeyNotVerified',
  'messages.passkeyAlreadyAdded',
  'messages.passkeyNotFound',
  'messages.passkeyLastWayIn',
  'messages.passkeyNameFormat',
  'messages.passkeyCancelled',
  'messages.passkeyInUse',
  'messages.passkeyUnsupported',
  'messages.oauthLastWayIn',
  'messages.oauthNotLinked',
  'messages.oauthNotConfigured',
  'messages.oauthLinkedElsewhere',
  'messages.oauthAlreadyLinked',
  'messages.tokenNameRequired',
  'messages.tokenNameTooLong',
  'messages.tokenNameTaken',
  'messages.tokenScopesRequired',
  'messages.tokenTooMany',
  'messages.tokenImpersonating',
] as const;
type MessageKey = (typeof MESSAGE_KEYS)[number];

let byEnglish: Map<string, MessageKey> | null = null;
function englishIndex(): Map<string, MessageKey> {
  const index = new Map<string, MessageKey>();
  for (const key of MESSAGE_KEYS) {
    const text: string = settings.messages[key.slice('messages.'.length) as keyof typeof settings.messages];
    if (!index.has(text)) index.set(text, key);
  }
  return index;
}

/** A message kept in English (a core check's, the server's answer) in the reader's language when known. */
function sayWith(t: Translate<'settings'>) {
  return (text: string): string => {
    const key = (byEnglish ??= englishIndex()).get(text);
    return key ? t(key) : text;
  };
}

/** For rendering: a message held in state, in the reader's language (any unknown text as it came). */
export function useSettingsMessage(): (text: string) => string {
  return sayWith(useSettingsT());
}

/** Outside a component (a toast from a callback): the same, in the language of the moment. */
export const settingsMessage = (text: string): string => sayWith(settingsT())(text);

/** The notification preferences' texts by preference (literal keys, so the catalogue test sees them). */
export const PREFERENCE_KEYS = {
  pluginAll: ['notifications.prefs.pluginAll.label', 'notifications.prefs.pluginAll.description'],
  pluginApproved: ['notifications.prefs.pluginApproved.label', 'notifications.prefs.pluginApproved.description'],
  pluginDenied: ['notifications.prefs.pluginDenied.label', 'notifications.prefs.pluginDenied.description'],
  buildFailures: ['notifications.prefs.buildFailures.label', 'notifications.prefs.buildFailures.description'],
  pluginComments: ['notifications.prefs.pluginComments.label', 'notifications.prefs.pluginComments.description'],
  followedUpdates: ['notifications.prefs.followedUpdates.label', 'notifications.prefs.followedUpdates.description'],
  inboxNotifications: [
    'notifications.prefs.inboxNotifications.label',
    'notifications.prefs.inboxNotifications.description',
  ],
  productUpdates: ['notifications.prefs.productUpdates.label', 'notifications.prefs.productUpdates.description'],
} as const satisfies Record<keyof NotificationPreferences, readonly [string, string]>;

/** The section links' names. */
export const SECTION_KEYS = {
  account: 'page.nav.account',
  security: 'page.nav.security',
  notifications: 'page.nav.notifications',
  tokens: 'page.nav.tokens',
} as const satisfies Record<SettingsSection, string>;

/** A publish token scope's name. */
export const SCOPE_KEYS = {
  'plugins:upload': 'tokens.scopeUpload',
  'plugins:read': 'tokens.scopeRead',
} as const satisfies Record<PublishTokenScope, string>;
