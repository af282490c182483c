import { z } from 'zod';
import {
  moderationListQuery,
  reportActionRequest,
  reportCarRequest,
  reportCommentRequest,
  reportPluginRequest,
  reportedCarsResponse,
  reportedCommentsResponse,
} from '@bm/core';
import type { AppContext } from '../../context.js';
import {
  type App,
  bearer,
  idParam,
  noContent,
  requireMember,
  requireRole,
  typed,
  signedInLimited,
} from '../../http.js';
import { reportedCars, reportedComments } from './reported-lists.js';
import type { ModerationService } from './service.js';

const tags = ['moderation'];
const created = { 201: z.object({ id: z.number().int() }) };

/** Members report plugins (from the plugin page), cars and comments: signed in, under one limit, answering the report's id. */
export function memberReportRoutes(app: App, ctx: AppContext, service: ModerationService) {
  const r = typed(app);
  const report = <Body extends z.ZodType>(body: Body) =>
    signedInLimited(ctx.limits, 'report', { tags, params: idParam, body, response: created });
  r.post('/plugins/:id/report', report(reportPluginRequest), async (req, reply) =>
    reply.code(201).send(await service.reports.report(requireMember(req), req.params.id, req.body)),
  );
  r.post('/cars/:id/report', report(reportCarRequest), async (req, reply) =>
    reply.code(201).send(await service.reports.reportCar(requireMember(req), req.params.id, req.body)),
  );
  r.post('/comments/:id/report', report(reportCommentRequest), async (req, reply) =>
    reply.code(201).send(await service.reports.reportComment(requireMember(req), req.params.id, req.body)),
  );
}

const carIdParam = z.object({ carId: idParam.shape.id });
const commentIdParam = z.object({ commentId: idParam.shape.id });

/** Under /moderation (staff only, checked by the scope): reported cars and comments and what is done with them. */
export function reportedContentRoutes(app: App, ctx: AppContext, service: ModerationService) {
  const r = typed(app);
  const staff = (req: Parameters<typeof requireRole>[0]) => requireRole(req, 'moderator', 'administrator');
  r.get(
    '/cars/reported',
    { schema: { tags, security: bearer, querystring: moderationListQuery, response: { 200: reportedCarsResponse } } },
    async (req) => reportedCars(ctx, req.query),
  );
  r.get(
    '/comments/reported',
    {
      schema: { tags, security: bearer, querystring: moderationListQuery, response: { 200: reportedCommentsResponse } },
    },
    async (req) => reportedComments(ctx, req.query),
  );
  r.post(
    '/reported/cars/:carId/dismiss',
    { schema: { tags, security: bearer, params: carIdParam, response: noContent } },
    async (req, reply) => {
      await service.reports.dismissCarReports(staff(req), req.params.carId);
      return reply.code(204).send(null);
    },
  );
  r.post(
    '/reported/cars/:carId/hide-car',
    {
      schema: { tags, security: bearer, params: carIdParam, body: reportActionRequest.nullish(), response: noContent },
    },
    async (req, reply) => {
      await service.reports.hideReportedCar(staff(req), req.params.carId, req.body?.note);
      return reply.code(204).send(null);
    },
  );
  r.post(
    '/reported/comments/:commentId/dismiss',
    { schema: { tags, security: bearer, params: commentIdParam, response: noContent } },
    async (req, reply) => {
      await service.reports.dismissCommentReports(staff(req), req.params.commentId);
      return reply.code(204).send(null);
    },
  );
  r.post(
    '/reported/comments/:commentId/delete',
    {
      schema: {
        tags,
        security: bearer,
        params: commentIdParam,
        body: reportActionRequest.nullish(),
        response: noContent,
      },
    },
    async (req, reply) => {
      await service.reports.deleteReportedComment(staff(req), req.params.commentId, req.body?.note);
      return reply.code(204).send(null);
    },
  );
}
