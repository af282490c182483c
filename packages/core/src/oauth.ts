import { z } from 'zod';
import { twoFactorChallengeResponse } from './account-security.js';
import { authResponse, emailRule, usernameRule } from './auth.js';

/** Signing in through Discord, GitHub, Steam or an OpenID Connect provider (docs/oauth.md). */
export const OAUTH_PROVIDER_IDS = ['discord', 'github', 'steam', 'oidc'] as const;
export type OAuthProviderId = (typeof OAUTH_PROVIDER_IDS)[number];

export const OAUTH_MESSAGES = {
  notConfigured: 'This sign-in provider is not available.',
  flowInvalid: 'This sign-in attempt is invalid or has expired. Please start again.',
  providerFailed: 'The provider did not confirm who you are. Please try again.',
  denied: 'Sign-in was cancelled at the provider.',
  emailExists:
    'An account with this email address already exists. Sign in with your password, then link this provider from Settings.',
  linkedElsewhere: 'This provider account is already linked to another member.',
  alreadyLinked: 'You have already linked an account of this provider.',
  linkSignedOut: 'Sign in first to link a provider.',
  lastWayIn: 'This is your only way to sign in. Set a password or link another provider before unlinking it.',
  notLinked: 'This provider is not linked to your account.',
  noPassword: 'Your account has no password yet. Use "Forgot password?" on the sign-in page to set one by email.',
  emailNeeded: 'Please enter your email address',
} as const;

export const oauthProviderSchema = z.object({ id: z.enum(OAUTH_PROVIDER_IDS), name: z.string() });
export type OAuthProvider = z.infer<typeof oauthProviderSchema>;

export const oauthStartRequest = z.object({
  intent: z.enum(['signin', 'link']).default('signin'),
  rememberMe: z.boolean().optional().default(false),
});
export const oauthStartResponse = z.object({ url: z.string() });

export const oauthCompleteRequest = z.object({
  ticket: z.string().trim().min(1, OAUTH_MESSAGES.flowInvalid).max(200),
  username: usernameRule.optional(),
  email: emailRule.optional(),
});

/** What the completion page shows: signed in, a two-factor challenge, a form, a mailed link, or linked. */
export const oauthCompleteResponse = z.discriminatedUnion('status', [
  authResponse.extend({ status: z.literal('signedIn') }),
  // The same second step as a password sign-in's (code, recovery code or passkey).
  z.object({ status: z.literal('twoFactor'), challenge: twoFactorChallengeResponse }),
  z.object({
    status: z.literal('needsUsername'),
    provider: z.string(),
    email: z.string().nullable(),
    /** The provider vouched for no email (or gave none): the form asks for one and it gets a link. */
    needsEmail: z.boolean(),
    suggestedUsername: z.string().nullable(),
  }),
  z.object({ status: z.literal('verifyEmail'), email: z.string() }),
  z.object({ status: z.literal('linked'), provider: z.string() }),
]);
export type OAuthCompleteResponse = z.infer<typeof oauthCompleteResponse>;

export const linkedIdentitySchema = z.object({
  provider: z.enum(OAUTH_PROVIDER_IDS),
  name: z.string(),
  email: z.string().nullable(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
});
export const identitiesResponse = z.object({
  identities: z.array(linkedIdentitySchema),
  hasPassword: z.boolean(),
});
export type IdentitiesResponse = z.infer<typeof identitiesResponse>;
