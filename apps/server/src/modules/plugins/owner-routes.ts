import { z } from 'zod';
import {
  createPluginRequest,
  pluginPinRequest,
  pluginPinResponse,
  pluginSchema,
  pluginTagsRequest,
  pluginVisibilityRequest,
  replacePluginRequest,
  pluginStatsSchema,
  pluginFeaturedRequest,
  pluginFeaturedResponse,
  skipBuildServerRequest,
  skipBuildServerResponse,
  statsQuery,
  submissionSchema,
  updatePluginRequest,
} from '@bm/core';
import type { AppContext } from '../../context.js';
import {
  administratorOnly,
  type App,
  bearerOrToken,
  idParam,
  noContent,
  only,
  requireMember,
  requireRole,
  signedIn,
  typed,
  signedInLimited,
} from '../../http.js';
import { PluginReads } from './reads.js';
import { PluginWrites } from './writes.js';

const tag = ['plugins'];

/** The owner's reads a publish token with plugins:read may make (docs/publish-tokens.md). */
const readToken = { tokenScope: 'plugins:read' as const };

/** The options of a signed-in call on one plugin by id, with a body, answering 200. */
const ownPlugin = <Body extends z.ZodType, Answer extends z.ZodType>(body: Body, answer: Answer) =>
  only(signedIn, { tags: tag, params: idParam, body, response: { 200: answer } });

/** The same for an administrator's flag on a plugin. */
const adminOnPlugin = <Body extends z.ZodType, Answer extends z.ZodType>(body: Body, answer: Answer) =>
  only(administratorOnly, { tags: ['admin'], params: idParam, body, response: { 200: answer } });

/** A member's own plugins (/plugins/my, a static path: never read as an id) and their creation, changes and deletion. */
export function ownerRoutes(app: App, ctx: AppContext) {
  const r = typed(app);
  const reads = new PluginReads(ctx);
  const writes = new PluginWrites(ctx);
  // ---- own plugins (before /plugins/:id so "my" is never read as an id) ----

  r.get(
    '/plugins/my',
    {
      preValidation: signedIn,
      config: readToken,
      schema: { tags: tag, security: bearerOrToken, response: { 200: z.array(pluginSchema) } },
    },
    async (req) => reads.mine(requireMember(req)),
  );

  r.get(
    '/plugins/my/:id',
    {
      preValidation: signedIn,
      config: readToken,
      schema: { tags: tag, security: bearerOrToken, params: idParam, response: { 200: pluginSchema } },
    },
    async (req) => reads.mineOne(requireMember(req), req.params.id),
  );

  r.get(
    '/plugins/my/:id/stats',
    only(signedIn, { tags: tag, params: idParam, querystring: statsQuery, response: { 200: pluginStatsSchema } }),
    async (req) => reads.stats(requireMember(req), req.params.id, req.query.days),
  );

  r.get(
    '/plugins/my/:id/submissions',
    {
      preValidation: signedIn,
      config: readToken,
      schema: { tags: tag, security: bearerOrToken, params: idParam, response: { 200: z.array(submissionSchema) } },
    },
    async (req) => reads.submissions(requireMember(req), req.params.id),
  );

  // ---- create, update, delete ----

  r.post(
    '/plugins/create',
    signedInLimited(ctx.limits, 'create', { tags: tag, body: createPluginRequest, response: { 201: pluginSchema } }),
    async (req, reply) => {
      const plugin = await writes.create(requireMember(req), req.body);
      return reply.code(201).send(plugin);
    },
  );

  r.put('/plugins/:id/update', ownPlugin(updatePluginRequest, pluginSchema), async (req) =>
    writes.update(requireMember(req), req.params.id, req.body),
  );

  r.put('/plugins/:id', ownPlugin(replacePluginRequest, pluginSchema), async (req) =>
    writes.update(requireMember(req), req.params.id, req.body),
  );

  for (const url of ['/plugins/:id/delete', '/plugins/:id']) {
    r.delete(url, only(signedIn, { tags: tag, params: idParam, response: noContent }), async (req, reply) => {
      await writes.delete(requireMember(req), req.params.id);
      return reply.code(204).send(null);
    });
  }
}

/** The owner's settings of a plugin (visibility, tags, pin) and the administrator's flags. */
export function ownerSettingRoutes(app: App, ctx: AppContext) {
  const r = typed(app);
  const writes = new PluginWrites(ctx);

  r.put('/plugins/:id/visibility', ownPlugin(pluginVisibilityRequest, pluginSchema), async (req) =>
    writes.setVisibility(requireMember(req), req.params.id, req.body),
  );

  r.put('/plugins/:id/tags', ownPlugin(pluginTagsRequest, pluginSchema), async (req) =>
    writes.setTags(requireMember(req), req.params.id, req.body.tagIds),
  );

  r.post('/plugins/:id/pin', ownPlugin(pluginPinRequest, pluginPinResponse), async (req) =>
    writes.setPin(requireMember(req), req.params.id, req.body.isPinned),
  );

  r.patch(
    '/admin/plugins/:id/skip-build-server',
    adminOnPlugin(skipBuildServerRequest, skipBuildServerResponse),
    async (req) => {
      requireRole(req, 'administrator');
      return writes.setSkipBuildServer(req.params.id, req.body.skipBuildServer);
    },
  );

  r.patch('/admin/plugins/:id/featured', adminOnPlugin(pluginFeaturedRequest, pluginFeaturedResponse), async (req) => {
    requireRole(req, 'administrator');
    return writes.setFeatured(req.params.id, req.body.isFeatured);
  });
}
