import { z } from 'zod';
import {
  hiddenMailListQuery,
  mailCategorySchema,
  mailListQuery,
  mailMessageDetailSchema,
  mailPageSchema,
  unreadCountQuery,
  unreadCountResponse,
} from '@bm/core';
import type { AppContext } from '../../context.js';
import { type App, bearer, idParam, noContent, requireMember, signedIn, typed } from '../../http.js';
import { InboxService } from './service.js';

const tags = ['mail'];

/** The member's inbox (§7 /mail calls): every call sees only the caller's own messages. */
export function inboxRoutes(app: App, ctx: AppContext) {
  const r = typed(app);
  const mail = new InboxService(ctx);
  const opts = { preValidation: signedIn };

  r.get(
    '/mail',
    { ...opts, schema: { tags, security: bearer, querystring: mailListQuery, response: { 200: mailPageSchema } } },
    async (req) => mail.list(requireMember(req).memberId, req.query),
  );

  r.get(
    '/mail/categories',
    { ...opts, schema: { tags, security: bearer, response: { 200: z.array(mailCategorySchema) } } },
    async (req) => mail.categories(requireMember(req).memberId),
  );

  r.get(
    '/mail/hidden',
    {
      ...opts,
      schema: { tags, security: bearer, querystring: hiddenMailListQuery, response: { 200: mailPageSchema } },
    },
    async (req) => mail.hidden(requireMember(req).memberId, req.query),
  );

  r.get(
    '/mail/unread-count',
    {
      ...opts,
      schema: { tags, security: bearer, querystring: unreadCountQuery, response: { 200: unreadCountResponse } },
    },
    async (req) => ({ count: await mail.unreadCount(requireMember(req).memberId, req.query.search) }),
  );

  r.get(
    '/mail/:id',
    { ...opts, schema: { tags, security: bearer, params: idParam, response: { 200: mailMessageDetailSchema } } },
    async (req) => mail.open(requireMember(req).memberId, req.params.id),
  );

  const actions = { read: mail.markRead, hide: mail.hide, unhide: mail.unhide } as const;
  for (const [action, run] of Object.entries(actions)) {
    r.post(
      `/mail/:id/${action}`,
      { ...opts, schema: { tags, security: bearer, params: idParam, response: noContent } },
      async (req, reply) => {
        await run.call(mail, requireMember(req).memberId, req.params.id);
        return reply.code(204).send(null);
      },
    );
  }
}
