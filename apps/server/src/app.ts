import path from 'node:path';
import Fastify, { type FastifyInstance, LogController } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { type BuildOptions, createContext } from './app-context.js';
import type { Config } from './config.js';
import type { AppContext } from './context.js';
import { AuthService } from './modules/auth/index.js';
import { registerJobs } from './jobs.js';
import { registerMetrics } from './metrics.js';
import { metricsPlugin } from './plugins/metrics.js';
import { serverRoot } from './paths.js';
import { logRequests } from './platform/request-log.js';
import { apiRoutes } from './plugins/api-routes.js';
import { bodyParsing } from './plugins/body-parsing.js';
import { errorHandler } from './plugins/error-handler.js';
import { filesPlugin } from './plugins/files.js';
import { realTimeHub } from './plugins/hub.js';
import { inputGuard } from './plugins/input-guard.js';
import { openApi } from './plugins/openapi.js';
import { pages } from './plugins/pages.js';
import { principal } from './plugins/principal.js';
import { securityHeaders } from './plugins/security-headers.js';

export type { BuildOptions } from './app-context.js';

export const defaultWebDist = path.join(serverRoot, '../web/dist');

/**
 * The whole server as a Fastify instance that is not listening yet: what main.ts and the tests use.
 * Each concern is a plugin of its own (src/plugins/), registered in this order: the hooks and the
 * error handler first, so that every route after them has them.
 */
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

  const { ctx, setHub } = await createContext(config, opts, app.log);
  registerJobs(ctx);
  registerMetrics(ctx);
  const auth = new AuthService(ctx);
  const resolve = (token: string) => auth.principalFromToken(token);

  await app.register(metricsPlugin, { ctx });
  await app.register(securityHeaders, { config });
  await app.register(bodyParsing);
  await app.register(openApi, { version: ctx.version.informational });
  await app.register(principal, { resolve: (req, token) => auth.principalFromBearer(req, token) });
  await app.register(inputGuard);
  await app.register(errorHandler);
  await app.register(apiRoutes, { prefix: '/api', ctx, auth });
  await app.register(filesPlugin, { storage: ctx.storage, signedUrls: ctx.signedUrls });
  await app.register(pages, { ctx, webDist: opts.webDist ?? defaultWebDist });
  await app.register(realTimeHub, {
    ctx,
    resolve,
    liveSessions: (ids) => auth.liveSessions(ids),
    setHub,
    redis: opts.redis,
  });
  app.addHook('preClose', async () => {
    await ctx.jobs.stop();
    await ctx.mail.stop();
  });

  return { app, ctx };
}
