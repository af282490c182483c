import type { FastifyReply, FastifyRequest } from 'fastify';
import { PLUGIN_MESSAGES as M, MEMBER_MESSAGES } from '@bm/core';
import type { AppContext } from '../../context.js';
import type { App } from '../../http.js';
import { notFound } from '../../platform/errors.js';
import { siteOrigin } from '../../spa.js';
import { type FeedKind, feedXml } from './feeds.js';

export const ATOM_TYPE = 'application/atom+xml; charset=utf-8';

/** A plugin id in a feed's path (digits within int4), else null. */
const feedId = (raw: string) =>
  /^\d{1,10}$/.test(raw) && Number(raw) > 0 && Number(raw) <= 2147483647 ? Number(raw) : null;

/**
 * The Atom feeds at the site's root (not under /api, registered before the web app's fallback):
 * /feeds/plugins.atom, /feeds/plugins/{id}.atom, /feeds/members/{username}.atom. docs/feeds.md.
 */
export function feedRoutes(app: App, ctx: AppContext) {
  const send = async (req: FastifyRequest, reply: FastifyReply, feed: FeedKind) =>
    reply
      .type(ATOM_TYPE)
      .header('cache-control', 'public, max-age=300')
      .send(await feedXml(ctx, siteOrigin(ctx.config, req), feed));

  app.get('/feeds/plugins.atom', { schema: { hide: true } }, async (req, reply) => send(req, reply, { kind: 'site' }));

  app.get<{ Params: { id: string } }>('/feeds/plugins/:id', { schema: { hide: true } }, async (req, reply) => {
    const m = /^(.+)\.atom$/.exec(req.params.id);
    const id = m ? feedId(m[1]!) : null;
    if (id === null) throw notFound(M.notFound);
    return send(req, reply, { kind: 'plugin', id });
  });

  app.get<{ Params: { name: string } }>('/feeds/members/:name', { schema: { hide: true } }, async (req, reply) => {
    const username = /^(.{1,100})\.atom$/s.exec(req.params.name)?.[1]?.trim();
    if (!username) throw notFound(MEMBER_MESSAGES.notFound);
    return send(req, reply, { kind: 'member', username });
  });
}
