import { z } from 'zod';
import { messageTemplate } from './message-template.js';

/**
 * Publish tokens: a second kind of credential for an author's CI (docs/publish-tokens.md). A token
 * is `bmc_` and 43 base64url characters, shown once, kept only as a SHA-256 hash, and accepted only
 * by the routes its scopes name.
 */

export const PUBLISH_TOKEN_PREFIX = 'bmc_';
/** What a secret scanner can match: the prefix and 32 random bytes in base64url. */
export const PUBLISH_TOKEN_PATTERN = /^bmc_[A-Za-z0-9_-]{43}$/;
export const PUBLISH_TOKEN_MAX_PER_MEMBER = 25;
export const PUBLISH_TOKEN_NAME_MAX = 60;
export const PUBLISH_TOKEN_DAYS_MIN = 1;
export const PUBLISH_TOKEN_DAYS_MAX = 365;
/** The expiry choices the settings page offers (any whole number of days in range is accepted). */
export const PUBLISH_TOKEN_DAY_CHOICES = [7, 30, 90, 180, 365] as const;

export const PUBLISH_TOKEN_SCOPES = ['plugins:upload', 'plugins:read'] as const;
export const publishTokenScope = z.enum(PUBLISH_TOKEN_SCOPES);
export type PublishTokenScope = z.infer<typeof publishTokenScope>;

/** What each scope lets a token do, as the settings page and the docs say it. */
export const PUBLISH_TOKEN_SCOPE_TEXTS: Record<PublishTokenScope, string> = {
  'plugins:upload': 'Upload a source or a banner to your own plugins',
  'plugins:read': 'Read your own plugins and their submissions',
};

export const PUBLISH_TOKEN_MESSAGES = {
  nameRequired: 'Give the token a name',
  nameTooLong: `The name can be at most ${PUBLISH_TOKEN_NAME_MAX} characters`,
  nameTaken: 'You already have a token with this name',
  scopesRequired: 'Choose at least one scope',
  scopeUnknown: `Scopes are ${PUBLISH_TOKEN_SCOPES.join(' and ')}`,
  days: `Expiry is a whole number of days from ${PUBLISH_TOKEN_DAYS_MIN} to ${PUBLISH_TOKEN_DAYS_MAX}`,
  tooMany: `You can have at most ${PUBLISH_TOKEN_MAX_PER_MEMBER} publish tokens. Revoke one first.`,
  notFound: 'That token was not found.',
  impersonating: 'Publish tokens cannot be created while impersonating.',
  /** A `bmc_` bearer on a route no scope opens. */
  notAccepted: 'Publish tokens are not accepted here. Sign in instead.',
  /** An unknown, revoked or expired token. */
  invalid: 'This publish token is not valid: it is unknown, revoked or expired.',
  missingScope: messageTemplate('This publish token lacks the {scope} scope.', (scope: string) => ({ scope })),
} as const;

const M = PUBLISH_TOKEN_MESSAGES;

export const publishTokenCreateRequest = z.object({
  name: z.string().trim().min(1, M.nameRequired).max(PUBLISH_TOKEN_NAME_MAX, M.nameTooLong),
  scopes: z
    .array(z.enum(PUBLISH_TOKEN_SCOPES, { error: M.scopeUnknown }), { error: M.scopesRequired })
    .min(1, M.scopesRequired)
    .max(PUBLISH_TOKEN_SCOPES.length * 2, M.scopeUnknown)
    .transform((s) => [...new Set(s)].sort()),
  expiresInDays: z
    .number({ error: M.days })
    .int(M.days)
    .min(PUBLISH_TOKEN_DAYS_MIN, M.days)
    .max(PUBLISH_TOKEN_DAYS_MAX, M.days),
});
export type PublishTokenCreateRequest = z.input<typeof publishTokenCreateRequest>;

export const publishTokenInfo = z.object({
  id: z.string(),
  name: z.string(),
  /** The first characters of the token (e.g. `bmc_Ab12cd34`), to tell tokens apart. */
  prefix: z.string(),
  scopes: z.array(publishTokenScope),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  expiresAt: z.string(),
  expired: z.boolean(),
});
export type PublishTokenInfo = z.infer<typeof publishTokenInfo>;

/** The answer to creating a token: the only time the token itself is shown. */
export const publishTokenCreated = publishTokenInfo.extend({ token: z.string() });
export type PublishTokenCreated = z.infer<typeof publishTokenCreated>;
