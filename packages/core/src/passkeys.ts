import { z } from 'zod';

/** Passkeys (WebAuthn): request and answer shapes, and their texts. See docs/passkeys.md. */

export const PASSKEY_MESSAGES = {
  notAccepted: 'That passkey was not accepted. Try again, or sign in another way.',
  notKnown: 'That passkey is not registered here. Sign in with your password and add it in Settings → Security.',
  expired: 'This passkey request has expired. Please try again.',
  notVerified: 'This passkey was used without a PIN, fingerprint or face check, so it cannot sign in on its own.',
  alreadyAdded: 'That passkey is already added to an account.',
  notFound: 'That passkey was not found.',
  lastWayIn: 'This is your only way to sign in: add a password or another passkey before removing it.',
  nameFormat: 'Give the passkey a name of at most 60 characters',
} as const;

export const PASSKEY_NAME_MAX = 60;
export const PASSKEY_CHALLENGE_TTL_S = 5 * 60;

export const passkeyName = z
  .string()
  .trim()
  .min(1, PASSKEY_MESSAGES.nameFormat)
  .max(PASSKEY_NAME_MAX, PASSKEY_MESSAGES.nameFormat);

/**
 * A WebAuthn answer from the browser (RegistrationResponseJSON or AuthenticationResponseJSON): checked
 * in depth by the server's WebAuthn library, here only its outline and size.
 */
const b64url = z
  .string()
  .max(20_000)
  .regex(/^[A-Za-z0-9_-]*$/);
export const registrationCredential = z.object({
  id: b64url,
  rawId: b64url,
  type: z.literal('public-key'),
  response: z.looseObject({ clientDataJSON: b64url, attestationObject: b64url }),
  clientExtensionResults: z.looseObject({}).default({}),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
});
export const authenticationCredential = z.object({
  id: b64url,
  rawId: b64url,
  type: z.literal('public-key'),
  response: z.looseObject({
    clientDataJSON: b64url,
    authenticatorData: b64url,
    signature: b64url,
    userHandle: b64url.optional(),
  }),
  clientExtensionResults: z.looseObject({}).default({}),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
});
export type RegistrationCredential = z.infer<typeof registrationCredential>;
export type AuthenticationCredential = z.infer<typeof authenticationCredential>;

/** The options handed to navigator.credentials (PublicKeyCredential*OptionsJSON), passed through. */
export const webauthnOptions = z.looseObject({ challenge: z.string() });

export const passkeyRegisterRequest = z.object({ response: registrationCredential, name: passkeyName.optional() });
export const passkeyRenameRequest = z.object({ name: passkeyName });
export const passkeyLoginRequest = z.object({
  response: authenticationCredential,
  rememberMe: z.boolean().default(false),
});

export const passkeyInfo = z.object({
  id: z.number().int(),
  name: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  deviceType: z.enum(['singleDevice', 'multiDevice']),
  backedUp: z.boolean(),
});
export type PasskeyInfo = z.infer<typeof passkeyInfo>;
