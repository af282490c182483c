import type { FastifyRequest } from 'fastify';
import type { Multipart } from '@fastify/multipart';
import { z } from 'zod';
import {
  BINARY_ZIP_MAX_BYTES,
  DEBUG_ARCHIVE_MAX_BYTES,
  MODERATION_MESSAGES,
  moderationCarsQuery,
  moderationCarsResponse,
  moderationDetail,
  moderationListQuery,
  moderationListResponse,
  moderatorDashboard,
  rejectRequest,
  reportedListResponse,
} from '@bm/core';
import type { AppContext } from '../../context.js';
import { type App, bearer, idParam, noContent, requireRole, typed } from '../../http.js';
import { HttpError, badRequest } from '../../platform/errors.js';
import { memberReportRoutes, reportedContentRoutes } from './report-routes.js';
import { ModerationService, type ApprovalFiles } from './service.js';

const pluginIdParam = z.object({ pluginId: idParam.shape.id });

/** The spec's clients send Page, PageSize, Search as well as page, pageSize, search. */
function camelQuery(req: FastifyRequest) {
  const q = req.query as Record<string, unknown> | undefined;
  if (!q) return;
  for (const key of Object.keys(q)) {
    const camel = key.charAt(0).toLowerCase() + key.slice(1);
    if (camel !== key && !(camel in q)) q[camel] = q[key];
  }
}

/** Reads approve's optional parts: `binary` and `debugArchive` ZIPs, an `approvalNote` and `acknowledgeFlags`. */
async function readApproval(req: FastifyRequest): Promise<ApprovalFiles> {
  if (!req.isMultipart()) {
    const body = (req.body ?? {}) as { approvalNote?: unknown; acknowledgeFlags?: unknown };
    if (body.approvalNote !== undefined && typeof body.approvalNote !== 'string')
      throw badRequest('approvalNote must be text', 'approvalNote');
    if (body.acknowledgeFlags !== undefined && typeof body.acknowledgeFlags !== 'boolean')
      throw badRequest('acknowledgeFlags must be true or false', 'acknowledgeFlags');
    return { approvalNote: body.approvalNote as string | undefined, acknowledgeFlags: body.acknowledgeFlags === true };
  }
  const out: ApprovalFiles = {};
  const parts = req.parts({ limits: { fileSize: BINARY_ZIP_MAX_BYTES, files: 2, fields: 5, fieldSize: 64 * 1024 } });
  for await (const part of parts as AsyncIterable<Multipart>) {
    if (part.type === 'file') {
      const data = await part.toBuffer().catch((e: { code?: string }) => {
        if (e.code === 'FST_REQ_FILE_TOO_LARGE') throw new HttpError(413, MODERATION_MESSAGES.binaryTooLarge);
        throw e;
      });
      if (part.fieldname === 'binary') out.binary = { data, fileName: part.filename };
      else if (part.fieldname === 'debugArchive') {
        if (data.length > DEBUG_ARCHIVE_MAX_BYTES) throw new HttpError(413, MODERATION_MESSAGES.debugTooLarge);
        out.debugArchive = { data, fileName: part.filename };
      } else throw badRequest(`Unexpected file part ${part.fieldname}: send binary and debugArchive`);
    } else if (part.fieldname === 'approvalNote' && typeof part.value === 'string') {
      out.approvalNote = part.value;
    } else if (part.fieldname === 'acknowledgeFlags') {
      if (part.value !== 'true' && part.value !== 'false')
        throw badRequest('acknowledgeFlags must be true or false', 'acknowledgeFlags');
      out.acknowledgeFlags = part.value === 'true';
    }
  }
  return out;
}

/** Members' reports (report-routes.ts), and everything under /moderation (moderators and administrators). */
export function moderationRoutes(app: App, ctx: AppContext) {
  const service = new ModerationService(ctx);

  memberReportRoutes(app, ctx, service);

  // Everything under /moderation: moderators and administrators only, checked before the input.
  void app.register(
    async (scope) => {
      // On the request itself, so that not even an unreadable body is looked at for a visitor or member.
      scope.addHook('onRequest', async (req) => {
        requireRole(req, 'moderator', 'administrator');
      });
      scope.addHook('preValidation', async (req) => {
        camelQuery(req);
      });
      queueRoutes(scope, service);
      reviewRoutes(scope, service);
      reportedRoutes(scope, service);
      carRoutes(scope, service);
      reportedContentRoutes(scope, ctx, service);
    },
    { prefix: '/moderation' },
  );
}

const tags = ['moderation'];
const staff = (req: FastifyRequest) => requireRole(req, 'moderator', 'administrator');

/** The dashboard and the lists: pending, hidden and reported plugins. */
function queueRoutes(app: App, service: ModerationService) {
  const r = typed(app);
  r.get('/dashboard', { schema: { tags, security: bearer, response: { 200: moderatorDashboard } } }, async () =>
    service.queue.dashboard(),
  );

  r.get(
    '/plugins/pending',
    {
      schema: {
        tags,
        security: bearer,
        querystring: moderationListQuery,
        response: { 200: moderationListResponse },
      },
    },
    async (req) => service.queue.submissions('pending', req.query),
  );
  r.get(
    '/plugins/hidden',
    {
      schema: {
        tags,
        security: bearer,
        querystring: moderationListQuery,
        response: { 200: moderationListResponse },
      },
    },
    async (req) => service.queue.submissions('hidden', req.query),
  );
  r.get(
    '/plugins/reported',
    {
      schema: { tags, security: bearer, querystring: moderationListQuery, response: { 200: reportedListResponse } },
    },
    async (req) => service.queue.reported(req.query),
  );
}

/** One review and the decisions on it. */
function reviewRoutes(app: App, service: ModerationService) {
  const r = typed(app);

  r.get(
    '/plugins/:id',
    { schema: { tags, security: bearer, params: idParam, response: { 200: moderationDetail } } },
    async (req) => service.review.detail(staff(req), req.params.id),
  );
  r.post(
    '/plugins/:id/takeover',
    { schema: { tags, security: bearer, params: idParam, response: { 200: moderationDetail } } },
    async (req) => service.review.takeover(staff(req), req.params.id),
  );
  r.post(
    '/plugins/:id/release',
    { schema: { tags, security: bearer, params: idParam, response: { 200: moderationDetail } } },
    async (req) => service.review.release(staff(req), req.params.id),
  );
  r.post(
    '/plugins/:id/approve',
    {
      bodyLimit: BINARY_ZIP_MAX_BYTES + DEBUG_ARCHIVE_MAX_BYTES + 1024 * 1024,
      schema: {
        tags,
        security: bearer,
        params: idParam,
        consumes: ['multipart/form-data', 'application/json'],
        response: noContent,
      },
    },
    async (req, reply) => {
      await service.decisions.approve(staff(req), req.params.id, await readApproval(req));
      return reply.code(204).send(null);
    },
  );
  r.post(
    '/plugins/:id/reject',
    { schema: { tags, security: bearer, params: idParam, body: rejectRequest, response: noContent } },
    async (req, reply) => {
      await service.decisions.reject(staff(req), req.params.id, req.body.reason);
      return reply.code(204).send(null);
    },
  );
  r.post(
    '/plugins/:id/hide',
    { schema: { tags, security: bearer, params: idParam, response: noContent } },
    async (req, reply) => {
      await service.decisions.hide(staff(req), req.params.id);
      return reply.code(204).send(null);
    },
  );
}

/** Reported plugins: dismissing the reports, hiding or restoring the plugin. */
function reportedRoutes(app: App, service: ModerationService) {
  const r = typed(app);
  r.post(
    '/reported/:pluginId/dismiss',
    { schema: { tags, security: bearer, params: pluginIdParam, response: noContent } },
    async (req, reply) => {
      await service.reports.dismissReports(staff(req), req.params.pluginId);
      return reply.code(204).send(null);
    },
  );
  r.post(
    '/reported/:pluginId/hide-plugin',
    { schema: { tags, security: bearer, params: pluginIdParam, response: noContent } },
    async (req, reply) => {
      await service.reports.setPluginHidden(staff(req), req.params.pluginId, true);
      return reply.code(204).send(null);
    },
  );
  r.post(
    '/reported/:pluginId/restore-plugin',
    { schema: { tags, security: bearer, params: pluginIdParam, response: noContent } },
    async (req, reply) => {
      await service.reports.setPluginHidden(staff(req), req.params.pluginId, false);
      return reply.code(204).send(null);
    },
  );
}

/** Every car, and hiding or restoring one. */
function carRoutes(app: App, service: ModerationService) {
  const r = typed(app);
  r.get(
    '/cars',
    {
      schema: {
        tags,
        security: bearer,
        querystring: moderationCarsQuery,
        response: { 200: moderationCarsResponse },
      },
    },
    async (req) => service.cars.list(req.query),
  );
  r.post(
    '/cars/:id/hide',
    { schema: { tags, security: bearer, params: idParam, response: noContent } },
    async (req, reply) => {
      await service.cars.setHidden(staff(req), req.params.id, true);
      return reply.code(204).send(null);
    },
  );
  r.post(
    '/cars/:id/restore',
    { schema: { tags, security: bearer, params: idParam, response: noContent } },
    async (req, reply) => {
      await service.cars.setHidden(staff(req), req.params.id, false);
      return reply.code(204).send(null);
    },
  );
}
