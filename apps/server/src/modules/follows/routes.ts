import { z } from 'zod';
import { MEMBER_MESSAGES, followResponseSchema, followingResponseSchema } from '@bm/core';
import type { AppContext } from '../../context.js';
import { type App, bearer, idParam, requireMember, signedIn, typed, signedInLimited } from '../../http.js';
import { FollowService } from './service.js';

const tags = ['follows'];
const usernameParam = z.object({
  username: z.string().trim().min(1, MEMBER_MESSAGES.usernameInvalid).max(100, MEMBER_MESSAGES.usernameInvalid),
});

/** Following plugins and members (members only, idempotent, rate limited) and what one follows. */
export function followRoutes(app: App, ctx: AppContext) {
  const r = typed(app);
  const service = new FollowService(ctx);
  const write = signedInLimited(ctx.limits, 'follow');

  const plugin = {
    ...write,
    schema: { tags, security: bearer, params: idParam, response: { 200: followResponseSchema } },
  };
  r.put('/plugins/:id/follow', plugin, async (req) => service.setPluginFollow(requireMember(req), req.params.id, true));
  r.delete('/plugins/:id/follow', plugin, async (req) =>
    service.setPluginFollow(requireMember(req), req.params.id, false),
  );

  const member = {
    ...write,
    schema: { tags, security: bearer, params: usernameParam, response: { 200: followResponseSchema } },
  };
  r.put('/members/:username/follow', member, async (req) =>
    service.setMemberFollow(requireMember(req), req.params.username, true),
  );
  r.delete('/members/:username/follow', member, async (req) =>
    service.setMemberFollow(requireMember(req), req.params.username, false),
  );

  r.get(
    '/me/following',
    { preValidation: signedIn, schema: { tags, security: bearer, response: { 200: followingResponseSchema } } },
    async (req) => service.following(requireMember(req)),
  );
}
