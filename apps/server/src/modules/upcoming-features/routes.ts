import { z } from 'zod';
import {
  featureMessageRequest,
  featureRequest,
  featureStatusResponse,
  setFeatureCompletedRequest,
  subscribersPageSchema,
  subscribersQuery,
  upcomingFeatureSchema,
  upcomingFeaturesQuery,
  upsertFeatureRequest,
} from '@bm/core';
import type { AppContext } from '../../context.js';
import { administratorOnly, type App, noContent, only, requireMember, signedIn, typed } from '../../http.js';
import { UpcomingFeatureService } from './service.js';

const tags = ['features'];

/** Upcoming features (§7 UpcomingFeatures) and 'Notify me' subscriptions (§7 FeatureSubscriptions). */
export function upcomingFeatureRoutes(app: App, ctx: AppContext) {
  const r = typed(app);
  const features = new UpcomingFeatureService(ctx);

  app.addHook('onReady', async () => {
    await features.ensureComingSoon();
  });

  r.get(
    '/UpcomingFeatures',
    { schema: { tags, querystring: upcomingFeaturesQuery, response: { 200: z.array(upcomingFeatureSchema) } } },
    async (req) => features.list(req.query.includeCompleted),
  );

  r.post(
    '/UpcomingFeatures/upsert',
    only(administratorOnly, { tags, body: upsertFeatureRequest, response: { 200: upcomingFeatureSchema } }),
    async (req) => features.upsert(req.body.key, req.body.name),
  );

  r.post(
    '/UpcomingFeatures/set-completed',
    only(administratorOnly, { tags, body: setFeatureCompletedRequest, response: { 200: upcomingFeatureSchema } }),
    async (req) => features.setCompleted(req.body.key, req.body.isCompleted),
  );

  r.get(
    '/FeatureSubscriptions/status',
    only(signedIn, { tags, querystring: featureRequest, response: { 200: featureStatusResponse } }),
    async (req) => ({ subscribed: await features.status(requireMember(req).memberId, req.query.feature) }),
  );

  r.post(
    '/FeatureSubscriptions/subscribe',
    only(signedIn, { tags, body: featureRequest, response: noContent }),
    async (req, reply) => {
      await features.subscribe(requireMember(req).memberId, req.body.feature);
      return reply.code(204).send(null);
    },
  );

  r.post(
    '/FeatureSubscriptions/unsubscribe',
    only(signedIn, { tags, body: featureRequest, response: noContent }),
    async (req, reply) => {
      await features.unsubscribe(requireMember(req).memberId, req.body.feature);
      return reply.code(204).send(null);
    },
  );

  r.get(
    '/FeatureSubscriptions/subscribers',
    only(administratorOnly, { tags, querystring: subscribersQuery, response: { 200: subscribersPageSchema } }),
    async (req) => features.subscribers(req.query.feature, req.query.page, req.query.pageSize),
  );

  r.post(
    '/FeatureSubscriptions/send-message',
    only(administratorOnly, {
      tags,
      body: featureMessageRequest,
      response: { 202: z.object({ queued: z.literal(true) }) },
    }),
    async (req, reply) => {
      await features.queueMessage(requireMember(req).memberId, req.body.feature, req.body.subject, req.body.body);
      return reply.code(202).send({ queued: true });
    },
  );
}
