import type { RedisClientType } from 'redis';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.js';
import type { Database, Db } from './db/client.js';
import type { BotCheck } from './platform/bot-check.js';
import type { Hub } from './platform/hub.js';
import type { MailWorker } from './platform/mailer.js';
import type { RateLimits } from './platform/rate-limit.js';
import type { Metrics } from './platform/metrics.js';
import type { FileStorage } from './platform/storage.js';
import type { TokenService } from './platform/tokens.js';
import type { JobRunner } from './platform/jobs.js';
import type { SignedUrls } from './platform/signed-urls.js';
import type { AppVersion } from './version.js';

/**
 * Everything a module's service needs, built once in buildApp and handed to each module. Services
 * that modules share add themselves with `declare module` (notifications/service.ts), so that this
 * file imports no module.
 */
export interface AppContext {
  config: Config;
  database: Database;
  db: Db;
  storage: FileStorage;
  botCheck: BotCheck;
  limits: RateLimits;
  tokens: TokenService;
  mail: MailWorker;
  hub: Hub;
  version: AppVersion;
  log: FastifyBaseLogger;
  /** The one job runner (platform/jobs.ts). */
  jobs: JobRunner;
  /** Expiring links to private files (sources, debug archives, unapproved binaries). */
  signedUrls: SignedUrls;
  /** The server's Prometheus metrics (platform/metrics.ts; gauges registered in src/metrics.ts). */
  metrics: Metrics;
  /** The shared Redis client when REDIS_URL is set (rate limits; the admin connections check). */
  redis?: RedisClientType;
}

/** Who is calling: resolved from the bearer token and its session row on every request. */
export interface Principal {
  memberId: number;
  sessionId: string;
  /**
   * The roles the caller acts with: every role check (requireRole, the resource policies, the hub's
   * rooms) reads these. Staff roles are left out while REQUIRE_STAFF_2FA holds them back (withheldRoles).
   */
  roles: string[];
  impersonating: boolean;
  impersonatorId: number | null;
  /**
   * Staff roles the member holds but may not use: a moderator or administrator with neither
   * two-factor nor a passkey while REQUIRE_STAFF_2FA is on (modules/auth/sessions.ts actingRoles).
   * Staff calls answer 403 TwoFactorRequired; /roles/my still lists them.
   */
  withheldRoles?: string[];
  /** Set when the caller is a publish token (modules/auth/publish-tokens.ts), not a session: no roles, only its scopes. */
  publishToken?: { id: string; scopes: string[] };
}
