import { z } from 'zod';
import {
  MAIL_MESSAGES as M,
  productUpdateAudience,
  productUpdateIdParam,
  productUpdateProgress,
  productUpdateQueued,
  productUpdateRequest,
} from '@bm/core';
import type { AppContext } from '../../context.js';
import { administratorOnly, type App, only, typed } from '../../http.js';
import { HttpError, notFound } from '../../platform/errors.js';
import { UNSUBSCRIBE_PATH, readUnsubscribeToken } from './unsubscribe.js';

const tokenQuery = z.object({
  token: z.string({ message: M.unsubscribeInvalid }).min(1, M.unsubscribeInvalid).max(500, M.unsubscribeInvalid),
});

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const page = (publicUrl: string, text: string, confirm?: { action: string; label: string }) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Email preferences</title></head>
<body style="font-family:Arial,sans-serif;background:#0f172a;color:#e2e8f0;padding:24px"><main style="max-width:560px;margin:0 auto">
<h1>Email preferences</h1><p>${text}</p>${
    confirm
      ? `<form method="post" action="${escapeHtml(confirm.action)}"><input type="hidden" name="List-Unsubscribe" value="One-Click"><button type="submit" style="background:#2563eb;color:#fff;border:0;border-radius:6px;padding:10px 16px;font-size:16px">${confirm.label}</button></form>`
      : ''
  }<p><a style="color:#7dd3fc" href="${publicUrl}/account/settings/notifications">Notification settings</a></p></main></body></html>`;

const ASK = {
  inboxNotifications: 'Stop getting email copies of your inbox notifications? Your inbox keeps every message.',
  productUpdates: 'Stop getting product update emails?',
} as const;

const TURNED_OFF = {
  inboxNotifications: 'You will no longer get email copies of your inbox notifications.',
  productUpdates: 'You will no longer get product update emails.',
} as const;

export function notificationRoutes(app: App, ctx: AppContext) {
  const r = typed(app);
  r.get(
    '/admin/product-updates/audience',
    only(administratorOnly, { tags: ['admin'], response: { 200: productUpdateAudience } }),
    async () => ({ recipients: await ctx.notifications.productUpdateAudience() }),
  );

  // A product update goes to every member who opted in: queued here, sent by the job in batches.
  r.post(
    '/admin/product-updates',
    only(administratorOnly, { tags: ['admin'], body: productUpdateRequest, response: { 202: productUpdateQueued } }),
    async (req, reply) =>
      reply.code(202).send(await ctx.notifications.queueProductUpdate(req.body.subject, req.body.body)),
  );

  r.get(
    '/admin/product-updates/:id',
    only(administratorOnly, {
      tags: ['admin'],
      params: productUpdateIdParam,
      response: { 200: productUpdateProgress },
    }),
    async (req) => {
      const progress = await ctx.notifications.productUpdateProgress(req.params.id);
      if (!progress) throw notFound(M.productUpdateNotFound);
      return progress;
    },
  );

  void app.register(async (scope) => unsubscribeRoutes(scope, ctx));
}

/**
 * The List-Unsubscribe link of notice emails: a signed token turns its preference off without
 * signing in. Mail clients POST to it (RFC 8058 one-click). Opening it (GET) only asks: link
 * scanners that fetch every URL of a mail must not unsubscribe anyone; the page's button posts.
 */
function unsubscribeRoutes(app: App, ctx: AppContext) {
  // One-click unsubscribe posts 'List-Unsubscribe=One-Click' as a form; only the token in the URL counts.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 1024 },
    (_req, body, done) => done(null, body),
  );
  const r = typed(app);
  const unsubscribe = async (token: string) => {
    const preference = await ctx.notifications.unsubscribe(token);
    if (!preference) throw new HttpError(400, M.unsubscribeInvalid);
    return preference;
  };

  r.post(
    UNSUBSCRIBE_PATH.replace(/^\/api/, ''),
    {
      schema: {
        tags: ['notifications'],
        querystring: tokenQuery,
        response: { 200: z.string().describe('A page, for a browser'), 204: z.null().describe('No content') },
      },
    },
    async (req, reply) => {
      const preference = await unsubscribe(req.query.token);
      // The confirm page's button is a person in a browser: answer with a page; a mail client gets 204.
      if ((req.headers.accept ?? '').includes('text/html')) {
        return reply
          .code(200)
          .type('text/html; charset=utf-8')
          .send(page(ctx.config.publicUrl, TURNED_OFF[preference]));
      }
      return reply.code(204).send(null);
    },
  );

  r.get(
    UNSUBSCRIBE_PATH.replace(/^\/api/, ''),
    { schema: { tags: ['notifications'], querystring: tokenQuery } },
    async (req, reply) => {
      const claim = readUnsubscribeToken(ctx.config.keys.unsubscribe, req.query.token);
      const action = `${UNSUBSCRIBE_PATH}?token=${encodeURIComponent(req.query.token)}`;
      return reply
        .code(claim ? 200 : 400)
        .type('text/html; charset=utf-8')
        .send(
          claim
            ? page(ctx.config.publicUrl, ASK[claim.preference], { action, label: 'Unsubscribe' })
            : page(ctx.config.publicUrl, M.unsubscribeInvalid),
        );
    },
  );
}
