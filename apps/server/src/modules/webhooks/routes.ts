import { z } from 'zod';
import {
  webhookDelivery,
  webhookEndpoint,
  webhookEndpointCreate,
  webhookEndpointList,
  webhookEndpointUpdate,
  webhookEndpointWithSecret,
} from '@bm/core';
import type { AppContext } from '../../context.js';
import { administratorOnly, type App, idParam, only, typed } from '../../http.js';
import { WebhookEndpoints } from './service.js';

const tags = ['admin'];

/** /admin/webhooks: release webhook endpoints, administrators only (checked before the input is read). */
export function webhookEndpointRoutes(app: App, ctx: AppContext) {
  const r = typed(app);
  const endpoints = new WebhookEndpoints(ctx);

  r.get('/admin/webhooks', only(administratorOnly, { tags, response: { 200: webhookEndpointList } }), async () =>
    endpoints.list(),
  );
  r.post(
    '/admin/webhooks',
    only(administratorOnly, { tags, body: webhookEndpointCreate, response: { 201: webhookEndpointWithSecret } }),
    async (req, reply) => reply.code(201).send(await endpoints.create(req.body)),
  );
  r.patch(
    '/admin/webhooks/:id',
    only(administratorOnly, {
      tags,
      params: idParam,
      body: webhookEndpointUpdate,
      response: { 200: z.union([webhookEndpointWithSecret, webhookEndpoint]) },
    }),
    async (req) => endpoints.update(req.params.id, req.body),
  );
  r.delete(
    '/admin/webhooks/:id',
    only(administratorOnly, { tags, params: idParam, response: { 204: z.null() } }),
    async (req, reply) => {
      await endpoints.remove(req.params.id);
      return reply.code(204).send(null);
    },
  );
  r.post(
    '/admin/webhooks/:id/test',
    only(administratorOnly, { tags, params: idParam, response: { 200: webhookDelivery } }),
    async (req) => endpoints.sendTest(req.params.id),
  );
}
