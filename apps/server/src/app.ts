import fs from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyError, type FastifyInstance, LogController } from 'fastify';
import zlib from 'node:zlib';
import compress from '@fastify/compress';
import helmet from '@fastify/helmet';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import {
  hasZodFastifySchemaValidationErrors,
  isResponseSerializationError,
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
} from 'fastify-type-provider-zod';
import type { RedisClientType } from 'redis';
import { AUTH_MESSAGES, CONTROL_CHARACTERS_MESSAGE, hasControlCharacters } from '@bm/core';
import type { Config } from './config.js';
import type { AppContext } from './context.js';
import type { Database } from './db/client.js';
import { accountRoutes } from './modules/account/routes.js';
import { adminRoutes } from './modules/admin/routes.js';
import { authRoutes } from './modules/auth/routes.js';
import { AuthService } from './modules/auth/service.js';
import { buildRoutes } from './modules/builds/index.js';
import { carMeta, carRoutes } from './modules/cars/index.js';
import { canSeePlugin, pluginMeta, pluginRoutes } from './modules/plugins/index.js';
import { publicConfig, systemRoutes } from './modules/system/routes.js';
import { moderationRoutes } from './modules/moderation/routes.js';
import { mailRoutes } from './modules/mail/routes.js';
import { memberRoutes } from './modules/members/index.js';
import { featureRoutes } from './modules/features/routes.js';
import { notificationRoutes } from './modules/notifications/routes.js';
import { NotificationService } from './modules/notifications/service.js';
import { type BotCheck, disabledBotCheck, turnstileBotCheck } from './platform/bot-check.js';
import { HttpError } from './platform/errors.js';
import { reportServerError } from './platform/error-reporting.js';
import { logRequests } from './platform/request-log.js';
import { pageData } from './page-data.js';
import {
  DATABASE_RETRY_AFTER_S,
  DATABASE_UNAVAILABLE_MESSAGE,
  isDatabaseUnavailable,
  isInvalidTextError,
} from './platform/db-errors.js';
import { attachHub } from './platform/hub.js';
import { fileTransport, MailWorker, type MailTransport, smtpTransport } from './platform/mailer.js';
import { DEFAULT_LIMITS, type LimitRules, RateLimits } from './platform/rate-limit.js';
import { scaleLimits } from './platform/rate-limit-scale.js';
import { FILES_URL_PREFIX, type FileStorage, isPublicFileKey, localStorage, s3Storage } from './platform/storage.js';
import { TokenService } from './platform/tokens.js';
import { JobRunner } from './platform/jobs.js';
import { SignedUrls, signedFileRoutes } from './platform/signed-urls.js';
import { readAppVersion, type AppVersion } from './version.js';
import { serverRoot } from './paths.js';
import { type MetaResolver, type PageMeta, siteOrigin, spaFallback } from './spa.js';
import { isAppPage } from './app-pages.js';
import { HOME_META, memberMeta, privatePluginPage } from './modules/pages/service.js';
import { pageRoutes } from './modules/pages/routes.js';

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

export const defaultWebDist = path.join(serverRoot, '../web/dist');

/** The whole server as a Fastify instance that is not listening yet: what main.ts and the tests use. */
export async function buildApp(config: Config, opts: BuildOptions): Promise<{ app: FastifyInstance; ctx: AppContext }> {
  const app = Fastify({
    logger: opts.logger ?? { level: config.logLevel, redact: ['req.headers.authorization', 'req.headers.cookie'] },
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    // One line per request at most: logRequests below, instead of Fastify's two.
    logController: new LogController({ disableRequestLogging: true }),
    // Every schema is zod's: Fastify's own JSON Schema compilers (Ajv, fast-json-stringify) are never loaded (a third of a second at start).
    schemaController: {
      compilersFactory: {
        buildValidator: (() => validatorCompiler) as never,
        buildSerializer: (() => serializerCompiler) as never,
      },
    },
  });
  logRequests(app);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const storage =
    opts.storage ??
    (config.storage.driver === 's3'
      ? await s3Storage(config.storage.s3)
      : localStorage(path.join(config.dataDir, 'files')));
  const transport =
    opts.mailTransport ??
    (config.smtpUrl ? smtpTransport(config.smtpUrl) : fileTransport(path.join(config.dataDir, 'outbox'), app.log));
  const mail = new MailWorker(opts.database.db, transport, config.mailFrom, app.log);
  const version = opts.version ?? readAppVersion();
  const hubRef: { current?: Awaited<ReturnType<typeof attachHub>> } = {};
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
    mail,
    hub: {
      toMember: (...a) => hubRef.current?.toMember(...a),
      toRole: (...a) => hubRef.current?.toRole(...a),
      toPlugin: (...a) => hubRef.current?.toPlugin(...a),
      toAll: (...a) => hubRef.current?.toAll(...a),
      clientCount: () => hubRef.current?.clientCount() ?? 0,
    },
    version,
    log: app.log,
    jobs: new JobRunner(opts.database.db, app.log),
    signedUrls: new SignedUrls(config.jwtSecret, config.publicUrl),
    redis: opts.redis?.client,
  } as AppContext;
  ctx.notifications = new NotificationService(ctx);
  ctx.jobs.every('mail-outbox', 2000, () => mail.kick());
  const auth = new AuthService(ctx);

  // Outside hosts only for what is switched on: the bot check with Turnstile keys, the ad network with an ads client.
  // The real-time hub and error reports go to this origin ('self' covers its ws:/wss: in CSP 3).
  const turnstileHosts = config.turnstile ? ['https://challenges.cloudflare.com'] : [];
  const adHosts = config.adsClient
    ? ['https://pagead2.googlesyndication.com', 'https://*.googlesyndication.com', 'https://*.google.com']
    : [];
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...turnstileHosts, ...adHosts],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        connectSrc: ["'self'", ...turnstileHosts, ...adHosts],
        frameSrc: [
          "'self'",
          ...turnstileHosts,
          ...(config.adsClient
            ? ['https://*.googlesyndication.com', 'https://*.doubleclick.net', 'https://*.google.com']
            : []),
        ],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'self'"],
        upgradeInsecureRequests: config.production ? [] : null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  // Answers (JSON, the HTML page) compressed on the way out; the built assets are precompressed at build time.
  await app.register(compress, {
    global: true,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
  });
  await app.register(multipart, { limits: { fileSize: 50 * 1024 * 1024, files: 1, fields: 10 } });
  app.addContentTypeParser(
    ['text/plain', 'application/x-sentry-envelope'],
    { parseAs: 'string', bodyLimit: 1024 * 1024 },
    (_req, body, done) => done(null, body),
  );

  await app.register(swagger, {
    openapi: {
      info: { title: 'BakkesMod Community API', version: version.informational },
      components: { securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  app.decorateRequest('principal', null);
  app.addHook('onRequest', async (req) => {
    const header = req.headers.authorization;
    if (header?.startsWith('Bearer ')) req.principal = await auth.principalFromToken(header.slice(7).trim());
  });

  // One rule for every route: no control characters in any string of the query, path or JSON body.
  // Checked after the route's own preValidation (who may call: 401/403 first) and its schema.
  app.addHook('preHandler', async (req) => {
    if (
      containsControlCharacters(req.query) ||
      containsControlCharacters(req.params) ||
      containsControlCharacters(req.body)
    ) {
      throw new HttpError(400, CONTROL_CHARACTERS_MESSAGE);
    }
  });

  app.setErrorHandler((err: FastifyError, req, reply) => {
    if (hasZodFastifySchemaValidationErrors(err)) {
      const errors: Record<string, string[]> = {};
      for (const v of err.validation) {
        const field =
          v.instancePath.replace(/^\//, '').replace(/\//g, '.') ||
          (v.params as { issue?: { path?: unknown[] } })?.issue?.path?.join('.') ||
          '_';
        (errors[field] ??= []).push(v.message ?? AUTH_MESSAGES.validationError);
      }
      const first = Object.values(errors)[0]?.[0];
      return reply.code(400).send({ message: first ?? AUTH_MESSAGES.validationError, errors });
    }
    if (err instanceof HttpError) {
      return reply
        .code(err.statusCode)
        .headers(err.headers)
        .send({ message: err.message, ...err.extra });
    }
    if (isResponseSerializationError(err)) {
      req.log.error({ err }, 'Response did not match its schema');
      return reply.code(500).send({ message: AUTH_MESSAGES.genericError });
    }
    const status = err.statusCode ?? 500;
    if (err.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' || err.code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') {
      return reply.code(415).send({ message: 'Unsupported content type' });
    }
    if (err.code === 'FST_FILES_LIMIT' || err.code === 'FST_PARTS_LIMIT' || err.code === 'FST_FIELDS_LIMIT') {
      return reply.code(400).send({ message: 'Send one file per request, with its fields' });
    }
    if (/unexpected end of multipart data|Boundary not found/i.test(err.message ?? '')) {
      return reply.code(400).send({ message: 'Malformed multipart body' });
    }
    // PostgreSQL refuses NUL and bytes that are not UTF-8 in text: the input is at fault, and nothing was written.
    if (isInvalidTextError(err)) {
      return reply.code(400).send({ message: CONTROL_CHARACTERS_MESSAGE });
    }
    if (err.code === 'FST_ERR_CTP_BODY_TOO_LARGE' || err.code === 'FST_REQ_FILE_TOO_LARGE' || status === 413) {
      return reply.code(413).send({ message: 'Request body is too large' });
    }
    if (status >= 400 && status < 500) {
      const message =
        err.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || err instanceof SyntaxError
          ? 'Malformed JSON body'
          : err.message;
      return reply.code(status).send({ message });
    }
    if (isDatabaseUnavailable(err)) {
      req.log.warn({ err }, 'Database unavailable');
      return reply
        .code(503)
        .header('retry-after', String(DATABASE_RETRY_AFTER_S))
        .send({ message: DATABASE_UNAVAILABLE_MESSAGE });
    }
    req.log.error({ err }, 'Unhandled error');
    reportServerError(err);
    return reply.code(500).send({ message: AUTH_MESSAGES.genericError });
  });

  await app.register(
    async (api) => {
      authRoutes(api, ctx, auth);
      accountRoutes(api, ctx);
      systemRoutes(api, ctx);
      carRoutes(api, ctx);
      pluginRoutes(api, ctx);
      memberRoutes(api, ctx);
      moderationRoutes(api, ctx);
      buildRoutes(api, ctx);
      adminRoutes(api, ctx);
      mailRoutes(api, ctx);
      featureRoutes(api, ctx);
      notificationRoutes(api, ctx);
      signedFileRoutes(api, ctx.storage, ctx.signedUrls);
    },
    { prefix: '/api' },
  );

  if ('root' in storage && typeof storage.root === 'string') {
    fs.mkdirSync(storage.root, { recursive: true });
    await app.register(fastifyStatic, {
      root: storage.root,
      prefix: FILES_URL_PREFIX,
      decorateReply: false,
      index: false,
      maxAge: '1h',
      allowedPath: (pathName) => isPublicFileKey(decodeURIComponent(pathName).replace(/^\/+/, '')),
    });
  } else {
    // Any other store (S3): public files through the server, so the bucket itself stays private.
    app.get(`${FILES_URL_PREFIX}*`, async (req, reply) => {
      const key = decodeURIComponent((req.params as { '*': string })['*'] ?? '');
      const data = isPublicFileKey(key) ? await storage.get(key) : null;
      if (!data) return reply.code(404).send({ message: 'Not found' });
      const type = key.endsWith('.webp')
        ? 'image/webp'
        : key.endsWith('.png')
          ? 'image/png'
          : key.endsWith('.jpg')
            ? 'image/jpeg'
            : 'application/octet-stream';
      return reply.header('cache-control', 'public, max-age=3600').header('content-type', type).send(data);
    });
  }

  // Crawler files at the root: /robots.txt and /sitemap.xml.
  pageRoutes(app, ctx);

  // Pages whose title, description and link preview the server writes into the HTML (plugin, car and member pages).
  const isId = (v: string) => /^\d{1,10}$/.test(v) && Number(v) <= 2147483647;
  const metaResolvers: Array<{ pattern: RegExp; resolve: (param: string) => Promise<PageMeta | 'private' | null> }> = [
    { pattern: /^\/(?:cars|car)\/(\d+)\/?$/, resolve: async (id) => (isId(id) ? carMeta(ctx, Number(id)) : null) },
    {
      pattern: /^\/(?:plugin|plugins\/view)\/(\d+)\/?$/,
      resolve: async (id) =>
        isId(id) ? ((await pluginMeta(ctx, Number(id))) ?? privatePluginPage(ctx, Number(id))) : null,
    },
    { pattern: /^\/members\/([^/]+)\/?$/, resolve: (name) => memberMeta(ctx, name) },
    { pattern: /^\/()$/, resolve: async () => HOME_META },
  ];
  const resolveMeta: MetaResolver = async (pathname) => {
    for (const r of metaResolvers) {
      const m = r.pattern.exec(pathname);
      if (m) return (await r.resolve(m[1]!)) ?? 'not-found';
    }
    // A path the web app has no page for gets its not-found page with an honest 404.
    return isAppPage(pathname) ? null : 'not-found';
  };
  await spaFallback(app, opts.webDist ?? defaultWebDist, {
    origin: (req) => siteOrigin(config, req),
    resolveMeta,
    publicConfig: publicConfig(ctx),
    pageData: (pathname, query) => pageData(app, pathname, query),
  });

  app.addHook('onReady', async () => {
    hubRef.current = await attachHub(app.server, {
      resolve: async (token) => auth.principalFromToken(token),
      canJoinPlugin: (principal, id) => canSeePlugin(ctx, id, principal),
      version: version.informational,
      log: app.log,
      redis: opts.redis ? { pub: opts.redis.pub, sub: opts.redis.sub } : undefined,
    });
  });
  app.addHook('preClose', async () => {
    await hubRef.current?.close();
    await ctx.jobs.stop();
    await mail.stop();
  });

  return { app, ctx };
}

/** Whether a parsed input holds a string with a control character (depth-limited; Buffers are files, not text). */
function containsControlCharacters(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return hasControlCharacters(value);
  if (!value || typeof value !== 'object' || depth > 20 || Buffer.isBuffer(value)) return false;
  for (const [k, v] of Object.entries(value)) {
    if (hasControlCharacters(k) || containsControlCharacters(v, depth + 1)) return true;
  }
  return false;
}
