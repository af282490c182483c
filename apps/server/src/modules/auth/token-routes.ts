import { z } from 'zod';
import { publishTokenCreated, publishTokenCreateRequest, publishTokenInfo } from '@bm/core';
import type { AppContext } from '../../context.js';
import { type App, noContent, only, requireMember, signedIn, typed } from '../../http.js';
import { createPublishToken, listPublishTokens, revokePublishToken } from './publish-tokens.js';

/**
 * A member's publish tokens (docs/publish-tokens.md): create (the token is answered once), list,
 * revoke. These calls name no token scope, so only a session reaches them, never a token.
 */
export function publishTokenRoutes(app: App, ctx: AppContext) {
  const r = typed(app);
  const tags = ['auth'];

  r.post(
    '/auth/tokens',
    only(signedIn, { tags, body: publishTokenCreateRequest, response: { 201: publishTokenCreated } }),
    async (req, reply) => {
      const principal = requireMember(req);
      await ctx.limits.consume('create', req.ip, `m:${principal.memberId}`);
      return reply.code(201).send(await createPublishToken(ctx, principal, req.body));
    },
  );

  r.get('/auth/tokens', only(signedIn, { tags, response: { 200: z.array(publishTokenInfo) } }), async (req) =>
    listPublishTokens(ctx, requireMember(req)),
  );

  r.delete(
    '/auth/tokens/:id',
    only(signedIn, { tags, params: z.object({ id: z.uuid() }), response: noContent }),
    async (req, reply) => {
      await revokePublishToken(ctx, requireMember(req), req.params.id);
      return reply.code(204).send(null);
    },
  );
}
