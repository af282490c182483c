import { z } from 'zod';
import {
  CAR_BANNER_MAX_BYTES,
  CAR_MESSAGES as M,
  carBannerResponse,
  carBodiesSchema,
  carCopyResponse,
  carDetailSchema,
  carPinRequest,
  carPinResponse,
  carRateRequest,
  carRatingSchema,
  carSchema,
  carStatsSchema,
  carsPageSchema,
  carsQuery,
  carListSort,
  carUpsertRequest,
  carViewResponse,
  carVoteRequest,
  carVotesSchema,
  statsQuery,
} from '@bm/core';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import {
  type App,
  bearer,
  idParam,
  only,
  rateLimited,
  requireMember,
  signedIn,
  typed,
  signedInLimited,
} from '../../http.js';
import { HttpError } from '../../platform/errors.js';
import { sendKept } from '../../platform/read-cache.js';
import { CarService, type VisitorInfo } from './service.js';

const tags = ['cars'];
const visitorOf = (req: FastifyRequest): VisitorInfo => ({ ip: req.ip, userAgent: req.headers['user-agent'] });

/**
 * The car routes, in groups: reading, writing (by the owner) and engagement. Signed-in calls
 * answer 401 before looking at the body.
 */
export function carRoutes(app: App, ctx: AppContext) {
  const carsService = new CarService(ctx);

  carReadRoutes(app, carsService);
  carWriteRoutes(app, ctx, carsService);
  carEngagementRoutes(app, ctx, carsService);
}

/** Lists, the body menu, a car, the caller's cars and their chart. */
function carReadRoutes(app: App, cars: CarService) {
  const r = typed(app);

  // Lists and the body menu are the same for everyone: the kept answer itself (sendKept).
  r.get('/cars', { schema: { tags, querystring: carsQuery, response: { 200: carsPageSchema } } }, async (req, reply) =>
    sendKept(reply as unknown as FastifyReply, await cars.reads.list({ ...req.query, sortBy: carListSort(req.query) })),
  );

  r.get('/cars/bodies', { schema: { tags, response: { 200: carBodiesSchema } } }, async (_req, reply) =>
    sendKept(reply as unknown as FastifyReply, await cars.reads.bodies()),
  );

  r.get('/cars/my', only(signedIn, { tags, response: { 200: z.array(carSchema) } }), async (req) =>
    cars.reads.mine(requireMember(req)),
  );

  r.get(
    '/cars/my/:id/stats',
    only(signedIn, { tags, params: idParam, querystring: statsQuery, response: { 200: carStatsSchema } }),
    async (req) => cars.engagement.stats(requireMember(req), req.params.id, req.query.days),
  );

  // Anonymous visitors get the kept car itself (sendKept); members get it with their own stars and vote.
  r.get(
    '/cars/:id',
    { schema: { tags, security: bearer, params: idParam, response: { 200: carDetailSchema } } },
    async (req, reply) => {
      const car = await cars.reads.detail(req.params.id, req.principal);
      return req.principal ? car : sendKept(reply as unknown as FastifyReply, car);
    },
  );
}

/** Creating, editing, deleting, pinning and the banner: the owner's. */
function carWriteRoutes(app: App, ctx: AppContext, cars: CarService) {
  const r = typed(app);

  r.post(
    '/cars',
    signedInLimited(ctx.limits, 'create', { tags, body: carUpsertRequest, response: { 201: carDetailSchema } }),
    async (req, reply) => {
      const car = await cars.writes.create(requireMember(req), req.body);
      return reply.code(201).send(car);
    },
  );

  r.put(
    '/cars/:id',
    only(signedIn, { tags, params: idParam, body: carUpsertRequest, response: { 200: carDetailSchema } }),
    async (req) => cars.writes.update(requireMember(req), req.params.id, req.body),
  );

  r.delete('/cars/:id', only(signedIn, { tags, params: idParam, response: { 204: z.null() } }), async (req, reply) => {
    await cars.writes.remove(requireMember(req), req.params.id);
    return reply.code(204).send(null);
  });

  r.post(
    '/cars/:id/pin',
    only(signedIn, { tags, params: idParam, body: carPinRequest, response: { 200: carPinResponse } }),
    async (req) => ({ isPinned: await cars.writes.setPinned(requireMember(req), req.params.id, req.body.isPinned) }),
  );

  r.post(
    '/cars/:id/banner',
    only(signedIn, {
      tags,
      params: idParam,
      consumes: ['multipart/form-data'],
      response: { 200: carBannerResponse },
    }),
    async (req) => {
      const principal = requireMember(req);
      await cars.writes.assertOwner(principal, req.params.id);
      if (!req.isMultipart()) throw new HttpError(415, M.bannerMultipart);
      const file = await req.file({ limits: { fileSize: CAR_BANNER_MAX_BYTES, files: 1 } });
      if (!file) throw new HttpError(400, M.bannerMissing, { errors: { file: [M.bannerMissing] } });
      const data = await file.toBuffer().catch((e: { code?: string }) => {
        if (e.code === 'FST_REQ_FILE_TOO_LARGE') throw new HttpError(413, M.bannerTooLarge);
        throw e;
      });
      return { bannerUrl: await cars.files.setBanner(principal, req.params.id, data) };
    },
  );
}

/** Counted views and copies, votes and ratings. */
function carEngagementRoutes(app: App, ctx: AppContext, cars: CarService) {
  const r = typed(app);

  r.post('/cars/:id/view', { schema: { tags, params: idParam, response: { 200: carViewResponse } } }, async (req) =>
    cars.engagement.countView(req.params.id, req.principal, visitorOf(req)),
  );

  r.post('/cars/:id/copy', { schema: { tags, params: idParam, response: { 200: carCopyResponse } } }, async (req) =>
    cars.engagement.countCopy(req.params.id, req.principal, visitorOf(req)),
  );

  /** The options of a member's limited call on one car by id, with a body, answering 200. */
  const limitedCall = <Body extends z.ZodType, Answer extends z.ZodType>(
    limit: Parameters<typeof rateLimited>[1],
    body: Body,
    answer: Answer,
  ) => signedInLimited(ctx.limits, limit, { tags, params: idParam, body, response: { 200: answer } });

  r.post('/cars/:id/vote', limitedCall('vote', carVoteRequest, carVotesSchema), async (req) =>
    cars.engagement.vote(requireMember(req), req.params.id, req.body.voteType),
  );

  r.post('/cars/:id/rate', limitedCall('rating', carRateRequest, carRatingSchema), async (req) =>
    cars.engagement.rate(requireMember(req), req.params.id, req.body.stars),
  );

  r.get(
    '/cars/:id/rating',
    { schema: { tags, security: bearer, params: idParam, response: { 200: carRatingSchema } } },
    async (req) => cars.engagement.rating(req.params.id, req.principal),
  );
}
