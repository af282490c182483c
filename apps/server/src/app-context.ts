import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { RedisClientType } from 'redis';
import type { Config } from './config.js';
import type { AppContext } from './context.js';
import type { Database } from './db/client.js';
import { NotificationService } from './modules/notifications/index.js';
import { type BotCheck, disabledBotCheck, turnstileBotCheck } from './platform/bot-check.js';
import { lateHub, type Hub } from './platform/hub.js';
import { JobRunner } from './platform/jobs.js';
import { Metrics } from './platform/metrics.js';
import { fileTransport, MailWorker, type MailTransport, smtpTransport } from './platform/mailer.js';
import { DEFAULT_LIMITS, type LimitRules, RateLimits } from './platform/rate-limit.js';
import { scaleLimits } from './platform/rate-limit-scale.js';
import { SignedUrls } from './platform/signed-urls.js';
import { type FileStorage, localStorage, s3Storage } from './platform/storage.js';
import { TokenService } from './platform/tokens.js';
import { readAppVersion, type AppVersion } from './version.js';

/** What buildApp is given beside the config: the database, and test doubles for the outside world. */
export interface BuildOptions {
  database: Database;
  mailTransport?: MailTransport;
  botCheck?: BotCheck;
  limits?: Partial<LimitRules>;
  storage?: FileStorage;
  redis?: { client: RedisClientType; pub: RedisClientType; sub: RedisClientType };
  version?: AppVersion;
  /** Directory of the built web app; defaults to apps/web/dist. */
  webDist?: string;
  logger?: boolean | object;
}

/** The file store the config names: DATA_DIR/files, or the S3 bucket (the server and the CLI's backups). */
export async function storageFor(config: Config): Promise<FileStorage> {
  return config.storage.driver === 's3'
    ? s3Storage(config.storage.s3)
    : localStorage(path.join(config.dataDir, 'files'));
}

/**
 * The context every module is handed, built from the config (and the test doubles in opts). The hub
 * exists only once the HTTP server is ready: until plugins/hub.ts sets it, events go nowhere.
 */
export async function createContext(
  config: Config,
  opts: BuildOptions,
  log: FastifyBaseLogger,
): Promise<{ ctx: AppContext; setHub(hub: Hub): void }> {
  const storage = opts.storage ?? (await storageFor(config));
  const transport =
    opts.mailTransport ??
    (config.smtpUrl ? smtpTransport(config.smtpUrl) : fileTransport(path.join(config.dataDir, 'outbox'), log));
  const hubRef: { current?: Hub } = {};
  const ctx = {
    config,
    database: opts.database,
    db: opts.database.db,
    storage,
    botCheck: opts.botCheck ?? (config.turnstile ? turnstileBotCheck(config.turnstile.secretKey) : disabledBotCheck),
    limits: new RateLimits(
      scaleLimits({ ...DEFAULT_LIMITS, ...opts.limits }, config.rateLimitFactor),
      opts.redis?.client,
      config.rateLimitPrefix,
    ),
    tokens: new TokenService(config.jwtSecret, config.publicUrl),
    mail: new MailWorker(opts.database.db, transport, config.mailFrom, log),
    hub: lateHub(hubRef),
    version: opts.version ?? readAppVersion(),
    log,
    jobs: new JobRunner(opts.database.db, log),
    signedUrls: new SignedUrls(config.keys.signedFiles, config.publicUrl),
    redis: opts.redis?.client,
    metrics: new Metrics({ process: Boolean(config.metrics.token ?? config.metrics.port) }),
  } as AppContext;
  ctx.notifications = new NotificationService(ctx);
  return {
    ctx,
    setHub: (hub) => {
      hubRef.current = hub;
    },
  };
}
