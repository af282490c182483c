import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import {
  pluginListQuery,
  pluginPageSchema,
  pluginDetailSchema,
  pluginSeoSchema,
  pluginVersionSchema,
  featuredPluginsSchema,
  tagSchema,
} from '@bm/core';
import type { AppContext } from '../../context.js';
import { type App, idParam, typed } from '../../http.js';
import { sendKept, sendKeptTagged } from '../../platform/read-cache.js';
import { managerAnswer, managerIds } from './manager.js';
import { PluginReads } from './reads.js';

const tag = ['plugins'];
const MANAGER_CACHE_CONTROL = 'public, max-age=60, stale-while-revalidate=600';

/** The catalogue: tags, lists and search, the featured strip, one plugin, its versions, and the in-game plugin manager's update check. */
export function catalogueRoutes(app: App, ctx: AppContext) {
  const r = typed(app);
  const reads = new PluginReads(ctx);
  // ---- catalogue ----

  r.get('/tags', { schema: { tags: tag, response: { 200: z.array(tagSchema) } } }, async (_req, reply) => {
    reply.header('cache-control', 'public, max-age=300');
    return sendKept(reply as unknown as FastifyReply, await reads.tags());
  });

  // Anonymous visitors get the kept answer itself (sendKept); members get it with their own stars.
  r.get(
    '/plugins',
    { schema: { tags: tag, querystring: pluginListQuery, response: { 200: pluginPageSchema } } },
    async (req, reply) => {
      const page = await reads.list({ ...req.query, sortBy: req.query.sortBy ?? req.query.sort }, req.principal);
      return req.principal ? page : sendKept(reply as unknown as FastifyReply, page);
    },
  );

  // Before /plugins/:id so "featured" is never read as an id.
  r.get('/plugins/featured', { schema: { tags: tag, response: { 200: featuredPluginsSchema } } }, async (req) =>
    reads.featured(req.principal),
  );

  // ---- one plugin ----

  r.get(
    '/plugins/:id',
    { schema: { tags: tag, params: idParam, response: { 200: pluginDetailSchema } } },
    async (req, reply) => {
      const plugin = await reads.get(req.params.id, req.principal);
      return req.principal ? plugin : sendKept(reply as unknown as FastifyReply, plugin);
    },
  );

  r.get(
    '/plugins/:id/seo',
    { schema: { tags: tag, params: idParam, response: { 200: pluginSeoSchema } } },
    async (req) => reads.seo(req.params.id, req.principal),
  );

  r.get(
    '/plugins/:id/versions',
    { schema: { tags: tag, params: idParam, response: { 200: z.array(pluginVersionSchema) } } },
    async (req) => reads.versions(req.params.id, req.principal),
  );

  // ---- the in-game plugin manager (bakkesmodorg/PluginManager) ----

  // Asked by every player's game at every start: kept per id set, with a strong ETag so that the
  // game, a proxy or a CDN can ask again cheaply (304) or not at all for a minute.
  r.get(
    '/v1/plugins/get/short',
    {
      schema: {
        tags: ['bakkesmod'],
        querystring: z.object({ pluginids: z.string().max(5000).optional() }),
        response: {
          200: z.object({
            success: z.literal(true),
            response: z.object({
              plugins: z.record(
                z.string(),
                z.object({ version: z.number().int(), download_url: z.string(), sha256: z.string() }),
              ),
            }),
          }),
          304: z.null().describe('Not modified: the If-None-Match tag is the answer'),
        },
      },
    },
    async (req, reply) => {
      const answer = await managerAnswer(ctx, reads, managerIds(req.query.pluginids));
      return sendKeptTagged(
        req.headers['if-none-match'],
        reply as unknown as FastifyReply,
        answer,
        MANAGER_CACHE_CONTROL,
      );
    },
  );
}
