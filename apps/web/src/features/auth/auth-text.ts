import type { StrengthLabel } from '@bm/core';
import { namespace } from '../../lib/i18n';
import auth from '../../locales/en/auth';

/** The auth screens' texts, through the one i18n library (namespace `auth`). */
export const { useT: useAuthT, fixedT: authT } = namespace('auth', auth);
export const AUTH_EN = auth;

/** The core texts these screens show (validation, the server's answers), by key. */
const MESSAGE_KEYS = [
  'messages.usernameEmpty',
  'messages.usernameEnter',
  'messages.usernameRequired',
  'messages.passwordEnter',
  'messages.passwordMin',
  'messages.botCheck',
  'messages.usernameShort',
  'messages.usernameLong',
  'messages.usernameChars',
  'messages.emailInvalid',
  'messages.passwordsMismatch',
  'messages.passwordsMatch',
  'messages.termsRequired',
  'messages.invalidCredentials',
  'messages.loginFailed',
  'messages.registrationFailed',
  'messages.resetMissingToken',
  'messages.resetFailed',
  'messages.resetSuccess',
  'messages.verifyNoToken',
  'messages.verifyFailed',
  'messages.verifySuccess',
  'messages.verifyToast',
  'messages.emailChangeConfirmFailed',
  'messages.signedIn',
  'messages.genericError',
  'messages.forgotFailed',
  'messages.tokenInvalid',
  'messages.tokenExpired',
  'messages.usernameTaken',
  'messages.emailTaken',
  'messages.emailRequired',
  'messages.emailNotVerified',
  'messages.tooManyRequests',
  'messages.oauthNotConfigured',
  'messages.oauthFlowInvalid',
  'messages.oauthProviderFailed',
  'messages.oauthDenied',
  'messages.oauthEmailExists',
  'messages.oauthEmailNeeded',
  'messages.oauthTooManyAttempts',
  'messages.codeWrong',
  'messages.codeUsed',
  'messages.recoveryCodeWrong',
  'messages.challengeExpired',
  'messages.codeFormat',
  'messages.recoveryFormat',
  'messages.passkeyNotAccepted',
  'messages.passkeyNotKnown',
  'messages.passkeyExpired',
  'messages.passkeyNotVerified',
  'messages.passkeyCancelled',
] as const;
type MessageKey = (typeof MESSAGE_KEYS)[number];

let byEnglish: Map<string, MessageKey> | null = null;
/** Every English text of the namespace without placeholders, by its key (core messages first). */
function englishIndex(): Map<string, MessageKey> {
  const index = new Map<string, MessageKey>();
  const add = (value: unknown, key: string) => {
    if (typeof value === 'string') {
      if (!value.includes('{') && !index.has(value)) index.set(value, key as MessageKey);
    } else if (value && typeof value === 'object')
      for (const [k, v] of Object.entries(value)) add(v, key ? `${key}.${k}` : k);
  };
  for (const key of MESSAGE_KEYS) add(auth.messages[key.slice('messages.'.length) as keyof typeof auth.messages], key);
  add(auth, '');
  return index;
}

/**
 * A message kept in English (a core rule's, the server's, or one of these screens' own, held in
 * state) in the reader's language when the catalogue knows it; any other text as it came.
 */
export function useAuthMessage() {
  const t = useAuthT();
  return (text: string | null | undefined): string | null => {
    if (!text) return null;
    const key = (byEnglish ??= englishIndex()).get(text);
    return key ? t(key) : text;
  };
}

/** The password meter's words (core's labels) in the reader's language. */
export const STRENGTH_KEYS = {
  Weak: 'strength.weak',
  Fair: 'strength.fair',
  Good: 'strength.good',
  Strong: 'strength.strong',
  'Very Strong': 'strength.veryStrong',
} as const satisfies Record<StrengthLabel, string>;
