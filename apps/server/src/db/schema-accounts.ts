// Members and how they sign in: accounts, roles, reputation, sessions, mailed tokens, impersonation.
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const members = pgTable(
  'members',
  {
    id: serial('id').primaryKey(),
    username: text('username').notNull(),
    email: text('email'),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    /** Null for a member who signed up through a provider and has not set a password (docs/oauth.md). */
    passwordHash: text('password_hash'),
    avatarKey: text('avatar_key'),
    productUpdatesOptIn: boolean('product_updates_opt_in').notNull().default(false),
    bioMarkdown: text('bio_markdown').notNull().default(''),
    socials: jsonb('socials').$type<Record<string, string>>().notNull().default({}),
    /** A link where people can support the member (Ko-fi, Patreon, PayPal, GitHub Sponsors), or null. */
    supportUrl: text('support_url'),
    /** Starts at 1; kept in step with member_reputation rows in the same transaction, never below 1. */
    reputation: integer('reputation').notNull().default(1),
    /** The member's language (a SUPPORTED_LOCALES tag) for the site, mails and notices; null: not chosen. */
    locale: text('locale'),
    notificationPreferences: jsonb('notification_preferences').$type<Record<string, boolean>>(),
    /** Set by an administrator: the account cannot sign in and its sessions are revoked. */
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('members_username_lower_idx').on(sql`lower(${t.username})`),
    uniqueIndex('members_email_lower_idx').on(sql`lower(${t.email})`),
    check('members_reputation_min', sql`${t.reputation} >= 1`),
  ],
);

/** One row per giver and receiver: a member gives another reputation at most once, never to themselves. */
export const memberReputation = pgTable(
  'member_reputation',
  {
    giverId: integer('giver_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    receiverId: integer('receiver_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.giverId, t.receiverId] }),
    index('member_reputation_receiver_idx').on(t.receiverId),
    check('member_reputation_not_self', sql`${t.giverId} <> ${t.receiverId}`),
  ],
);

export const memberRoles = pgTable(
  'member_roles',
  {
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    role: text('role').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('member_roles_pk').on(t.memberId, t.role)],
);

/** One row per sign-in; a JWT carries its id, and a revoked or expired row makes the token invalid. */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    rememberMe: boolean('remember_me').notNull(),
    impersonatorId: integer('impersonator_id').references(() => members.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /** Bumped by every refresh: only a token of the current generation (or the previous one, briefly) is valid. */
    generation: integer('generation').notNull().default(0),
    rotatedAt: timestamp('rotated_at', { withTimezone: true }),
    /** When the session last made a request; written at most every few minutes (modules/auth/sessions.ts). */
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }),
    /** The browser's User-Agent at sign-in (cut to 400 characters), for the member's list of sessions. */
    userAgent: text('user_agent'),
    /** The address at sign-in cut to its network (IPv4 /24, IPv6 /48): enough to recognise, not to locate. */
    ipPrefix: text('ip_prefix'),
  },
  (t) => [index('sessions_member_idx').on(t.memberId)],
);

/**
 * A member's authenticator app (TOTP, RFC 6238): the secret encrypted at rest (AES-256-GCM, key from
 * platform/keys.ts), pending until a first code turns it on; the last time step used, so that a code
 * works once.
 */
export const memberTotp = pgTable('member_totp', {
  memberId: integer('member_id')
    .primaryKey()
    .references(() => members.id, { onDelete: 'cascade' }),
  secret: text('secret').notNull(),
  enabledAt: timestamp('enabled_at', { withTimezone: true }),
  lastStep: integer('last_step'),
  createdAt: createdAt(),
});

/** Single-use recovery codes for two-factor sign-in, kept as SHA-256 hashes. */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: serial('id').primaryKey(),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('recovery_codes_member_hash_idx').on(t.memberId, t.codeHash)],
);

/**
 * A sign-in waiting for its second factor: the password was right. Kept as the hash of the random
 * challenge handed to the browser; expires after 5 minutes or 5 wrong codes, and is used once.
 */
export const twoFactorChallenges = pgTable(
  'two_factor_challenges',
  {
    id: serial('id').primaryKey(),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    rememberMe: boolean('remember_me').notNull(),
    failures: integer('failures').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('two_factor_challenges_hash_idx').on(t.tokenHash),
    index('two_factor_challenges_member_idx').on(t.memberId),
  ],
);

/** Single-use tokens mailed to members: email verification, password reset, email change. */
export const emailTokens = pgTable(
  'email_tokens',
  {
    id: serial('id').primaryKey(),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<'verify' | 'reset' | 'email_change'>().notNull(),
    tokenHash: text('token_hash').notNull(),
    newEmail: text('new_email'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('email_tokens_hash_idx').on(t.tokenHash),
    index('email_tokens_member_idx').on(t.memberId, t.kind),
  ],
);

export const impersonationAudit = pgTable('impersonation_audit', {
  id: serial('id').primaryKey(),
  adminId: integer('admin_id')
    .notNull()
    .references(() => members.id, { onDelete: 'cascade' }),
  memberId: integer('member_id')
    .notNull()
    .references(() => members.id, { onDelete: 'cascade' }),
  sessionId: uuid('session_id').notNull(),
  startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
  stoppedAt: timestamp('stopped_at', { withTimezone: true }),
});

/**
 * A member's passkeys (WebAuthn credentials): the credential id and public key (base64url), the
 * signature counter, and what the authenticator said of itself. `userHandle` is the random WebAuthn
 * user id, the same for all of a member's passkeys.
 */
export const passkeys = pgTable(
  'passkeys',
  {
    id: serial('id').primaryKey(),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    credentialId: text('credential_id').notNull(),
    publicKey: text('public_key').notNull(),
    userHandle: text('user_handle').notNull(),
    counter: bigint('counter', { mode: 'number' }).notNull().default(0),
    transports: jsonb('transports').$type<string[]>().notNull().default([]),
    deviceType: text('device_type').$type<'singleDevice' | 'multiDevice'>().notNull(),
    backedUp: boolean('backed_up').notNull(),
    name: text('name').notNull(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('passkeys_credential_idx').on(t.credentialId), index('passkeys_member_idx').on(t.memberId)],
);

/**
 * A WebAuthn challenge waiting for its answer, kept as its SHA-256 hash: adding a passkey (member
 * known) or signing in with one (member unknown). Expires after 5 minutes and is deleted when used.
 * (A password sign-in's second step derives its challenge from that sign-in's own: no row here.)
 */
export const webauthnChallenges = pgTable(
  'webauthn_challenges',
  {
    id: serial('id').primaryKey(),
    purpose: text('purpose').$type<'register' | 'login'>().notNull(),
    memberId: integer('member_id').references(() => members.id, { onDelete: 'cascade' }),
    challengeHash: text('challenge_hash').notNull(),
    /** Adding a passkey: the WebAuthn user id offered (the member's, or a new random one for a first passkey). */
    userHandle: text('user_handle'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('webauthn_challenges_hash_idx').on(t.challengeHash)],
);

/** A provider account (Discord, GitHub, Steam, OpenID Connect) linked to a member: one per provider and member. */
export const memberIdentities = pgTable(
  'member_identities',
  {
    id: serial('id').primaryKey(),
    provider: text('provider').notNull(),
    /** The provider's stable id of the account (OIDC `sub`, GitHub/Discord user id, SteamID64). */
    subject: text('subject').notNull(),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    /** The email the provider gave when linked (shown in Settings), if any. */
    email: text('email'),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('member_identities_provider_subject_idx').on(t.provider, t.subject),
    uniqueIndex('member_identities_member_provider_idx').on(t.memberId, t.provider),
  ],
);

/**
 * A sign-in or link through a provider in progress (single use, 10 minutes): the state, PKCE verifier
 * and nonce sent out, then what the provider said, until the completion page uses its ticket.
 */
export const oauthFlows = pgTable(
  'oauth_flows',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    state: text('state').notNull(),
    /** SHA-256 of the random value in the browser's cookie: the callback must come back to the same browser. */
    browserHash: text('browser_hash').notNull(),
    provider: text('provider').notNull(),
    intent: text('intent').$type<'signin' | 'link'>().notNull(),
    /** The signed-in member linking a provider (intent link). */
    memberId: integer('member_id').references(() => members.id, { onDelete: 'cascade' }),
    rememberMe: boolean('remember_me').notNull().default(false),
    codeVerifier: text('code_verifier').notNull(),
    nonce: text('nonce').notNull(),
    /** Filled by the callback: who the provider says this is. */
    subject: text('subject'),
    email: text('email'),
    emailVerified: boolean('email_verified').notNull().default(false),
    displayName: text('display_name'),
    /** SHA-256 of the ticket handed to the completion page after the callback. */
    ticketHash: text('ticket_hash'),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('oauth_flows_state_idx').on(t.state),
    uniqueIndex('oauth_flows_ticket_idx').on(t.ticketHash),
    index('oauth_flows_expires_idx').on(t.expiresAt),
  ],
);
