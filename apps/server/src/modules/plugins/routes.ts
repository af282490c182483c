import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Multipart } from '@fastify/multipart';
import { z } from 'zod';
import {
  COMMENT_MESSAGES as CM,
  PLUGIN_BANNER_MAX_BYTES,
  PLUGIN_MESSAGES as M,
  SOURCE_ZIP_MAX_BYTES,
  commentPageQuery,
  commentSchema,
  commentVoteRequest,
  commentVoteResponse,
  createCommentRequest,
  createPluginRequest,
  pdbSchema,
  pluginDownloadResponse,
  pluginListQuery,
  pluginPageSchema,
  pluginPinRequest,
  pluginPinResponse,
  pluginRatingRequest,
  pluginRatingResponse,
  pluginDetailSchema,
  pluginSchema,
  pluginSeoSchema,
  pluginTagsRequest,
  pluginVersionSchema,
  pluginViewResponse,
  pluginVisibilityRequest,
  replacePluginRequest,
  pluginStatsSchema,
  featuredPluginsSchema,
  pluginFeaturedRequest,
  pluginFeaturedResponse,
  skipBuildServerRequest,
  skipBuildServerResponse,
  sourceUploadResponse,
  statsQuery,
  submissionSchema,
  tagSchema,
  updateCommentRequest,
  updatePluginRequest,
} from '@bm/core';
import type { AppContext } from '../../context.js';
import {
  administratorOnly,
  type App,
  bearer,
  idParam,
  noContent,
  rateLimited,
  requireMember,
  requireRole,
  signedIn,
  typed,
} from '../../http.js';
import { HttpError, badRequest } from '../../platform/errors.js';
import { CommentService } from './comments.js';
import { sendKept } from '../../platform/read-cache.js';
import { visitorKey } from '../../platform/visitor.js';
import { PluginService, matchSyncOf, versionDownloadPath } from './service.js';
import { ZIP_MESSAGES } from './zip.js';

const submissionParams = z.object({ id: idParam.shape.id, submissionId: idParam.shape.id });

/** Reads the one `file` part of a multipart request (and the text fields around it), within a size limit. */
async function readUpload(req: FastifyRequest, maxBytes: number, tooLarge: () => HttpError) {
  if (!req.isMultipart()) throw new HttpError(415, 'Send the file as multipart/form-data with a file field');
  const fields: Record<string, string> = {};
  let file: { data: Buffer; fileName: string } | null = null;
  const parts = req.parts({ limits: { fileSize: maxBytes, files: 1, fields: 10, fieldSize: 1024 } });
  for await (const part of parts as AsyncIterable<Multipart>) {
    if (part.type === 'file') {
      const data = await part.toBuffer().catch((e: { code?: string }) => {
        if (e.code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
        throw e;
      });
      if (part.fieldname === 'file') file = { data, fileName: part.filename };
    } else if (typeof part.value === 'string') {
      fields[part.fieldname] = part.value;
    }
  }
  if (!file) throw badRequest(M.noFile, 'file');
  return { ...file, fields };
}

export function pluginRoutes(app: App, ctx: AppContext) {
  const r = typed(app);
  const service = new PluginService(ctx);

  // View and download marks are only needed within their window; every instance clears old ones hourly.
  ctx.jobs.every('plugin-marks-prune', 3600_000, () => service.pruneMarks(), { runAtStart: false });
  // The match index loads when the server is ready (searches run in SQL until then) and takes in
  // every server's changes each second.
  const match = matchSyncOf(ctx);
  if (match) {
    app.addHook('onReady', async () => {
      void match.start();
    });
    ctx.jobs.every('plugin-match-index', 1000, () => match.poll(), { runAtStart: false });
    ctx.jobs.every('plugin-search-changes-prune', 600_000, () => match.prune(), { runAtStart: false });
  }
  const comments = new CommentService(ctx, service);
  const visitor = (req: FastifyRequest) =>
    visitorKey(ctx.config.jwtSecret, req.principal?.memberId ?? null, req.ip, req.headers['user-agent']);
  const tag = ['plugins'];

  async function botCheck(token: string | null | undefined, ip: string) {
    if (!ctx.botCheck.enabled) return;
    if (!token) throw new HttpError(400, CM.verification, { errors: { turnstileToken: [CM.verification] } });
    if (!(await ctx.botCheck.verify(token, ip))) {
      throw new HttpError(400, CM.verificationFailed, { errors: { turnstileToken: [CM.verificationFailed] } });
    }
  }

  // ---- catalogue ----

  r.get('/tags', { schema: { tags: tag, response: { 200: z.array(tagSchema) } } }, async (_req, reply) => {
    reply.header('cache-control', 'public, max-age=300');
    return sendKept(reply as unknown as FastifyReply, await service.tags());
  });

  // Anonymous visitors get the kept answer itself (sendKept); members get it with their own stars.
  r.get(
    '/plugins',
    { schema: { tags: tag, querystring: pluginListQuery, response: { 200: pluginPageSchema } } },
    async (req, reply) => {
      const page = await service.list(req.query, req.principal);
      return req.principal ? page : sendKept(reply as unknown as FastifyReply, page);
    },
  );

  // Before /plugins/:id so "featured" is never read as an id.
  r.get('/plugins/featured', { schema: { tags: tag, response: { 200: featuredPluginsSchema } } }, async (req) =>
    service.featured(req.principal),
  );

  // ---- own plugins (before /plugins/:id so "my" is never read as an id) ----

  r.get(
    '/plugins/my',
    { preValidation: signedIn, schema: { tags: tag, security: bearer, response: { 200: z.array(pluginSchema) } } },
    async (req) => service.mine(requireMember(req)),
  );

  r.get(
    '/plugins/my/:id',
    {
      preValidation: signedIn,
      schema: { tags: tag, security: bearer, params: idParam, response: { 200: pluginSchema } },
    },
    async (req) => service.mineOne(requireMember(req), req.params.id),
  );

  r.get(
    '/plugins/my/:id/stats',
    {
      preValidation: signedIn,
      schema: {
        tags: tag,
        security: bearer,
        params: idParam,
        querystring: statsQuery,
        response: { 200: pluginStatsSchema },
      },
    },
    async (req) => service.stats(requireMember(req), req.params.id, req.query.days),
  );

  r.get(
    '/plugins/my/:id/submissions',
    {
      preValidation: signedIn,
      schema: { tags: tag, security: bearer, params: idParam, response: { 200: z.array(submissionSchema) } },
    },
    async (req) => service.submissions(requireMember(req), req.params.id),
  );

  r.get(
    '/plugins/my/:id/pdbs',
    {
      preValidation: signedIn,
      schema: { tags: tag, security: bearer, params: idParam, response: { 200: z.array(pdbSchema) } },
    },
    async (req) => service.pdbs(requireMember(req), req.params.id),
  );

  r.delete(
    '/plugins/my/:id/submissions/:submissionId',
    { preValidation: signedIn, schema: { tags: tag, security: bearer, params: submissionParams, response: noContent } },
    async (req, reply) => {
      await service.deleteSubmission(requireMember(req), req.params.id, req.params.submissionId);
      return reply.code(204).send(null);
    },
  );

  r.get(
    '/plugins/my/:id/submissions/:submissionId/source-url',
    {
      preValidation: signedIn,
      schema: {
        tags: tag,
        security: bearer,
        params: submissionParams,
        response: { 200: z.object({ url: z.string() }) },
      },
    },
    async (req) => service.sourceUrl(requireMember(req), req.params.id, req.params.submissionId),
  );

  // ---- create, update, delete ----

  r.post(
    '/plugins/create',
    {
      preValidation: signedIn,
      preHandler: rateLimited(ctx.limits, 'create'),
      schema: { tags: tag, security: bearer, body: createPluginRequest, response: { 201: pluginSchema } },
    },
    async (req, reply) => {
      const plugin = await service.create(requireMember(req), req.body);
      return reply.code(201).send(plugin);
    },
  );

  r.put(
    '/plugins/:id/update',
    {
      preValidation: signedIn,
      schema: {
        tags: tag,
        security: bearer,
        params: idParam,
        body: updatePluginRequest,
        response: { 200: pluginSchema },
      },
    },
    async (req) => service.update(requireMember(req), req.params.id, req.body),
  );

  r.put(
    '/plugins/:id',
    {
      preValidation: signedIn,
      schema: {
        tags: tag,
        security: bearer,
        params: idParam,
        body: replacePluginRequest,
        response: { 200: pluginSchema },
      },
    },
    async (req) => service.update(requireMember(req), req.params.id, req.body),
  );

  for (const url of ['/plugins/:id/delete', '/plugins/:id']) {
    r.delete(
      url,
      { preValidation: signedIn, schema: { tags: tag, security: bearer, params: idParam, response: noContent } },
      async (req, reply) => {
        await service.delete(requireMember(req), req.params.id);
        return reply.code(204).send(null);
      },
    );
  }

  r.put(
    '/plugins/:id/visibility',
    {
      preValidation: signedIn,
      schema: {
        tags: tag,
        security: bearer,
        params: idParam,
        body: pluginVisibilityRequest,
        response: { 200: pluginSchema },
      },
    },
    async (req) => service.setVisibility(requireMember(req), req.params.id, req.body),
  );

  r.put(
    '/plugins/:id/tags',
    {
      preValidation: signedIn,
      schema: {
        tags: tag,
        security: bearer,
        params: idParam,
        body: pluginTagsRequest,
        response: { 200: pluginSchema },
      },
    },
    async (req) => service.setTags(requireMember(req), req.params.id, req.body.tagIds),
  );

  r.post(
    '/plugins/:id/pin',
    {
      preValidation: signedIn,
      schema: {
        tags: tag,
        security: bearer,
        params: idParam,
        body: pluginPinRequest,
        response: { 200: pluginPinResponse },
      },
    },
    async (req) => service.setPin(requireMember(req), req.params.id, req.body.isPinned),
  );

  r.post(
    '/plugins/:id/files/banner',
    {
      preValidation: signedIn,
      schema: {
        tags: tag,
        security: bearer,
        params: idParam,
        consumes: ['multipart/form-data'],
        response: { 200: z.object({ bannerImageUrl: z.string() }) },
      },
    },
    async (req) => {
      const principal = requireMember(req);
      await service.ownedRow(principal, req.params.id);
      const file = await readUpload(req, PLUGIN_BANNER_MAX_BYTES, () => new HttpError(413, M.bannerTooLarge));
      return { bannerImageUrl: await service.setBanner(principal, req.params.id, file.data) };
    },
  );

  r.post(
    '/plugins/:id/files/source',
    {
      preValidation: signedIn,
      schema: {
        tags: tag,
        security: bearer,
        params: idParam,
        consumes: ['multipart/form-data'],
        response: { 201: sourceUploadResponse },
      },
    },
    async (req, reply) => {
      const principal = requireMember(req);
      await service.ownedRow(principal, req.params.id);
      const file = await readUpload(req, SOURCE_ZIP_MAX_BYTES, () =>
        badRequest(ZIP_MESSAGES.tooLarge(SOURCE_ZIP_MAX_BYTES), 'file'),
      );
      const out = await service.uploadSource(principal, req.params.id, {
        data: file.data,
        fileName: file.fileName,
        versionString: file.fields.versionString,
      });
      return reply.code(201).send(out);
    },
  );

  r.patch(
    '/admin/plugins/:id/skip-build-server',
    {
      preValidation: administratorOnly,
      schema: {
        tags: ['admin'],
        security: bearer,
        params: idParam,
        body: skipBuildServerRequest,
        response: { 200: skipBuildServerResponse },
      },
    },
    async (req) => {
      requireRole(req, 'administrator');
      return service.setSkipBuildServer(req.params.id, req.body.skipBuildServer);
    },
  );

  r.patch(
    '/admin/plugins/:id/featured',
    {
      preValidation: administratorOnly,
      schema: {
        tags: ['admin'],
        security: bearer,
        params: idParam,
        body: pluginFeaturedRequest,
        response: { 200: pluginFeaturedResponse },
      },
    },
    async (req) => {
      requireRole(req, 'administrator');
      return service.setFeatured(req.params.id, req.body.isFeatured);
    },
  );

  // ---- one plugin ----

  r.get(
    '/plugins/:id',
    { schema: { tags: tag, params: idParam, response: { 200: pluginDetailSchema } } },
    async (req, reply) => {
      const plugin = await service.get(req.params.id, req.principal);
      return req.principal ? plugin : sendKept(reply as unknown as FastifyReply, plugin);
    },
  );

  r.get(
    '/plugins/:id/seo',
    { schema: { tags: tag, params: idParam, response: { 200: pluginSeoSchema } } },
    async (req) => service.seo(req.params.id, req.principal),
  );

  r.get(
    '/plugins/:id/versions',
    { schema: { tags: tag, params: idParam, response: { 200: z.array(pluginVersionSchema) } } },
    async (req) => service.versions(req.params.id, req.principal),
  );

  r.get(
    '/plugins/:id/versions/:submissionId/download',
    { schema: { tags: tag, params: submissionParams, response: { 302: z.null().describe('Redirect to the ZIP') } } },
    async (req, reply) => {
      const url = await service.downloadVersion(req.params.id, req.params.submissionId, req.principal, visitor(req));
      return reply.header('cache-control', 'no-store').redirect(url, 302);
    },
  );

  r.get(
    '/plugins/:id/rating',
    { schema: { tags: tag, params: idParam, response: { 200: pluginRatingResponse } } },
    async (req) => service.rating(req.params.id, req.principal),
  );

  r.post(
    '/plugins/:id/rating',
    {
      preValidation: signedIn,
      preHandler: rateLimited(ctx.limits, 'rating'),
      schema: {
        tags: tag,
        security: bearer,
        params: idParam,
        body: pluginRatingRequest,
        response: { 200: pluginRatingResponse },
      },
    },
    async (req) => service.rate(requireMember(req), req.params.id, req.body.stars),
  );

  r.post(
    '/plugins/:id/download',
    { schema: { tags: tag, params: idParam, response: { 200: pluginDownloadResponse } } },
    async (req) => service.countDownload(req.params.id, req.principal, visitor(req)),
  );

  r.post(
    '/plugins/:id/view',
    { schema: { tags: tag, params: idParam, response: { 200: pluginViewResponse } } },
    async (req) => service.countView(req.params.id, req.principal, visitor(req)),
  );

  // ---- comments ----

  r.get(
    '/plugins/:id/comments',
    {
      schema: { tags: tag, params: idParam, querystring: commentPageQuery, response: { 200: z.array(commentSchema) } },
    },
    async (req) => comments.list(req.params.id, req.principal, req.query),
  );

  r.post(
    '/plugins/:id/comments',
    {
      preValidation: signedIn,
      schema: {
        tags: tag,
        security: bearer,
        params: idParam,
        body: createCommentRequest,
        response: { 201: commentSchema },
      },
    },
    async (req, reply) => {
      const principal = requireMember(req);
      await ctx.limits.consume('comment', req.ip, String(principal.memberId));
      await botCheck(req.body.turnstileToken, req.ip);
      return reply.code(201).send(await comments.create(principal, req.params.id, req.body.body));
    },
  );

  r.put(
    '/plugins/comments/:id',
    {
      preValidation: signedIn,
      schema: {
        tags: tag,
        security: bearer,
        params: idParam,
        body: updateCommentRequest,
        response: { 200: commentSchema },
      },
    },
    async (req) => comments.update(requireMember(req), req.params.id, req.body.body),
  );

  r.delete(
    '/plugins/comments/:id',
    { preValidation: signedIn, schema: { tags: tag, security: bearer, params: idParam, response: noContent } },
    async (req, reply) => {
      await comments.delete(requireMember(req), req.params.id);
      return reply.code(204).send(null);
    },
  );

  r.post(
    '/plugins/comments/:id/vote',
    {
      preValidation: signedIn,
      preHandler: rateLimited(ctx.limits, 'vote'),
      schema: {
        tags: tag,
        security: bearer,
        params: idParam,
        body: commentVoteRequest,
        response: { 200: commentVoteResponse },
      },
    },
    async (req) => comments.vote(requireMember(req), req.params.id, req.body.voteType),
  );

  // ---- the in-game plugin manager (bakkesmodorg/PluginManager) ----

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
              plugins: z.record(z.string(), z.object({ version: z.number().int(), download_url: z.string() })),
            }),
          }),
        },
      },
    },
    async (req) => {
      const ids = [
        ...new Set(
          (req.query.pluginids ?? '')
            .split(',')
            .map((s) => s.trim())
            .filter((s) => /^\d{1,9}$/.test(s))
            .map(Number)
            .filter((n) => n > 0),
        ),
      ].slice(0, 500);
      const plugins: Record<string, { version: number; download_url: string }> = {};
      for (const { id, versionId } of await service.managerVersions(ids)) {
        plugins[String(id)] = {
          version: versionId,
          download_url: `${ctx.config.publicUrl}${versionDownloadPath(id, versionId)}`,
        };
      }
      return { success: true as const, response: { plugins } };
    },
  );
}
