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
import { type App, idParam, noContent, only, requireMember, signedIn, typed } from '../../http.js';
import { InboxService } from './service.js';

const tags = ['mail'];

/** The member's inbox (§7 /mail calls): every call sees only the caller's own messages. */
export function inboxRoutes(app: App, ctx: AppContext) {
  const r = typed(app);
  const mail = new InboxService(ctx);

  r.get('/mail', only(signedIn, { tags, querystring: mailListQuery, response: { 200: mailPageSchema } }), async (req) =>
    mail.list(requireMember(req).memberId, req.query),
  );

  r.get('/mail/categories', only(signedIn, { tags, response: { 200: z.array(mailCategorySchema) } }), async (req) =>
    mail.categories(requireMember(req).memberId),
  );

  r.get(
    '/mail/hidden',
    only(signedIn, { tags, querystring: hiddenMailListQuery, response: { 200: mailPageSchema } }),
    async (req) => mail.hidden(requireMember(req).memberId, req.query),
  );

  r.get(
    '/mail/unread-count',
    only(signedIn, { tags, querystring: unreadCountQuery, response: { 200: unreadCountResponse } }),
    async (req) => ({ count: await mail.unreadCount(requireMember(req).memberId, req.query.search) }),
  );

  r.get(
    '/mail/:id',
    only(signedIn, { tags, params: idParam, response: { 200: mailMessageDetailSchema } }),
    async (req) => mail.open(requireMember(req).memberId, req.params.id),
  );

  const actions = { read: mail.markRead, hide: mail.hide, unhide: mail.unhide } as const;
  for (const [action, run] of Object.entries(actions)) {
    r.post(
      `/mail/:id/${action}`,
      only(signedIn, { tags, params: idParam, response: noContent }),
      async (req, reply) => {
        await run.call(mail, requireMember(req).memberId, req.params.id);
        return reply.code(204).send(null);
      },
    );
  }
}
