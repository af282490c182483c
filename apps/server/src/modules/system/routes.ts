import { z } from 'zod';
import { versionResponse } from '@bm/core';
import type { AppContext } from '../../context.js';
import { type App, typed } from '../../http.js';
import { HttpError } from '../../platform/errors.js';

export const runtimeConfig = z.object({
  turnstileSiteKey: z.string().nullable(),
  sentryDsn: z.string().nullable(),
  environment: z.string(),
  productionHost: z.string().nullable(),
  adsClient: z.string().nullable(),
  ads: z.enum(['off', 'placeholder', 'live']),
  supportEmail: z.string(),
  version: z.string(),
});

/** The runtime settings the web app needs: served at GET /api/config and written into every page. */
export function publicConfig(ctx: Pick<AppContext, 'config' | 'version'>): z.infer<typeof runtimeConfig> {
  return {
    turnstileSiteKey: ctx.config.turnstile?.siteKey ?? null,
    sentryDsn: ctx.config.sentryDsn ?? null,
    environment: ctx.config.env,
    productionHost: ctx.config.productionHost ?? null,
    adsClient: ctx.config.adsClient ?? null,
    ads: ctx.config.ads,
    supportEmail: ctx.config.supportEmail,
    version: ctx.version.informational,
  };
}

export function systemRoutes(app: App, ctx: AppContext) {
  const r = typed(app);

  r.get('/version', { schema: { tags: ['system'], response: { 200: versionResponse } } }, async () => ({
    assemblyInformationalVersion: ctx.version.informational,
    assemblyFileVersion: ctx.version.file,
  }));

  r.get('/config', { schema: { tags: ['system'], response: { 200: runtimeConfig } } }, async () => publicConfig(ctx));

  r.get(
    '/health',
    { schema: { tags: ['system'], response: { 200: z.object({ status: z.literal('ok') }) } } },
    async () => ({
      status: 'ok' as const,
    }),
  );

  r.get(
    '/ready',
    {
      schema: {
        tags: ['system'],
        response: {
          200: z.object({ status: z.literal('ready') }),
          503: z.object({ status: z.string(), message: z.string() }),
        },
      },
    },
    async (_req, reply) => {
      try {
        await ctx.database.ping();
        return { status: 'ready' as const };
      } catch (e) {
        ctx.log.error({ err: e }, 'Readiness check failed');
        return reply.code(503).send({ status: 'unavailable', message: 'Database unreachable' });
      }
    },
  );

  /**
   * Error-report tunnel: the browser's Sentry SDK posts envelopes here (same origin, not blocked),
   * and they go on to the configured DSN's host. Only envelopes for our own DSN are forwarded.
   */
  r.post('/diagnostics', { schema: { tags: ['system'], hide: true } }, async (req, reply) => {
    const dsn = ctx.config.sentryDsn;
    if (!dsn) throw new HttpError(404, 'Error reporting is not enabled');
    const body = typeof req.body === 'string' ? req.body : Buffer.isBuffer(req.body) ? req.body.toString('utf8') : '';
    const header = body.slice(0, body.indexOf('\n'));
    let envelopeDsn: string | undefined;
    try {
      envelopeDsn = (JSON.parse(header) as { dsn?: string }).dsn;
    } catch {
      throw new HttpError(400, 'Malformed envelope');
    }
    const ours = new URL(dsn);
    if (!envelopeDsn || new URL(envelopeDsn).host !== ours.host || new URL(envelopeDsn).pathname !== ours.pathname) {
      throw new HttpError(400, 'Envelope is not for this site');
    }
    const projectId = ours.pathname.replace(/^\//, '');
    try {
      const res = await fetch(`${ours.protocol}//${ours.host}/api/${projectId}/envelope/`, {
        method: 'POST',
        body,
        headers: { 'content-type': 'application/x-sentry-envelope' },
        signal: AbortSignal.timeout(10_000),
      });
      return reply.code(res.status).send();
    } catch (e) {
      ctx.log.warn({ err: e }, 'Error report not forwarded');
      return reply.code(502).send();
    }
  });
}
