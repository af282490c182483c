import { z } from 'zod';
import {
  MEMBER_MESSAGES,
  collectionDetailSchema,
  collectionItemParams,
  collectionItemRequest,
  collectionOrderRequest,
  collectionUpsertRequest,
  collectionsPageSchema,
  collectionsQuery,
  followResponseSchema,
  memberCollectionsQuery,
  memberCollectionsSchema,
} from '@bm/core';
import type { AppContext } from '../../context.js';
import { type App, idParam, noContent, requireMember, typed, signedInLimited } from '../../http.js';
import { CollectionReads } from './reads.js';
import { CollectionWrites } from './writes.js';

const tags = ['collections'];
const usernameParam = z.object({
  username: z.string().trim().min(1, MEMBER_MESSAGES.usernameInvalid).max(100, MEMBER_MESSAGES.usernameInvalid),
});

/** Collections (issue 29 item 1): reads for anyone the policy lets in, writes for their owner, rate limited. */
export function collectionRoutes(app: App, ctx: AppContext) {
  const r = typed(app);
  const reads = new CollectionReads(ctx);
  const writes = new CollectionWrites(ctx);
  const detail = { 200: collectionDetailSchema };

  r.get(
    '/collections',
    { schema: { tags, querystring: collectionsQuery, response: { 200: collectionsPageSchema } } },
    async (req) => reads.list(req.query, req.principal),
  );
  r.get('/collections/:id', { schema: { tags, params: idParam, response: detail } }, async (req) =>
    reads.detail(req.params.id, req.principal),
  );
  r.get(
    '/members/:username/collections',
    {
      schema: {
        tags,
        params: usernameParam,
        querystring: memberCollectionsQuery,
        response: { 200: memberCollectionsSchema },
      },
    },
    async (req) => {
      const { kind, itemId } = req.query;
      const item = kind && itemId ? { kind, id: itemId } : undefined;
      return { items: await reads.ofMember(req.params.username, req.principal, item) };
    },
  );

  r.post(
    '/collections',
    signedInLimited(ctx.limits, 'collection', {
      tags,
      body: collectionUpsertRequest,
      response: { 201: collectionDetailSchema },
    }),
    async (req, reply) => {
      const me = requireMember(req);
      const id = await writes.create(me, req.body);
      return reply.code(201).send(await reads.detail(id, me));
    },
  );
  r.put(
    '/collections/:id',
    signedInLimited(ctx.limits, 'collection', {
      tags,
      params: idParam,
      body: collectionUpsertRequest,
      response: detail,
    }),
    async (req) => {
      const me = requireMember(req);
      await writes.update(me, req.params.id, req.body);
      return reads.detail(req.params.id, me);
    },
  );
  r.delete(
    '/collections/:id',
    signedInLimited(ctx.limits, 'collection', { tags, params: idParam, response: noContent }),
    async (req, reply) => {
      await writes.remove(requireMember(req), req.params.id);
      return reply.code(204).send(null);
    },
  );
  r.post(
    '/collections/:id/items',
    signedInLimited(ctx.limits, 'collection', {
      tags,
      params: idParam,
      body: collectionItemRequest,
      response: { 201: collectionDetailSchema },
    }),
    async (req, reply) => {
      const me = requireMember(req);
      await writes.addItem(me, req.params.id, req.body);
      return reply.code(201).send(await reads.detail(req.params.id, me));
    },
  );
  r.delete(
    '/collections/:id/items/:kind/:itemId',
    signedInLimited(ctx.limits, 'collection', { tags, params: collectionItemParams, response: detail }),
    async (req) => {
      const me = requireMember(req);
      await writes.removeItem(me, req.params.id, req.params.kind, req.params.itemId);
      return reads.detail(req.params.id, me);
    },
  );
  r.put(
    '/collections/:id/order',
    signedInLimited(ctx.limits, 'collection', {
      tags,
      params: idParam,
      body: collectionOrderRequest,
      response: detail,
    }),
    async (req) => {
      const me = requireMember(req);
      await writes.reorder(me, req.params.id, req.body.items);
      return reads.detail(req.params.id, me);
    },
  );

  const follow = signedInLimited(ctx.limits, 'follow', {
    tags,
    params: idParam,
    response: { 200: followResponseSchema },
  });
  r.put('/collections/:id/follow', follow, async (req) => writes.setFollow(requireMember(req), req.params.id, true));
  r.delete('/collections/:id/follow', follow, async (req) =>
    writes.setFollow(requireMember(req), req.params.id, false),
  );
}
