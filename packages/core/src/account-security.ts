import { z } from 'zod';
import { authResponse } from './auth.js';
import { authenticationCredential, webauthnOptions } from './passkeys.js';

/** Two-factor sign-in and the member's sessions: request and answer shapes, and their texts. */

export const TWO_FACTOR_MESSAGES = {
  codeWrong: 'That code is not right. Check the time on your phone and try again.',
  codeUsed: 'That code has already been used. Wait for the next one.',
  recoveryCodeWrong: 'That recovery code is not right or has already been used.',
  challengeExpired: 'This sign-in has expired or had too many wrong codes. Please sign in again.',
  alreadyOn: 'Two-factor authentication is already on.',
  notOn: 'Two-factor authentication is not on.',
  noSetup: 'Start the setup first: scan the QR code, then enter a code.',
  staffRequired:
    'Moderation and administration need two-factor authentication or a passkey: turn one on in Settings → Security first.',
  codeFormat: 'Enter the 6-digit code from your app',
  recoveryFormat: 'Enter one of your recovery codes',
  sessionNotFound: 'That session was not found.',
} as const;

export const TOTP_DIGITS = 6;
export const TOTP_PERIOD_S = 30;
export const RECOVERY_CODE_COUNT = 10;
export const CHALLENGE_TTL_S = 5 * 60;
export const CHALLENGE_MAX_FAILURES = 5;

export const totpCode = z
  .string()
  .transform((s) => s.replace(/\s+/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, TWO_FACTOR_MESSAGES.codeFormat));
export const recoveryCode = z.string().trim().min(1, TWO_FACTOR_MESSAGES.recoveryFormat).max(64);

export const twoFactorMethod = z.enum(['totp', 'recovery', 'passkey']);
export type TwoFactorMethod = z.infer<typeof twoFactorMethod>;

export const twoFactorChallengeResponse = z.object({
  twoFactorRequired: z.literal(true),
  challenge: z.string(),
  methods: z.array(twoFactorMethod),
  /** With 'passkey' among the methods: the options for navigator.credentials.get (the member's passkeys). */
  passkeyOptions: webauthnOptions.optional(),
});
export type TwoFactorChallengeResponse = z.infer<typeof twoFactorChallengeResponse>;

/** What POST /auth/login answers: a session, or a request for the second factor. */
export const loginResponse = z.union([authResponse, twoFactorChallengeResponse]);
export type LoginResponse = z.infer<typeof loginResponse>;

export const totpSetupResponse = z.object({ secret: z.string(), otpauthUrl: z.string(), qrSvg: z.string() });
export type TotpSetupResponse = z.infer<typeof totpSetupResponse>;

export const totpEnableRequest = z.object({ code: totpCode });
export const recoveryCodesResponse = z.object({ recoveryCodes: z.array(z.string()) });
export type RecoveryCodesResponse = z.infer<typeof recoveryCodesResponse>;

export const twoFactorVerifyRequest = z.union([
  z.object({ challenge: z.string().min(1).max(200), code: totpCode }),
  z.object({ challenge: z.string().min(1).max(200), recoveryCode }),
  z.object({ challenge: z.string().min(1).max(200), passkey: authenticationCredential }),
]);
export type TwoFactorVerifyRequest = z.input<typeof twoFactorVerifyRequest>;

export const twoFactorDisableRequest = z.object({
  currentPassword: z.string().min(1, 'Enter your password'),
  code: z.string().trim().min(1, TWO_FACTOR_MESSAGES.codeFormat).max(64),
});

export const twoFactorStatus = z.object({
  totpEnabled: z.boolean(),
  recoveryCodesLeft: z.number().int(),
});
export type TwoFactorStatus = z.infer<typeof twoFactorStatus>;

export const sessionInfo = z.object({
  id: z.string(),
  createdAt: z.string(),
  lastSeenAt: z.string().nullable(),
  userAgent: z.string().nullable(),
  ipPrefix: z.string().nullable(),
  current: z.boolean(),
  /** Names read from the user agent, e.g. 'Firefox' and 'Windows'; null when unknown. */
  browser: z.string().nullable(),
  device: z.string().nullable(),
});
export type SessionInfo = z.infer<typeof sessionInfo>;
