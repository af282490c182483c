import type { FastifyRequest } from 'fastify';
import { pluginRatingRequest, pluginRatingResponse, pluginViewResponse } from '@bm/core';
import type { AppContext } from '../../context.js';
import { type App, idParam, requireMember, typed, signedInLimited } from '../../http.js';
import { visitorKey } from '../../platform/visitor.js';
import { PluginEngagement } from './engagement.js';

/** Who is counted for a view or download: the member, or the address and browser. */
export const visitorOf = (ctx: AppContext, req: FastifyRequest) =>
  visitorKey(ctx.config.keys.visitor, req.principal?.memberId ?? null, req.ip, req.headers['user-agent']);

const tag = ['plugins'];

/** Ratings and counted views. */
export function engagementRoutes(app: App, ctx: AppContext) {
  const r = typed(app);
  const engagement = new PluginEngagement(ctx);
  r.get(
    '/plugins/:id/rating',
    { schema: { tags: tag, params: idParam, response: { 200: pluginRatingResponse } } },
    async (req) => engagement.rating(req.params.id, req.principal),
  );

  r.post(
    '/plugins/:id/rating',
    signedInLimited(ctx.limits, 'rating', {
      tags: tag,
      params: idParam,
      body: pluginRatingRequest,
      response: { 200: pluginRatingResponse },
    }),
    async (req) => engagement.rate(requireMember(req), req.params.id, req.body.stars),
  );

  r.post(
    '/plugins/:id/view',
    { schema: { tags: tag, params: idParam, response: { 200: pluginViewResponse } } },
    async (req) => engagement.countView(req.params.id, req.principal, visitorOf(ctx, req)),
  );
}
