import { WebAuthnError } from '@simplewebauthn/browser';
import { errorText } from './api';

export const PASSKEY_BROWSER_TEXT = {
  cancelled: 'The passkey request was cancelled or timed out.',
  alreadyAdded: 'This passkey is already added to your account.',
  unsupported: 'This browser cannot use passkeys.',
} as const;

/** What to say when asking the browser for a passkey fails: cancelled, already added, or the server's message. */
export function passkeyErrorText(err: unknown, fallback: string): string {
  if (err instanceof WebAuthnError) {
    if (err.code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED') return PASSKEY_BROWSER_TEXT.alreadyAdded;
    if (err.code === 'ERROR_CEREMONY_ABORTED') return PASSKEY_BROWSER_TEXT.cancelled;
  }
  if (err instanceof Error && (err.name === 'NotAllowedError' || err.name === 'AbortError'))
    return PASSKEY_BROWSER_TEXT.cancelled;
  return errorText(err, fallback);
}
