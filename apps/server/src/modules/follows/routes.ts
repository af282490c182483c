import { z } from 'zod';
import { MEMBER_MESSAGES, followResponseSchema, followingResponseSchema } from '@bm/core';
import type { AppContext } from '../../context.js';
import { type App, idParam, only, requireMember, signedIn, typed, signedInLimited } from '../../http.js';
import { FollowService } from './service.js';

const tags = ['follows'];
const usernameParam = z.object({
  username: z.string().trim().min(1, MEMBER_MESSAGES.usernameInvalid).max(100, MEMBER_MESSAGES.usernameInvalid),
});

/** Following plugins and members (members only, idempotent, rate limited) and what one follows. */
export function followRoutes(app: App, ctx: AppContext) {
  const r = typed(app);
  const service = new FollowService(ctx);
  const plugin = signedInLimited(ctx.limits, 'follow', {
    tags,
    params: idParam,
    response: { 200: followResponseSchema },
  });
  r.put('/plugins/:id/follow', plugin, async (req) => service.setPluginFollow(requireMember(req), req.params.id, true));
  r.delete('/plugins/:id/follow', plugin, async (req) =>
    service.setPluginFollow(requireMember(req), req.params.id, false),
  );

  const member = signedInLimited(ctx.limits, 'follow', {
    tags,
    params: usernameParam,
    response: { 200: followResponseSchema },
  });
  r.put('/members/:username/follow', member, async (req) =>
    service.setMemberFollow(requireMember(req), req.params.username, true),
  );
  r.delete('/members/:username/follow', member, async (req) =>
    service.setMemberFollow(requireMember(req), req.params.username, false),
  );

  r.get('/me/following', only(signedIn, { tags, response: { 200: followingResponseSchema } }), async (req) =>
    service.following(requireMember(req)),
  );
}
