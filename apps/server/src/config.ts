import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { deriveKeys } from './platform/keys.js';
import { KeyFormatError, parseBuilderKeys } from './platform/provenance.js';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', 'on', 'off'])
  .transform((v) => ['true', '1', 'yes', 'on'].includes(v));
const optionalString = z
  .string()
  .optional()
  .transform((v) => (v && v.trim() !== '' ? v.trim() : undefined));
const optionalUrl = (protocols: string[]) =>
  optionalString.refine(
    (v) => {
      if (v === undefined) return true;
      try {
        return protocols.includes(new URL(v).protocol);
      } catch {
        return false;
      }
    },
    { message: `must be a URL (${protocols.join(' or ')})` },
  );

const schema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  PUBLIC_URL: optionalUrl(['http:', 'https:']),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: optionalUrl(['postgres:', 'postgresql:']),
  REDIS_URL: optionalUrl(['redis:', 'rediss:']),
  SMTP_URL: optionalUrl(['smtp:', 'smtps:']),
  MAIL_FROM: z.string().default('BakkesMod Community <no-reply@localhost>'),
  JWT_SECRET: optionalString.refine((v) => v === undefined || v.length >= 32, {
    message: 'must be at least 32 characters',
  }),
  SEED_DEMO: bool.optional(),
  REQUIRE_STAFF_2FA: bool.optional(),
  ADMIN_USERNAME: optionalString,
  ADMIN_EMAIL: optionalString,
  ADMIN_PASSWORD: optionalString,
  TURNSTILE_SITE_KEY: optionalString,
  TURNSTILE_SECRET_KEY: optionalString,
  SENTRY_DSN: optionalUrl(['http:', 'https:']),
  METRICS_TOKEN: z.preprocess((v) => (v === '' ? undefined : v), z.string().min(16).optional()),
  METRICS_PORT: z.preprocess((v) => (v === '' ? undefined : v), z.coerce.number().int().min(1).max(65535).optional()),
  PRODUCTION_HOST: optionalString,
  ADS_CLIENT: optionalString,
  ADS: z.enum(['off', 'placeholder', 'live']).optional(),
  SUPPORT_EMAIL: z.string().default('support@bakkesplugins.local'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: bool.default(false),
  RATE_LIMIT_FACTOR: z.coerce.number().positive().max(1000).default(1),
  RATE_LIMIT_PREFIX: z
    .string()
    .regex(/^[\w:.-]{1,64}$/, 'letters, digits and : . - _ only')
    .default('rl'),
  LIST_CACHE_SECONDS: z.coerce.number().min(0).max(3600).default(5),
  SEARCH_INDEX: z.enum(['memory', 'sql']).default('memory'),
  STORAGE_DRIVER: z.enum(['local', 's3']).default('local'),
  S3_BUCKET: optionalString,
  S3_REGION: z.string().default('us-east-1'),
  S3_ENDPOINT: optionalUrl(['http:', 'https:']),
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  S3_FORCE_PATH_STYLE: bool.optional(),
  BUILD_WEBHOOK_URL: optionalUrl(['http:', 'https:']),
  BUILD_WEBHOOK_SECRET: optionalString.refine((v) => v === undefined || v.length >= 16, {
    message: 'must be at least 16 characters',
  }),
  BUILD_TIMEOUT: z.coerce.number().int().min(30).max(86_400).default(1800),
  BUILDER_PUBLIC_KEYS: optionalString,
  // Sign-in providers (docs/oauth.md): each is offered only with its settings; the URLs are overridable for tests.
  DISCORD_CLIENT_ID: optionalString,
  DISCORD_CLIENT_SECRET: optionalString,
  DISCORD_AUTHORIZE_URL: optionalUrl(['http:', 'https:']),
  DISCORD_TOKEN_URL: optionalUrl(['http:', 'https:']),
  DISCORD_API_URL: optionalUrl(['http:', 'https:']),
  GITHUB_CLIENT_ID: optionalString,
  GITHUB_CLIENT_SECRET: optionalString,
  GITHUB_AUTHORIZE_URL: optionalUrl(['http:', 'https:']),
  GITHUB_TOKEN_URL: optionalUrl(['http:', 'https:']),
  GITHUB_API_URL: optionalUrl(['http:', 'https:']),
  STEAM_API_KEY: optionalString,
  STEAM_OPENID_URL: optionalUrl(['http:', 'https:']),
  STEAM_API_URL: optionalUrl(['http:', 'https:']),
  OIDC_ISSUER: optionalUrl(['http:', 'https:']),
  OIDC_CLIENT_ID: optionalString,
  OIDC_CLIENT_SECRET: optionalString,
  OIDC_NAME: optionalString,
});

export type Config = ReturnType<typeof loadConfig>;

const PROCESS_SECRET = randomBytes(48).toString('base64url');

/** The secret kept in DATA_DIR/secret.key, made on first use (readable by this user only). */
function localSecret(dataDir: string): string {
  const file = path.join(dataDir, 'secret.key');
  try {
    const kept = fs.readFileSync(file, 'utf8').trim();
    if (kept.length >= 32) return kept;
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
  }
  const secret = randomBytes(48).toString('base64url');
  fs.mkdirSync(dataDir, { recursive: true });
  fs.writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}

export class ConfigError extends Error {}

/** Every setting parsed in one place; a bad value names the setting. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env) {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const c = parsed.data;
  const production = c.NODE_ENV === 'production';
  if (production) {
    const missing = (['JWT_SECRET', 'DATABASE_URL'] as const).filter((k) => !c[k]);
    if (missing.length)
      throw new ConfigError(
        `Invalid configuration:\n${missing.map((k) => `  ${k}: required when NODE_ENV=production`).join('\n')}`,
      );
  }
  const adminParts = [c.ADMIN_USERNAME, c.ADMIN_EMAIL, c.ADMIN_PASSWORD].filter(Boolean).length;
  if (adminParts !== 0 && adminParts !== 3) {
    throw new ConfigError(
      'Invalid configuration:\n  ADMIN_USERNAME: ADMIN_USERNAME, ADMIN_EMAIL and ADMIN_PASSWORD go together',
    );
  }
  if (c.STORAGE_DRIVER === 's3' && !c.S3_BUCKET) {
    throw new ConfigError('Invalid configuration:\n  S3_BUCKET: required with STORAGE_DRIVER=s3');
  }
  if (c.BUILD_WEBHOOK_URL && !c.BUILD_WEBHOOK_SECRET) {
    throw new ConfigError('Invalid configuration:\n  BUILD_WEBHOOK_SECRET: required with BUILD_WEBHOOK_URL');
  }
  let builderKeys: ReturnType<typeof parseBuilderKeys> = [];
  try {
    builderKeys = parseBuilderKeys(c.BUILDER_PUBLIC_KEYS ?? '');
  } catch (e) {
    if (!(e instanceof KeyFormatError)) throw e;
    throw new ConfigError(`Invalid configuration:\n  BUILDER_PUBLIC_KEYS: ${e.message}`);
  }
  if (production && c.BUILD_WEBHOOK_URL && !builderKeys.length) {
    throw new ConfigError(
      "Invalid configuration:\n  BUILDER_PUBLIC_KEYS: required with BUILD_WEBHOOK_URL when NODE_ENV=production (the builders' Ed25519 keys; see docs/provenance.md)",
    );
  }
  if (Boolean(c.TURNSTILE_SITE_KEY) !== Boolean(c.TURNSTILE_SECRET_KEY)) {
    throw new ConfigError(
      'Invalid configuration:\n  TURNSTILE_SECRET_KEY: TURNSTILE_SITE_KEY and TURNSTILE_SECRET_KEY go together',
    );
  }
  if (c.ADS === 'live' && !c.ADS_CLIENT) {
    throw new ConfigError('Invalid configuration:\n  ADS: live needs ADS_CLIENT (the ad account)');
  }
  const oauth = oauthProviders(c);
  const dataDir = path.resolve(c.DATA_DIR);
  const jwtSecret = c.JWT_SECRET ?? (c.NODE_ENV === 'test' ? PROCESS_SECRET : localSecret(dataDir));
  return {
    env: c.NODE_ENV,
    production,
    port: c.PORT,
    host: c.HOST,
    publicUrl: (c.PUBLIC_URL ?? `http://localhost:${c.PORT}`).replace(/\/+$/, ''),
    /** Whether PUBLIC_URL was given: without it, pages that name the site's address (sitemap, link previews) use the request's host. */
    publicUrlSet: c.PUBLIC_URL !== undefined,
    dataDir,
    databaseUrl: c.DATABASE_URL,
    redisUrl: c.REDIS_URL,
    smtpUrl: c.SMTP_URL,
    mailFrom: c.MAIL_FROM,
    /**
     * Signs session tokens (JWT) only. Production requires one. Elsewhere a random secret is made once and kept in the data folder
     * (sessions survive restarts, and no two installs share a secret); tests get one per process.
     */
    jwtSecret,
    /** Keys of the purposes without a setting of their own, derived from the JWT secret (platform/keys.ts). */
    keys: deriveKeys(jwtSecret),
    seedDemo: c.SEED_DEMO ?? !production,
    /**
     * Moderation and administration calls need two-factor on the staff member's account (403 until it
     * is on). Default: on in production, off elsewhere (docs/two-factor.md).
     */
    requireStaff2fa: c.REQUIRE_STAFF_2FA ?? production,
    admin: c.ADMIN_USERNAME
      ? { username: c.ADMIN_USERNAME, email: c.ADMIN_EMAIL!, password: c.ADMIN_PASSWORD! }
      : undefined,
    turnstile: c.TURNSTILE_SECRET_KEY
      ? { siteKey: c.TURNSTILE_SITE_KEY!, secretKey: c.TURNSTILE_SECRET_KEY }
      : undefined,
    sentryDsn: c.SENTRY_DSN,
    /** Prometheus metrics: GET /metrics with this bearer token (404 otherwise), and/or on METRICS_PORT bound to 127.0.0.1. */
    metrics: { token: c.METRICS_TOKEN, port: c.METRICS_PORT },
    productionHost: c.PRODUCTION_HOST,
    adsClient: c.ADS_CLIENT,
    /**
     * Ad slots (catalogue grids, footer): off (no slot, no gap), placeholder (a labelled slot the
     * size of the unit) or live (real ads on PRODUCTION_HOST, placeholders on any other host).
     * Default: live with an ADS_CLIENT, else off.
     */
    ads: c.ADS ?? (c.ADS_CLIENT ? 'live' : 'off'),
    supportEmail: c.SUPPORT_EMAIL,
    logLevel: c.LOG_LEVEL,
    trustProxy: c.TRUST_PROXY,
    /** Multiplies every rate limit's allowance (browser tests sign in many times from one address). */
    rateLimitFactor: c.RATE_LIMIT_FACTOR,
    /** Redis key prefix of the rate limit counters (sites sharing one Redis keep theirs apart). */
    rateLimitPrefix: c.RATE_LIMIT_PREFIX,
    /** How long public list pages are kept (0: not kept); writes through this server drop them at once. */
    listCacheMs: Math.round(c.LIST_CACHE_SECONDS * 1000),
    /**
     * Where plugin searches match: 'memory', each server's match index of the listed plugins (kept
     * from plugin_search_changes; SQL while it loads), or 'sql', PostgreSQL's GIN indexes alone.
     */
    searchIndex: c.SEARCH_INDEX,
    /** Where queued plugin submissions get built (a signed webhook); without one every submission goes straight to review. */
    /** Where uploaded files live: DATA_DIR/files, or an S3-compatible bucket shared by every instance. */
    storage:
      c.STORAGE_DRIVER === 's3'
        ? {
            driver: 's3' as const,
            s3: {
              bucket: c.S3_BUCKET!,
              region: c.S3_REGION,
              endpoint: c.S3_ENDPOINT,
              accessKeyId: c.S3_ACCESS_KEY_ID,
              secretAccessKey: c.S3_SECRET_ACCESS_KEY,
              forcePathStyle: c.S3_FORCE_PATH_STYLE ?? Boolean(c.S3_ENDPOINT),
            },
          }
        : { driver: 'local' as const },
    buildWebhookUrl: c.BUILD_WEBHOOK_URL,
    /** Signs build jobs and checks the builder's callbacks (HMAC-SHA256). */
    buildWebhookSecret: c.BUILD_WEBHOOK_SECRET,
    /** A build that has not finished this long after it was sent fails. */
    buildTimeoutMs: c.BUILD_TIMEOUT * 1000,
    /**
     * The builders' Ed25519 public keys: a successful build is taken only with a provenance envelope
     * signed by one of them (docs/provenance.md). Empty: every successful build is refused.
     */
    builderKeys,
    /** The sign-in providers that have their settings (docs/oauth.md); the others are not offered. */
    oauth,
  };
}

type Parsed = z.infer<typeof schema>;

/** Pairs that go together: both set or neither. */
function together(c: Parsed, a: keyof Parsed, b: keyof Parsed) {
  if (Boolean(c[a]) !== Boolean(c[b]))
    throw new ConfigError(`Invalid configuration:\n  ${String(b)}: ${String(a)} and ${String(b)} go together`);
}

/** Discord, GitHub, Steam and one OpenID Connect provider, each with its endpoints (overridable so tests can point them at a local provider). */
function oauthProviders(c: Parsed) {
  together(c, 'DISCORD_CLIENT_ID', 'DISCORD_CLIENT_SECRET');
  together(c, 'GITHUB_CLIENT_ID', 'GITHUB_CLIENT_SECRET');
  together(c, 'OIDC_ISSUER', 'OIDC_CLIENT_ID');
  if (c.OIDC_ISSUER && c.NODE_ENV === 'production' && new URL(c.OIDC_ISSUER).protocol !== 'https:') {
    throw new ConfigError('Invalid configuration:\n  OIDC_ISSUER: must be https when NODE_ENV=production');
  }
  return {
    discord: c.DISCORD_CLIENT_ID
      ? {
          clientId: c.DISCORD_CLIENT_ID,
          clientSecret: c.DISCORD_CLIENT_SECRET!,
          authorizeUrl: c.DISCORD_AUTHORIZE_URL ?? 'https://discord.com/oauth2/authorize',
          tokenUrl: c.DISCORD_TOKEN_URL ?? 'https://discord.com/api/oauth2/token',
          apiUrl: (c.DISCORD_API_URL ?? 'https://discord.com/api').replace(/\/+$/, ''),
        }
      : undefined,
    github: c.GITHUB_CLIENT_ID
      ? {
          clientId: c.GITHUB_CLIENT_ID,
          clientSecret: c.GITHUB_CLIENT_SECRET!,
          authorizeUrl: c.GITHUB_AUTHORIZE_URL ?? 'https://github.com/login/oauth/authorize',
          tokenUrl: c.GITHUB_TOKEN_URL ?? 'https://github.com/login/oauth/access_token',
          apiUrl: (c.GITHUB_API_URL ?? 'https://api.github.com').replace(/\/+$/, ''),
        }
      : undefined,
    steam: c.STEAM_API_KEY
      ? {
          apiKey: c.STEAM_API_KEY,
          openidUrl: (c.STEAM_OPENID_URL ?? 'https://steamcommunity.com/openid').replace(/\/+$/, ''),
          apiUrl: (c.STEAM_API_URL ?? 'https://api.steampowered.com').replace(/\/+$/, ''),
        }
      : undefined,
    oidc: c.OIDC_ISSUER
      ? {
          issuer: c.OIDC_ISSUER,
          clientId: c.OIDC_CLIENT_ID!,
          clientSecret: c.OIDC_CLIENT_SECRET,
          name: c.OIDC_NAME ?? 'OpenID Connect',
        }
      : undefined,
  };
}
