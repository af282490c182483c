import { z } from 'zod';
import {
  COMMENT_MESSAGES as CM,
  commentPageQuery,
  commentSchema,
  commentVoteRequest,
  commentVoteResponse,
  createCommentRequest,
  updateCommentRequest,
} from '@bm/core';
import type { AppContext } from '../../context.js';
import { type App, idParam, noContent, only, requireMember, signedIn, typed, signedInLimited } from '../../http.js';
import { HttpError } from '../../platform/errors.js';
import { CommentService } from './comments.js';

const tag = ['plugins'];

/** Comments on a plugin, with their votes, in its real-time room. */
export function commentRoutes(app: App, ctx: AppContext) {
  const r = typed(app);
  const comments = new CommentService(ctx);

  async function botCheck(token: string | null | undefined, ip: string) {
    if (!ctx.botCheck.enabled) return;
    if (!token) throw new HttpError(400, CM.verification, { errors: { turnstileToken: [CM.verification] } });
    if (!(await ctx.botCheck.verify(token, ip))) {
      throw new HttpError(400, CM.verificationFailed, { errors: { turnstileToken: [CM.verificationFailed] } });
    }
  }
  // ---- comments ----

  r.get(
    '/plugins/:id/comments',
    {
      schema: { tags: tag, params: idParam, querystring: commentPageQuery, response: { 200: z.array(commentSchema) } },
    },
    async (req) => comments.list(req.params.id, req.principal, req.query),
  );

  r.post(
    '/plugins/:id/comments',
    only(signedIn, { tags: tag, params: idParam, body: createCommentRequest, response: { 201: commentSchema } }),
    async (req, reply) => {
      const principal = requireMember(req);
      await ctx.limits.consume('comment', req.ip, String(principal.memberId));
      await botCheck(req.body.turnstileToken, req.ip);
      return reply.code(201).send(await comments.create(principal, req.params.id, req.body.body));
    },
  );

  r.put(
    '/plugins/comments/:id',
    only(signedIn, { tags: tag, params: idParam, body: updateCommentRequest, response: { 200: commentSchema } }),
    async (req) => comments.update(requireMember(req), req.params.id, req.body.body),
  );

  r.delete(
    '/plugins/comments/:id',
    only(signedIn, { tags: tag, params: idParam, response: noContent }),
    async (req, reply) => {
      await comments.delete(requireMember(req), req.params.id);
      return reply.code(204).send(null);
    },
  );

  r.post(
    '/plugins/comments/:id/vote',
    signedInLimited(ctx.limits, 'vote', {
      tags: tag,
      params: idParam,
      body: commentVoteRequest,
      response: { 200: commentVoteResponse },
    }),
    async (req) => comments.vote(requireMember(req), req.params.id, req.body.voteType),
  );
}
