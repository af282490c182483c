import { z } from 'zod';
import {
  adminMembersQuery,
  adminMembersResponse,
  connectionsResponse,
  feedbackItem,
  feedbackListQuery,
  feedbackListResponse,
  feedbackStatusRequest,
  memberRoleParams,
  webhookDelivery,
  webhookDeliveryList,
  webhookTestRequest,
} from '@bm/core';
import type { AppContext } from '../../context.js';
import { administratorOnly, type App, idParam, only, requireRole, staffOnly, typed } from '../../http.js';
import { AdminService } from './service.js';

const tags = ['admin'];

export function adminRoutes(app: App, ctx: AppContext) {
  const r = typed(app);
  const service = new AdminService(ctx);

  r.get('/admin/connections', only(staffOnly, { tags, response: { 200: connectionsResponse } }), async () =>
    service.connections(),
  );

  r.post(
    '/webhooks/test',
    only(administratorOnly, { tags, body: webhookTestRequest, response: { 200: webhookDelivery } }),
    async (req) => service.sendTestWebhook(req.body.url),
  );

  r.get('/admin/webhooks/deliveries', only(staffOnly, { tags, response: { 200: webhookDeliveryList } }), async () =>
    service.deliveries(),
  );

  r.post(
    '/admin/webhooks/deliveries/:id/redeliver',
    only(administratorOnly, { tags, params: idParam, response: { 200: webhookDelivery } }),
    async (req) => service.redeliver(req.params.id),
  );

  r.get(
    '/admin/feedback',
    only(staffOnly, { tags, querystring: feedbackListQuery, response: { 200: feedbackListResponse } }),
    async (req) => service.feedbackList(req.query),
  );

  r.get(
    '/admin/feedback/:id',
    only(staffOnly, { tags, params: idParam, response: { 200: feedbackItem } }),
    async (req) => service.feedbackDetail(req.params.id),
  );

  r.patch(
    '/admin/feedback/:id',
    only(administratorOnly, { tags, params: idParam, body: feedbackStatusRequest, response: { 200: feedbackItem } }),
    async (req) => service.setFeedbackStatus(req.params.id, req.body.status),
  );

  r.get(
    '/admin/members',
    only(staffOnly, { tags, querystring: adminMembersQuery, response: { 200: adminMembersResponse } }),
    async (req) => service.members(req.query),
  );

  r.put(
    '/admin/members/:id/roles/:role',
    only(administratorOnly, { tags, params: memberRoleParams, response: { 204: z.null() } }),
    async (req, reply) => {
      await service.grantRole(req.params.id, req.params.role);
      return reply.code(204).send(null);
    },
  );

  r.delete(
    '/admin/members/:id/roles/:role',
    only(administratorOnly, { tags, params: memberRoleParams, response: { 204: z.null() } }),
    async (req, reply) => {
      await service.revokeRole(requireRole(req, 'administrator'), req.params.id, req.params.role);
      return reply.code(204).send(null);
    },
  );

  for (const action of ['disable', 'enable'] as const) {
    r.post(
      `/admin/members/:id/${action}`,
      only(administratorOnly, { tags, params: idParam, response: { 204: z.null() } }),
      async (req, reply) => {
        await service.setDisabled(requireRole(req, 'administrator'), req.params.id, action === 'disable');
        return reply.code(204).send(null);
      },
    );
  }
}
