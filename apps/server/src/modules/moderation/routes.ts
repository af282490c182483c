import type { FastifyRequest } from 'fastify';
import type { Multipart } from '@fastify/multipart';
import { z } from 'zod';
import {
  BINARY_ZIP_MAX_BYTES,
  DEBUG_ARCHIVE_MAX_BYTES,
  moderationCarsQuery,
  moderationCarsResponse,
  moderationDetail,
  moderationListQuery,
  moderationListResponse,
  moderatorDashboard,
  rejectRequest,
  reportedListResponse,
  reportPluginRequest,
} from '@bm/core';
import type { AppContext } from '../../context.js';
import { type App, bearer, idParam, requireMember, requireRole, typed } from '../../http.js';
import { badRequest } from '../../platform/errors.js';
import { ZIP_MESSAGES } from '../plugins/zip.js';
import { type ApproveFiles, ModerationService } from './service.js';

const tags = ['moderation'];
const STAFF = ['moderator', 'administrator'];

/** The spec sees both page/pageSize/search and Page/PageSize/Search: PascalCase keys are read too. */
const camelKeys = (v: unknown) => {
  if (!v || typeof v !== 'object') return v;
  const out: Record<string, unknown> = {};
  for (const [k, val] of Object.entries(v as Record<string, unknown>)) {
    const camel = k.charAt(0).toLowerCase() + k.slice(1);
    if (!(camel in out) || k === camel) out[camel] = val;
  }
  return out;
};
const listQuery = z.preprocess(camelKeys, moderationListQuery);
const carsQuery = z.preprocess(camelKeys, moderationCarsQuery);
const submissionParam = z.object({ submissionId: idParam.shape.id });
const pluginParam = z.object({ pluginId: idParam.shape.id });

/** Reads the approve form: optional `binary` and `debugArchive` ZIPs and an `approvalNote`. */
async function readApproveForm(req: FastifyRequest): Promise<ApproveFiles> {
  if (!req.isMultipart()) return {};
  const out: ApproveFiles = {};
  const parts = req.parts({ limits: { fileSize: BINARY_ZIP_MAX_BYTES, files: 2, fields: 5, fieldSize: 64 * 1024 } });
  for await (const part of parts as AsyncIterable<Multipart>) {
    if (part.type === 'file') {
      const data = await part.toBuffer().catch((e: { code?: string }) => {
        if (e.code === 'FST_REQ_FILE_TOO_LARGE') throw badRequest(ZIP_MESSAGES.tooLarge(BINARY_ZIP_MAX_BYTES), part.fieldname);
        throw e;
      });
      if (part.fieldname === 'binary') out.binary = data;
      else if (part.fieldname === 'debugArchive') {
        if (data.length > DEBUG_ARCHIVE_MAX_BYTES) throw badRequest(ZIP_MESSAGES.tooLarge(DEBUG_ARCHIVE_MAX_BYTES), 'debugArchive');
        out.debugArchive = data;
      } else throw badRequest(`Unexpected file field: ${part.fieldname.slice(0, 50)}`, part.fieldname);
    } else if (part.fieldname === 'approvalNote' && typeof part.value === 'string') {
      out.approvalNote = part.value;
    }
  }
  return out;
}

export function moderationRoutes(app: App, ctx: AppContext) {
  const service = new ModerationService(ctx);

  // A member's report is not staff work: any signed-in member, on a plugin they can see.
  typed(app).post(
    '/plugins/:id/report',
    {
      preValidation: async (req) => {
        requireMember(req);
      },
      schema: { tags, security: bearer, params: idParam, body: reportPluginRequest, response: { 201: z.object({ id: z.number().int() }) } },
    },
    async (req, reply) => {
      const principal = requireMember(req);
      await ctx.limits.consume('report', req.ip, String(principal.memberId));
      return reply.code(201).send(await service.report(principal, req.params.id, req.body.reason, req.body.details));
    },
  );

  // Everything under /moderation is for staff: 401/403 before any parameter or body is looked at.
  void app.register(async (scope) => {
    scope.addHook('onRequest', async (req) => {
      requireRole(req, ...STAFF);
    });
    const r = typed(scope);
    const staff = (req: FastifyRequest) => requireRole(req, ...STAFF);

    r.get('/moderation/dashboard', { schema: { tags, security: bearer, response: { 200: moderatorDashboard } } }, async () => service.dashboard());

    r.get(
      '/moderation/plugins/pending',
      { schema: { tags, security: bearer, querystring: listQuery, response: { 200: moderationListResponse } } },
      async (req) => service.reviewList('pending', req.query),
    );
    r.get(
      '/moderation/plugins/hidden',
      { schema: { tags, security: bearer, querystring: listQuery, response: { 200: moderationListResponse } } },
      async (req) => service.reviewList('hidden', req.query),
    );
    r.get(
      '/moderation/plugins/reported',
      { schema: { tags, security: bearer, querystring: listQuery, response: { 200: reportedListResponse } } },
      async (req) => service.reportedList(req.query),
    );
    r.get(
      '/moderation/plugins/:submissionId',
      { schema: { tags, security: bearer, params: submissionParam, response: { 200: moderationDetail } } },
      async (req) => service.open(staff(req), req.params.submissionId),
    );
    r.post(
      '/moderation/plugins/:submissionId/takeover',
      { schema: { tags, security: bearer, params: submissionParam, response: { 200: moderationDetail } } },
      async (req) => service.takeover(staff(req), req.params.submissionId),
    );
    r.post(
      '/moderation/plugins/:submissionId/approve',
      { schema: { tags, security: bearer, params: submissionParam, consumes: ['multipart/form-data', 'application/json'] } },
      async (req, reply) => {
        const files = await readApproveForm(req);
        await service.approve(staff(req), req.params.submissionId, files);
        return reply.code(204).send();
      },
    );
    r.post(
      '/moderation/plugins/:submissionId/reject',
      { schema: { tags, security: bearer, params: submissionParam, body: rejectRequest } },
      async (req, reply) => {
        await service.reject(staff(req), req.params.submissionId, req.body.reason, req.body.message);
        return reply.code(204).send();
      },
    );
    r.post('/moderation/plugins/:submissionId/hide', { schema: { tags, security: bearer, params: submissionParam } }, async (req, reply) => {
      await service.hide(staff(req), req.params.submissionId);
      return reply.code(204).send();
    });

    r.post('/moderation/reported/:pluginId/dismiss', { schema: { tags, security: bearer, params: pluginParam } }, async (req, reply) => {
      await service.dismissReports(staff(req), req.params.pluginId);
      return reply.code(204).send();
    });
    r.post('/moderation/reported/:pluginId/hide-plugin', { schema: { tags, security: bearer, params: pluginParam } }, async (req, reply) => {
      await service.setPluginActive(staff(req), req.params.pluginId, false);
      return reply.code(204).send();
    });
    r.post('/moderation/reported/:pluginId/restore-plugin', { schema: { tags, security: bearer, params: pluginParam } }, async (req, reply) => {
      await service.setPluginActive(staff(req), req.params.pluginId, true);
      return reply.code(204).send();
    });

    r.get(
      '/moderation/cars',
      { schema: { tags, security: bearer, querystring: carsQuery, response: { 200: moderationCarsResponse } } },
      async (req) => service.carList(req.query),
    );
    r.post('/moderation/cars/:id/hide', { schema: { tags, security: bearer, params: idParam } }, async (req, reply) => {
      await service.setCarHidden(staff(req), req.params.id, true);
      return reply.code(204).send();
    });
    r.post('/moderation/cars/:id/restore', { schema: { tags, security: bearer, params: idParam } }, async (req, reply) => {
      await service.setCarHidden(staff(req), req.params.id, false);
      return reply.code(204).send();
    });
  });
}

