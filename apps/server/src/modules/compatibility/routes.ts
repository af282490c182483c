import { z } from 'zod';
import {
  compatibilityReportRequest,
  declaredGameVersionsRequest,
  declaredGameVersionsResponse,
  pluginCompatibilityAnswerSchema,
} from '@bm/core';
import type { AppContext } from '../../context.js';
import { type App, idParam, only, requireMember, signedIn, typed, signedInLimited } from '../../http.js';
import { CompatibilityService } from './service.js';

const tags = ['compatibility'];
const reportParams = z.object({ id: idParam.shape.id, gameVersionId: idParam.shape.id });

/** Compatibility of plugins with game versions (issue 25 item 2, docs/compatibility.md). */
export function compatibilityRoutes(app: App, ctx: AppContext) {
  const r = typed(app);
  const service = new CompatibilityService(ctx);

  r.get(
    '/plugins/:id/compatibility',
    { schema: { tags, params: idParam, response: { 200: pluginCompatibilityAnswerSchema } } },
    async (req) => service.get(req.params.id, req.principal),
  );

  r.put(
    '/plugins/:id/compatibility/:gameVersionId',
    signedInLimited(ctx.limits, 'compatibility', {
      tags,
      params: reportParams,
      body: compatibilityReportRequest,
      response: { 200: pluginCompatibilityAnswerSchema },
    }),
    async (req) => service.report(requireMember(req), req.params.id, req.params.gameVersionId, req.body.works),
  );

  r.delete(
    '/plugins/:id/compatibility/:gameVersionId',
    signedInLimited(ctx.limits, 'compatibility', {
      tags,
      params: reportParams,
      response: { 200: pluginCompatibilityAnswerSchema },
    }),
    async (req) => service.report(requireMember(req), req.params.id, req.params.gameVersionId, null),
  );

  r.get(
    '/plugins/my/:id/game-versions',
    only(signedIn, { tags, params: idParam, response: { 200: declaredGameVersionsResponse.nullable() } }),
    async (req) => service.declared(requireMember(req), req.params.id),
  );

  r.put(
    '/plugins/my/:id/game-versions',
    only(signedIn, {
      tags,
      params: idParam,
      body: declaredGameVersionsRequest,
      response: { 200: declaredGameVersionsResponse },
    }),
    async (req) => service.declare(requireMember(req), req.params.id, req.body.gameVersionIds),
  );
}
